import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmptyPostgresDatabase,
  createTestDatabase,
  hasTestPostgres,
  type TestDatabase,
} from '../../server/db/testing';
import { PG_BACKUP_COMMAND, PG_RESTORE_COMMAND } from '../../scripts/db-backup';

// A backup is only as good as its restore: each backend's database is backed up the way
// docs/operations.md ("Backups") says, restored into a fresh database, and a real server
// process started on the copy answers a listing and its photo exactly as the original did.
// PGlite: `npm run db:backup` and `npm run db:restore`, run as a person runs them, refusing
// while a server has the folder open. PostgreSQL (when a test server is configured): `pg_dump
// -Fc` and `pg_restore` into a new database, with the uploaded files copied by tar.

const PUBLIC_URL = 'http://rexer.backup.test';

interface Server {
  url: string;
  child: ChildProcess;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (a missing program fails the test with its name). */
async function run(command: string, args: string[], env: Record<string, string> = {}, cwd?: string): Promise<Run> {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', (error) => reject(new Error(`${command} could not be run: ${error.message}`)));
    child.on('close', resolve);
  });
  return { code, stdout, stderr };
}

/** A command line as a person types it, run by bash in the work folder; a failure anywhere in a pipe fails it. */
const shell = (line: string, env: Record<string, string>, cwd: string) =>
  run('bash', ['-o', 'pipefail', '-c', line], env, cwd);

/** `npm run db:backup -- …` or `npm run db:restore -- …` on dataDir, from the repository's folder. */
const npmRun = (script: 'db:backup' | 'db:restore', args: string[], dataDir: string) =>
  run('npm', ['run', '--silent', script, '--', ...args], { DATA_DIR: dataDir, DATABASE_URL: '' });

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: {
      ...process.env,
      TEST_POSTGRES_URL: '',
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL,
      LOG_LEVEL: 'warn',
      CAPTCHA: 'off',
      RATE_LIMIT_MAX: '0',
      DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = /Rexer è pronto su (http:\/\/[^\s]+)/.exec(output);
    if (ready) return { url: ready[1]!, child };
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  await exited;
}

/** What a visitor gets: the listing's API answer, and its cover photo's bytes. */
async function listingOf(server: Server, id: number) {
  const response = await fetch(`${server.url}/api/Property/${id}`);
  expect(response.status).toBe(200);
  const listing = (await response.json()) as { Id: number; Photos: { Url: string }[] };
  expect(listing.Id).toBe(id);
  expect(listing.Photos.length).toBeGreaterThan(0);
  const photoUrl = new URL(listing.Photos[0].Url, server.url);
  const photo = await fetch(`${server.url}${photoUrl.pathname}`);
  expect(photo.status).toBe(200);
  expect(photo.headers.get('content-type')).toMatch(/^image\//);
  return { listing, photo: Buffer.from(await photo.arrayBuffer()) };
}

async function readyz(server: Server) {
  const response = await fetch(`${server.url}/readyz`);
  return { status: response.status, body: (await response.json()) as { Status: string; Database: string } };
}

/** A published listing with a photo, in the test database. */
async function publishedListingWithPhoto(testDb: TestDatabase): Promise<number> {
  const { rows } = await testDb.database.executeSql(
    'select p.id from properties p where p.status_id = 2 and exists (select 1 from media m where m.property_id = p.id) order by p.id limit 1',
  );
  const id = Number(rows[0]?.id);
  expect(id).toBeGreaterThan(0);
  return id;
}

async function countFiles(dir: string): Promise<number> {
  let files = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) files += 1;
  return files;
}

describe('backup and restore of the embedded database (pglite)', () => {
  let testDb: TestDatabase;
  let work: string;
  let source: string;
  let restored: string;
  let id: number;
  let original: Server | undefined;
  let copy: Server | undefined;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    id = await publishedListingWithPhoto(testDb);
    // A server's data folder: the seeded test database on disk in DATA_DIR/pglite, its files in DATA_DIR/storage.
    const client = (testDb.database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('gzip');
    await testDb.database.close();
    work = await mkdtemp(path.join(os.tmpdir(), 'rexer-backup-'));
    source = path.join(work, 'source');
    restored = path.join(work, 'restored');
    await mkdir(source);
    const onDisk = await PGlite.create({
      dataDir: path.join(source, 'pglite'),
      loadDataDir: dump,
      extensions: { cube, earthdistance },
    });
    await onDisk.close();
    await cp(testDb.storage.rootDir, path.join(source, 'storage'), { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await stop(original);
    await stop(copy);
    await testDb?.cleanup();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('backs up a stopped server, restores into a fresh DATA_DIR, and the copy serves the same listing and photo', async () => {
    original = await startServer({ DATA_DIR: source });
    const before = await listingOf(original, id);

    // While the server has the folder open, the backup refuses in one line, without a stack trace.
    const file = path.join(work, 'rexer.tar');
    const refused = await npmRun('db:backup', ['--out', file], source);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^db:backup: .*stop the Rexer server first/);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    await expect(stat(file)).rejects.toThrow();

    await stop(original);
    original = undefined;
    const backup = await npmRun('db:backup', ['--out', file], source);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written: ${file}`);
    expect((await stat(file)).mode & 0o077).toBe(0);

    const restore = await npmRun('db:restore', [file], restored);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored into ${restored}`);
    expect(await countFiles(path.join(restored, 'storage'))).toBe(await countFiles(path.join(source, 'storage')));

    // A second restore onto it is refused unless forced.
    const again = await npmRun('db:restore', [file], restored);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(/^db:restore: .* already holds pglite and storage: .*--force/);

    copy = await startServer({ DATA_DIR: restored });
    expect(await readyz(copy)).toMatchObject({ status: 200, body: { Status: 'Ready', Database: 'Up' } });
    const after = await listingOf(copy, id);
    expect(after.listing).toEqual(before.listing);
    expect(after.photo.equals(before.photo)).toBe(true);

    // While the copy runs, a forced restore onto its folder is refused too.
    const forced = await npmRun('db:restore', [file, '--force'], restored);
    expect(forced.code).toBe(1);
    expect(forced.stderr.trim()).toMatch(/^db:restore: .*stop the Rexer server first/);
  }, 120_000);
});

describe('the backup commands of docs/operations.md', () => {
  it('are the ones this test runs and db:backup prints', async () => {
    // A command may be broken over lines with a trailing backslash there.
    const docs = (await readFile('docs/operations.md', 'utf8')).replace(/\\\n\s*/g, '');
    expect(docs).toContain(PG_BACKUP_COMMAND);
    expect(docs).toContain(PG_RESTORE_COMMAND);
    expect(docs).toContain('npm run db:backup');
    expect(docs).toContain('npm run db:restore -- ');
  });
});

// Only where a PostgreSQL test server is configured (as the other suites' BACKENDS): there
// pg_dump and pg_restore must be installed, or this fails.
if (hasTestPostgres()) {
  describe('backup and restore with pg_dump and pg_restore (postgres)', () => {
    let testDb: TestDatabase;
    let fresh: { url: string; drop(): Promise<void> } | undefined;
    let work: string;
    let id: number;
    let original: Server | undefined;
    let copy: Server | undefined;

    beforeAll(async () => {
      testDb = await createTestDatabase({ postgres: true });
      id = await publishedListingWithPhoto(testDb);
      await testDb.database.close();
      work = await mkdtemp(path.join(os.tmpdir(), 'rexer-pg-backup-'));
      await mkdir(path.join(work, 'source'));
      await cp(testDb.storage.rootDir, path.join(work, 'source', 'storage'), { recursive: true });
    }, 120_000);

    afterAll(async () => {
      await stop(original);
      await stop(copy);
      await fresh?.drop();
      await testDb?.cleanup();
      if (work) await rm(work, { recursive: true, force: true });
    });

    it('restores a pg_dump into a new database on which a server serves the same listing and photo', async () => {
      const source = path.join(work, 'source');
      original = await startServer({ DATA_DIR: source, DATABASE_URL: testDb.url! });
      const before = await listingOf(original, id);

      // The commands of docs/operations.md, run by a shell in the backup's folder, while the server runs.
      const dumped = await shell(PG_BACKUP_COMMAND, { DATABASE_URL: testDb.url! }, work);
      expect(dumped.stderr).toBe('');
      expect(dumped.code).toBe(0);
      expect((await shell('tar -cf rexer-files.tar -C "$DATA_DIR" storage', { DATA_DIR: source }, work)).code).toBe(0);
      await stop(original);
      original = undefined;

      fresh = await createEmptyPostgresDatabase();
      const restoredDb = await shell(PG_RESTORE_COMMAND, { NEW_DATABASE_URL: fresh.url }, work);
      expect(restoredDb.stderr).toBe('');
      expect(restoredDb.code).toBe(0);
      const restored = path.join(work, 'restored');
      await mkdir(restored);
      expect((await shell('tar -xf rexer-files.tar -C "$NEW_DATA_DIR"', { NEW_DATA_DIR: restored }, work)).code).toBe(
        0,
      );

      copy = await startServer({ DATA_DIR: restored, DATABASE_URL: fresh.url });
      expect(await readyz(copy)).toMatchObject({ status: 200, body: { Status: 'Ready', Database: 'Up' } });
      const after = await listingOf(copy, id);
      expect(after.listing).toEqual(before.listing);
      expect(after.photo.equals(before.photo)).toBe(true);
    }, 120_000);

    it('db:backup and db:restore name the PostgreSQL commands instead of running on it', async () => {
      for (const script of ['db:backup', 'db:restore'] as const) {
        const result = await run(
          'npm',
          ['run', '--silent', script, '--', ...(script === 'db:restore' ? ['x.tar'] : [])],
          {
            DATABASE_URL: testDb.url!,
            DATA_DIR: work,
          },
        );
        expect(result.code).toBe(2);
        expect(result.stdout).toContain(PG_BACKUP_COMMAND);
        expect(result.stdout).toContain(PG_RESTORE_COMMAND);
      }
    });
  });
}
