/**
 * Bench section `search` (`npm run bench -- search`): the search's database cost on synthetic
 * listings (scripts/db-synthetic.ts), then the search call under load.
 *
 * Data sets: PGlite with 10,000 listings (a temporary data folder) and PostgreSQL with
 * 1,000,000 (database rexer_bench on the bench's PostgreSQL server, filled once by
 * db:synthetic and reused while it holds at least a million synthetic listings; skipped when
 * no PostgreSQL answers). For each, ~200 runs of:
 *   (a) a map viewport (800×600 px at zoom 12 around one of the ten largest cities): the search
 *       module's searchListings (total and extent, the first page, the clustered markers);
 *   (b) a circle of 2 km around town centres picked by population: the same call;
 *   (c) a drawn polygon (an irregular octagon about 1.5 km across) near town centres: the same call;
 *   (d) the next page: the page query alone (searchPage: one statement, the page's ids from the cursor and their
 *       rows) for the second page of the viewport sorted by price, with the cursor page 1 gave;
 *   (a') (b') (c') (d') the database's part of each: the same statements as the module sent them, sent again as
 *       it sends them (side by side, named prepared statements on the connections of generic plans): the round
 *       trips and PostgreSQL's execution, not the module's building of the texts and mapping of the rows.
 * Before each timed pass, as many searches of the same shapes elsewhere (another seed) run untimed: every
 * connection has prepared its statements, as a long-running server's have (each new statement text is
 * planned once per connection: 1-3 ms that a fresh process would otherwise count in its p95); the timed
 * searches' own pages are not read before.
 * Each query's plan (EXPLAIN of the SQL the module sent) is printed by the indexes it uses,
 * and any sequential scan of properties is flagged. The goals (1M on PostgreSQL): viewport
 * ≤ 5 ms, circle and polygon ≤ 10 ms, next page ≤ 2 ms.
 *
 * Then GET /api/Search/Listings (a 2 km circle around Milano's centre) on a running server
 * beside a bare Fastify route sending the same bytes, 50 connections: goal ≥ 0.25× the bare
 * route's requests per second and p95 < 50 ms. On PostgreSQL 1M when available, else PGlite 10k.
 * Three runs (measureCall): hot (the same search: the answer cache's figure), cold (a different
 * circle every request: the search's own figure) and hot with the search's rate limit counting;
 * then the cold search again at 16 connections beside the bare route at 16, against its own goal
 * (≥ 0.025× the bare route's requests per second, p97.5 < 50 ms, no errors).
 *
 * Settings: BENCH_SEARCH_DATABASE_URL (default: the rexer_bench database beside
 * TEST_POSTGRES_URL / DATABASE_URL, else postgres://postgres@127.0.0.1:5432/rexer_bench),
 * BENCH_SEARCH_RUNS (200), BENCH_SEARCH_LISTINGS (1000000), BENCH_SEARCH_PGLITE_LISTINGS (10000),
 * BENCH_SEARCH_PARTS (pglite,postgres,call,pages: the parts to run, for working on one of them; the call
 * and the pages run on the largest data set of the run). `pages`: every public page's HTML weight, the
 * share of it in inline scripts (the router's hydration data) and its render time, one request at a
 * time, with the page cache off (the render itself).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { toSearchQuery, type Bounds, type LatLng, type SearchParams } from '@domain/search';
import { openDatabase, openPgliteDatabase, type Db } from '../../server/db/database';
import { GENERIC_PLAN_OPTIONS, runNamedStatementsOn } from '../../server/db/generic-plans';
import * as schema from '../../server/db/schema';
import { searchListings, searchPage } from '../../server/modules/search/repository';
import { LocalFileStorage } from '../../server/storage/file-storage';
import { countSynthetic, createRandom, generateSynthetic, resetSynthetic } from '../../scripts/db-synthetic';
import { startBareServer } from './bare-server';
import { compareWithBare } from './throughput';
import { measureThroughput, percentile, type LoadResult } from './load';
import { startServer, type RunningServer } from './server-process';

const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const PG_LISTINGS = Number(process.env.BENCH_SEARCH_LISTINGS ?? 1_000_000);
const PGLITE_LISTINGS = Number(process.env.BENCH_SEARCH_PGLITE_LISTINGS ?? 10_000);
const SEED = 1;
const PARTS = new Set(
  (process.env.BENCH_SEARCH_PARTS ?? 'pglite,postgres,call,pages').split(',').map((part) => part.trim()),
);
/** Goals at 1M on PostgreSQL, in ms (p95 of the database time). */
const GOAL_MS = {
  viewport: 5,
  viewportStatements: 5,
  circle: 10,
  circleStatements: 10,
  polygon: 10,
  polygonStatements: 10,
  nextPage: 2,
  nextPageStatement: 2,
} as const;
const CALL_GOAL = { ratio: 0.25, p95Ms: 50 } as const;
/** The cold search's own goal (a new circle every request, nothing cached): 16 connections, against the bare route at 16. */
const COLD_GOAL = { connections: 16, ratio: 0.025, p975Ms: 50 } as const;

type Scenario = keyof typeof GOAL_MS;
const LABEL: Record<Scenario, string> = {
  viewport: '(a) viewport z12: total + markers + page 1',
  viewportStatements: "(a') its statements alone, side by side",
  circle: '(b) circle 2 km: total + markers + page 1',
  circleStatements: "(b') its statements alone, side by side",
  polygon: '(c) polygon ~1.5 km: total + markers + page 1',
  polygonStatements: "(c') its statements alone, side by side",
  nextPage: '(d) next page (keyset, price sort)',
  nextPageStatement: "(d') its statement alone, built text",
};

interface Captured {
  sql: string;
  params: unknown[];
}

/** A database for the bench: the app's Db with a logger that can capture the SQL sent, and a raw query for EXPLAIN. */
interface BenchDb {
  label: string;
  listings: number;
  db: Db;
  capture<T>(work: () => Promise<T>): Promise<{ value: T; queries: Captured[] }>;
  query(text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  /** The text as a named prepared statement (PostgreSQL: planned once per connection, as the module sends its page). */
  prepared(name: string, text: string, params: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

function capturingLogger() {
  let sink: Captured[] | null = null;
  return {
    logger: { logQuery: (query: string, params: unknown[]) => sink?.push({ sql: query, params }) },
    async capture<T>(work: () => Promise<T>) {
      sink = [];
      const queries = sink;
      try {
        return { value: await work(), queries };
      } finally {
        sink = null;
      }
    },
  };
}

async function openBenchPglite(dataDir: string, listings: number): Promise<BenchDb> {
  const { client, close } = await openPgliteDatabase({ dataDir });
  const { logger, capture } = capturingLogger();
  const db = drizzlePglite({ client, schema, logger }) as unknown as Db;
  return {
    label: `PGlite ${(listings / 1000).toFixed(0)}k`,
    listings,
    db,
    capture,
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    // PGlite has no named statements: the text is parsed and planned every time, as the module's page is there.
    prepared: (_name, text, params) => client.query(text, params),
    close,
  };
}

async function openBenchPostgres(url: string, listings: number): Promise<BenchDb> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // As the app's search connections: the named statements on connections of generic plans (server/db/generic-plans.ts).
  const genericPool = new pg.Pool({ connectionString: url, max: 2, options: GENERIC_PLAN_OPTIONS });
  for (const p of [pool, genericPool]) p.on('error', () => {});
  const { logger, capture } = capturingLogger();
  const db = drizzleNodePg({ client: pool, schema, logger }) as unknown as Db;
  runNamedStatementsOn(db, drizzleNodePg({ client: genericPool, schema, logger }) as unknown as Db);
  return {
    label: `PostgreSQL ${listings >= 1e6 ? `${(listings / 1e6).toFixed(1)}M` : `${(listings / 1000).toFixed(0)}k`}`,
    listings,
    db,
    capture,
    query: async (text, params) => (await pool.query(text, params)).rows as Record<string, unknown>[],
    prepared: (name, text, values) => genericPool.query({ name, text, values }),
    close: () => Promise.all([pool.end(), genericPool.end()]).then(() => undefined),
  };
}

// ---------------------------------------------------------------------------------------
// Places and searches.

interface Town {
  name: string;
  latitude: number;
  longitude: number;
  population: number;
}

async function loadTowns(b: BenchDb): Promise<Town[]> {
  const rows = await b.query(
    'select name, latitude, longitude, coalesce(population, 500) as population from municipalities where latitude is not null and longitude is not null order by id',
    [],
  );
  return rows.map((r) => ({
    name: String(r.name),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    population: Number(r.population),
  }));
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** The view of an 800×600 px map at a zoom (256 px tiles, Web Mercator near the centre). */
function viewport(center: LatLng, zoom: number): Bounds {
  const degPerPx = 360 / (256 * 2 ** zoom);
  const halfLng = (800 / 2) * degPerPx;
  const halfLat = (600 / 2) * degPerPx * Math.cos((center.latitude * Math.PI) / 180);
  return {
    south: round6(center.latitude - halfLat),
    west: round6(center.longitude - halfLng),
    north: round6(center.latitude + halfLat),
    east: round6(center.longitude + halfLng),
  };
}

/** An irregular octagon of about `radiusM` around a point, counter-clockwise. */
function octagon(center: LatLng, radiusM: number, r: ReturnType<typeof createRandom>): LatLng[] {
  const points: LatLng[] = [];
  for (let i = 0; i < 8; i++) {
    const angle = (i / 8) * 2 * Math.PI + r.next() * 0.3;
    const d = radiusM * (0.75 + r.next() * 0.5);
    points.push({
      latitude: round6(center.latitude + (d * Math.sin(angle)) / 111_320),
      longitude: round6(
        center.longitude + (d * Math.cos(angle)) / (111_320 * Math.cos((center.latitude * Math.PI) / 180)),
      ),
    });
  }
  return points;
}

function searches(towns: Town[], seed = SEED) {
  const r = createRandom(seed);
  const biggest = [...towns].sort((a, b) => b.population - a.population).slice(0, 10);
  const total = towns.reduce((sum, t) => sum + t.population, 0);
  const byPopulation = () => {
    let target = r.next() * total;
    for (const t of towns) {
      target -= t.population;
      if (target < 0) return t;
    }
    return towns[towns.length - 1];
  };
  const near = (t: Town, metres: number): LatLng => {
    const d = metres * r.next();
    const angle = r.next() * 2 * Math.PI;
    return {
      latitude: round6(t.latitude + (d * Math.sin(angle)) / 111_320),
      longitude: round6(t.longitude + (d * Math.cos(angle)) / (111_320 * Math.cos((t.latitude * Math.PI) / 180))),
    };
  };
  const base = { SellType: 1 as const, Sort: 'relevance' as const };
  const viewports: SearchParams[] = [];
  const circles: SearchParams[] = [];
  const polygons: SearchParams[] = [];
  for (let i = 0; i < RUNS; i++) {
    const city = biggest[i % biggest.length];
    viewports.push({ ...base, SearchType: 'free', Bounds: viewport(near(city, 1500), 12), Zoom: 12 });
    const town = byPopulation();
    const centre = near(town, 300);
    circles.push({ ...base, SearchType: 'circle', Lat: centre.latitude, Lng: centre.longitude, Radius: 2000 });
    polygons.push({ ...base, SearchType: 'draw', Polygon: octagon(near(byPopulation(), 1500), 750, r) });
  }
  return { viewports, circles, polygons, milano: biggest.find((t) => t.name === 'Milano') ?? biggest[0] };
}

// ---------------------------------------------------------------------------------------
// Plans.

interface PlanSummary {
  indexes: string[];
  seqScans: string[];
  ms: number | null;
  planMs: number | null;
  /** How properties was read: node, rows, heap blocks (bitmap) or heap fetches (index-only). */
  scans: string[];
}

function walkPlan(node: Record<string, unknown>, out: PlanSummary) {
  const index = node['Index Name'];
  if (typeof index === 'string' && !out.indexes.includes(index)) out.indexes.push(index);
  if (node['Relation Name'] === 'properties' && String(node['Node Type']).includes('Scan')) {
    const blocks = node['Exact Heap Blocks'] ?? node['Heap Fetches'];
    out.scans.push(
      `${String(node['Node Type'])} ${String(node['Actual Rows'])} rows${blocks === undefined ? '' : `, ${String(blocks)} ${node['Heap Fetches'] === undefined ? 'heap blocks' : 'heap fetches'}`}`,
    );
  }
  if (node['Node Type'] === 'Seq Scan') {
    const relation = String(node['Relation Name']);
    if (!out.seqScans.includes(relation)) out.seqScans.push(relation);
  }
  for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walkPlan(child, out);
}

/** EXPLAIN ANALYZE of a captured query: the indexes used, the sequential scans, the execution time. */
async function explain(b: BenchDb, q: Captured): Promise<PlanSummary> {
  const rows = await b.query(`explain (analyze, format json) ${q.sql}`, q.params);
  const raw = rows[0]['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan: Record<string, unknown>;
    'Execution Time'?: number;
    'Planning Time'?: number;
  }[];
  const out: PlanSummary = {
    indexes: [],
    seqScans: [],
    ms: doc[0]['Execution Time'] ?? null,
    planMs: doc[0]['Planning Time'] ?? null,
    scans: [],
  };
  walkPlan(doc[0].Plan, out);
  return out;
}

/** What a captured query is, from its text: the search module sends the total, the page and the markers. */
function queryKind(text: string): string {
  if (/"properties"\."id" = any\(/i.test(text)) return 'rows';
  if (/group by/i.test(text)) return 'markers';
  if (/count\(\*\)::int/i.test(text) && /min\(/i.test(text)) return 'total';
  if (/order by/i.test(text)) return 'page';
  return 'other';
}

// ---------------------------------------------------------------------------------------
// Measuring.

interface ScenarioResult {
  scenario: Scenario;
  p50: number;
  p95: number;
  /** Mean number of listings in the result set (Total). */
  rows: number;
  plans: { kind: string; plan: PlanSummary }[];
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
}

async function measureCalls(
  b: BenchDb,
  scenario: Scenario,
  list: SearchParams[],
  warm: SearchParams[],
): Promise<ScenarioResult> {
  // Warm-up: searches of the same shapes elsewhere (another seed), untimed, so that each connection has
  // prepared its statements as a running server's have; then the plans of the first search.
  for (const p of warm) await searchListings(b.db, p);
  const { queries } = await b.capture(() => searchListings(b.db, list[0]));
  const plans = [];
  for (const q of queries) plans.push({ kind: queryKind(q.sql), plan: await explain(b, q) });
  const times: number[] = [];
  let rows = 0;
  for (const p of list) {
    const t0 = performance.now();
    const result = await searchListings(b.db, p);
    times.push(performance.now() - t0);
    rows += result.Total;
  }
  times.sort((x, y) => x - y);
  return {
    scenario,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    rows: Math.round(rows / list.length),
    plans,
  };
}

/** The second page of each of the first ten viewports sorted by price: the cursor as page 1 gave it. */
async function secondPages(b: BenchDb, viewports: SearchParams[]): Promise<SearchParams[]> {
  const pages: SearchParams[] = [];
  for (const p of viewports.slice(0, 10)) {
    const first = await searchListings(b.db, { ...p, Sort: 'price-asc' });
    if (first.NextCursor) pages.push({ ...p, Sort: 'price-asc', Cursor: first.NextCursor });
  }
  if (pages.length === 0) throw new Error('no viewport had a second page');
  return pages;
}

async function measureNextPage(
  b: BenchDb,
  viewports: SearchParams[],
  warmViewports: SearchParams[],
): Promise<ScenarioResult> {
  // The second page of each big city's viewport sorted by price, through the module's page query
  // (searchPage: the page's ids from the cursor on and their rows, one statement); warmed on other viewports' pages.
  const pages = await secondPages(b, viewports);
  for (const p of [...(await secondPages(b, warmViewports)), ...pages])
    for (let i = 0; i < 3; i++) await searchPage(b.db, p);
  const { queries } = await b.capture(() => searchPage(b.db, pages[0]));
  const plans = [];
  for (const q of queries)
    plans.push({ kind: queryKind(q.sql) === 'page' ? 'page 2' : queryKind(q.sql), plan: await explain(b, q) });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await time(() => searchPage(b.db, pages[i % pages.length])));
  times.sort((x, y) => x - y);
  return { scenario: 'nextPage', p50: percentile(times, 50), p95: percentile(times, 95), rows: 20, plans };
}

/** A statement's name for the bench: its text's hash, as the module names its own (one name, one text). */
const benchName = (text: string) => `bench_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/**
 * (a') (b') (c') The database's part of (a) (b) (c): the statements each search sent (captured), sent again
 * as the module sends them, side by side, as named prepared statements on the connections of generic plans,
 * timed from the first send to the last row of the last: the round trips and PostgreSQL's execution,
 * without the module building the texts and mapping the rows. Warmed like (a) (b) (c), on the statements of
 * the searches elsewhere.
 */
async function measureStatements(
  b: BenchDb,
  scenario: Scenario,
  list: SearchParams[],
  warm: SearchParams[],
): Promise<ScenarioResult> {
  const statementsOf = async (searches: SearchParams[]) => {
    const sets: Captured[][] = [];
    for (const p of searches) sets.push((await b.capture(() => searchListings(b.db, p))).queries);
    return sets;
  };
  const runSet = (set: Captured[]) => Promise.all(set.map((q) => b.prepared(benchName(q.sql), q.sql, q.params)));
  for (const set of await statementsOf(warm)) await runSet(set);
  const times: number[] = [];
  for (const set of await statementsOf(list)) times.push(await time(() => runSet(set)));
  times.sort((x, y) => x - y);
  return { scenario, p50: percentile(times, 50), p95: percentile(times, 95), rows: 0, plans: [] };
}

/**
 * (d') The database's part of (d): each page's statement exactly as the module sent it (captured),
 * sent again as a named prepared statement and timed from the send to the last row: the round trip
 * and PostgreSQL's execution, without the module building the text and mapping the rows.
 */
async function measureNextPageStatement(b: BenchDb, viewports: SearchParams[]): Promise<ScenarioResult> {
  const statements: Captured[] = [];
  for (const p of viewports.slice(0, 10)) {
    const first = await searchListings(b.db, { ...p, Sort: 'price-asc' });
    if (!first.NextCursor) continue;
    const { queries } = await b.capture(() => searchPage(b.db, { ...p, Sort: 'price-asc', Cursor: first.NextCursor! }));
    statements.push(...queries);
  }
  if (statements.length === 0) throw new Error('no viewport had a second page');
  const run = (i: number) => {
    const q = statements[i % statements.length];
    return b.prepared(benchName(q.sql), q.sql, q.params);
  };
  for (let i = 0; i < statements.length * 3; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await time(() => run(i)));
  times.sort((x, y) => x - y);
  return { scenario: 'nextPageStatement', p50: percentile(times, 50), p95: percentile(times, 95), rows: 20, plans: [] };
}

function printResults(b: BenchDb, results: ScenarioResult[], withGoals: boolean) {
  console.log(
    `\n${b.label} (${b.listings.toLocaleString('en')} synthetic listings), ${RUNS} runs each (ms; (a)-(d): the search module's whole work, (a')-(d'): the database's part):`,
  );
  console.log(
    `${'search'.padEnd(46)} ${'results'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}  ${withGoals ? 'goal (p95)' : ''}`,
  );
  for (const r of results) {
    const goal = GOAL_MS[r.scenario];
    const verdict = withGoals ? `≤ ${goal} ms  ${r.p95 <= goal ? 'within goal' : 'OVER GOAL'}` : '';
    console.log(
      `${LABEL[r.scenario].padEnd(46)} ${(r.rows > 0 ? String(r.rows) : '').padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p95.toFixed(2).padStart(8)}  ${verdict}`,
    );
    for (const { kind, plan } of r.plans) {
      const seq = plan.seqScans.includes('properties') ? '  SEQ SCAN ON properties' : '';
      const others = plan.seqScans.filter((s) => s !== 'properties');
      console.log(
        `    ${kind.padEnd(8)} ${plan.ms === null ? '' : `run ${plan.ms.toFixed(2)} ms, plan ${(plan.planMs ?? 0).toFixed(2)} ms  `}indexes: ${plan.indexes.join(', ') || 'none'}${others.length > 0 ? `; seq scans of ${others.join(', ')}` : ''}${seq}` +
          (plan.scans.length > 0 ? `\n             properties read by: ${plan.scans.join('; ')}` : ''),
      );
    }
  }
}

/** The indexes the search relies on (migration 0004): a load killed half-way (db:synthetic drops and rebuilds them) leaves them missing. */
const SEARCH_INDEXES = [
  'properties_geo_gist',
  'properties_earth_gist',
  'properties_sort_price_idx',
  'properties_search_vector_gin',
  'properties_published_at_idx',
];

async function measureDatabase(b: BenchDb, withGoals: boolean) {
  const present = new Set(
    (await b.query(`select indexname from pg_indexes where tablename = 'properties'`, [])).map((r) =>
      String(r.indexname),
    ),
  );
  const missing = SEARCH_INDEXES.filter((name) => !present.has(name));
  if (missing.length > 0)
    throw new Error(
      `${b.label}: indexes missing (${missing.join(', ')}): was a db:synthetic load interrupted? Run it again with --reset`,
    );
  const towns = await loadTowns(b);
  const s = searches(towns);
  const warm = searches(towns, SEED + 1);
  await b.query('analyze properties', []);
  const results = [
    await measureCalls(b, 'viewport', s.viewports, warm.viewports),
    await measureStatements(b, 'viewportStatements', s.viewports, warm.viewports),
    await measureCalls(b, 'circle', s.circles, warm.circles),
    await measureStatements(b, 'circleStatements', s.circles, warm.circles),
    await measureCalls(b, 'polygon', s.polygons, warm.polygons),
    await measureStatements(b, 'polygonStatements', s.polygons, warm.polygons),
    await measureNextPage(b, s.viewports, warm.viewports),
    await measureNextPageStatement(b, s.viewports),
  ];
  printResults(b, results, withGoals);
  return s.milano;
}

// ---------------------------------------------------------------------------------------
// The call.

function printLoad(r: LoadResult, label: string) {
  const statuses = Object.entries(r.failedStatuses ?? {}).map(([status, n]) => `${n} × ${status}`);
  console.log(
    `${label.padEnd(14)} p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  p97.5 ${r.p975.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ${r.rps.toFixed(0)} req/s  errors ${r.errors}/${r.requests}` +
      `${r.timeouts ? `, ${r.timeouts} timeouts` : ''}${statuses.length ? `, ${statuses.join(', ')}` : ''}`,
  );
}

/** A different circle each time (the nth request): within 3 km of Milano's centre, 1.5 to 2.5 km across, never the same twice. */
function variedCircle(milano: Town, n: number): string {
  const dy = ((n * 7919) % 20001) - 10000;
  const dx = ((n * 104729) % 20001) - 10000;
  const params: Partial<SearchParams> = {
    SearchType: 'circle',
    Lat: round6(milano.latitude + dy * 2.7e-6),
    Lng: round6(milano.longitude + dx * 3.8e-6),
    Radius: 1500 + ((n * 31) % 1001),
  };
  return `/api/Search/Listings?${new URLSearchParams(toSearchQuery(params)).toString()}`;
}

type Throughput = { connections: number; durationSeconds: number; warmupSeconds: number };

/**
 * The call under load, three ways, each beside the same bare route:
 *  - hot: the same search again and again, as a popular results page gets it: after the first, answers
 *    come from the server's answer cache (SEARCH_CACHE_SECONDS, 5 s): what the cache gives, not the search;
 *  - cold: a different circle around Milano for every request (never in the cache): the search itself;
 *  - hot with the search's rate limit counting (SEARCH_RATE_LIMIT_MAX, in the database): the same as hot,
 *    from 1,000 client addresses (X-Forwarded-For; the bench's server trusts its loopback proxy).
 * The bench's server runs with the per-IP limits off; the third run starts one with the search's limit on.
 */
async function measureCall(
  start: (env: Record<string, string>) => Promise<RunningServer>,
  milano: Town,
  dataset: string,
  throughput: Throughput,
) {
  const params: Partial<SearchParams> = {
    SearchType: 'circle',
    Lat: round6(milano.latitude),
    Lng: round6(milano.longitude),
    Radius: 2000,
  };
  const url = `/api/Search/Listings?${new URLSearchParams(toSearchQuery(params)).toString()}`;
  console.log(
    `\nGET ${url} on ${dataset}, vs a bare Fastify route sending the same bytes (${throughput.connections} connections, ${throughput.durationSeconds} s each after ${throughput.warmupSeconds} s warm-up; loopback, load generator on the same 2 cores)`,
  );
  let server = await start({});
  let stopped = false;
  try {
    const res = await fetch(server.baseUrl + url, { headers: { Portal: '5' } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (res.status === 404 && !(res.headers.get('content-type') ?? '').includes('json')) {
      console.log('skipped: GET /api/Search/Listings does not exist yet on this server');
      return;
    }
    if (res.status !== 200) {
      const text = Buffer.from(bytes).toString('utf8').slice(0, 200);
      if (res.status === 404) {
        console.log(`skipped: GET /api/Search/Listings answered 404 (${text}): the route is not there yet`);
        return;
      }
      throw new Error(`${url} answered ${res.status}: ${text}`);
    }
    const body = JSON.parse(Buffer.from(bytes).toString('utf8')) as {
      Total: number;
      Items: unknown[];
      Markers: { Points: unknown[] };
    };
    console.log(
      `answer: ${(bytes.length / 1024).toFixed(1)} KB, Total ${body.Total}, ${body.Items.length} items, ${body.Markers.Points.length} marker points`,
    );
    const bare = await startBareServer([
      {
        path: '/api/Search/Listings',
        bytes,
        contentType: res.headers.get('content-type') ?? 'application/json',
        asFile: false,
      },
    ]);
    let sent = 0;
    const cold = (n: number) => ({ path: variedCircle(milano, sent + n) });
    const fromManyClients = (n: number) => ({ headers: { 'x-forwarded-for': `10.77.${(n % 1000) >> 8}.${n % 256}` } });
    try {
      const load = (
        base: string,
        seconds: number,
        vary?: (n: number) => { path?: string; headers?: Record<string, string> },
      ) => measureThroughput(base, url, { connections: throughput.connections, durationSeconds: seconds, vary });
      await load(bare.baseUrl, throughput.warmupSeconds);
      const bareResult = await load(bare.baseUrl, throughput.durationSeconds);
      await load(server.baseUrl, throughput.warmupSeconds);
      const hot = await load(server.baseUrl, throughput.durationSeconds);
      await load(server.baseUrl, throughput.warmupSeconds, (n) => cold(n));
      sent += 1_000_000;
      const coldResult = await load(server.baseUrl, throughput.durationSeconds, (n) => cold(n));
      // The cold search as the goal states it: 16 connections, beside the bare route at 16 connections.
      const load16 = (base: string, seconds: number, vary?: (n: number) => { path?: string }) =>
        measureThroughput(base, url, { connections: COLD_GOAL.connections, durationSeconds: seconds, vary });
      await load16(bare.baseUrl, throughput.warmupSeconds);
      const bare16 = await load16(bare.baseUrl, throughput.durationSeconds);
      sent += 1_000_000;
      await load16(server.baseUrl, throughput.warmupSeconds, (n) => cold(n));
      sent += 1_000_000;
      const cold16 = await load16(server.baseUrl, throughput.durationSeconds, (n) => cold(n));
      // The searches still running when the load stopped finish before the server does.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await server.stop();
      stopped = true;
      server = await start({ SEARCH_RATE_LIMIT_MAX: '600' });
      stopped = false;
      await load(server.baseUrl, throughput.warmupSeconds, fromManyClients);
      const limited = await load(server.baseUrl, throughput.durationSeconds, fromManyClients);
      printLoad(bareResult, '  bare route');
      const verdict = (label: string, r: LoadResult) => {
        printLoad(r, label);
        const ratio = r.rps / bareResult.rps;
        console.log(
          `${' '.repeat(16)}÷ bare route: ${ratio.toFixed(3)}× the requests per second (goal ≥ ${CALL_GOAL.ratio}×)  ${ratio >= CALL_GOAL.ratio ? 'within goal' : 'BELOW GOAL'}; ` +
            `p95 ${r.p95.toFixed(1)} ms (goal < ${CALL_GOAL.p95Ms} ms)  ${r.p95 < CALL_GOAL.p95Ms ? 'within goal' : 'OVER GOAL'}`,
        );
      };
      console.log('  hot: the same search every time, answered from the answer cache after the first (≤ 5 s old)');
      verdict('  app, hot', hot);
      console.log(
        '  cold: a different circle within 3 km of the centre every time (1.5-2.5 km), never cached: the search itself (its goal is stated at 16 connections, below)',
      );
      printLoad(coldResult, '  app, cold');
      console.log(
        `${' '.repeat(16)}÷ bare route: ${(coldResult.rps / bareResult.rps).toFixed(4)}× the requests per second`,
      );
      console.log('  hot with the search rate limit on (counted in the database), 1,000 client addresses');
      verdict('  app, hot+limit', limited);
      console.log(
        `  cold at ${COLD_GOAL.connections} connections, beside the bare route at ${COLD_GOAL.connections} (goal: ≥ ${COLD_GOAL.ratio}× its requests per second, p97.5 < ${COLD_GOAL.p975Ms} ms, no errors)`,
      );
      printLoad(bare16, '  bare route');
      printLoad(cold16, '  app, cold');
      const coldRatio = cold16.rps / bare16.rps;
      const coldOk = coldRatio >= COLD_GOAL.ratio && cold16.p975 < COLD_GOAL.p975Ms && cold16.errors === 0;
      console.log(
        `${' '.repeat(16)}÷ bare route: ${coldRatio.toFixed(4)}× the requests per second (goal ≥ ${COLD_GOAL.ratio}×: ${Math.ceil(COLD_GOAL.ratio * bare16.rps)} req/s here); p97.5 ${cold16.p975.toFixed(1)} ms (goal < ${COLD_GOAL.p975Ms} ms)  ${coldOk ? 'within goal' : 'BELOW GOAL'}`,
      );
    } finally {
      await bare.stop();
    }
  } finally {
    if (!stopped) await server.stop();
  }
}

/** The public pages every visitor may land on: the landings, the FAQ, a town's results, a province's towns, a listing. */
const PUBLIC_PAGES = [
  '/',
  '/comprocasa',
  '/vendocasa',
  '/affittocasa',
  '/trovocasa',
  '/faq',
  '/vendita/case/milano/milano/015146',
  '/comprocasa/case/milano/comuni',
];
/** What a page may weigh at any size of the market (issue: at most 80 KB of HTML). */
const PAGE_GOAL_KB = 80;

/**
 * Each public page's HTML as an anonymous visitor gets it, on the data set given: its weight,
 * the share of its inline scripts (the router's hydration data), and the median of 5 renders
 * one at a time after a first one (the page cache off: the render itself).
 */
async function measurePages(
  start: (env: Record<string, string>) => Promise<RunningServer>,
  dataset: string,
  throughput: Throughput,
) {
  console.log(
    `\nPublic pages on ${dataset}: HTML weight (goal ≤ ${PAGE_GOAL_KB} KB), its inline scripts, render time (median of 5, one at a time, page cache off)`,
  );
  const server = await start({ PAGE_CACHE_TTL_S: '0', PAGE_RATE_LIMIT_MAX: '0' });
  try {
    const search = await fetch(
      `${server.baseUrl}/api/Search/Listings?${new URLSearchParams(toSearchQuery({ SearchType: 'circle', Lat: 45.4642, Lng: 9.19, Radius: 2000 })).toString()}`,
      { headers: { Portal: '5' } },
    );
    const first = ((await search.json()) as { Items?: { Id: number }[] }).Items?.[0];
    const pages = first ? [...PUBLIC_PAGES, `/immobile/${first.Id}`] : PUBLIC_PAGES;
    for (const page of pages) {
      const times: number[] = [];
      let html = '';
      let status = 0;
      for (let i = 0; i < 6; i++) {
        const t0 = performance.now();
        const res = await fetch(server.baseUrl + page, { redirect: 'manual' });
        html = await res.text();
        if (i > 0) times.push(performance.now() - t0);
        status = res.status;
      }
      times.sort((a, b) => a - b);
      const bytes = Buffer.byteLength(html);
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].reduce(
        (n, m) => n + Buffer.byteLength(m[1]),
        0,
      );
      const kb = bytes / 1024;
      console.log(
        `  ${page.padEnd(40)} ${String(status).padEnd(4)} ${kb.toFixed(1).padStart(6)} KB  inline scripts ${(inline / 1024).toFixed(1).padStart(6)} KB  render p50 ${percentile(times, 50).toFixed(0).padStart(4)} ms  ${kb <= PAGE_GOAL_KB ? 'within goal' : 'OVER GOAL'}`,
      );
    }
  } finally {
    await server.stop();
  }

  // Under load, as anonymous visitors get them (the page cache on, as it runs by default), beside
  // a bare server sending the same bytes as a static file.
  const loaded = ['/comprocasa', '/vendita/case/milano/milano/015146'];
  console.log(
    `\nAnonymous pages under load on ${dataset}, vs the same bytes as a static file (${throughput.connections} connections, ${throughput.durationSeconds} s each after ${throughput.warmupSeconds} s warm-up; goal ≥ ${PAGE_LOAD_GOAL}× and no errors)`,
  );
  const cached = await start({ PAGE_RATE_LIMIT_MAX: '0' });
  try {
    for (const c of await compareWithBare(cached.baseUrl, loaded, { ...throughput, asFile: true })) {
      console.log(`${c.path} (${(c.bytes / 1024).toFixed(1)} KB)`);
      printLoad(c.app, '  app');
      printLoad(c.bare, '  static file');
      const ok = c.ratio >= PAGE_LOAD_GOAL && c.app.errors === 0;
      console.log(
        `  app ÷ static file: ${c.ratio.toFixed(2)}× the requests per second  ${ok ? 'within goal' : 'BELOW GOAL'}`,
      );
    }
  } finally {
    await cached.stop();
  }
}

/** An anonymous page under load, against a static file of its bytes (issue: at least a quarter). */
const PAGE_LOAD_GOAL = 0.25;

// ---------------------------------------------------------------------------------------

function benchPostgresUrl(): string {
  if (process.env.BENCH_SEARCH_DATABASE_URL) return process.env.BENCH_SEARCH_DATABASE_URL;
  const base = process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const u = new URL(base);
  u.pathname = '/rexer_bench';
  return u.toString();
}

async function ensurePostgresDatabase(url: string): Promise<boolean> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
    return true;
  } finally {
    await client.end();
  }
}

export async function benchSearch(options: {
  port: number;
  throughput: { connections: number; durationSeconds: number; warmupSeconds: number };
}) {
  const log = (msg: string) => console.log(`  ${msg}`);
  console.log(
    `goals at 1M on PostgreSQL (p95 of the database's time): viewport ≤ ${GOAL_MS.viewport} ms, circle and polygon ≤ ${GOAL_MS.circle} ms, next page ≤ ${GOAL_MS.nextPage} ms; ` +
      `each against the search module's whole work ((a)-(d): building the statements, the database, mapping the rows) and the database's part alone ((a')-(d'))`,
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rexer-bench-search-'));
  const storage = new LocalFileStorage(path.join(dataDir, 'storage'));
  let milano: Town | undefined;
  let callTarget: { dataset: string; start: (env: Record<string, string>) => Promise<RunningServer> } | undefined;
  try {
    // PGlite, 10k listings, a temporary data folder.
    if (PARTS.has('pglite')) {
      console.log(`\nPGlite: ${PGLITE_LISTINGS.toLocaleString('en')} synthetic listings in a temporary data folder…`);
      const seeded = await openDatabase({ dataDir, seed: 'reference', storage });
      await generateSynthetic(seeded, { listings: PGLITE_LISTINGS, seed: SEED, log: () => {} });
      await seeded.close();
      const lite = await openBenchPglite(dataDir, PGLITE_LISTINGS);
      try {
        milano = await measureDatabase(lite, false);
      } finally {
        await lite.close();
      }
      callTarget = {
        dataset: `PGlite ${(PGLITE_LISTINGS / 1000).toFixed(0)}k`,
        start: (env) => startServer({ port: options.port, dataDir, env: { DEMO_DATA: 'false', ...env } }),
      };
    }

    // PostgreSQL, 1M listings in rexer_bench, filled once.
    const url = benchPostgresUrl();
    const shown = url.replace(/\/\/[^@]*@/, '//');
    if (!PARTS.has('postgres') && !((PARTS.has('call') || PARTS.has('pages')) && !callTarget)) {
      // PostgreSQL left out of this run.
    } else if (!(await ensurePostgresDatabase(url))) {
      console.log(
        `\nPostgreSQL: skipped, no PostgreSQL answers at ${shown} (set BENCH_SEARCH_DATABASE_URL or TEST_POSTGRES_URL)`,
      );
    } else {
      const database = await openDatabase({ dataDir, databaseUrl: url, seed: 'reference', storage, poolMax: 2 });
      try {
        const have = await countSynthetic(database);
        if (have >= PG_LISTINGS) {
          console.log(`\nPostgreSQL ${shown}: reusing ${have.toLocaleString('en')} synthetic listings`);
        } else {
          console.log(
            `\nPostgreSQL ${shown}: ${have.toLocaleString('en')} synthetic listings, filling ${PG_LISTINGS.toLocaleString('en')} (a few minutes, once)…`,
          );
          if (have > 0) await resetSynthetic(database, log);
          await generateSynthetic(database, { listings: PG_LISTINGS, seed: SEED, log });
        }
      } finally {
        await database.close();
      }
      const big = await openBenchPostgres(url, PG_LISTINGS);
      try {
        // What the figures depend on most: whether the data set fits in PostgreSQL's own buffers.
        const [settings] = await big.query(
          `select current_setting('shared_buffers') as buffers, pg_size_pretty(pg_total_relation_size('properties') + pg_total_relation_size('search_cells')) as data`,
          [],
        );
        console.log(
          `PostgreSQL shared_buffers ${String(settings?.buffers)}; properties and search_cells with their indexes: ${String(settings?.data)} (docs/scaling.md, "PostgreSQL": the figures are for a server whose buffers hold them)`,
        );
        milano = PARTS.has('postgres')
          ? await measureDatabase(big, PG_LISTINGS >= 1_000_000)
          : searches(await loadTowns(big)).milano;
      } finally {
        await big.close();
      }
      callTarget = {
        dataset: `PostgreSQL ${(PG_LISTINGS / 1e6).toFixed(1)}M`,
        start: (env) =>
          startServer({ port: options.port, dataDir, databaseUrl: url, env: { DEMO_DATA: 'false', ...env } }),
      };
    }

    // The call, on the largest data set measured.
    if (PARTS.has('call') && callTarget && milano)
      await measureCall(callTarget.start, milano, callTarget.dataset, options.throughput);
    if (PARTS.has('pages') && callTarget) await measurePages(callTarget.start, callTarget.dataset, options.throughput);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
