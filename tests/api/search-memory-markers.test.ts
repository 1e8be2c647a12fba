import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseSearchParams } from '@domain/search';
import type { Db } from '../../server/db/database';
import { PROPERTY_CONDITION, PROPERTY_STATUS, PROPERTY_TYPE } from '../../server/db/reference-ids';
import { municipalities, properties, users } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { MarkerIndex, nano } from '../../server/modules/search/marker-index';
import { searchListings } from '../../server/modules/search/repository';
import { BACKENDS, openTestDatabase } from './helpers';

const SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'surface-desc'] as const;

// A circle's markers and first page from the server's copy of the listings (marker-index.ts) must be the
// markers the SQL gives from search_cells, to the last digit, and the page the SQL sorts, and follow every
// change once the feed is read.
const postgres = BACKENDS.find((backend) => backend.postgres);

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Pavia: no demo listings there, so the test's own fill the area. */
const AREA = { latitude: 45.185, longitude: 9.155 };

// The copy exists on PostgreSQL only (PGlite runs in the process and answers the cells as fast).
describe.skipIf(!postgres)('markers from memory (PostgreSQL)', () => {
  let testDb: TestDatabase;
  let db: Db;
  let index: MarkerIndex;
  let answered = 0;
  let paged = 0;
  let lastPage: number[] | null = null;
  let owner: number;
  let pavia: number;
  const ids: number[] = [];

  /** The index as the search module hands it over, counting the circles it answered. */
  const counting = () =>
    ({
      circleMarkers: (...args: Parameters<MarkerIndex['circleMarkers']>) => {
        const result = index.circleMarkers(...args);
        if (result) answered += 1;
        return result;
      },
      circlePage: (...args: Parameters<MarkerIndex['circlePage']>) => {
        const result = index.circlePage(...args);
        lastPage = result;
        if (result) paged += 1;
        return result;
      },
    }) as unknown as MarkerIndex;

  async function insert(values: Partial<typeof properties.$inferInsert>): Promise<number> {
    const [row] = await db
      .insert(properties)
      .values({
        ownerUserId: owner,
        sellTypeId: 1,
        statusId: PROPERTY_STATUS.published,
        municipalityId: pavia,
        street: 'Corso Strada Nuova',
        streetNumber: '1',
        latitude: AREA.latitude,
        longitude: AREA.longitude,
        propertyTypeId: PROPERTY_TYPE.apartment,
        surfaceM2: 80,
        rooms: 3,
        bathrooms: 1,
        conditionId: PROPERTY_CONDITION.good,
        price: 200_000,
        title: 'Appartamento in vendita',
        description: 'Casa.',
        publishedAt: new Date('2026-01-10T10:00:00Z'),
        ...values,
      })
      .returning({ id: properties.id });
    return row!.id;
  }

  /** Circles over the area, 1.2 to 2.5 km (smaller ones are answered from the listings themselves, not the cells), as the search asks for them. */
  function circles(seed: number, n: number) {
    const r = random(seed);
    return Array.from({ length: n }, (_, i) => ({
      SearchType: 'circle',
      Lat: (AREA.latitude + (r() - 0.5) * 0.03).toFixed(6),
      Lng: (AREA.longitude + (r() - 0.5) * 0.04).toFixed(6),
      Radius: String(Math.round(1200 + r() * 1300)),
      SellType: r() < 0.8 ? '1' : '2',
      // Every sort the copy can page, and one it cannot (the SQL's page then).
      Sort: SORTS[i % SORTS.length]!,
      ...(i % 4 === 3 ? { PageSize: '50' } : {}),
    }));
  }

  /** Each circle answered from memory and from the SQL: the same answer, and most of them from memory. */
  async function expectSameAnswers(seed: number, n = 40) {
    const before = answered;
    const pagedBefore = paged;
    for (const query of circles(seed, n)) {
      const { params } = parseSearchParams(query);
      const fromMemory = await searchListings(db, params, { markerIndex: counting() });
      const fromSql = await searchListings(db, params);
      expect(fromMemory, JSON.stringify(query)).toEqual(fromSql);
    }
    expect(answered - before).toBeGreaterThan(n * 0.75);
    // Four sorts in five are the copy's to page.
    expect(paged - pagedBefore).toBeGreaterThan(n * 0.6);
  }

  beforeAll(async () => {
    testDb = await openTestDatabase(postgres!);
    db = testDb.database.db;
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    owner = user!.id;
    const [town] = await db
      .select({ id: municipalities.id })
      .from(municipalities)
      .where(eq(municipalities.istatCode, '018110'));
    pavia = town!.id;
    // 600 listings over ~3 × 3 km: prices set and not, hidden addresses (positions rounded, shared), both sell types.
    const r = random(3);
    const rows = Array.from({ length: 600 }, (_, i) => ({
      ownerUserId: owner,
      sellTypeId: i % 5 === 0 ? 2 : 1,
      statusId: PROPERTY_STATUS.published,
      municipalityId: pavia,
      street: 'Corso Strada Nuova',
      streetNumber: String(i + 1),
      latitude: AREA.latitude + (r() - 0.5) * 0.03,
      longitude: AREA.longitude + (r() - 0.5) * 0.04,
      showAddress: i % 3 !== 0,
      propertyTypeId: PROPERTY_TYPE.apartment,
      surfaceM2: 60 + (i % 90),
      rooms: 2 + (i % 4),
      bathrooms: 1,
      conditionId: PROPERTY_CONDITION.good,
      // Forty prices: many listings share one (the id decides between them).
      price: i % 7 === 0 ? null : 90_000 + ((i * 7919) % 40) * 10_000,
      title: 'Appartamento in vendita',
      description: 'Casa.',
      // Days shared by many (the id decides between them), a few without a date (last), some highlighted now, some no longer.
      publishedAt: i % 17 === 0 ? null : new Date(Date.UTC(2026, 0, 1 + (i % 28), 0, 0, 0, i % 5 === 0 ? 0 : 1)),
      highlightedUntil:
        i % 11 === 0 ? new Date(Date.now() + 86_400_000) : i % 13 === 0 ? new Date(Date.now() - 86_400_000) : null,
    }));
    for (let i = 0; i < rows.length; i += 200)
      ids.push(
        ...(
          await db
            .insert(properties)
            .values(rows.slice(i, i + 200))
            .returning({ id: properties.id })
        ).map((row) => row.id),
      );
    index = new MarkerIndex(db);
    await index.start();
  }, 240_000);

  afterAll(async () => {
    index?.stop();
    await testDb?.cleanup();
  });

  it('answers every circle with the markers and total the SQL gives, loaded from every published listing', async () => {
    const published = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(properties)
      .where(sql`${properties.statusId} = ${PROPERTY_STATUS.published} and ${properties.latitude} is not null`);
    expect(index.size).toBe(published[0]!.n);
    await expectSameAnswers(11, 60);
  });

  it('follows new, moved, repriced, unpublished, deleted and re-typed listings once it reads the feed', async () => {
    const added = await Promise.all([
      insert({ latitude: AREA.latitude + 0.001, longitude: AREA.longitude }),
      insert({ latitude: AREA.latitude - 0.002, longitude: AREA.longitude + 0.003, price: null, showAddress: false }),
    ]);
    await db
      .update(properties)
      .set({ latitude: AREA.latitude + 0.004, longitude: AREA.longitude - 0.005 })
      .where(eq(properties.id, ids[1]!));
    await db.update(properties).set({ price: null }).where(eq(properties.id, ids[2]!));
    await db.update(properties).set({ price: 123_456 }).where(eq(properties.id, ids[7]!));
    await db.update(properties).set({ statusId: PROPERTY_STATUS.sold }).where(eq(properties.id, ids[3]!));
    await db.update(properties).set({ sellTypeId: 2 }).where(eq(properties.id, ids[4]!));
    await db.delete(properties).where(eq(properties.id, ids[6]!));
    // The keys of a page: published anew, highlighted from now, no longer highlighted.
    await db.update(properties).set({ publishedAt: new Date() }).where(eq(properties.id, ids[8]!));
    await db
      .update(properties)
      .set({ highlightedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(properties.id, ids[9]!));
    await db
      .update(properties)
      .set({ highlightedUntil: new Date(Date.now() - 1_000) })
      .where(eq(properties.id, ids[11]!));
    await index.refresh();
    await expectSameAnswers(12);
    // And back: the same listings as they were loaded are answered from their loaded rows again or from the changes.
    await db.update(properties).set({ statusId: PROPERTY_STATUS.published }).where(eq(properties.id, ids[3]!));
    await db.delete(properties).where(inArray(properties.id, added));
    await index.refresh();
    await expectSameAnswers(13);
  });

  it('misses no change of a transaction that commits after a read that began while it ran', async () => {
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('update properties set latitude = $1, longitude = $2 where id = $3', [
        AREA.latitude + 0.006,
        AREA.longitude + 0.006,
        ids[10],
      ]);
      // Read while the transaction is open: it sees nothing of it yet.
      await index.refresh();
      await client.query('commit');
    } finally {
      await client.end();
    }
    await index.refresh();
    await expectSameAnswers(14);
  });

  it('answers a page from the SQL when a listing the copy names is no longer published', async () => {
    const query = {
      SearchType: 'circle',
      Lat: String(AREA.latitude),
      Lng: String(AREA.longitude),
      Radius: '2000',
      SellType: '1',
      Sort: 'newest',
    };
    const { params } = parseSearchParams(query);
    const [first] = (await searchListings(db, params)).Items;
    await db.update(properties).set({ statusId: PROPERTY_STATUS.suspended }).where(eq(properties.id, first!.Id));
    try {
      // Not read from the feed yet: the copy still names it first, the page comes from the SQL without it.
      const answer = await searchListings(db, params, { markerIndex: counting() });
      expect(lastPage?.[0]).toBe(first!.Id);
      expect(answer.Items.map((item) => item.Id)).not.toContain(first!.Id);
      expect(answer.Items).toEqual((await searchListings(db, params)).Items);
    } finally {
      await db.update(properties).set({ statusId: PROPERTY_STATUS.published }).where(eq(properties.id, first!.Id));
      await index.refresh();
    }
  });

  it('leaves the markers to the SQL when its copy is stale', async () => {
    const { params } = parseSearchParams({
      SearchType: 'circle',
      Lat: String(AREA.latitude),
      Lng: String(AREA.longitude),
      Radius: '1000',
      SellType: '1',
    });
    const before = answered;
    vi.useFakeTimers({ now: Date.now() + 60_000, toFake: ['Date'] });
    try {
      expect(index.ready).toBe(false);
      const answer = await searchListings(db, params, { markerIndex: counting() });
      expect(answer).toEqual(await searchListings(db, params));
      expect(answered).toBe(before);
    } finally {
      vi.useRealTimers();
    }
    expect(index.ready).toBe(true);
  });

  it('rounds nanodegrees as PostgreSQL does (halves to even)', async () => {
    const values = [45.1234567891, -9.0000000005, 12.0000000015, 0.0000000025, 7.5e-10, -7.5e-10];
    const result = await db.execute<{ v: string }>(
      sql`select search_nano(x)::text as v from unnest(${`{${values.join(',')}}`}::float8[]) as x`,
    );
    expect(result.rows.map((row) => Number(row.v))).toEqual(values.map(nano));
  });
});
