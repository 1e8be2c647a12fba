import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSearchParams } from '@domain/search';
import { BoundedStatementsClient, NAMED_STATEMENTS_MAX } from '../../server/db/generic-plans';
import type { Db } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { executeNamed } from '../../server/modules/search/named-statement';
import { searchListings } from '../../server/modules/search/repository';
import { BACKENDS, openTestDatabase } from './helpers';

// The search's named statements run on connections of generic plans (server/db/generic-plans.ts): planned
// once per connection, not at every search. Its other statements stay on connections that plan them for
// their values. Both kinds carry the search's statement timeout.
const postgres = BACKENDS.find((backend) => backend.postgres);

// Only PostgreSQL keeps plans (PGlite plans every statement): where no server is configured there is nothing to run.
describe.skipIf(!postgres)('the search statements on PostgreSQL', () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await openTestDatabase(postgres!);
  }, 120_000);

  afterAll(async () => {
    await testDb?.cleanup();
  });

  const settings = sql`select current_setting('plan_cache_mode') as mode, current_setting('statement_timeout') as timeout`;

  it('named statements on generic plans, the others planned for their values, all with the timeout', async () => {
    const db = testDb.database.withStatementTimeout!(2500);
    const named = await executeNamed<{ mode: string; timeout: string }>(db, settings);
    expect(named.rows[0]).toEqual({ mode: 'force_generic_plan', timeout: '2500ms' });
    const unnamed = (await db.execute(settings)).rows[0] as { mode: string; timeout: string };
    expect(unnamed).toEqual({ mode: 'auto', timeout: '2500ms' });
    // The app's own connections are left as they are.
    expect(((await testDb.database.db.execute(settings)).rows[0] as { mode: string }).mode).toBe('auto');
  });

  it('without a statement timeout (SEARCH_TIMEOUT_MS=0) the named statements still run on generic plans, on connections that keep a bounded number', async () => {
    const db = testDb.database.withStatementTimeout!(0);
    const named = await executeNamed<{ mode: string; timeout: string }>(db, settings);
    expect(named.rows[0]).toEqual({ mode: 'force_generic_plan', timeout: '0' });
    expect(((await db.execute(settings)).rows[0] as { timeout: string }).timeout).toBe('0');
  });

  it('a pool without those connections runs the named statements unnamed: nothing stays prepared on it', async () => {
    const pool = new pg.Pool({ connectionString: testDb.url, max: 1 });
    try {
      const db = drizzle({ client: pool, schema }) as unknown as Db;
      const { params } = parseSearchParams({
        SearchType: 'circle',
        Lat: '45.4642',
        Lng: '9.19',
        Radius: '2000',
        SellType: '1',
      });
      await searchListings(db, params);
      expect(
        (await executeNamed<{ n: string }>(db, sql`select count(*)::text as n from pg_prepared_statements`)).rows[0]!.n,
      ).toBe('0');
    } finally {
      await pool.end();
    }
  });

  it('a circle searched twice on those connections keeps one generic plan per statement, planned once', async () => {
    const db = testDb.database.withStatementTimeout!(2600);
    const { params } = parseSearchParams({
      SearchType: 'circle',
      Lat: '45.4642',
      Lng: '9.19',
      Radius: '2000',
      SellType: '1',
    });
    for (let i = 0; i < 8; i++) await searchListings(db, { ...params, Lat: 45.4642 + i * 0.001 });
    const plans = await executeNamed<{ generic: string; custom: string }>(
      db,
      sql`select coalesce(sum(generic_plans), 0)::text as generic, coalesce(sum(custom_plans), 0)::text as custom from pg_prepared_statements where name like 'search\\_%'`,
    );
    // Whichever connection of the pool answers has run searches, each on its generic plan (left to choose,
    // PostgreSQL makes five custom plans first, and kept making them for a circle's page).
    expect(Number(plans.rows[0]!.generic)).toBeGreaterThan(0);
    expect(Number(plans.rows[0]!.custom)).toBe(0);
  });

  it('a connection keeps at most NAMED_STATEMENTS_MAX named statements, the least recently used let go first and parsed again when asked for', async () => {
    const pool = new pg.Pool({ connectionString: testDb.url, max: 1, Client: BoundedStatementsClient });
    try {
      const run = async (n: number) =>
        (await pool.query({ name: `search_bound_${n}`, text: `select $1::int + ${n} as v`, values: [1] })).rows[0]
          .v as number;
      expect(await run(0)).toBe(1);
      for (let n = 1; n < NAMED_STATEMENTS_MAX + 10; n++) expect(await run(n)).toBe(n + 1);
      // The first one, used again, was let go long ago: parsed anew, answered the same.
      expect(await run(0)).toBe(1);
      const kept = (
        await pool.query(`select name from pg_prepared_statements where name like 'search_bound_%'`)
      ).rows.map((r: { name: string }) => r.name);
      expect(kept.length).toBe(NAMED_STATEMENTS_MAX);
      expect(kept).toContain('search_bound_0');
      expect(kept).toContain(`search_bound_${NAMED_STATEMENTS_MAX + 9}`);
      expect(kept).not.toContain('search_bound_1');
    } finally {
      await pool.end();
    }
  });

  it('every page size of a search reads through one of two statement texts', async () => {
    const texts = new Set<string>();
    const pool = new pg.Pool({ connectionString: testDb.url, max: 2 });
    try {
      const db = drizzle({
        client: pool,
        schema,
        logger: { logQuery: (text) => (text.includes(') as page') ? texts.add(text) : undefined) },
      }) as unknown as Db;
      const { params } = parseSearchParams({
        SearchType: 'circle',
        Lat: '45.4642',
        Lng: '9.19',
        Radius: '2000',
        SellType: '1',
        Sort: 'price-asc',
      });
      for (let size = 1; size <= 50; size++) {
        const result = await searchListings(db, { ...params, PageSize: size });
        expect(result.Items.length).toBeLessThanOrEqual(size);
      }
      expect(texts.size).toBe(2);
    } finally {
      await pool.end();
    }
  });
});
