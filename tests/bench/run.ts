/**
 * `npm run bench`: the figures each issue names, measured on this machine.
 * Builds the app (client and server) when the build is missing (dist/client/.vite/manifest.json
 * or dist/server/entry-server.js), starts the real server on its own data folder, and prints:
 * the first-screen JavaScript of each server-rendered landing page, FAQ, search results page
 * and property page (gzipped, budget 150 KB; the map, loaded after hydration, not counted) with
 * the size of its HTML and hydration data, Lighthouse mobile scores of those pages, latency percentiles of the API calls under a bounded load, the throughput
 * of the rendered HTML pages and of /api/Home/Cities beside a bare server sending the same
 * bytes (errors split into timeouts and statuses), sessions on the embedded database and on
 * PostgreSQL, the cost of a password hash, and the valuation's error on synthetic listings. About 16 minutes on 2 cores, ten of them the soak.
 *
 * One or a few sections alone: name them, `npm run bench -- lighthouse html`, or
 * `BENCH_ONLY=lighthouse,html npm run bench`. Sections, in the order they run:
 *   bundle      first-screen JavaScript per landing page, /faq, the wizards' first steps (/annuncio/vendocasa, /valutocasa), a results page (Milano, for sale) and a demo
 *               listing's page until hydration, the map's chunks left out and named; the HTML's size (Playwright + Chromium)
 *   lighthouse  Lighthouse mobile, simulated slow 4G, median of 3 runs on /, /comprocasa, /vendocasa, /faq, the
 *               results page and the listing's page
 *   api         /api/config and /api/Home/Cities latency, 2000 requests, 10 clients
 *   cities      /api/Home/Cities vs a bare Fastify route sending the same bytes, 50 connections
 *               (before html: the API's own cost, not the heap a storm of page renders leaves)
 *   html        /comprocasa and /faq as rendered by the app vs the same bytes as a static file, 50 connections
 *   sessions    login and /api/Account/Me under load, embedded database
 *   postgres    the same sessions on PostgreSQL, one then two servers (skipped when none answers)
 *   argon2      cost of one password hash
 *   valuation   the valuation on synthetic listings (PGlite 10k built in a temporary folder, and PostgreSQL rexer_bench
 *               READ-ONLY when it holds the 1M set): median absolute percentage error on held-out published homes
 *               (sale and rent; every adjustment, condition only, none), the share of asking prices inside the range,
 *               and the share of a standard flat's estimates inside each demo town's OMI range (scripts/data/omi).
 *               Both measured on GENERATED data whose prices come from the OMI ranges (tests/bench/valuation.ts).
 *               In the default run: about a minute and a half
 *   search      the search on synthetic listings (PGlite 10k, PostgreSQL 1M in database rexer_bench, filled once
 *               by db:synthetic): database p50/p95 and plans of a viewport, a circle, a polygon and a next page, then
 *               GET /api/Search/Listings vs a bare route, 50 connections, then every public page's HTML weight and render time on
 *               the same data (tests/bench/search.ts; not in the default run:
 *               name it, the first fill of 1M listings takes several minutes)
 *   soak        BENCH_SOAK_SECONDS (600) of mixed traffic (pages, search, login, wizard saves, favourites) from 6
 *               clients on two servers over one PostgreSQL database with the demo data: answers by kind and status,
 *               and each server's resident memory against its value after the first minute (skipped when no
 *               PostgreSQL answers; the servers take BENCH_PORT + 4 and + 5)
 * Other settings: BENCH_PORT (3200; the PostgreSQL servers take the next two), BENCH_DATA_DIR
 * (.tmp/bench-data; the search section's server takes BENCH_PORT + 3), BENCH_BUILD=1 (delete dist/ and rebuild first), BENCH_DATABASE_URL, TEST_POSTGRES_URL,
 * BENCH_LIGHTHOUSE_RUNS (3), BENCH_LIGHTHOUSE_DIR (unset: when set, each run's full Lighthouse
 * report is written there as JSON), BENCH_SECONDS (10: each throughput run; warm-ups take 2),
 * CHROMIUM_PATH (/usr/bin/chromium). Every request goes to 127.0.0.1; the bench stops by itself.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { ARGON2ID_OPTIONS, hashPassword } from '../../server/db/password-hash';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { lazyOnlyFiles, measureFirstScreenJs, type BundleFailure, type BundleResult, type Exclusion } from './bundle';
import { measureLighthouse, type LighthousePageResult } from './lighthouse';
import { measureLoad, type LoadResult } from './load';
import pg from 'pg';
import { createTestDatabase, testPostgresUrl } from '../../server/db/testing';
import { startServer, type RunningServer } from './server-process';
import { benchSearch } from './search';
import { benchValuation } from './valuation';
import { compareWithBare, type Comparison } from './throughput';
import { soak, SOAK_KINDS } from './soak';

const BUDGET_KB = 150;
const port = Number(process.env.BENCH_PORT ?? 3200);

const SECTIONS = [
  'bundle',
  'lighthouse',
  'api',
  'cities',
  'html',
  'sessions',
  'postgres',
  'argon2',
  'valuation',
  'search',
  'soak',
] as const;
type Section = (typeof SECTIONS)[number];
/** Sections a bare `npm run bench` leaves out: they run when named. */
const ON_REQUEST: Section[] = ['search'];
const SERVER_SECTIONS: Section[] = ['bundle', 'lighthouse', 'api', 'cities', 'html', 'sessions'];

function selectedSections(): Set<Section> {
  const asked = [...process.argv.slice(2), ...(process.env.BENCH_ONLY ?? '').split(',')]
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = asked.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    console.error(`unknown bench section: ${unknown.join(', ')} (sections: ${SECTIONS.join(', ')})`);
    process.exit(2);
  }
  return new Set(asked.length > 0 ? (asked as Section[]) : SECTIONS.filter((section) => !ON_REQUEST.includes(section)));
}

/** What the production build must hold for the server to render pages (server/plugins/pages.ts reads both). */
const BUILD_FILES = ['dist/client/.vite/manifest.json', 'dist/server/entry-server.js'];
/** Landing pages, the FAQ, and the wizards' first steps: the listing wizard's step 0 (a visitor) and the valuation's start. */
const BUNDLE_PAGES = [
  '/',
  '/comprocasa',
  '/vendocasa',
  '/affittocasa',
  '/trovocasa',
  '/faq',
  '/annuncio/vendocasa',
  '/valutocasa',
];
const LIGHTHOUSE_PAGES = ['/', '/comprocasa', '/vendocasa', '/faq'];
/** The search's pages: the results for Milano (a footer SEO link; the demo data has listings there), and a listing's page. */
const RESULTS_PAGE = '/vendita/case/milano/milano/015146';
const MILANO = '015146';
/**
 * The map modules and what only they bring (maplibre, its worker): the search's map loads after hydration,
 * when its box is on screen; the address step's pin map when the seller opens it. They share maplibre's chunk.
 */
const MAP_SOURCES = ['src/features/search-map/ui/search-map.tsx', 'src/features/pick-location/ui/pin-map.tsx'];
const MAP_PACKAGES = ['node_modules/maplibre-gl/'];
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const HTML_PAGES = ['/comprocasa', '/faq'];
const THROUGHPUT = { connections: 50, durationSeconds: Number(process.env.BENCH_SECONDS ?? 10), warmupSeconds: 2 };
const GOAL = { performance: 0.95, lcpMs: 2500, cls: 0.05, seo: 1, citiesRatio: 0.5, pageRatio: 0.25 };

/** The page of the first published listing with photos in Milano's results (the demo data is seeded the same way each time). */
async function demoPropertyPath(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/Search/Listings?SearchType=town&Town=${MILANO}&PageSize=20`);
  if (!answer.ok) throw new Error(`GET /api/Search/Listings answered ${answer.status}`);
  const { Items } = (await answer.json()) as { Items: { Id: number; PhotoCount: number }[] };
  const listing = Items.find((item) => item.PhotoCount > 0);
  if (!listing) throw new Error(`no listing with photos in the results of ${MILANO} (is DEMO_DATA off?)`);
  return `/immobile/${listing.Id}`;
}

/** The map's script files in this build: left out of the first-screen figure. */
function mapExclusion(): Exclusion {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8'));
  return { reason: 'the map, loaded after hydration', paths: lazyOnlyFiles(manifest, MAP_SOURCES, MAP_PACKAGES) };
}

function kb(bytes: number) {
  return (bytes / 1024).toFixed(1);
}

/** What the errors of a throughput run were: timeouts, statuses, failed connections. */
function errorKinds(r: LoadResult): string {
  if (r.errors === 0 || r.timeouts === undefined) return '';
  const statuses = Object.entries(r.failedStatuses ?? {}).map(([status, count]) => `${count} × ${status}`);
  const counted = r.timeouts + Object.values(r.failedStatuses ?? {}).reduce((sum, count) => sum + count, 0);
  const kinds = [
    ...(r.timeouts > 0 ? [`${r.timeouts} timeouts (no answer in 10 s)`] : []),
    ...statuses,
    ...(r.errors > counted ? [`${r.errors - counted} connection errors`] : []),
  ];
  return `: ${kinds.join(', ')}`;
}

function printLoad(r: LoadResult, label = r.path) {
  console.log(
    `${label.padEnd(20)} p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ` +
      `${r.rps.toFixed(0)} req/s  errors ${r.errors}/${r.requests} (${((100 * r.errors) / r.requests).toFixed(2)}%)${errorKinds(r)}`,
  );
}

function printBundle(results: (BundleResult | BundleFailure)[]) {
  for (const r of results) {
    if ('error' in r) {
      console.log(`${r.path.padEnd(14)} ERROR ${r.error}`);
      process.exitCode = 1;
      continue;
    }
    const verdict = r.gzipBytes / 1024 <= BUDGET_KB ? 'within budget' : 'OVER BUDGET';
    console.log(
      `${r.path.padEnd(14)} ${kb(r.gzipBytes).padStart(7)} KB gz  (${kb(r.rawBytes)} KB raw, ${r.scripts} scripts)  ${verdict}`,
    );
    console.log(
      `  scripts: ${r.files.map((file) => `${file.url.replace(/^\/assets\//, '')} ${kb(file.gzipBytes)}`).join(', ')}`,
    );
    if (r.excludedFiles.length > 0)
      console.log(
        `  not counted (the map, loaded after hydration): ${r.excludedFiles.map((file) => `${file.url.replace(/^\/assets\//, '')} ${kb(file.gzipBytes)}`).join(', ')}`,
      );
    if (r.otherOriginScripts.length > 0)
      console.log(`  scripts from another origin (not counted): ${r.otherOriginScripts.join(' ')}`);
  }
  console.log('\nThe HTML document: raw, on the wire (brotli, gzip, as the server sends them), and its hydration data');
  console.log(
    '(boot JSON: <script type="application/json" id="rexer-boot">, the translations; router scripts: the inline <script>s, its dehydration; "br +x" = what the part adds to the page\'s brotli size)',
  );
  for (const r of results) {
    if ('error' in r) continue;
    const d = r.document;
    const wire = (bytes: number | null, encoding: string) =>
      bytes === null ? `not compressed (${encoding})` : `${kb(bytes)} KB`;
    const share = (bytes: number) => `${((100 * bytes) / d.rawBytes).toFixed(0)}%`;
    console.log(
      `${r.path.padEnd(14)} ${kb(d.rawBytes).padStart(6)} KB raw  br ${wire(d.brBytes, d.encodings.br)}  gzip ${wire(d.gzipBytes, d.encodings.gzip)}  ` +
        `boot JSON ${kb(d.bootJsonBytes)} KB (${share(d.bootJsonBytes)}, br +${kb(d.bootJsonBrBytes)} KB)  ` +
        `router scripts ${kb(d.inlineScriptBytes)} KB in ${d.inlineScripts} (${share(d.inlineScriptBytes)}, largest ${kb(d.largestInlineScriptBytes)} KB, br +${kb(d.inlineScriptBrBytes)} KB)`,
    );
  }
}

function printLighthouse(results: LighthousePageResult[]) {
  const figure = (value: number | null, digits: number, scale = 1) =>
    value === null ? 'n/a' : (value / scale).toFixed(digits);
  const mark = (value: number | null, ok: (v: number) => boolean, miss: string) =>
    value === null ? '' : ok(value) ? ' within goal' : ` ${miss}`;
  for (const r of results) {
    console.log(
      `${r.path.padEnd(12)} ` +
        `performance ${figure(r.performance, 2)}${mark(r.performance, (v) => v >= GOAL.performance, 'BELOW GOAL')}  ` +
        `LCP ${figure(r.lcp, 2, 1000)} s${mark(r.lcp, (v) => v <= GOAL.lcpMs, 'OVER GOAL')}  ` +
        `CLS ${figure(r.cls, 3)}${mark(r.cls, (v) => v <= GOAL.cls, 'OVER GOAL')}  ` +
        `SEO ${figure(r.seo, 2)}${mark(r.seo, (v) => v >= GOAL.seo, 'BELOW GOAL')}  ` +
        `accessibility ${figure(r.accessibility, 2)}  best-practices ${figure(r.bestPractices, 2)}  TBT ${figure(r.tbt, 0)} ms  ` +
        `(${r.succeeded} of ${r.runs} runs)`,
    );
    const failing = Object.entries(r.failing).map(([category, ids]) => `${category}: ${ids.join(', ')}`);
    if (failing.length > 0) console.log(`  audits not passing: ${failing.join('; ')}`);
    for (const [id, audit] of Object.entries(r.failingDetails)) {
      console.log(`    ${id} (${audit.category}) ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
      for (const target of audit.targets) console.log(`      ${target}`);
    }
    for (const error of r.errors) console.log(`  ERROR ${error}`);
    for (const warning of r.warnings) console.log(`  Lighthouse warning: ${warning}`);
    if (r.outside.length > 0)
      console.log(`  requests outside 127.0.0.1 (failed at once: the run is offline): ${r.outside.join(' ')}`);
  }
  const outside = results.some((r) => r.outside.length > 0);
  console.log(
    outside
      ? 'some pages asked for addresses outside 127.0.0.1: see above'
      : 'no page asked for anything outside 127.0.0.1',
  );
}

/** Runs one section; if it fails, says so and lets the next sections run. */
async function orReport(section: () => Promise<void>) {
  try {
    await section();
  } catch (error) {
    console.log(`ERROR this section stopped: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

function printComparison(c: Comparison, appLabel: string, bareLabel: string) {
  printLoad(c.app, appLabel);
  printLoad(c.bare, bareLabel);
}

/** Login (200 requests, each from its own address) and Me (2000) spread over the given servers. */
async function measureSessions(baseUrls: string[]) {
  const credentials = JSON.stringify({
    username: DEMO_ACCOUNTS.buyer.email,
    password: DEMO_PASSWORD,
    RecaptchaToken: 'bench',
  });
  const login = await measureLoad(baseUrls, '/api/Account/Login', {
    requests: 200,
    concurrency: 10,
    init: { method: 'POST', body: credentials, headers: { 'Content-Type': 'application/json' } },
    // Each request from its own address, as real users are: the per-IP login limit is not what is measured.
    headersFor: (i) => ({ 'X-Forwarded-For': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }),
  });
  printLoad(login);
  const first = baseUrls[0];
  const loggedIn = (await (
    await fetch(`${first}/api/Account/Login`, {
      method: 'POST',
      body: credentials,
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.255.0.1' },
    })
  ).json()) as { UserToken: string };
  const session = (await (
    await fetch(`${first}/api/Account/Session`, {
      method: 'POST',
      body: JSON.stringify({ userToken: loggedIn.UserToken, portal: 5 }),
      headers: { 'Content-Type': 'application/json' },
    })
  ).json()) as { Token: string };
  const meInit = { headers: { Authorization: `Bearer ${session.Token}` } };
  await measureLoad(baseUrls, '/api/Account/Me', { requests: 200, concurrency: 10, init: meInit }); // warm-up
  printLoad(await measureLoad(baseUrls, '/api/Account/Me', { requests: 2000, concurrency: 10, init: meInit }));
}

/** The same sessions on PostgreSQL: one server, then two servers on the same database taking requests in turn. */
async function measureOnPostgres() {
  const base = testPostgresUrl() ?? 'postgres://postgres@127.0.0.1:5432/test';
  const reachable = await new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 })
    .connect()
    .then((client) => client.end().then(() => true))
    .catch(() => false);
  console.log(
    '\n## Sessions on PostgreSQL: one server, then two servers on the same database (10 concurrent clients, loopback)',
  );
  if (!reachable) {
    console.log(`skipped: no PostgreSQL answers at ${base.replace(/\/\/[^@]*@/, '//')} (set TEST_POSTGRES_URL)`);
    return;
  }
  process.env.TEST_POSTGRES_URL = base;
  const testDb = await createTestDatabase({ postgres: true });
  const env = { DEMO_DATA: 'false' };
  const servers: RunningServer[] = [];
  try {
    servers.push(await startServer({ port: port + 1, dataDir: testDb.dataDir, databaseUrl: testDb.url, env }));
    console.log('one server:');
    await measureSessions([servers[0].baseUrl]);
    servers.push(await startServer({ port: port + 2, dataDir: testDb.dataDir, databaseUrl: testDb.url, env }));
    console.log("two servers (requests alternate between them; both on this machine's 2 cores):");
    await measureSessions(servers.map((server) => server.baseUrl));
  } finally {
    for (const server of servers) await server.stop();
    await testDb.cleanup();
  }
}

const SOAK = {
  seconds: Number(process.env.BENCH_SOAK_SECONDS ?? 600),
  clients: 6,
  referenceSeconds: 60,
  sampleSeconds: 5,
};
/** How far a server's resident memory may stray from its value after the first minute. */
const SOAK_MEMORY_GOAL = 0.1;

/** The soak on two servers over one PostgreSQL database (tests/bench/soak.ts). */
async function measureSoak() {
  const base = testPostgresUrl() ?? 'postgres://postgres@127.0.0.1:5432/test';
  const reachable = await new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 })
    .connect()
    .then((client) => client.end().then(() => true))
    .catch(() => false);
  const reference = Math.min(SOAK.referenceSeconds, Math.floor(SOAK.seconds / 2));
  console.log(
    `\n## Soak: ${SOAK.seconds} s of mixed traffic on two servers over one PostgreSQL database (${SOAK.clients} clients, each sending its next request when answered, loopback)`,
  );
  console.log(
    `goal: no 5xx, no failed request; each server's resident memory at the end within ${100 * SOAK_MEMORY_GOAL} % of its value after ${reference} s (medians of half a minute of readings every ${SOAK.sampleSeconds} s)`,
  );
  if (!reachable) {
    console.log(`skipped: no PostgreSQL answers at ${base.replace(/\/\/[^@]*@/, '//')} (set TEST_POSTGRES_URL)`);
    return;
  }
  process.env.TEST_POSTGRES_URL = base;
  const testDb = await createTestDatabase({ postgres: true });
  const servers: RunningServer[] = [];
  try {
    for (const offset of [4, 5])
      servers.push(await startServer({ port: port + offset, dataDir: testDb.dataDir, databaseUrl: testDb.url }));
    const result = await soak(servers, { ...SOAK, referenceSeconds: reference });
    let failed = false;
    let total = 0;
    for (const kind of SOAK_KINDS) {
      const k = result.byKind[kind];
      total += k.requests;
      const statuses = Object.entries(k.statuses).map(([status, n]) => `${n} × ${status}`);
      const bad = Object.keys(k.statuses).some((status) => Number(status) >= 500) || k.failures > 0;
      failed ||= bad;
      console.log(
        `${kind.padEnd(10)} ${String(k.requests).padStart(7)} requests  p50 ${k.p50.toFixed(1)} ms  p95 ${k.p95.toFixed(1)} ms  p99 ${k.p99.toFixed(1)} ms  ` +
          `statuses: ${statuses.join(', ')}${k.failures ? `  ${k.failures} without an answer` : ''}${bad ? '  FAILED' : ''}`,
      );
    }
    console.log(
      `all        ${String(total).padStart(7)} requests in ${result.seconds.toFixed(0)} s, ${(total / result.seconds).toFixed(0)} req/s`,
    );
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    const pct = (value: number, of: number) => `${value >= of ? '+' : ''}${((100 * (value - of)) / of).toFixed(1)} %`;
    result.memory.forEach((m, i) => {
      const within = Math.abs(m.end - m.reference) <= SOAK_MEMORY_GOAL * m.reference;
      failed ||= !within;
      console.log(
        `server ${i + 1}   resident memory after ${reference} s ${mb(m.reference)}, at the end ${mb(m.end)} (${pct(m.end, m.reference)})  ${within ? 'within goal' : 'OUTSIDE GOAL'}; ` +
          `readings after ${reference} s from ${mb(m.lowest)} (${pct(m.lowest, m.reference)}) to ${mb(m.highest)} (${pct(m.highest, m.reference)})`,
      );
    });
    console.log(
      failed ? 'the soak missed its goal: see above' : 'no 5xx, no failed request, memory steady: within goal',
    );
  } finally {
    for (const server of servers) await server.stop();
    await testDb.cleanup();
  }
}

async function main() {
  const sections = selectedSections();
  // The soak's servers render pages too.
  if ([...SERVER_SECTIONS, 'soak'].some((section) => sections.has(section as Section))) {
    if (!BUILD_FILES.every((file) => existsSync(file)) || process.env.BENCH_BUILD === '1') {
      console.log('Building the app (client and server)…');
      // A build from before server rendering left dist/index.html and dist/assets beside dist/client: start clean.
      rmSync('dist', { recursive: true, force: true });
      execSync('npm run build', { stdio: 'inherit' });
    }
  }
  if (SERVER_SECTIONS.some((section) => sections.has(section))) {
    const server = await startServer({ port, dataDir: process.env.BENCH_DATA_DIR ?? '.tmp/bench-data' });
    try {
      const searchPages = [RESULTS_PAGE];
      if (sections.has('bundle') || sections.has('lighthouse')) {
        await demoPropertyPath(server.baseUrl).then(
          (path) => searchPages.push(path),
          (error) => {
            console.log(
              `ERROR no listing's page to measure: ${error instanceof Error ? error.message : String(error)}`,
            );
            process.exitCode = 1;
          },
        );
      }

      if (sections.has('bundle')) {
        console.log(`\n## First screen JavaScript (gzipped), budget ${BUDGET_KB} KB`);
        console.log(
          'every same-origin script file Chromium (1280×800) loaded until the page hydrated (html[data-hydrated]) and the network was idle; gzip -9 of each body, computed by the bench',
        );
        await orReport(async () => {
          const exclusion = mapExclusion();
          console.log(
            `not counted: ${exclusion.reason} (${[...exclusion.paths].map((path) => path.replace(/^\/assets\//, '')).join(', ')}), named under each page that loaded it`,
          );
          printBundle(await measureFirstScreenJs(server.baseUrl, [...BUNDLE_PAGES, ...searchPages], exclusion));
        });
      }

      if (sections.has('lighthouse')) {
        console.log(
          `\n## Lighthouse 12 mobile (default emulation, simulated slow 4G), median of ${LIGHTHOUSE_RUNS} runs per page, headless Chromium`,
        );
        console.log('goal: performance ≥ 0.95, LCP ≤ 2.5 s, CLS ≤ 0.05, SEO 1.0');
        await orReport(async () =>
          printLighthouse(
            await measureLighthouse(server.baseUrl, [...LIGHTHOUSE_PAGES, ...searchPages], {
              runs: LIGHTHOUSE_RUNS,
              reportDir: process.env.BENCH_LIGHTHOUSE_DIR,
            }),
          ),
        );
      }

      if (sections.has('api')) {
        console.log('\n## API latency under load (2000 requests, 10 concurrent clients, loopback)');
        const calls = ['/api/config', '/api/Home/Cities'];
        for (const path of calls) {
          await measureLoad(server.baseUrl, path, { requests: 200, concurrency: 10 }); // warm-up
          printLoad(await measureLoad(server.baseUrl, path, { requests: 2000, concurrency: 10 }));
        }
      }

      const each = `${THROUGHPUT.connections} connections, ${THROUGHPUT.durationSeconds} s each after a ${THROUGHPUT.warmupSeconds} s warm-up, loopback, load generator on the same 2 cores`;
      if (sections.has('cities')) {
        console.log(`\n## /api/Home/Cities vs a bare Fastify route sending the same bytes (own thread; ${each})`);
        console.log(`goal: the app ≥ ${GOAL.citiesRatio}× the bare route's requests per second`);
        await orReport(async () => {
          const [c] = await compareWithBare(server.baseUrl, ['/api/Home/Cities'], { ...THROUGHPUT, asFile: false });
          console.log(`${c.path} (${kb(c.bytes)} KB, ${c.contentType})`);
          printComparison(c, '  app', '  bare route');
          const verdict = c.ratio >= GOAL.citiesRatio ? 'within goal' : 'BELOW GOAL';
          console.log(
            `  app ÷ bare route: ${c.ratio.toFixed(2)}× the requests per second (goal ≥ ${GOAL.citiesRatio}×)  ${verdict}`,
          );
        });
      }

      if (sections.has('html')) {
        console.log(
          `\n## Rendered HTML: the app's page vs the same bytes as a static file (bare Fastify + @fastify/static, own thread; ${each})`,
        );
        await orReport(async () => {
          for (const c of await compareWithBare(server.baseUrl, HTML_PAGES, { ...THROUGHPUT, asFile: true })) {
            console.log(`${c.path} (${kb(c.bytes)} KB, ${c.contentType})`);
            printComparison(c, '  app', '  static file');
            const ok = c.ratio >= GOAL.pageRatio && c.app.errors === 0;
            console.log(
              `  app ÷ static file: ${c.ratio.toFixed(2)}× the requests per second (goal ≥ ${GOAL.pageRatio}×, no errors; an anonymous visitor, the page cache on)  ${ok ? 'within goal' : 'BELOW GOAL'}`,
            );
          }
        });
      }

      if (sections.has('sessions')) {
        console.log(
          '\n## Sessions: login and /api/Account/Me under load (10 concurrent clients, loopback, embedded database)',
        );
        await measureSessions([server.baseUrl]);
      }
    } finally {
      await server.stop();
    }
  }

  if (sections.has('postgres')) await measureOnPostgres();

  if (sections.has('argon2')) {
    console.log('\n## Password hashing: argon2id cost');
    const runs = 10;
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) await hashPassword(`Bench#Password${i}`);
    const each = (performance.now() - t0) / runs;
    console.log(
      `argon2id m=${ARGON2ID_OPTIONS.memoryCost} KiB t=${ARGON2ID_OPTIONS.timeCost} p=${ARGON2ID_OPTIONS.parallelism}: ${each.toFixed(1)} ms per hash (mean of ${runs}, one core)`,
    );
  }

  if (sections.has('valuation')) {
    console.log(
      "\n## Valuation on synthetic listings: error on held-out listings, standard estimates inside the demo towns' OMI ranges",
    );
    await orReport(() => benchValuation());
  }

  if (sections.has('search')) {
    console.log('\n## Search on synthetic listings: database time and plans, then GET /api/Search/Listings under load');
    await orReport(() => benchSearch({ port: port + 3, throughput: THROUGHPUT }));
  }

  if (sections.has('soak')) await orReport(() => measureSoak());
}

main().then(
  // Nothing should be left running, but a stray handle (a browser, a socket) must not keep the bench alive.
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
