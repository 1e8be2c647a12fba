/**
 * `npx tsx tests/bench/image-decode.ts`: how long a photo takes to be served while uploads
 * decode large images (the security review's "image decoding can be hogged"). Not part of
 * `npm run bench`: a measurement to run by hand, about a minute or two on 2 cores.
 *
 * A server process (the app over a copy of the test database, PGlite) gets a confirmed user
 * per uploader, each with a draft listing, and a stored 1600 × 1200 JPEG. This process then
 * asks for that photo (GET /media/…, a file read) every 50 ms, first alone, then while
 * UPLOADERS clients each upload FILES PNGs of 7000 × 7000 pixels (49 MP, just under the cap),
 * one request each, all at once, and prints the photo's latency percentiles in each phase and
 * what the uploads were answered.
 *
 * Settings: UPLOADERS (4), FILES (10), ONE_ACCOUNT=1 (every upload by the same account, each to a
 * listing of its own: the review's attack; default one account per uploader), and any
 * variable of the app's configuration passed to
 * the server process (IMAGE_DECODE_CONCURRENCY, UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE,
 * UV_THREADPOOL_SIZE ...).
 */
import { fork } from 'node:child_process';
import { crc32 } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

interface Setup {
  port: number;
  photoUrl: string;
  uploaders: { bearer: string; listingId: number }[];
}

const UPLOADERS = Number(process.env.UPLOADERS ?? 4);
const FILES = Number(process.env.FILES ?? 10);
const ONE_ACCOUNT = process.env.ONE_ACCOUNT === '1';

async function serve(): Promise<void> {
  const { eq } = await import('drizzle-orm');
  const { buildTestApp, openTestDatabase } = await import('../api/helpers');
  const { PROPERTY_STATUS } = await import('../../server/db/reference-ids');
  const { properties, users } = await import('../../server/db/schema');
  const testDb = await openTestDatabase({ postgres: false });
  const app = await buildTestApp(testDb, {
    env: {
      CAPTCHA: 'off',
      RATE_LIMIT_MAX: '0',
      LOGIN_RATE_LIMIT_MAX: '1000',
      REGISTER_RATE_LIMIT_MAX: '1000',
      ...process.env,
    } as Record<string, string>,
  });
  const db = testDb.database.db;
  const uploaders: Setup['uploaders'] = [];
  let account: { bearer: string; userId: number } | undefined;
  for (let i = 0; i < UPLOADERS; i += 1) {
    if (account && ONE_ACCOUNT) {
      const [draft] = await db
        .insert(properties)
        .values({ ownerUserId: account.userId, statusId: PROPERTY_STATUS.incomplete, sellTypeId: 1, propertyTypeId: 1 })
        .returning();
      uploaders.push({ bearer: account.bearer, listingId: draft!.id });
      continue;
    }
    const email = `bench.decode.${i}.${Date.now()}@example.com`;
    const password = 'Ortensie.Blu#Lago71';
    const registered = await app.inject({
      method: 'POST',
      url: '/api/Account/Register',
      payload: { name: 'Lia', surname: 'Neri', email, TermsAndConditions: true, InfoPrivacy: true, password },
    });
    if (registered.statusCode >= 300) throw new Error(registered.body);
    await db.update(users).set({ registrationConfirmed: true }).where(eq(users.email, email));
    const userToken = (
      await app.inject({ method: 'POST', url: '/api/Account/Login', payload: { username: email, password } })
    ).json().UserToken as string;
    const bearer = (
      await app.inject({ method: 'POST', url: '/api/Account/Session', payload: { userToken, portal: 5 } })
    ).json().Token as string;
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const [draft] = await db
      .insert(properties)
      .values({ ownerUserId: user!.id, statusId: PROPERTY_STATUS.incomplete, sellTypeId: 1, propertyTypeId: 1 })
      .returning();
    uploaders.push({ bearer, listingId: draft!.id });
    account = { bearer, userId: user!.id };
  }
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7bd5' } })
    .jpeg({ quality: 85 })
    .toBuffer();
  await testDb.storage.put('media/bench/photo.jpg', photo, 'image/jpeg');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ port, photoUrl: '/media/media/bench/photo.jpg', uploaders } satisfies Setup);
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    await app.close();
    await testDb.cleanup();
    process.exit(0);
  });
}

/** A 7000 × 7000 PNG with something in it (gradients and a checkerboard), made once: about 2 MB. */
async function bigPng(): Promise<Buffer> {
  const width = 7000;
  const height = 7000;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = (((x >> 6) ^ (y >> 6)) * 37) & 0xff;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** The PNG with a tEXt chunk inserted before IEND (the last 12 bytes). */
function withText(png: Buffer, text: string): Buffer {
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), Buffer.from(`Comment\0${text}`, 'latin1')]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([png.subarray(0, png.length - 12), length, body, crc, png.subarray(png.length - 12)]);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${label}: ${samples.length} reads, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`;
}

async function sample(url: string, until: () => boolean): Promise<number[]> {
  const out: number[] = [];
  while (!until()) {
    const started = performance.now();
    const res = await fetch(url, { headers: { 'cache-control': 'no-cache' } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`photo answered ${res.status}`);
    out.push(performance.now() - started);
    await delay(50);
  }
  return out;
}

async function main(): Promise<void> {
  const png = await bigPng();
  console.log(
    `PNG of 7000 × 7000 px: ${(png.length / 1024 / 1024).toFixed(1)} MB; ${UPLOADERS} uploads × ${FILES} files, ${ONE_ACCOUNT ? 'one account' : 'an account each'}`,
  );
  const child = fork(fileURLToPath(import.meta.url), ['serve'], {
    execArgv: ['--import', 'tsx'],
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const setup = await new Promise<Setup>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Setup));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${setup.port}`;
  const photoUrl = `${base}${setup.photoUrl}`;
  try {
    let idleDone = false;
    setTimeout(() => (idleDone = true), 5_000);
    console.log(summary('idle', await sample(photoUrl, () => idleDone)));

    let uploadsDone = false;
    const started = performance.now();
    const uploads = Promise.all(
      setup.uploaders.map(async ({ bearer, listingId }) => {
        const form = new FormData();
        form.append('MediaType', '1');
        for (let i = 0; i < FILES; i += 1) {
          // A text chunk of its own per file: the same bytes twice on a listing are a duplicate.
          const copy = withText(png, `foto ${i}`);
          form.append('Files', new Blob([new Uint8Array(copy)], { type: 'image/png' }), `foto-${i}.png`);
        }
        const res = await fetch(`${base}/api/Property/${listingId}/Media`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${bearer}`, portal: '5' },
        });
        const body = (await res.json()) as {
          Files?: { Status: number; Reason: string | null }[];
          ExceptionTypeString?: string;
        };
        return {
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          files: body.Files?.map((f) => f.Reason ?? 'ok').join(',') ?? body.ExceptionTypeString,
        };
      }),
    ).finally(() => (uploadsDone = true));
    const busy = await sample(photoUrl, () => uploadsDone);
    const answers = await uploads;
    console.log(summary('during the uploads', busy));
    console.log(`uploads took ${((performance.now() - started) / 1000).toFixed(1)} s:`);
    for (const answer of answers)
      console.log(
        `  ${answer.status}${answer.retryAfter ? ` (Retry-After ${answer.retryAfter})` : ''}: ${answer.files}`,
      );
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

if (process.argv[2] === 'serve') await serve();
else await main();
