import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { lockFolder } from './folder-lock';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { sql, type Assume } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { FileStorage } from '../storage/file-storage';
import * as schema from './schema';
import { runSeed, type DemoSize, type SeedLevel } from './seed';
import { BoundedStatementsClient, GENERIC_PLAN_OPTIONS, runNamedStatementsOn } from './generic-plans';

export type Schema = typeof schema;

/**
 * What `db.execute(sql...)` resolves to on both drivers: PGlite's Results and
 * node-postgres's QueryResult share `rows` (and nothing else worth relying on; use
 * `.returning()` to learn what a write touched).
 */
export interface QueryRows<TRow> {
  rows: TRow[];
}
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<Assume<this['row'], Record<string, unknown>>>;
}

/**
 * The one database type the app uses, whichever driver is underneath: PGlite and
 * node-postgres both produce a PgDatabase over this schema.
 */
export type Db = PgDatabase<QueryResultHKT, Schema>;

/** A transaction handed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DatabaseOptions {
  /** PGlite keeps its files in `${dataDir}/pglite`. */
  dataDir: string;
  /** postgres://... runs on a PostgreSQL server (node-postgres pool) instead of PGlite. */
  databaseUrl?: string;
  /** What to seed after migrating (default 'demo'); 'reference' is lists and geography only. */
  seed?: SeedLevel;
  /** 'small' seeds a reduced demo set (fewer listings and photos) for fast tests. */
  demoSize?: DemoSize;
  /** Where generated photos and documents are stored. */
  storage: FileStorage;
  log?: (msg: string) => void;
  /** PGlite only: keep the database in memory instead of `${dataDir}/pglite`. */
  inMemory?: boolean;
  /** node-postgres pool size (default 10). */
  poolMax?: number;
  /**
   * PGlite only: start from a dump made by `dumpDataDir('gzip')` instead of an empty
   * cluster. The test helper uses it to reuse one migrated, seeded template.
   */
  loadDataDir?: Blob;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws unless the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Raw SQL for libraries that bring their own (the pg-boss job queue): several statements
   * at once when there are no values, one parameterised statement otherwise.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
  /**
   * A Db whose statements PostgreSQL stops after `ms` milliseconds (error 57014; 0: never): on PostgreSQL a
   * pool of its own (made on the first call, as large as the main one, closed with it) whose connections
   * carry statement_timeout, and whose named statements run on a second such pool of generic plans, each
   * connection keeping a bounded number (generic-plans.ts). PGlite cannot interrupt a statement: there it
   * is `db`, without a limit. (Optional: stand-ins of a Database, such as the API document's, may leave it
   * out; callers fall back to `db`.)
   */
  withStatementTimeout?(ms: number): Db;
  /**
   * LISTEN on a channel (`[a-z_]+`): `onNotify` gets each notification's payload, sent by
   * `select pg_notify(channel, payload)` from any connection (any server, on PostgreSQL).
   * PostgreSQL: a connection of its own, outside the pools; when it breaks, `onLost` is called
   * once and the listening is over (listen again). PGlite: its own listen, never lost. Resolves
   * once listening, to the function that stops. (Optional: stand-ins of a Database may leave it out.)
   */
  listen?(channel: string, onNotify: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL: the connections of each pool now (the metrics read them when scraped): `main`, and
   * `statement-timeout` and `generic-plans` once withStatementTimeout made them (summed over its
   * timeouts). PGlite has one connection and no pool: it leaves this out.
   */
  poolStats?(): PoolStats[];
  close(): Promise<void>;
}

/** One pool's connections: open, idle among them, and the queries waiting for one. */
export interface PoolStats {
  name: 'main' | 'statement-timeout' | 'generic-plans';
  total: number;
  idle: number;
  waiting: number;
}

const CHANNEL_NAME = /^[a-z_]{1,63}$/;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens PGlite or PostgreSQL, applies pending migrations, then seeds (idempotently). */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const opened = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.poolMax) : await openPglite(opts);
  try {
    await opened.exclusively(async () => {
      await opened.migrate();
      log(`database: ${opened.database.kind} migrated in ${Date.now() - started} ms`);
      await runSeed(opened.database.db, {
        level: opts.seed ?? 'demo',
        demoSize: opts.demoSize ?? 'full',
        storage: opts.storage,
        log,
      });
    });
    log(`database: ready in ${Date.now() - started} ms`);
    return opened.database;
  } catch (error) {
    await opened.database.close().catch(() => {});
    throw error;
  }
}

interface Opened {
  database: Database;
  migrate(): Promise<void>;
  /** Runs start-up work alone: on PostgreSQL, other app instances starting wait for it. */
  exclusively(work: () => Promise<void>): Promise<void>;
}

/** Opens PGlite and migrates it, without seeding; `client` is the PGlite instance. */
export async function openPgliteDatabase(
  opts: Pick<DatabaseOptions, 'dataDir' | 'inMemory' | 'loadDataDir'>,
): Promise<Database & { client: PGlite }> {
  const opened = await openPglite(opts);
  try {
    await opened.migrate();
  } catch (error) {
    await opened.database.close().catch(() => {});
    throw error;
  }
  return { ...opened.database, client: opened.client };
}

/** The contrib extensions the migrations create (the search's earthdistance index needs cube). */
const PGLITE_EXTENSIONS = { cube, earthdistance };

async function openPglite(
  opts: Pick<DatabaseOptions, 'dataDir' | 'inMemory' | 'loadDataDir'>,
): Promise<Opened & { client: PGlite }> {
  let client: PGlite;
  let unlock = async () => {};
  if (opts.inMemory) {
    client = await PGlite.create({ loadDataDir: opts.loadDataDir, extensions: PGLITE_EXTENSIONS });
  } else {
    const dir = path.resolve(opts.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    // One process per folder (PGlite does not check): a second server on it is refused.
    unlock = await lockFolder(dir);
    try {
      client = await PGlite.create({ dataDir: dir, loadDataDir: opts.loadDataDir, extensions: PGLITE_EXTENSIONS });
    } catch (error) {
      await unlock();
      throw error;
    }
  }
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    client,
    database: {
      db: db as unknown as Db,
      kind: 'pglite',
      async ping() {
        await db.execute(sql`select 1`);
      },
      async executeSql(text, values = []) {
        // A prepared statement takes one statement: a script without values goes through exec.
        if (values.length === 0) {
          const results = await client.exec(text);
          const last = results.at(-1);
          return {
            rows: (last?.rows ?? []) as Record<string, unknown>[],
            rowCount: last?.affectedRows ?? last?.rows.length ?? 0,
          };
        }
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      },
      withStatementTimeout: () => db as unknown as Db,
      async listen(channel, onNotify) {
        if (!CHANNEL_NAME.test(channel)) throw new Error(`listen: bad channel name ${channel}`);
        const unsubscribe = await client.listen(channel, onNotify);
        return async () => {
          if (!closed) await unsubscribe();
        };
      },
      async close() {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          await unlock();
        }
      },
    },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    // PGlite lives inside this process: nobody else can start beside us.
    exclusively: (work) => work(),
  };
}

/** Any 64-bit number of our own; two app instances starting together take turns on it. */
const STARTUP_LOCK_KEY = 0x5245_5845_5231n; // 'REXER1'

/**
 * How long a request waits for a connection, new or from the pool, before it fails: while the
 * database is away (restarting, unreachable) a call answers 503 within seconds instead of
 * waiting with its socket open; once it is back the pools connect again by themselves.
 */
const CONNECT_TIMEOUT_MS = 3000;

/** What every connection of the app's pools shares. */
const connectionOptions = (url: string) =>
  ({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true }) as const;

async function openPostgres(url: string, poolMax = 10): Promise<Opened> {
  // At least two connections: one holds the start-up lock while another migrates.
  const pool = new pg.Pool({ ...connectionOptions(url), max: Math.max(2, poolMax) });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema });
  let closed = false;
  const timedPools: pg.Pool[] = [];
  // The same pools by kind, for their metrics.
  const statementPools: pg.Pool[] = [];
  const genericPools: pg.Pool[] = [];
  const timedDbs = new Map<number, Db>();
  const statsOf = (name: PoolStats['name'], pools: pg.Pool[]): PoolStats => ({
    name,
    total: pools.reduce((sum, p) => sum + p.totalCount, 0),
    idle: pools.reduce((sum, p) => sum + p.idleCount, 0),
    waiting: pools.reduce((sum, p) => sum + p.waitingCount, 0),
  });
  return {
    database: {
      db: db as unknown as Db,
      kind: 'postgres',
      async ping() {
        await db.execute(sql`select 1`);
      },
      async executeSql(text, values = []) {
        const result = await pool.query(text, values);
        // A multi-statement query answers one result per statement.
        const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
        return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
      },
      withStatementTimeout(ms) {
        let timed = timedDbs.get(ms);
        if (!timed) {
          const timeout = ms > 0 ? { statement_timeout: ms } : {};
          const timedPool = new pg.Pool({ ...connectionOptions(url), max: Math.max(2, poolMax), ...timeout });
          // Its named statements (the search's) run on connections of generic plans (generic-plans.ts).
          const genericPool = new pg.Pool({
            ...connectionOptions(url),
            max: Math.max(2, poolMax),
            ...timeout,
            options: GENERIC_PLAN_OPTIONS,
            Client: BoundedStatementsClient,
          });
          for (const p of [timedPool, genericPool]) p.on('error', () => {});
          timedPools.push(timedPool, genericPool);
          statementPools.push(timedPool);
          genericPools.push(genericPool);
          timed = drizzleNodePg({ client: timedPool, schema }) as unknown as Db;
          runNamedStatementsOn(timed, drizzleNodePg({ client: genericPool, schema }) as unknown as Db);
          timedDbs.set(ms, timed);
        }
        return timed;
      },
      async listen(channel, onNotify, onLost) {
        if (!CHANNEL_NAME.test(channel)) throw new Error(`listen: bad channel name ${channel}`);
        // A connection of its own: a pooled one would go back to the pool, and LISTEN with it.
        const client = new pg.Client(connectionOptions(url));
        let over = false;
        const lost = () => {
          if (over) return;
          over = true;
          client.end().catch(() => {});
          onLost();
        };
        client.on('error', lost);
        client.on('end', lost);
        client.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onNotify(message.payload);
        });
        try {
          await client.connect();
          await client.query(`listen ${channel}`);
        } catch (error) {
          over = true;
          await client.end().catch(() => {});
          throw error;
        }
        return async () => {
          if (over) return;
          over = true;
          await client.end().catch(() => {});
        };
      },
      poolStats() {
        const stats = [statsOf('main', [pool])];
        if (statementPools.length > 0)
          stats.push(statsOf('statement-timeout', statementPools), statsOf('generic-plans', genericPools));
        return stats;
      },
      async close() {
        if (closed) return;
        closed = true;
        await Promise.all(timedPools.map((p) => p.end()));
        await pool.end();
      },
    },
    migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    async exclusively(work) {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
        try {
          await work();
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()]);
        }
      } finally {
        lock.release();
      }
    },
  };
}
