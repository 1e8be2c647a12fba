import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSearchParams, type SearchParams } from '@domain/search';
import type { Db } from '../../server/db/database';
import { PROPERTY_STATUS } from '../../server/db/reference-ids';
import * as schema from '../../server/db/schema';
import { properties, users } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { walkCells } from '../../server/modules/search/page-plan';
import { searchListings, searchPage } from '../../server/modules/search/repository';
import { BACKENDS, openTestDatabase } from './helpers';

// A page sorted by price or by date (newest, relevance) over an area held by a few cells of level 8 walks
// those cells in the sort's order, merged (properties_cell_price_idx, migration 0010;
// properties_cell_published_idx, migration 0015; docs/scaling.md, "Search"). Its pages must be those of
// the GiST path (the area's listings sorted): the same items in the same order, the same cursors, so
// paging on gives the whole list once. The listings sit around a corner of four cells of level 8
// (44.82421875° N, 9.4921875° E, in the hills south of Piacenza: no demo listings there), so the views
// cross the cells' borders. PostgreSQL walks; PGlite never does (both answers come from the GiST there).

const CORNER = { latitude: 85 * 0.52734375, longitude: 18 * 0.52734375 };

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe.each(BACKENDS)('search pages walked by cell ($name)', (backend) => {
  let testDb: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
    db = testDb.database.db;
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    const r = random(11);
    await db.insert(properties).values(
      Array.from({ length: 300 }, () => ({
        ownerUserId: user!.id,
        municipalityId: 33032,
        title: 'Casa in collina',
        latitude: Math.round((CORNER.latitude + (r() - 0.5) * 0.08) * 1e7) / 1e7,
        longitude: Math.round((CORNER.longitude + (r() - 0.5) * 0.1) * 1e7) / 1e7,
        sellTypeId: r() < 0.7 ? 1 : 2,
        statusId: r() < 0.9 ? PROPERTY_STATUS.published : PROPERTY_STATUS.suspended,
        // Few distinct prices, so ties are broken by the id; some without a price (last in both orders).
        price: r() < 0.1 ? null : 100_000 + Math.floor(r() * 40) * 5_000,
        showAddress: r() < 0.75,
        // Few distinct days, so ties again; a few never published (last by date).
        publishedAt: r() < 0.05 ? null : new Date(Date.UTC(2026, 9, 1 + Math.floor(r() * 30))),
        // Some bought the first row (relevance puts them first), some bought it long ago.
        highlightedUntil:
          r() < 0.12 ? new Date(Date.now() + 30 * 86_400_000) : r() < 0.1 ? new Date(Date.now() - 86_400_000) : null,
      })),
    );
  }, 240_000);

  afterAll(async () => {
    await testDb?.cleanup();
  });

  /** Views (at zooms 11-14), circles and polygons around the corner, both sell types, both price orders, newest and relevance. */
  function searches(): SearchParams[] {
    const v = random(5);
    const f = (n: number) => n.toFixed(6);
    const out: SearchParams[] = [];
    const sorts = ['price-asc', 'price-desc', 'newest', 'relevance'];
    for (let i = 0; i < 24; i++) {
      const sell = String(1 + (i % 2));
      const sort = sorts[Math.floor(i / 2) % sorts.length]!;
      const lat = CORNER.latitude + (v() - 0.5) * 0.03;
      const lng = CORNER.longitude + (v() - 0.5) * 0.04;
      const zoom = 11 + (i % 4);
      const degPerPx = 360 / (256 * 2 ** zoom);
      const h = 300 * degPerPx * Math.cos((lat * Math.PI) / 180);
      const w = 400 * degPerPx;
      const queries: Record<string, string>[] = [
        {
          SellType: sell,
          Sort: sort,
          Bounds: `${f(lat - h)},${f(lng - w)},${f(lat + h)},${f(lng + w)}`,
          Zoom: String(zoom),
        },
        {
          SellType: sell,
          Sort: sort,
          SearchType: 'circle',
          Lat: f(lat),
          Lng: f(lng),
          Radius: String(1000 + Math.round(v() * 3000)),
        },
        {
          SellType: sell,
          Sort: sort,
          SearchType: 'draw',
          Polygon: `${f(lat - 0.01)},${f(lng - 0.015)};${f(lat - 0.012)},${f(lng + 0.01)};${f(lat + 0.011)},${f(lng + 0.014)};${f(lat + 0.009)},${f(lng - 0.012)}`,
        },
      ];
      for (const query of queries) {
        const parsed = parseSearchParams({ ...query, PageSize: String(3 + (i % 5)) });
        expect(parsed.errors).toEqual({});
        out.push(parsed.params);
      }
    }
    return out;
  }

  /** Every page of a search, as the call answers it (items and cursor), until the last. */
  async function pages(p: SearchParams, walk: boolean) {
    const out: { ids: number[]; cursor: string | null }[] = [];
    let cursor: string | undefined;
    for (;;) {
      const result = await searchListings(db, { ...p, Cursor: cursor }, { walk });
      out.push({ ids: result.Items.map((i) => i.Id), cursor: result.NextCursor });
      if (!result.NextCursor) return out;
      cursor = result.NextCursor;
      expect(out.length).toBeLessThan(200);
    }
  }

  it('the pages walked by cell are those of the GiST path, page by page, cursors too', async () => {
    let acrossCells = 0;
    for (const p of searches()) {
      const walked = await pages(p, true);
      const sorted = await pages(p, false);
      expect(walked, JSON.stringify(p)).toEqual(sorted);
      const all = walked.flatMap((page) => page.ids);
      expect(new Set(all).size).toBe(all.length);
      expect(all.length).toBeGreaterThan(0);
      const first = await searchListings(db, p);
      if (
        first.Area.Bounds &&
        (walkCells({
          south: first.Area.Bounds.South,
          west: first.Area.Bounds.West,
          north: first.Area.Bounds.North,
          east: first.Area.Bounds.East,
        })?.cells.length ?? 0) > 1
      )
        acrossCells++;
    }
    // Most areas lie across the corner: the merge of several cells' walks is what is compared.
    expect(acrossCells).toBeGreaterThan(36);
  }, 180_000);

  it('walkCells: the cells of level 8 that hold a box, at most six', () => {
    const box = {
      south: CORNER.latitude - 0.01,
      west: CORNER.longitude - 0.01,
      north: CORNER.latitude + 0.01,
      east: CORNER.longitude + 0.01,
    };
    expect(walkCells(box)?.cells).toEqual([
      { cy: 84, cx: 17 },
      { cy: 84, cx: 18 },
      { cy: 85, cx: 17 },
      { cy: 85, cx: 18 },
    ]);
    expect(walkCells({ ...box, west: CORNER.longitude - 0.6 })?.cells).toHaveLength(6);
    expect(walkCells({ ...box, west: CORNER.longitude - 0.6, north: CORNER.latitude + 0.6 })).toBeNull();
    expect(walkCells({ ...box, west: box.east + 1 })).toBeNull();
  });

  /** The plan of the page statement of a next page (EXPLAIN ANALYZE of the text the module sent), its nodes flat. */
  async function nextPagePlan(query: Record<string, string>): Promise<PlanNode[]> {
    const captured: { sql: string; params: unknown[] }[] = [];
    const pool = new pg.Pool({ connectionString: testDb.url, max: 1 });
    try {
      const capturing = drizzle({
        client: pool,
        schema,
        logger: { logQuery: (text, params) => captured.push({ sql: text, params }) },
      }) as unknown as Db;
      const p = parseSearchParams(query).params;
      const first = await searchListings(capturing, p);
      expect(first.NextCursor).not.toBeNull();
      captured.length = 0;
      // The page alone: searchListings carries the view's markers in the page's statement (their border strips
      // read properties_geo_gist), and this looks at the page's own plan.
      await searchPage(capturing, { ...p, Cursor: first.NextCursor! });
      const page = captured.find((q) => q.sql.includes('union all') && q.sql.includes('0.52734375'));
      expect(page).toBeDefined();
      // A table this small is cheaper to read whole and sort, and the planner does: with those priced out, the
      // plan is the one of a large table (docs/scaling.md, "Search"), which needs the statement's cell
      // expressions and conditions to be those of the cell indexes.
      await pool.query('set enable_seqscan = off');
      await pool.query('set enable_sort = off');
      const [plan] = (await pool.query(`explain (analyze, format json) ${page!.sql}`, page!.params)).rows as {
        'QUERY PLAN': { Plan: PlanNode }[];
      }[];
      const nodes: PlanNode[] = [];
      const visit = (node: PlanNode) => {
        nodes.push(node);
        for (const child of node.Plans ?? []) visit(child);
      };
      visit(plan!['QUERY PLAN'][0]!.Plan);
      return nodes;
    } finally {
      await pool.end();
    }
  }

  const f = (n: number) => n.toFixed(6);
  const cornerView = {
    Zoom: '12',
    Bounds: `${f(CORNER.latitude - 0.03)},${f(CORNER.longitude - 0.04)},${f(CORNER.latitude + 0.03)},${f(CORNER.longitude + 0.04)}`,
  };

  // Relevance: a page of 40 ends past the highlighted listings (a few dozen in the view), so the next one walks.
  for (const [sort, index, pageSize] of [
    ['price-asc', 'properties_cell_price_idx', '5'],
    ['newest', 'properties_cell_published_idx', '5'],
    ['relevance', 'properties_cell_published_idx', '40'],
  ] as const) {
    if (!backend.postgres) continue;
    it(`on PostgreSQL a next page (${sort}) can walk the cells: one walk of ${index} per cell the view touches (four at this corner), by its expressions, merged, and no GiST`, async () => {
      const nodes = await nextPagePlan({ SellType: '1', Sort: sort, ...cornerView, PageSize: pageSize });
      const cellScans = nodes.filter((n) => n['Index Name'] === index);
      expect(cellScans).toHaveLength(4);
      for (const scan of cellScans) expect(scan['Index Cond']).toMatch(/0\.52734375/);
      expect(cellScans.reduce((sum, n) => sum + n['Actual Rows'], 0)).toBeGreaterThan(0);
      expect(nodes.some((n) => n['Node Type'] === 'Merge Append')).toBe(true);
      // The GiST path (the fallback when the walk ends short) never ran.
      expect(nodes.filter((n) => n['Index Name'] === 'properties_geo_gist').every((n) => n['Actual Loops'] === 0)).toBe(
        true,
      );
    });
  }
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}
