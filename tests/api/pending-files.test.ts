import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { MEDIA_TYPE, PROPERTY_STATUS, SELL_TYPE } from '../../server/db/reference-ids';
import { media, pendingFiles, properties } from '../../server/db/schema';
import { cleanPendingFiles, PENDING_FILE_GRACE_MS } from '../../server/modules/listing-media/pending-files';
import { listingStoragePrefix } from '../../server/modules/listing-media/repository';
import { LISTING_IMAGE_DIMS, LISTING_IMAGE_EXTS } from '../../server/modules/shared/media-url';
import { describeOnBackends, signedInUser } from './helpers';

// The files a killed server leaves without their row (pending_files, server/modules/listing-media/pending-files.ts):
// what the housekeeping job deletes, what it keeps, and the photo deletion's keys. The kills themselves are
// tests/api/crash-recovery.test.ts's.

describeOnBackends('Files left without their row', { env: { CAPTCHA: 'off' } }, (suite) => {
  let propertyId = 0;
  let bearer = '';

  const upload = () => randomBytes(16).toString('hex');
  const keysOf = (name: string) =>
    LISTING_IMAGE_DIMS.flatMap((dim) =>
      LISTING_IMAGE_EXTS.map((ext) => `${listingStoragePrefix(propertyId)}${name}-${dim}.${ext}`),
    );
  const store = async (keys: string[]) => {
    for (const key of keys) await suite.testDb.storage.put(key, Buffer.from(key), 'image/jpeg');
  };
  const stored = async (keys: string[]) =>
    Promise.all(keys.map((key) => suite.testDb.storage.exists(key))).then((all) => all.filter(Boolean).length);
  const pending = async (keys: string[], age: number) => {
    await suite.db
      .insert(pendingFiles)
      .values(keys.map((storageKey) => ({ storageKey, createdAt: new Date(Date.now() - age) })));
  };
  const row = async (name: string) => {
    const prefix = listingStoragePrefix(propertyId);
    const [inserted] = await suite.db
      .insert(media)
      .values({
        propertyId,
        mediaTypeId: MEDIA_TYPE.property_image,
        storageKey: `${prefix}${name}-BIG.jpg`,
        url: `/media/${prefix}${name}-{dim}.{ext}`,
        thumbnailKey: `${prefix}${name}-PING.jpg`,
        thumbnailUrl: `/media/${prefix}${name}-PING.jpg`,
        contentType: 'image/jpeg',
        position: 0,
      })
      .returning({ id: media.id });
    return inserted!.id;
  };
  const pendingKeys = async () =>
    (await suite.db.select({ key: pendingFiles.storageKey }).from(pendingFiles)).map((r) => r.key).sort();

  it('deletes the files no row owns once their keys are an hour old, and a row whose file is missing', async () => {
    const seller = await signedInUser(suite.app, suite.db, {
      email: `lasciati.${suite.backend.name}@example.com`,
      remoteAddress: '10.27.0.1',
    });
    bearer = seller.bearer;
    const [listing] = await suite.db
      .insert(properties)
      .values({ ownerUserId: seller.id, sellTypeId: SELL_TYPE.sale, statusId: PROPERTY_STATUS.incomplete })
      .returning({ id: properties.id });
    propertyId = listing!.id;
    const hour = PENDING_FILE_GRACE_MS;

    // An upload killed before its row: its files, its keys two hours old.
    const left = keysOf(upload());
    await store(left);
    await pending(left, 2 * hour);
    // An upload under way (its keys just written): untouched.
    const underWay = keysOf(upload());
    await store(underWay.slice(0, 3));
    await pending(underWay, 60_000);
    // A row that owns its files, whose keys were left (the code forgets them with the row; here they stayed).
    const ownedName = upload();
    const owned = keysOf(ownedName);
    await store(owned);
    const ownedId = await row(ownedName);
    await pending(owned, 2 * hour);
    // A row whose main file is missing: the row goes, and its other files.
    const brokenName = upload();
    const broken = keysOf(brokenName);
    await store(broken.filter((key) => !key.endsWith('-BIG.jpg')));
    const brokenId = await row(brokenName);
    await pending(
      broken.filter((key) => key.endsWith('-BIG.jpg')),
      2 * hour,
    );

    const cleaned = await cleanPendingFiles(suite.db, suite.testDb.storage);
    expect(cleaned).toEqual({ files: left.length, rows: 1 });
    expect(await stored(left)).toBe(0);
    expect(await stored(underWay)).toBe(3);
    expect(await stored(owned)).toBe(owned.length);
    expect(await stored(broken)).toBe(0);
    const rows = await suite.db.select({ id: media.id }).from(media).where(eq(media.propertyId, propertyId));
    expect(rows.map((r) => r.id)).toEqual([ownedId]);
    expect(rows.map((r) => r.id)).not.toContain(brokenId);
    expect(await pendingKeys()).toEqual([...underWay].sort());

    // Nothing is old enough the second time.
    expect(await cleanPendingFiles(suite.db, suite.testDb.storage)).toEqual({ files: 0, rows: 0 });
    await suite.db.delete(pendingFiles).where(sql`true`);
  });

  it("deletes a photo's row with its keys noted, then its files and the keys", async () => {
    const name = upload();
    const keys = keysOf(name);
    await store(keys);
    const id = await row(name);
    const res = await suite.app.inject({
      method: 'DELETE',
      url: `/api/Property/${propertyId}/Media/${id}`,
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(keys)).toBe(0);
    expect(await pendingKeys()).toEqual([]);
  });
});
