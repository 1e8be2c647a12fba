/**
 * `npm run bench`: the figures each issue names, measured on this machine.
 * Builds the SPA when dist/ is missing, starts the real server on its own data
 * folder, and prints: first-screen JavaScript per landing page (gzipped, budget
 * 150 KB) and latency percentiles of the API calls under a bounded load.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ARGON2ID_OPTIONS, hashPassword } from '../../server/db/password-hash';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { measureFirstScreenJs } from './bundle';
import { measureLoad, type LoadResult } from './load';
import pg from 'pg';
import { createTestDatabase, testPostgresUrl } from '../../server/db/testing';
import { startServer, type RunningServer } from './server-process';

const BUDGET_KB = 150;
const port = Number(process.env.BENCH_PORT ?? 3200);

function kb(bytes: number) {
  return (bytes / 1024).toFixed(1);
}

function printLoad(r: LoadResult) {
  console.log(
    `${r.path.padEnd(20)} p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ` +
      `${r.rps.toFixed(0)} req/s  errors ${r.errors}/${r.requests} (${((100 * r.errors) / r.requests).toFixed(2)}%)`,
  );
}

/** Login (200 requests, each from its own address) and Me (2000) spread over the given servers. */
async function measureSessions(baseUrls: string[]) {
  const credentials = JSON.stringify({ username: DEMO_ACCOUNTS.buyer.email, password: DEMO_PASSWORD, RecaptchaToken: 'bench' });
  const login = await measureLoad(baseUrls, '/api/Account/Login', {
    requests: 200,
    concurrency: 10,
    init: { method: 'POST', body: credentials, headers: { 'Content-Type': 'application/json' } },
    // Each request from its own address, as real users are: the per-IP login limit is not what is measured.
    headersFor: (i) => ({ 'X-Forwarded-For': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }),
  });
  printLoad(login);
  const first = baseUrls[0];
  const loggedIn = (await (await fetch(`${first}/api/Account/Login`, { method: 'POST', body: credentials, headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.255.0.1' } })).json()) as { UserToken: string };
  const session = (await (await fetch(`${first}/api/Account/Session`, { method: 'POST', body: JSON.stringify({ userToken: loggedIn.UserToken, portal: 5 }), headers: { 'Content-Type': 'application/json' } })).json()) as { Token: string };
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
  console.log('\n## Sessions on PostgreSQL: one server, then two servers on the same database (10 concurrent clients, loopback)');
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
    console.log('two servers (requests alternate between them; both on this machine\'s 2 cores):');
    await measureSessions(servers.map((server) => server.baseUrl));
  } finally {
    for (const server of servers) await server.stop();
    await testDb.cleanup();
  }
}

async function main() {
  if (!existsSync('dist/index.html') || process.env.BENCH_BUILD === '1') {
    console.log('Building the SPA…');
    execSync('npm run build', { stdio: 'inherit' });
  }
  const server = await startServer({ port, dataDir: process.env.BENCH_DATA_DIR ?? '.tmp/bench-data' });
  try {
    console.log('\n## First screen JavaScript (gzipped), budget 150 KB');
    const pages = ['/', '/comprocasa', '/vendocasa', '/affittocasa', '/trovocasa'];
    for (const r of await measureFirstScreenJs(server.baseUrl, pages)) {
      const verdict = r.gzipBytes / 1024 <= BUDGET_KB ? 'within budget' : 'OVER BUDGET';
      console.log(`${r.path.padEnd(14)} ${kb(r.gzipBytes).padStart(7)} KB gz  (${kb(r.rawBytes)} KB raw, ${r.scripts} scripts)  ${verdict}`);
    }

    console.log('\n## API latency under load (2000 requests, 10 concurrent clients, loopback)');
    const calls = ['/api/config', '/api/Home/Cities'];
    for (const path of calls) {
      await measureLoad(server.baseUrl, path, { requests: 200, concurrency: 10 }); // warm-up
      printLoad(await measureLoad(server.baseUrl, path, { requests: 2000, concurrency: 10 }));
    }

    console.log('\n## Sessions: login and /api/Account/Me under load (10 concurrent clients, loopback, embedded database)');
    await measureSessions([server.baseUrl]);
  } finally {
    await server.stop();
  }

  await measureOnPostgres();

  console.log('\n## Password hashing: argon2id cost');
  const runs = 10;
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await hashPassword(`Bench#Password${i}`);
  const each = (performance.now() - t0) / runs;
  console.log(`argon2id m=${ARGON2ID_OPTIONS.memoryCost} KiB t=${ARGON2ID_OPTIONS.timeCost} p=${ARGON2ID_OPTIONS.parallelism}: ${each.toFixed(1)} ms per hash (mean of ${runs}, one core)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
