import { and, eq, isNotNull, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_STATUS } from '../../server/db/reference-ids';
import { agencies, documents, media, properties } from '../../server/db/schema';
import { runSeed } from '../../server/db/seed';
import type { TestDatabase } from '../../server/db/testing';
import { S3FileStorage } from '../../server/storage/s3-file-storage';
import { startTestS3, TEST_S3_CREDENTIALS, type TestS3 } from '../../server/storage/testing-s3';
import { buildTestApp, expectError, multipart, openTestDatabase, signedInUser } from './helpers';

// The app with its files in an S3-compatible bucket (STORAGE_URL; s3rver started here), on PGlite:
// a server started on an empty bucket puts the demo files there and serves them, an upload's resized
// variants are objects of the bucket served with the same headers as from disk, and a store that
// cannot be reached answers 503.

describe('files in an S3-compatible bucket', () => {
  let s3: TestS3;
  let storage: S3FileStorage;
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    s3 = await startTestS3({ bucket: 'rexer-api', prefix: 'uploads' });
    storage = new S3FileStorage({ ...s3.location, credentials: TEST_S3_CREDENTIALS });
    testDb = await openTestDatabase({ postgres: false });
    // The database is seeded already (its files went to the test's folder): a start on the empty
    // bucket runs the seed again, which writes no row and puts every file the rows point at.
    await runSeed(testDb.database.db, { level: 'demo', demoSize: 'small', storage, log: () => undefined });
    app = await buildTestApp(testDb, { storage, env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0' } });
  });
  afterAll(async () => {
    await app?.close();
    storage?.close();
    await testDb?.cleanup();
    await s3?.close();
  });

  it('serves the demo photos, logos and documents from a bucket that was empty at start', async () => {
    const [photo] = await testDb.database.db
      .select({ url: media.url, thumbnailUrl: media.thumbnailUrl })
      .from(media)
      .where(and(isNotNull(media.propertyId), like(media.storageKey, 'media/seed/%')))
      .limit(1);
    const [agency] = await testDb.database.db
      .select({ url: media.url })
      .from(agencies)
      .innerJoin(media, eq(media.id, agencies.logoMediaId))
      .limit(1);
    for (const url of [photo.url, photo.thumbnailUrl!, agency.url]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/(jpeg|png)$/);
      expect(res.headers['cache-control']).toBe('public, max-age=604800');
      // The bytes are the bucket's object, under the URL's prefix.
      expect(res.rawPayload).toEqual((await storage.get(url.replace(/^\/media\//, '')))!.data);
    }
    const [document] = await testDb.database.db.select({ id: documents.id }).from(documents).limit(1);
    const pdf = await app.inject({ url: `/api/Download/Get/${document.id}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("puts a listing photo's resized variants in the bucket and serves each with the cache headers", async () => {
    const { id, bearer } = await signedInUser(app, testDb.database.db, { email: 'secchio.foto@example.com' });
    const [draft] = await testDb.database.db
      .insert(properties)
      .values({
        ownerUserId: id,
        statusId: PROPERTY_STATUS.incomplete,
        sellTypeId: 1,
        propertyTypeId: 1,
        street: 'Via Solferino',
        streetNumber: '12',
        surfaceM2: 85,
        rooms: 3,
        wizardPage: { currentStep: 19, lastDevice: 'mobile' },
        wizardHistory: [2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 12, 15, 16, 17, 19],
      })
      .returning();
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7bd5' } })
      .jpeg()
      .toBuffer();
    const body = multipart({ MediaType: '1' }, [
      { field: 'Files', filename: 'soggiorno.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/Property/${draft.id}/Media`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${bearer}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const info = uploaded.json().MediaInfo[0] as { Url: string; Dims: string[]; Exts: string[] };
    expect(info.Dims.length * info.Exts.length).toBe(9);
    for (const dim of info.Dims) {
      for (const ext of info.Exts) {
        const url = info.Url.replace('{dim}', dim).replace('{ext}', ext);
        const key = url.replace(/^\/media\//, '');
        const object = await storage.get(key);
        expect(object, key).not.toBeNull();
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe(object!.contentType);
        expect(res.headers['cache-control']).toBe('public, max-age=604800');
        expect(res.rawPayload).toEqual(object!.data);
        const again = await app.inject({ url, headers: { 'if-none-match': res.headers.etag as string } });
        expect(again.statusCode).toBe(304);
      }
    }
    // Deleting the photo deletes its objects.
    const [row] = await testDb.database.db.select({ id: media.id }).from(media).where(eq(media.propertyId, draft.id));
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/Property/${draft.id}/Media/${row.id}`,
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      await storage.exists(
        info.Url.replace(/^\/media\//, '')
          .replace('{dim}', 'BIG')
          .replace('{ext}', 'jpg'),
      ),
    ).toBe(false);
  });

  it('answers 503 ServiceUnavailable while the store cannot be reached, and serves again once it is back', async () => {
    const away = new S3FileStorage({
      ...s3.location,
      endpoint: 'http://127.0.0.1:9',
      credentials: TEST_S3_CREDENTIALS,
      maxAttempts: 1,
    });
    const appAway = await buildTestApp(testDb, { storage: away });
    try {
      const res = await appAway.inject({ url: '/media/media/seed/anything.jpg' });
      expectError(res, 'ServiceUnavailable');
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await appAway.close();
      away.close();
    }
    expect((await app.inject({ url: '/media/media/seed/not-there.jpg' })).statusCode).toBe(404);
  });
});
