import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// SIGTERM under load, on a real server process: it stops taking connections, finishes the requests
// it has, closes its pools and exits 0. A load generator running through the shutdown sees every
// request it sent either answered in full or refused at connect (never accepted then dropped).

interface Started {
  url: URL;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

async function startServer(dataDir: string): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      TEST_POSTGRES_URL: '',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CAPTCHA: 'off',
      RATE_LIMIT_MAX: '0',
      LOGIN_RATE_LIMIT_MAX: '1000',
      SHUTDOWN_GRACE_S: '5',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = /Rexer è pronto su (http:\/\/[^\s]+)/.exec(output);
    if (ready) return { url: new URL(ready[1]), child, output: () => output, exited };
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One request on a keep-alive agent: its status, or the code of the error that ended it. */
function request(
  url: URL,
  agent: http.Agent,
  options: { path: string; method?: string; body?: unknown },
): Promise<{ status?: number; error?: string; at: number }> {
  return new Promise((resolve) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: options.path,
        method: options.method ?? 'GET',
        agent,
        headers: { portal: '5', ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, at: Date.now() }));
        res.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message, at: Date.now() }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, at: Date.now() }));
    req.end(body);
  });
}

describe('SIGTERM under load', () => {
  let dataDir: string;
  let server: Started;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rexer-shutdown-'));
    server = await startServer(dataDir);
  }, 150_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests it accepted, refuses new connections, and exits 0', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const outcomes: { status?: number; error?: string; at: number }[] = [];
    let exited = false;
    void server.exited.then(() => (exited = true));
    const worker = async () => {
      while (!exited) outcomes.push(await request(server.url, agent, { path: '/api/config' }));
    };
    const workers = Array.from({ length: 16 }, worker);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(0);

    // A slow call (a login checks a password hash) under way when the signal comes.
    const login = request(server.url, new http.Agent(), {
      path: '/api/Account/Login',
      method: 'POST',
      body: { username: 'nessuno@rexer.example', password: 'Una.Password#Sbagliata1' },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    const code = await server.exited;
    await Promise.all(workers);
    agent.destroy();

    expect(code, server.output()).toBe(0);
    const loginAnswer = await login;
    expect(loginAnswer.error).toBeUndefined();
    expect(loginAnswer.status).toBeGreaterThanOrEqual(200);
    expect(loginAnswer.status).toBeLessThan(500);
    // Answered in full (200), or refused before being accepted: nothing accepted and then dropped.
    const kinds = new Set(outcomes.map((o) => (o.status === 200 ? 'answered' : (o.error ?? `status ${o.status}`))));
    expect([...kinds].filter((kind) => kind !== 'answered' && kind !== 'ECONNREFUSED')).toEqual([]);
    // The requests under way at the signal were finished after it.
    expect(outcomes.filter((o) => o.status === 200 && o.at >= signalledAt).length).toBeGreaterThan(0);
  }, 60_000);
});
