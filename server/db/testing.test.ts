import { existsSync } from 'node:fs';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { PROPERTY_STATUS } from './reference-ids';
import { media, properties, users } from './schema';
import { DEMO_ACCOUNTS } from './seed/demo-accounts';
import { createTestDatabase, hasTestPostgres, testPostgresUrl, type TestDatabase } from './testing';

describe('createTestDatabase on PGlite', () => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    first = await createTestDatabase();
    second = await createTestDatabase();
  });
  afterAll(async () => {
    await first?.cleanup();
    await second?.cleanup();
  });

  it('gives a small demo set with the demo accounts and stored photos', async () => {
    const [listings] = await first.database.db
      .select({ n: count() })
      .from(properties)
      .where(eq(properties.statusId, PROPERTY_STATUS.published));
    expect(listings.n).toBeGreaterThan(10);
    expect(listings.n).toBeLessThan(60);
    const seller = await first.database.db.query.users.findFirst({
      where: eq(users.email, DEMO_ACCOUNTS.seller.email),
    });
    expect(seller?.registrationConfirmed).toBe(true);
    const [photo] = await first.database.db
      .select()
      .from(media)
      .where(sql`${media.propertyId} is not null`)
      .limit(1);
    expect(await first.storage.exists(photo.storageKey)).toBe(true);
  });

  it('isolates one test database from another', async () => {
    await first.database.db.delete(properties);
    const [left] = await second.database.db.select({ n: count() }).from(properties);
    expect(left.n).toBeGreaterThan(0);
  });

  it('removes its folder on cleanup', async () => {
    const extra = await createTestDatabase({ seed: 'reference' });
    const [none] = await extra.database.db.select({ n: count() }).from(properties);
    expect(none.n).toBe(0);
    await extra.cleanup();
    expect(existsSync(extra.dataDir)).toBe(false);
  });
});

describe.runIf(hasTestPostgres())('createTestDatabase on PostgreSQL', () => {
  let testDb: TestDatabase;
  let name: string;

  beforeAll(async () => {
    testDb = await createTestDatabase({ postgres: true });
    const result = await testDb.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    name = result.rows[0].name;
  });
  afterAll(() => testDb?.cleanup());

  it('migrates and seeds a throwaway database on the server', async () => {
    expect(testDb.database.kind).toBe('postgres');
    expect(name).toMatch(/^rexer_test_/);
    const [towns] = await testDb.database.db
      .execute<{ n: number }>(sql`select count(*)::int as n from municipalities`)
      .then((r) => r.rows);
    expect(towns.n).toBeGreaterThanOrEqual(7890);
    const seller = await testDb.database.db.query.users.findFirst({
      where: eq(users.email, DEMO_ACCOUNTS.seller.email),
      with: { properties: true },
    });
    expect(seller!.properties.length).toBeGreaterThan(0);
  });

  it('writes nothing when the same database is opened again', async () => {
    const countRows = async (db: TestDatabase['database']['db']) =>
      (
        await db.execute<{ p: number; u: number; m: number }>(
          sql`select (select count(*) from properties)::int as p, (select count(*) from users)::int as u, (select count(*) from municipalities)::int as m`,
        )
      ).rows[0];
    const before = await countRows(testDb.database.db);
    const url = new URL(testPostgresUrl()!);
    url.pathname = `/${name}`;
    const again = await openDatabase({
      dataDir: testDb.dataDir,
      databaseUrl: url.toString(),
      storage: testDb.storage,
      demoSize: 'small',
    });
    try {
      expect(await countRows(again.db)).toEqual(before);
    } finally {
      await again.close();
    }
  });

  it('drops that database on cleanup', async () => {
    const extra = await createTestDatabase({ postgres: true, seed: 'reference' });
    const extraName = (await extra.database.db.execute<{ name: string }>(sql`select current_database() as name`))
      .rows[0].name;
    await extra.cleanup();
    const client = new pg.Client({ connectionString: testPostgresUrl() });
    await client.connect();
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [extraName]);
      expect(found.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });
});
