import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { LocalFileStorage } from '../storage/file-storage';
import { openDatabase, openPgliteDatabase, type Database } from './database';
import { runSeed, type DemoSize } from './seed';

// Test databases start from a template: the first test file to ask for a given seed
// migrates and seeds one (a few seconds), and every later one copies it (PGlite: a
// gzipped dump in the temp folder; PostgreSQL: CREATE DATABASE ... TEMPLATE). The
// template's name carries a hash of the migrations and the seed code and data, so a
// change to either builds a new one.

export type TestSeed = 'demo' | 'reference' | 'none';

export interface CreateTestDatabaseOptions {
  /** Default 'demo' with the small demo set. */
  seed?: TestSeed;
  /** Default 'small' (about 30 listings and 6 photos); 'full' is the 300 listings of a real start. */
  demoSize?: DemoSize;
  /** Run on PostgreSQL (TEST_POSTGRES_URL or DATABASE_URL) instead of PGlite. */
  postgres?: boolean;
  /** PGlite: in `${dataDir}/pglite` instead of memory, so a server process started by the test can open it once closed. */
  pgliteOnDisk?: boolean;
  log?: (msg: string) => void;
}

export interface TestDatabase {
  database: Database;
  /** Holds the seeded photos and documents; tests may write to it. */
  storage: LocalFileStorage;
  /** A fresh temporary folder, removed by cleanup (storage lives in `${dataDir}/files`). */
  dataDir: string;
  /** PostgreSQL only: the connection string of this database (for servers started by a test). */
  url?: string;
  cleanup(): Promise<void>;
}

/** The PostgreSQL server tests may use, if any. */
export function testPostgresUrl(): string | undefined {
  const url = process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

/** True when TEST_POSTGRES_URL or DATABASE_URL points at a PostgreSQL server: `describe.runIf(hasTestPostgres())`. */
export function hasTestPostgres(): boolean {
  return testPostgresUrl() !== undefined;
}

const DB_DIR = path.dirname(fileURLToPath(import.meta.url));
const TEMPLATE_ROOT = path.join(os.tmpdir(), 'rexer-db-templates');

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else if (!entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out.sort();
}

let fingerprintPromise: Promise<string> | undefined;
/** A hash of everything that shapes a seeded database: migrations, schema, seed code and data. */
function codeFingerprint(): Promise<string> {
  fingerprintPromise ??= (async () => {
    const hash = createHash('sha256');
    for (const folder of ['migrations', 'seed']) {
      for (const file of await listFiles(path.join(DB_DIR, folder))) {
        hash.update(path.relative(DB_DIR, file));
        hash.update(await readFile(file));
      }
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return fingerprintPromise;
}

async function templateKey(seed: TestSeed, demoSize: DemoSize): Promise<string> {
  return `${seed}-${seed === 'demo' ? demoSize : 'x'}-${await codeFingerprint()}`;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** A lock older than this was left by a killed process. */
const STALE_LOCK_MS = 180_000;

/**
 * Builds the PGlite template (dump and files) unless it is already there. Test files
 * run in parallel processes: one builds while the others wait for its dump.
 */
async function ensurePgliteTemplate(seed: TestSeed, demoSize: DemoSize, log: (msg: string) => void) {
  const key = await templateKey(seed, demoSize);
  const dir = path.join(TEMPLATE_ROOT, key);
  const dump = path.join(dir, 'pglite.tar.gz');
  const files = path.join(dir, 'files');
  const lock = path.join(dir, 'build.lock');
  await mkdir(dir, { recursive: true });

  for (;;) {
    if (await exists(dump)) return { dump, files };
    let acquired = false;
    try {
      await (await open(lock, 'wx')).close();
      acquired = true;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
    if (!acquired) {
      const info = await stat(lock).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > STALE_LOCK_MS) await rm(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (await exists(dump)) return { dump, files };
      const storage = new LocalFileStorage(files);
      const built = await openPgliteDatabase({ dataDir: dir, inMemory: true });
      try {
        await runSeed(built.db, { level: seed, demoSize, storage, log });
        const blob = await built.client.dumpDataDir('gzip');
        const tmp = `${dump}.${process.pid}.tmp`;
        await writeFile(tmp, Buffer.from(await blob.arrayBuffer()));
        await rename(tmp, dump);
      } finally {
        await built.close();
      }
      return { dump, files };
    } finally {
      await rm(lock, { force: true });
    }
  }
}

/**
 * A migrated and seeded database of its own for one test file (or test): PGlite in
 * memory by default, or a throwaway database on the PostgreSQL server. Call cleanup()
 * in afterAll.
 */
export async function createTestDatabase(opts: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  const seed = opts.seed ?? 'demo';
  const demoSize = opts.demoSize ?? 'small';
  const log = opts.log ?? (() => {});
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rexer-test-'));
  const storage = new LocalFileStorage(path.join(dataDir, 'files'));
  try {
    if (opts.postgres) {
      const testDb = await createPostgresTestDatabase(seed, demoSize, storage, log);
      return {
        database: testDb.database,
        storage,
        dataDir,
        url: testDb.url,
        async cleanup() {
          await testDb.drop();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    }
    const template = await ensurePgliteTemplate(seed, demoSize, log);
    if (await exists(template.files)) await cp(template.files, storage.rootDir, { recursive: true });
    const dump = await readFile(template.dump);
    const database = await openDatabase({
      dataDir,
      inMemory: !opts.pgliteOnDisk,
      loadDataDir: new File([dump], 'pgdata.tar.gz', { type: 'application/x-gzip' }),
      seed,
      demoSize,
      storage,
      log,
    });
    return {
      database,
      storage,
      dataDir,
      async cleanup() {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Drops a database of the test server, whoever is still connected to it. */
async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: baseUrl });
  await dropper.connect();
  try {
    await dropper.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  } finally {
    await dropper.end();
  }
}

async function createPostgresTestDatabase(
  seed: TestSeed,
  demoSize: DemoSize,
  storage: LocalFileStorage,
  log: (msg: string) => void,
) {
  const baseUrl = testPostgresUrl();
  if (!baseUrl) throw new Error('createTestDatabase({ postgres: true }) needs TEST_POSTGRES_URL or DATABASE_URL');
  const key = await templateKey(seed, demoSize);
  const templateName = `rexer_tpl_${key.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`;
  const name = `rexer_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
  const files = path.join(TEMPLATE_ROOT, key, 'files');

  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    // One builder at a time per server; the others wait, then copy.
    await admin.query('select pg_advisory_lock(hashtext($1))', [templateName]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [templateName]);
      if (found.rowCount === 0) {
        const building = `${templateName}_building`;
        await admin.query(`drop database if exists ${quoteIdent(building)} with (force)`);
        await admin.query(`create database ${quoteIdent(building)}`);
        const templateStorage = new LocalFileStorage(files);
        const built = await openDatabase({
          dataDir: path.join(TEMPLATE_ROOT, key),
          databaseUrl: withDatabase(baseUrl, building),
          seed,
          demoSize,
          storage: templateStorage,
          log,
          poolMax: 2,
        });
        await built.close();
        await admin.query(`alter database ${quoteIdent(building)} rename to ${quoteIdent(templateName)}`);
        // Templates of older code (another fingerprint) are of no further use.
        const fingerprint = await codeFingerprint();
        const stale = await admin.query(
          "select datname from pg_database where datname like 'rexer\\_tpl\\_%' and datname not like '%' || $1 || '%'",
          [fingerprint.toLowerCase()],
        );
        for (const row of stale.rows as { datname: string }[]) {
          await admin.query(`drop database if exists ${quoteIdent(row.datname)} with (force)`).catch(() => {});
        }
      }
      await admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(templateName)}`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [templateName]);
    }
  } finally {
    await admin.end();
  }

  if (await exists(files)) await cp(files, storage.rootDir, { recursive: true });
  const url = withDatabase(baseUrl, name);
  const database = await openDatabase({
    dataDir: storage.rootDir,
    databaseUrl: url,
    seed,
    demoSize,
    storage,
    log,
    poolMax: 4,
  });
  return {
    database,
    url,
    async drop() {
      await database.close();
      await dropDatabase(baseUrl, name);
    },
  };
}

/**
 * An empty database on the test PostgreSQL server (no migration, no seed), for tests that
 * start the real server on it; drop() removes it.
 */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = testPostgresUrl();
  if (!baseUrl) throw new Error('createEmptyPostgresDatabase needs TEST_POSTGRES_URL or DATABASE_URL');
  const name = `rexer_empty_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${quoteIdent(name)}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(baseUrl, name),
    drop: () => dropDatabase(baseUrl, name),
  };
}
