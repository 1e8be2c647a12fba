import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSearchParams, type Bounds, type SearchParams } from '@domain/search';
import type { Db } from '../../server/db/database';
import { PROPERTY_STATUS } from '../../server/db/reference-ids';
import { properties, users } from '../../server/db/schema';
import { SEARCH_CELL_LEVEL_MAX, SEARCH_CELL_LEVEL_MIN } from '../../server/db/schema/search-cells';
import type { TestDatabase } from '../../server/db/testing';
import { planCells, planCircleCells } from '../../server/modules/search/cells';
import { searchListings } from '../../server/modules/search/repository';
import { BACKENDS, buildTestApp, openTestDatabase } from './helpers';

// The markers and the total of a map view read from search_cells (migration 0007) must be those the
// live query computes from the listings, whatever happened to the listings since: inserts, price
// changes, status changes, deletes (of a cell's smallest id too), moves, hidden addresses, sell types.
// Each step compares the two answers for many views, and the table with a fresh aggregation.

/** The lab: listings scattered in clusters over the Apennines south of Piacenza (no demo listings there). */
const LAB: Bounds = { south: 44.6, west: 9.2, north: 44.85, east: 9.65 };
type NewProperty = typeof properties.$inferInsert;

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe.each(BACKENDS)('search cells ($name)', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let db: Db;
  let owner: number;
  const r = random(7);
  const clusters = Array.from({ length: 6 }, () => ({
    latitude: LAB.south + 0.03 + r() * 0.19,
    longitude: LAB.west + 0.03 + r() * 0.39,
  }));

  function position(): { latitude: number; longitude: number } {
    const c = clusters[Math.floor(r() * clusters.length)]!;
    const spread = r() < 0.3 ? 0.002 : 0.03;
    return {
      latitude: Math.round((c.latitude + (r() - 0.5) * spread) * 1e7) / 1e7,
      longitude: Math.round((c.longitude + (r() - 0.5) * spread) * 1e7) / 1e7,
    };
  }

  function listing(): Partial<NewProperty> {
    return {
      ...position(),
      sellTypeId: r() < 0.7 ? 1 : 2,
      statusId: r() < 0.9 ? PROPERTY_STATUS.published : PROPERTY_STATUS.suspended,
      price: r() < 0.1 ? null : Math.round(50_000 + r() * 500_000),
      showAddress: r() < 0.75,
      publishedAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(r() * 300) * 86_400_000),
    };
  }

  async function insert(list: Partial<NewProperty>[]): Promise<number[]> {
    const rows = await db
      .insert(properties)
      .values(
        list.map((values) => ({ ownerUserId: owner, municipalityId: 33032, title: 'Casa in collina', ...values })),
      )
      .returning({ id: properties.id });
    return rows.map((row) => row.id);
  }

  const labIds = async (extra?: ReturnType<typeof eq>) =>
    (
      await db
        .select({ id: properties.id })
        .from(properties)
        .where(
          and(
            gte(properties.latitude, LAB.south),
            lte(properties.latitude, LAB.north),
            gte(properties.longitude, LAB.west),
            lte(properties.longitude, LAB.east),
            extra,
          ),
        )
        .orderBy(properties.id)
    ).map((row) => row.id);

  /** Views over the lab: the whole of it, and random ones at zooms 10 to 14, both sell types. */
  function views(): SearchParams[] {
    const out: SearchParams[] = [];
    const v = random(99);
    for (const sell of [1, 2] as const) {
      out.push(
        parseSearchParams({
          SellType: String(sell),
          Bounds: `${LAB.south},${LAB.west},${LAB.north},${LAB.east}`,
          Zoom: '10',
        }).params,
      );
      for (let i = 0; i < 12; i++) {
        const zoom = 10 + (i % 5);
        const degPerPx = 360 / (256 * 2 ** zoom);
        const c = clusters[i % clusters.length]!;
        const lat = c.latitude + (v() - 0.5) * 0.02;
        const lng = c.longitude + (v() - 0.5) * 0.02;
        const h = 300 * degPerPx * Math.cos((lat * Math.PI) / 180);
        const w = 400 * degPerPx;
        const f = (n: number) => n.toFixed(6);
        const params = parseSearchParams({
          SellType: String(sell),
          Bounds: `${f(lat - h)},${f(lng - w)},${f(lat + h)},${f(lng + w)}`,
          ...(i % 3 === 0 ? {} : { Zoom: String(zoom) }),
          Sort: i % 2 ? 'price-asc' : 'relevance',
        });
        expect(params.errors).toEqual({});
        out.push(params.params);
        // A circle there too, 300 m to 4 km, at its own zoom or a given one.
        const circle = parseSearchParams({
          SellType: String(sell),
          SearchType: 'circle',
          Lat: f(lat),
          Lng: f(lng),
          Radius: String(300 + Math.round(v() * 3700)),
          ...(i % 2 ? { Zoom: String(zoom) } : {}),
          Sort: i % 3 ? 'newest' : 'price-desc',
        });
        expect(circle.errors).toEqual({});
        out.push(circle.params);
      }
    }
    return out;
  }

  /** The cells answer and the live answer, for every view; and the views that the cells answered at all. */
  async function expectCellsEqualLive() {
    let fromCells = 0;
    for (const p of views()) {
      const cells = await searchListings(db, p);
      const live = await searchListings(db, p, { cells: false });
      expect(cells, JSON.stringify(p)).toEqual(live);
      if (
        p.Bounds
          ? planCells(p.Bounds, cells.Markers.Zoom)
          : planCircleCells({ latitude: p.Lat!, longitude: p.Lng! }, p.Radius!, LAB, cells.Markers.Zoom)
      )
        fromCells++;
    }
    expect(fromCells).toBeGreaterThan(30);
  }

  /** search_cells against the same aggregation made now from the listings, level by level. */
  async function expectTableFresh() {
    const kept = await db.execute<Record<string, unknown>>(sql`
      select sell_type_id, level, cy, cx, listings, latitude_nano_sum::text as lat, longitude_nano_sum::text as lon, min_id, price_sum::int8 as price_sum, priced
        from search_cells order by 1, 2, 3, 4`);
    const fresh = await db.execute<Record<string, unknown>>(sql`
      select sell_type_id, l as level, floor((geo)[1] / search_cell_size(l))::int as cy, floor((geo)[0] / search_cell_size(l))::int as cx,
             count(*)::int as listings, sum(search_nano((geo)[1]))::text as lat, sum(search_nano((geo)[0]))::text as lon, min(id) as min_id,
             coalesce(sum(price), 0)::int8 as price_sum, count(price)::int as priced
        from properties, generate_series(${SEARCH_CELL_LEVEL_MIN}::int, ${SEARCH_CELL_LEVEL_MAX}::int) as l
       where status_id = ${PROPERTY_STATUS.published} and sell_type_id is not null and geo is not null
       group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    // Every column exact, the coordinate sums too (integers: their text).
    const exact = (row: Record<string, unknown>) => [
      ...[row.sell_type_id, row.level, row.cy, row.cx, row.listings, row.min_id, row.price_sum, row.priced].map(Number),
      row.lat,
      row.lon,
    ];
    expect(kept.rows.map(exact)).toEqual(fresh.rows.map(exact));
  }

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
    app = await buildTestApp(testDb);
    db = testDb.database.db;
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    owner = user!.id;
    await insert(Array.from({ length: 400 }, listing));
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('after inserts: the cells answer as the listings do, and the table is the listings aggregated', async () => {
    await expectTableFresh();
    await expectCellsEqualLive();
    // And through the call: a view of the lab answers from the cells.
    const res = await app.inject({
      method: 'GET',
      url: '/api/Search/Listings',
      query: { Bounds: `${LAB.south},${LAB.west},${LAB.north},${LAB.east}`, Zoom: '11' },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { Total: number }).Total).toBeGreaterThan(200);
  });

  it('after price changes (to and from no price)', async () => {
    const ids = await labIds();
    for (const [i, id] of ids.slice(0, 60).entries()) {
      await db
        .update(properties)
        .set({ price: i % 7 === 0 ? null : 60_000 + i * 1000 })
        .where(eq(properties.id, id));
    }
    await db
      .update(properties)
      .set({ price: 99_000 })
      .where(inArray(properties.id, ids.slice(60, 80)));
    await expectTableFresh();
    await expectCellsEqualLive();
  });

  it('after status changes: published listings suspended, sold, and published again', async () => {
    const ids = await labIds();
    await db
      .update(properties)
      .set({ statusId: PROPERTY_STATUS.suspended })
      .where(inArray(properties.id, ids.slice(0, 40)));
    await db
      .update(properties)
      .set({ statusId: PROPERTY_STATUS.sold })
      .where(inArray(properties.id, ids.slice(40, 50)));
    await db
      .update(properties)
      .set({ statusId: PROPERTY_STATUS.published })
      .where(inArray(properties.id, ids.slice(20, 45)));
    await expectTableFresh();
    await expectCellsEqualLive();
  });

  it("after deletes, among them each cell's smallest id", async () => {
    // The smallest ids of the lab are the smallest of their cells at every level.
    const ids = await labIds(eq(properties.statusId, PROPERTY_STATUS.published));
    await db.delete(properties).where(inArray(properties.id, ids.slice(0, 25)));
    for (const id of ids.slice(25, 40)) await db.delete(properties).where(eq(properties.id, id));
    // Every listing of a neighbourhood in one statement: cells emptied by several row triggers.
    const c = clusters[0]!;
    await db
      .delete(properties)
      .where(
        and(
          gte(properties.latitude, c.latitude - 0.002),
          lte(properties.latitude, c.latitude + 0.002),
          gte(properties.longitude, c.longitude - 0.003),
          lte(properties.longitude, c.longitude + 0.003),
        ),
      );
    await expectTableFresh();
    await expectCellsEqualLive();
  });

  it('after moves (to another cell, out of the map and back), hidden addresses and sell types changed, and new listings', async () => {
    const ids = await labIds();
    for (const id of ids.slice(0, 30)) await db.update(properties).set(position()).where(eq(properties.id, id));
    await db
      .update(properties)
      .set({ latitude: null, longitude: null })
      .where(inArray(properties.id, ids.slice(30, 40)));
    await db
      .update(properties)
      .set({ latitude: 44.7, longitude: 9.4 })
      .where(inArray(properties.id, ids.slice(35, 40)));
    await db
      .update(properties)
      .set({ showAddress: false })
      .where(inArray(properties.id, ids.slice(40, 60)));
    await db
      .update(properties)
      .set({ showAddress: true })
      .where(inArray(properties.id, ids.slice(50, 55)));
    await db
      .update(properties)
      .set({ sellTypeId: 2 })
      .where(inArray(properties.id, ids.slice(60, 70)));
    await db
      .update(properties)
      .set({ sellTypeId: null })
      .where(inArray(properties.id, ids.slice(70, 72)));
    // An update that changes nothing the cells hold (the title) leaves them as they are.
    await db
      .update(properties)
      .set({ title: 'Casa ristrutturata' })
      .where(inArray(properties.id, ids.slice(80, 120)));
    await insert(Array.from({ length: 60 }, listing));
    await expectTableFresh();
    await expectCellsEqualLive();
  });

  it('search_cells_rebuild() gives the same table', async () => {
    await db.execute(sql`select search_cells_rebuild()`);
    await expectTableFresh();
    await expectCellsEqualLive();
  });
});
