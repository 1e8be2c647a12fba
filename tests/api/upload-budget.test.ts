import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { PROPERTY_STATUS } from '../../server/db/reference-ids';
import { media, properties, rateLimitCounters, users } from '../../server/db/schema';
import {
  IMAGE_WORK_BUSY_RETRY_AFTER_S,
  IMAGE_WORK_SHARE_RETRY_AFTER_S,
  PIXELS_PER_HIT,
  pixelBudgetKey,
  type ImageWorkPass,
} from '../../server/lib/image-work';
import { expectError, multipart, type MultipartFile, signedInUser, describeOnBackends } from './helpers';

// The security review's "image decoding can be hogged": an account has a budget of decoded
// pixels a minute (less while its address is unconfirmed), counted in the database from each
// image's header before it is decoded; and every sharp call of a process runs in a bounded
// line (IMAGE_DECODE_CONCURRENCY), so a burst of uploads never holds more than that many of
// libuv's threads, which also read the files /media serves.
//
// The second review's "the per-account budget does not bound the server's image work": the
// line is bounded (an account holds at most IMAGE_WORK_PER_ACCOUNT images in it, an address
// IMAGE_WORK_PER_ADDRESS, and at most IMAGE_WORK_QUEUE_MAX wait), an image that finds no room
// is refused at once, and waiting jobs are served round-robin across accounts.

const PASSWORD = 'Ortensie.Blu#Lago71';
const MP = 1_000_000;

/** A JPEG of width × height pixels with something in it (a gradient and a disc), cheap to decode. */
async function photo(width: number, height: number, colour = '#3a7bd5'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#f8c471"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#1e8449"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

const file = (filename: string, data: Buffer): MultipartFile => ({
  field: 'Files',
  filename,
  contentType: 'image/jpeg',
  data,
});

/**
 * Watches this process's sharp calls while `work` runs: `pipelines` counts the image pipelines
 * (decodes and encodes, each a `toBuffer`), `mostAtOnce` the most calls of any kind (header
 * reads too) in flight together, from the call until the caller is handed its result. Counted
 * on sharp's prototype, as the server calls it: sharp's own counters are not used, they let go
 * of a finished pipeline only after its caller has already started the next one.
 */
async function watchSharp<T>(work: () => Promise<T>): Promise<{ result: T; pipelines: number; mostAtOnce: number }> {
  type Method = (this: unknown, ...args: unknown[]) => unknown;
  const proto = sharp.prototype as unknown as Record<'toBuffer' | 'metadata', Method>;
  const original = { toBuffer: proto.toBuffer, metadata: proto.metadata };
  let pipelines = 0;
  let running = 0;
  let mostAtOnce = 0;
  const counted = (name: keyof typeof original): Method =>
    function (this: unknown, ...args: unknown[]) {
      const result = original[name].apply(this, args);
      if (!(result instanceof Promise)) return result;
      if (name === 'toBuffer') pipelines += 1;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      return result.finally(() => {
        running -= 1;
      });
    };
  proto.toBuffer = counted('toBuffer');
  proto.metadata = counted('metadata');
  try {
    const result = await work();
    return { result, pipelines, mostAtOnce };
  } finally {
    Object.assign(proto, original);
  }
}

// 100 MP a minute for a confirmed account, 50 for an unconfirmed one; one image job at a
// time; 2 images of an account in the line, 4 of an address, 4 waiting beyond the slot.
const APP_OPTIONS = {
  env: {
    CAPTCHA: 'off',
    RATE_LIMIT_MAX: '0',
    LOGIN_RATE_LIMIT_MAX: '1000',
    REGISTER_RATE_LIMIT_MAX: '1000',
    UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE: '100',
    UPLOAD_PIXEL_BUDGET_UNCONFIRMED_MP_PER_MINUTE: '50',
    IMAGE_DECODE_CONCURRENCY: '1',
    IMAGE_WORK_PER_ACCOUNT: '2',
    IMAGE_WORK_PER_ADDRESS: '4',
    IMAGE_WORK_QUEUE_MAX: '4',
  },
};

describeOnBackends('The budget of decoded pixels and the line of image work', APP_OPTIONS, (suite) => {
  const { backend } = suite;

  let people = 0;
  let small4: Buffer;
  // Eight different 800 × 600 photos (0.48 MP).
  let small: Buffer[];

  beforeAll(async () => {
    // 6000 × 4000 = 24 MP.
    small4 = await photo(6000, 4000);
    small = await Promise.all(
      ['#3a7bd5', '#c0392b', '#8e44ad', '#16a085', '#d35400', '#2c3e50', '#27ae60', '#f39c12'].map((colour) =>
        photo(800, 600, colour),
      ),
    );
  }, 180_000);

  const db = () => suite.db;

  /** Takes the line's only slot with a job of nobody's account that ends on `release` (image work arriving meanwhile waits in line). */
  let holding: (() => Promise<void>) | undefined;
  async function holdTheSlot() {
    const entry = suite.app.imageWork.enter({ account: -1, address: 'held-by-the-test' });
    if (!entry.admitted) throw new Error(`the test could not take the slot: ${entry.refusal}`);
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const running = entry.pass.run(() => opened).finally(() => entry.pass.release());
    await vi.waitFor(() => expect(suite.app.imageWork.active).toBe(1));
    holding = async () => {
      holding = undefined;
      open();
      await running;
    };
    return holding;
  }
  afterEach(async () => {
    vi.restoreAllMocks();
    await holding?.();
  });
  /** Waits until `count` jobs wait in line. */
  const waitingInLine = (count: number) =>
    vi.waitFor(() => expect(suite.app.imageWork.queued).toBe(count), { timeout: 20_000, interval: 5 });
  const statusesOf = (res: { json: () => { Files: { Status: number; Reason: string | null }[] } }) =>
    res.json().Files.map((f) => [f.Status, f.Reason]);

  /** An account with a bearer and a draft listing of theirs: confirmed, or the silent session of a rapid registration. */
  async function newOwner(label: string, { confirmed = true } = {}) {
    people += 1;
    const email = `${label}.budget.${backend.name}.${randomUUID().slice(0, 8)}@example.com`;
    const remoteAddress = `203.0.113.${people}`;
    let bearer: string;
    if (confirmed) {
      ({ bearer } = await signedInUser(suite.app, db(), { email, name: 'Lia', surname: 'Neri', remoteAddress }));
    } else {
      const registered = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/Register',
        payload: {
          name: 'Lia',
          surname: 'Neri',
          email,
          TermsAndConditions: true,
          InfoPrivacy: true,
          password: PASSWORD,
        },
        remoteAddress,
      });
      expect(registered.statusCode, registered.body).toBe(200);
      bearer = (
        await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Session',
          payload: { userToken: registered.json().Token, portal: 5 },
        })
      ).json().Token as string;
    }
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const [draft] = await db()
      .insert(properties)
      .values({ ownerUserId: user!.id, statusId: PROPERTY_STATUS.incomplete, sellTypeId: 1, propertyTypeId: 1 })
      .returning();
    const headers = { authorization: `Bearer ${bearer}` };
    const upload = (files: MultipartFile[]) => {
      const body = multipart({ MediaType: '1' }, files);
      return suite.app.inject({
        method: 'POST',
        url: `/api/Property/${draft!.id}/Media`,
        payload: body.payload,
        headers: { ...body.headers, ...headers },
        remoteAddress,
      });
    };
    const avatar = (data: Buffer) => {
      const body = multipart({}, [{ field: 'Avatar', filename: 'io.jpg', contentType: 'image/jpeg', data }]);
      return suite.app.inject({
        method: 'POST',
        url: '/api/user/Avatar',
        payload: body.payload,
        headers: { ...body.headers, ...headers },
        remoteAddress,
      });
    };
    return { id: user!.id, listingId: draft!.id, upload, avatar };
  }

  /** Megapixels the account has had decoded in its current minute. */
  const spentMp = async (userId: number) => {
    const [row] = await db()
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, pixelBudgetKey(userId)));
    return row ? (row.hits * PIXELS_PER_HIT) / MP : 0;
  };
  /** Sets what the account has spent this minute, as if its earlier uploads had taken it. */
  const spend = async (userId: number, megapixels: number) => {
    const hits = (megapixels * MP) / PIXELS_PER_HIT;
    await db()
      .insert(rateLimitCounters)
      .values({ key: pixelBudgetKey(userId), hits, windowEndsAt: sql`now() + interval '45 seconds'` })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: { hits, windowEndsAt: sql`now() + interval '45 seconds'` },
      });
  };
  const storedFiles = async (listingId: number) => {
    try {
      return await readdir(path.join(suite.testDb.storage.rootDir, 'media', 'listings', String(listingId)));
    } catch {
      return [];
    }
  };
  const mediaRows = (listingId: number) => db().select().from(media).where(eq(media.propertyId, listingId));

  it('takes each image’s pixels from its header, and refuses the image past the budget with 429 and Retry-After, decoding and storing nothing', async () => {
    const owner = await newOwner('oltre');
    const first = await owner.upload([file('grande.jpg', small4)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().Files[0].Status).toBe(0);
    expect(await spentMp(owner.id)).toBe(24);
    // 90 of the 100 MP spent: a 24 MP image does not fit.
    await spend(owner.id, 90);
    const before = { files: await storedFiles(owner.listingId), rows: await mediaRows(owner.listingId) };
    const another = await photo(6000, 4000, '#c0392b');
    const { result: refused, pipelines } = await watchSharp(() => owner.upload([file('altra.jpg', another)]));
    expectError(refused, 'UploadBudgetExceeded');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(pipelines).toBe(0);
    expect(await storedFiles(owner.listingId)).toEqual(before.files);
    expect(await mediaRows(owner.listingId)).toEqual(before.rows);
    // A refused image takes nothing from the budget: a small one still fits.
    expect(await spentMp(owner.id)).toBe(90);
    expect((await owner.upload([file('piccola.jpg', small[0]!)])).json().Files[0].Status).toBe(0);
    expect(await spentMp(owner.id)).toBeCloseTo(90.48, 2);
  });

  it('is a budget of each account, and it refills when its minute is over', async () => {
    const spender = await newOwner('spendaccione');
    const other = await newOwner('altro');
    await spend(spender.id, 90);
    expectError(await spender.upload([file('a.jpg', small4)]), 'UploadBudgetExceeded');
    // Another account, on the same server, is not held back.
    expect((await other.upload([file('b.jpg', small4)])).json().Files[0].Status).toBe(0);
    // The minute passes (moved in the database): the budget is whole again.
    await db()
      .update(rateLimitCounters)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitCounters.key, pixelBudgetKey(spender.id)));
    const again = await spender.upload([file('a.jpg', small4)]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().Files[0].Status).toBe(0);
    expect(await spentMp(spender.id)).toBe(24);
  });

  it('gives an unconfirmed account (a rapid registration) the smaller budget', async () => {
    const rapid = await newOwner('rapida', { confirmed: false });
    const confirmed = await newOwner('confermata');
    // 30 MP spent each: 24 more fit the confirmed account's 100, not the unconfirmed one's 50.
    await spend(rapid.id, 30);
    await spend(confirmed.id, 30);
    expectError(await rapid.upload([file('a.jpg', small4)]), 'UploadBudgetExceeded');
    expect((await confirmed.upload([file('a.jpg', small4)])).json().Files[0].Status).toBe(0);
    // Within its budget the unconfirmed account uploads as before.
    expect((await rapid.upload([file('b.jpg', small[1]!)])).json().Files[0].Status).toBe(0);
  });

  it('in a request of several files, keeps those stored before the budget ran out and refuses the rest with Reason budget and RetryAfter', async () => {
    const owner = await newOwner('molte');
    await spend(owner.id, 70);
    const res = await owner.upload([
      file('a.jpg', small4),
      file('b.jpg', await photo(6000, 4000, '#8e44ad')),
      file('c.jpg', small[2]!),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.Files.map((f: { Status: number; Reason: string | null }) => [f.Status, f.Reason])).toEqual([
      [0, null],
      [9, 'budget'],
      [0, null],
    ]);
    expect(body.Outcome).toBe('partial');
    expect(body.RetryAfter).toBeGreaterThanOrEqual(1);
    expect(res.headers['retry-after']).toBe(String(body.RetryAfter));
    expect(await mediaRows(owner.listingId)).toHaveLength(2);
  });

  it('holds the avatar to the same budget, refused before decoding', async () => {
    const owner = await newOwner('ritratto');
    await spend(owner.id, 90);
    const { result, pipelines } = await watchSharp(() => owner.avatar(small4));
    expectError(result, 'UploadBudgetExceeded');
    expect(Number(result.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(pipelines).toBe(0);
    expect((await owner.avatar(small[3]!)).statusCode).toBe(200);
  });

  it('refuses at once, with 429 and a short Retry-After, a third image of an account that has two in the line, while another account is served', async () => {
    const owner = await newOwner('terza');
    const other = await newOwner('servita');
    const release = await holdTheSlot();
    const first = owner.upload([file('a.jpg', small[0]!)]);
    const second = owner.upload([file('b.jpg', small[1]!)]);
    await waitingInLine(2);
    // The slot is still held: an answer now is an answer that waited for nothing.
    const { result: third, pipelines } = await watchSharp(() => owner.upload([file('c.jpg', small[2]!)]));
    expectError(third, 'UploadBudgetExceeded');
    expect(third.headers['retry-after']).toBe(String(IMAGE_WORK_SHARE_RETRY_AFTER_S));
    expect(pipelines).toBe(0);
    // The avatar shares the account's places.
    expectError(await owner.avatar(small[3]!), 'UploadBudgetExceeded');
    const served = other.upload([file('d.jpg', small[4]!)]);
    await waitingInLine(3);
    await release();
    for (const res of await Promise.all([first, second, served]))
      expect(statusesOf(res), res.body).toEqual([[0, null]]);
    expect(await mediaRows(owner.listingId)).toHaveLength(2);
    expect([suite.app.imageWork.entered, suite.app.imageWork.active, suite.app.imageWork.queued]).toEqual([0, 0, 0]);
  });

  it('refuses at once, with 503 ImageWorkBusy and Retry-After, an image that finds the line full (IMAGE_WORK_QUEUE_MAX, here 4, waiting)', async () => {
    const owners = await Promise.all([1, 2, 3, 4, 5].map((i) => newOwner(`coda${i}`)));
    const release = await holdTheSlot();
    const waiting = owners.slice(0, 4).map((owner, i) => owner.upload([file('a.jpg', small[i]!)]));
    await waitingInLine(4);
    const fifth = owners[4]!;
    const { result: refused, pipelines } = await watchSharp(() => fifth.upload([file('e.jpg', small[4]!)]));
    expectError(refused, 'ImageWorkBusy');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(IMAGE_WORK_BUSY_RETRY_AFTER_S));
    expect(pipelines).toBe(0);
    expectError(await fifth.avatar(small[5]!), 'ImageWorkBusy');
    expect(await mediaRows(fifth.listingId)).toEqual([]);
    await release();
    for (const res of await Promise.all(waiting)) expect(statusesOf(res), res.body).toEqual([[0, null]]);
    // The line drained: the fifth is served now.
    expect(statusesOf(await fifth.upload([file('e.jpg', small[4]!)]))).toEqual([[0, null]]);
  });

  it('serves an account’s first image before a flooding account’s later ones (turns go round the accounts, not first come first served)', async () => {
    const flooder = await newOwner('inondatore');
    const seller = await newOwner('venditrice');
    // Each upload a width of its own: the order of the header reads (one at a time, in the slot) tells whose turn came.
    const [f1, f2, s1] = await Promise.all([
      photo(810, 600, '#16a085'),
      photo(820, 600, '#d35400'),
      photo(830, 600, '#2c3e50'),
    ]);
    const label = new Map([
      [810, 'F1'],
      [820, 'F2'],
      [830, 'S'],
    ]);
    const headers: string[] = [];
    const proto = sharp.prototype as unknown as {
      metadata: (this: unknown, ...args: unknown[]) => Promise<{ width?: number }>;
    };
    const metadata = proto.metadata;
    proto.metadata = function (this: unknown, ...args: unknown[]) {
      return metadata.apply(this, args).then((header) => (headers.push(label.get(header.width ?? 0) ?? '?'), header));
    };
    try {
      const release = await holdTheSlot();
      const floods = [flooder.upload([file('f1.jpg', f1)]), flooder.upload([file('f2.jpg', f2)])];
      await waitingInLine(2);
      const sold = seller.upload([file('s.jpg', s1)]);
      await waitingInLine(3);
      await release();
      for (const res of await Promise.all([...floods, sold])) expect(statusesOf(res), res.body).toEqual([[0, null]]);
    } finally {
      proto.metadata = metadata;
    }
    // The flooder's two requests reach the line in either order; first come first served would read both before S.
    expect(headers).toHaveLength(3);
    expect(headers[1]).toBe('S');
    expect(new Set([headers[0], headers[2]])).toEqual(new Set(['F1', 'F2']));
  });

  it('refuses an image of an account whose budget is already spent without waiting in the line', async () => {
    const owner = await newOwner('esaurito');
    await spend(owner.id, 100);
    await holdTheSlot();
    // The slot is held to the end of the test: these answers waited for no image work.
    const refused = await owner.upload([file('a.jpg', small[0]!)]);
    expectError(refused, 'UploadBudgetExceeded');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(45);
    expectError(await owner.avatar(small[1]!), 'UploadBudgetExceeded');
    expect(suite.app.imageWork.queued).toBe(0);
    expect(await spentMp(owner.id)).toBe(100);
  });

  it('in a request of several files, keeps those stored before the account’s places in the line were taken and refuses the rest with Reason budget and RetryAfter', async () => {
    const owner = await newOwner('posti');
    const enter = suite.app.imageWork.enter.bind(suite.app.imageWork);
    const others: ImageWorkPass[] = [];
    let calls = 0;
    // Two more uploads of the account arrive while its first file is done: they take both its places.
    vi.spyOn(suite.app.imageWork, 'enter').mockImplementation((who) => {
      calls += 1;
      if (calls === 2) {
        for (const address of ['192.0.2.1', '192.0.2.2']) {
          const entry = enter({ account: who.account, address });
          if (entry.admitted) others.push(entry.pass);
        }
      }
      return enter(who);
    });
    const res = await owner.upload([file('a.jpg', small[0]!), file('b.jpg', small[1]!), file('c.jpg', small[2]!)]);
    for (const pass of others) pass.release();
    expect(others).toHaveLength(2);
    expect(res.statusCode, res.body).toBe(200);
    expect(statusesOf(res)).toEqual([
      [0, null],
      [9, 'budget'],
      [9, 'budget'],
    ]);
    expect(res.json().RetryAfter).toBe(IMAGE_WORK_SHARE_RETRY_AFTER_S);
    expect(res.headers['retry-after']).toBe(String(IMAGE_WORK_SHARE_RETRY_AFTER_S));
    expect(await mediaRows(owner.listingId)).toHaveLength(1);
    expect(suite.app.imageWork.entered).toBe(0);
  });

  it('runs at most IMAGE_DECODE_CONCURRENCY (here 1) image pipelines at once, however many uploads arrive together', async () => {
    const owners = await Promise.all([1, 2, 3, 4].map((i) => newOwner(`insieme${i}`)));
    const { result, pipelines, mostAtOnce } = await watchSharp(() =>
      Promise.all(
        owners.map((owner, i) => owner.upload([file('a.jpg', small[2 * i]!), file('b.jpg', small[2 * i + 1]!)])),
      ),
    );
    for (const res of result) expect(res.json().Files.map((f: { Status: number }) => f.Status)).toEqual([0, 0]);
    // 8 images, each one decode and 9 encodes.
    expect(pipelines).toBe(80);
    expect(mostAtOnce).toBe(1);
    expect(suite.app.imageWork.active).toBe(0);
    expect(suite.app.imageWork.queued).toBe(0);
  });
});
