import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import pg from 'pg';

/**
 * A real Rexer server process for the tests that kill and restart one (`node --import tsx
 * server/server.ts`): its URL once it says it is ready, its output, and how it ended.
 */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves when the process has exited, with its code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The environment every test server starts with (the caller's variables win). */
export const TEST_SERVER_ENV: Record<string, string> = {
  TEST_POSTGRES_URL: '',
  NODE_ENV: 'test',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  CAPTCHA: 'off',
  RATE_LIMIT_MAX: '0',
  LOGIN_RATE_LIMIT_MAX: '1000',
  JOB_POLL_SECONDS: '0.5',
};

/**
 * Starts a server and resolves once it prints its address, or once it has exited when
 * `mayExit` (a failpoint may kill it while it starts: `url` is then empty); otherwise an exit
 * before it is ready throws with its output.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { mayExit?: boolean; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { ...process.env, ...TEST_SERVER_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    const ready = /Rexer è pronto su (http:\/\/[^\s]+)/.exec(output);
    if (ready) return { url: ready[1]!, child, output: () => output, exited };
    if (child.exitCode !== null || child.signalCode !== null) {
      if (options.mayExit) return { url: '', child, output: () => output, exited };
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}: ${output}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sends `signal` (unless the process is gone already) and waits for the exit. */
export async function stopServerProcess(
  server: ServerProcess | undefined,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

/**
 * Runs one SQL statement on a server's database: PostgreSQL at `url`, or PGlite in
 * `${dataDir}/pglite` (one process at a time: only while no server runs on it).
 */
export async function queryDatabase<T>(
  where: { dataDir: string; url?: string },
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (where.url) {
    const client = new pg.Client({ connectionString: where.url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new PGlite(path.join(where.dataDir, 'pglite'), { extensions: { cube, earthdistance } });
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.close();
  }
}
