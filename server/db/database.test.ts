import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq, getTableName, isTable, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactDetailIn } from '@domain/listing/contact-details';
import { LocalFileStorage } from '../storage/file-storage';
import { openDatabase, type Database, type Db } from './database';
import { verifyPassword } from './password-hash';
import { PROPERTY_STATUS } from './reference-ids';
import * as schema from './schema';
import { geoCoverage, runSeed } from './seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';

// One real first start (PGlite on disk, the full demo seed), then a restart on the same
// folder: the checks below are about what a developer gets from `npm start`.

const tables = Object.values(schema).filter((value) => isTable(value)) as unknown as PgTable[];

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[getTableName(table)] = row.n;
  }
  return counts;
}

describe('openDatabase on PGlite with the demo seed', () => {
  let dir: string;
  let storage: LocalFileStorage;
  let database: Database;
  const messages: string[] = [];
  const restartMessages: string[] = [];
  const timings: Record<string, number> = {};
  let countsAfterFirstStart: Record<string, number>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rexer-db-'));
    storage = new LocalFileStorage(path.join(dir, 'files'));
    let started = Date.now();
    database = await openDatabase({ dataDir: dir, storage, log: (m) => messages.push(m) });
    timings.firstStart = Date.now() - started;
    countsAfterFirstStart = await rowCounts(database.db);
    await database.close();
    started = Date.now();
    database = await openDatabase({ dataDir: dir, storage, log: (m) => restartMessages.push(m) });
    timings.restart = Date.now() - started;
    // Reported, never asserted: tests do not measure time (docs/architecture.md, Budgets).
    console.info(`first start ${timings.firstStart} ms, restart ${timings.restart} ms`);
  });

  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers a ping and reports its driver', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
    expect(database.kind).toBe('pglite');
  });

  it('applies every migration', async () => {
    const result = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(result.rows[0].n).toBeGreaterThanOrEqual(1);
    const names = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const present = new Set(names.rows.map((r) => r.table_name));
    for (const table of tables) expect(present.has(getTableName(table)), getTableName(table)).toBe(true);
  });

  it('moves the demo dates to the day of seeding: listings published this week, recent price cuts', async () => {
    const result = await database.db.execute<{ newest: string; cut: string | null }>(
      sql`select max(published_at)::text as newest, (select max(changed_at)::text from property_price_changes where old_price is not null) as cut from properties where status_id = 2`,
    );
    const week = 7 * 86_400_000;
    expect(Date.now() - new Date(result.rows[0].newest).getTime()).toBeLessThan(week);
    expect(Date.now() - new Date(result.rows[0].cut!).getTime()).toBeLessThan(8 * week);
  });

  it('writes nothing on a restart', async () => {
    expect(await rowCounts(database.db)).toEqual(countsAfterFirstStart);
    // reference lists, geography, districts, documents, demo, the demo's reviews of Rexer
    expect(messages.filter((m) => m.includes(' applied ')).length).toBe(6);
    expect(restartMessages.filter((m) => m.includes(' applied ') || m.includes('rendered'))).toEqual([]);
  });

  it('writes nothing new when the reference and geography parts run again', async () => {
    await database.db
      .delete(schema.seedRuns)
      .where(sql`${schema.seedRuns.part} in ('reference-lists', 'geography', 'documents')`);
    await runSeed(database.db, { level: 'demo', demoSize: 'full', storage, log: () => {} });
    expect(await rowCounts(database.db)).toEqual(countsAfterFirstStart);
  });

  it('holds every region, province and municipality', async () => {
    expect(countsAfterFirstStart.regions).toBe(20);
    expect(countsAfterFirstStart.provinces).toBe(107);
    expect(countsAfterFirstStart.municipalities).toBeGreaterThanOrEqual(7890);
    const [milano] = await database.db
      .select()
      .from(schema.municipalities)
      .where(eq(schema.municipalities.istatCode, '015146'));
    expect(milano).toMatchObject({ id: 15146, name: 'Milano', slug: 'milano', provinceId: 15 });
    expect(milano.latitude).toBeCloseTo(45.46, 1);
    expect(milano.longitude).toBeCloseTo(9.19, 1);
    expect(milano.postcodes).toContain('20121');
  });

  it('names no hidden street in a title', async () => {
    const listings = await database.db
      .select({
        title: schema.properties.title,
        street: schema.properties.street,
        showAddress: schema.properties.showAddress,
      })
      .from(schema.properties);
    expect(listings.filter((row) => !row.showAddress).length).toBeGreaterThan(0);
    expect(listings.filter((row) => !row.showAddress && row.street && row.title?.includes(row.street))).toEqual([]);
  });

  it('writes titles and descriptions an ad may carry: no link, e-mail address or phone number', async () => {
    const listings = await database.db
      .select({ title: schema.properties.title, description: schema.properties.description })
      .from(schema.properties);
    const developments = await database.db
      .select({ title: schema.newDevelopments.name, description: schema.newDevelopments.description })
      .from(schema.newDevelopments);
    expect(listings.length).toBeGreaterThanOrEqual(300);
    const texts = [...listings, ...developments]
      .flatMap((row) => [row.title, row.description])
      .filter((text): text is string => text !== null);
    expect(texts.filter((text) => contactDetailIn(text) !== null)).toEqual([]);
  });

  it('gives coordinates to at least 99.9% of municipalities', async () => {
    const coverage = await geoCoverage(database.db);
    console.info(
      `municipalities with coordinates: ${coverage.withCoordinates}/${coverage.municipalities} (${(coverage.ratio * 100).toFixed(2)}%)`,
    );
    expect(coverage.ratio).toBeGreaterThanOrEqual(0.999);
  });

  it('seeds about 300 listings, published ones with 2 to 6 stored photos', async () => {
    expect(countsAfterFirstStart.properties).toBeGreaterThanOrEqual(280);
    const published = await database.db.query.properties.findMany({
      where: eq(schema.properties.statusId, PROPERTY_STATUS.published),
      with: { media: true, municipality: true },
    });
    expect(published.length).toBeGreaterThan(220);
    const keys = new Set<string>();
    for (const p of published) {
      expect(p.media.length, p.title ?? '').toBeGreaterThanOrEqual(2);
      expect(p.media.length).toBeLessThanOrEqual(6);
      expect(p.municipality?.name).toBeTruthy();
      for (const m of p.media) {
        expect(m.url).toBe(`/media/${m.storageKey}`);
        keys.add(m.storageKey);
        if (m.thumbnailKey) keys.add(m.thumbnailKey);
      }
    }
    for (const key of keys) expect(await storage.exists(key), key).toBe(true);
    const photo = await storage.get([...keys][0]);
    expect(photo?.contentType).toBe('image/jpeg');
    expect(photo?.data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('stores a PDF for each of the 14 document kinds', async () => {
    const documents = await database.db.select().from(schema.documents);
    expect(documents.map((d) => d.kindId).sort((a, b) => a - b)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    for (const d of documents) {
      const file = await storage.get(d.storageKey);
      expect(file?.contentType).toBe('application/pdf');
      expect(file?.data.subarray(0, 5).toString()).toBe('%PDF-');
      expect(file?.data.length).toBe(d.sizeBytes);
    }
  });

  it('creates the demo accounts with argon2id hashes of the demo password at OWASP parameters', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = await database.db.query.users.findFirst({
        where: eq(schema.users.email, account.email),
        with: { consents: true, addresses: true },
      });
      expect(user, account.email).toBeDefined();
      expect(user!.registrationConfirmed).toBe(true);
      expect(user!.businessName).toBe(account.businessName);
      const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(user!.passwordHash!);
      expect(match, user!.passwordHash!).not.toBeNull();
      const [memory, time, parallelism] = match!.slice(1).map(Number);
      expect(memory).toBeGreaterThanOrEqual(19456);
      expect(time).toBeGreaterThanOrEqual(2);
      expect(parallelism).toBeGreaterThanOrEqual(1);
      expect(await verifyPassword(user!.passwordHash!, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(user!.passwordHash!, 'not-the-password')).toBe(false);
      const kinds = new Set(user!.consents.filter((c) => c.granted).map((c) => c.kind));
      expect(kinds.has('terms') && kinds.has('privacy')).toBe(true);
      expect(user!.addresses.length).toBeGreaterThan(0);
    }
  });

  it('uses a demo password the product accepts', () => {
    expect(DEMO_PASSWORD.length).toBeGreaterThanOrEqual(8);
    expect(DEMO_PASSWORD).toMatch(/[A-Z]/);
    expect(DEMO_PASSWORD).toMatch(/\d/);
    expect(DEMO_PASSWORD).toMatch(/[^A-Za-z0-9]/);
  });

  it('gives the seller published listings and a draft, and the agency account its agency', async () => {
    const seller = await database.db.query.users.findFirst({
      where: eq(schema.users.email, DEMO_ACCOUNTS.seller.email),
      with: { properties: true },
    });
    const statuses = seller!.properties.map((p) => p.statusId);
    expect(statuses.filter((s) => s === PROPERTY_STATUS.published).length).toBeGreaterThanOrEqual(3);
    expect(statuses).toContain(PROPERTY_STATUS.incomplete);
    const agencyUser = await database.db.query.users.findFirst({
      where: eq(schema.users.email, DEMO_ACCOUNTS.agency.email),
      with: { agency: true },
    });
    expect(agencyUser!.agency?.isPartner).toBe(true);
    expect(countsAfterFirstStart.agencies).toBe(12);
  });
});
