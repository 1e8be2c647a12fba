import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, media } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { LocalFileStorage } from '../../server/storage/file-storage';
import { buildTestApp, expectError, multipart, openTestDatabase, pdfBytes, signedInUser } from './helpers';

// The disk where uploads are written fills up: every upload answers a clear error (507 StorageFull,
// which the app says in Italian), nothing is half-written (no file without its record, no record
// without its file), and the server goes on answering; once there is room again, uploads work.

/** The real storage, on a disk that can be made full: each write puts half its bytes down, then fails with ENOSPC. */
class FillableStorage extends LocalFileStorage {
  full = false;
  protected override async writeData(file: string, data: Buffer): Promise<void> {
    if (!this.full) return super.writeData(file, data);
    await writeFile(file, data.subarray(0, Math.floor(data.length / 2)));
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: 'ENOSPC' });
  }
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('a full disk where uploads are written', () => {
  let testDb: TestDatabase;
  let storage: FillableStorage;
  let app: FastifyInstance;
  let png: Buffer;

  beforeAll(async () => {
    testDb = await openTestDatabase({ postgres: false });
    storage = new FillableStorage(testDb.storage.rootDir);
    app = await buildTestApp(testDb, { storage, env: { CAPTCHA: 'off' } });
    png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a9' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('refuses an avatar and a CV with StorageFull, keeps nothing of them, answers on, and takes them once there is room', async () => {
    const { call, id } = await signedInUser(app, testDb.database.db, { email: 'disco.pieno@example.com' });
    const avatar = () => {
      const body = multipart({}, [{ field: 'Avatar', filename: 'foto.png', contentType: 'image/png', data: png }]);
      return call('POST', '/api/user/Avatar', body.payload as never, body.headers);
    };
    const apply = () =>
      app.inject({
        method: 'POST',
        url: '/api/Careers/Apply',
        remoteAddress: '192.0.2.77',
        ...multipart({ Name: 'Marta Greco', Email: 'marta.greco@example.org' }, [
          { field: 'Cv', filename: 'cv.pdf', contentType: 'application/pdf', data: pdfBytes(4096) },
        ]),
      });
    const filesBefore = await filesUnder(storage.rootDir);

    storage.full = true;
    expectError(await avatar(), 'StorageFull');
    expectError(await apply(), 'StorageFull');
    // Nothing half-written: no new file (nor a temporary one), no record.
    expect(await filesUnder(storage.rootDir)).toEqual(filesBefore);
    expect(await testDb.database.db.select().from(media).where(eq(media.userId, id))).toEqual([]);
    expect(
      await testDb.database.db
        .select()
        .from(jobApplications)
        .where(eq(jobApplications.email, 'marta.greco@example.org')),
    ).toEqual([]);
    // The server answers on.
    expect((await app.inject({ url: '/healthcheck' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/config' })).statusCode).toBe(200);

    storage.full = false;
    expect((await avatar()).statusCode).toBe(200);
    expect((await apply()).statusCode).toBe(201);
    expect(await testDb.database.db.select().from(media).where(eq(media.userId, id))).toHaveLength(1);
  });
});
