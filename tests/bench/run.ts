/**
 * `npm run bench`: the figures each issue names, measured on this machine.
 * Builds the SPA when dist/ is missing, starts the real server on its own data
 * folder, and prints: first-screen JavaScript per landing page (gzipped, budget
 * 150 KB) and latency percentiles of the API calls under a bounded load.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { measureFirstScreenJs } from './bundle';
import { measureLoad } from './load';
import { startServer } from './server-process';

const BUDGET_KB = 150;
const port = Number(process.env.BENCH_PORT ?? 3200);

function kb(bytes: number) {
  return (bytes / 1024).toFixed(1);
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
      const r = await measureLoad(server.baseUrl, path, { requests: 2000, concurrency: 10 });
      console.log(
        `${r.path.padEnd(20)} p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ` +
          `${r.rps.toFixed(0)} req/s  errors ${r.errors}/${r.requests} (${((100 * r.errors) / r.requests).toFixed(2)}%)`,
      );
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
