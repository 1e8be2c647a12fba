import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';

export interface RunningServer {
  baseUrl: string;
  /** The server's process (its resident memory is read from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/** Starts the real server (`npm run serve`) on a free port with its own data folder. */
export async function startServer(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? process.env.BENCH_DATABASE_URL ?? '',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      // The load tests measure latency and throughput, not the per-IP limits that would
      // refuse them: the API's general limit and the pages' own (300 a minute by default).
      RATE_LIMIT_MAX: '0',
      PAGE_RATE_LIMIT_MAX: '0',
      // And the search's own limit (counted in the database): the search section measures it apart.
      SEARCH_RATE_LIMIT_MAX: '0',
      // The login bench plays many clients, each behind its own X-Forwarded-For address,
      // sent from this machine as if from a proxy in front of it.
      TRUST_PROXY: '127.0.0.1',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/healthcheck`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await delay(250);
  }
  return {
    baseUrl,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, delay(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
