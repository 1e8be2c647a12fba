import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts';
import { createEmptyPostgresDatabase, hasTestPostgres } from '../../server/db/testing';

// The demo accounts have a password the README publishes: a server on PostgreSQL (a real
// deployment) must not create them unless DEMO_DATA=true says it is a demo.

/** Starts the real server on the database, waits until it answers, returns what it printed. */
async function runServer(
  env: Record<string, string>,
  port: number,
): Promise<{ output: string; stop(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rexer-demo-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: {
      ...process.env,
      TEST_POSTGRES_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    if (output.includes('Rexer è pronto')) break;
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    get output() {
      return output;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function countUsers(url: string, emails: string[]): Promise<{ demo: number; municipalities: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const demo = await client.query('select count(*)::int as n from users where lower(email) = any($1)', [emails]);
    const municipalities = await client.query('select count(*)::int as n from municipalities');
    return { demo: demo.rows[0].n, municipalities: municipalities.rows[0].n };
  } finally {
    await client.end();
  }
}

describe.runIf(hasTestPostgres())('Demo data on a fresh PostgreSQL', () => {
  const demoEmails = Object.values(DEMO_ACCOUNTS).map((account) => account.email.toLowerCase());
  let database: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('seeds the reference data but no demo account without DEMO_DATA=true, and says so at start', async () => {
    const server = await runServer({ DATABASE_URL: database.url }, 3190);
    try {
      expect(server.output).toContain('Demo data: off');
      const counts = await countUsers(database.url, demoEmails);
      expect(counts.demo).toBe(0);
      expect(counts.municipalities).toBeGreaterThan(7000);
    } finally {
      await server.stop();
    }
  }, 200_000);

  it('adds the demo market and accounts with DEMO_DATA=true', async () => {
    const server = await runServer({ DATABASE_URL: database.url, DEMO_DATA: 'true' }, 3191);
    try {
      expect(server.output).toContain('Demo data: on');
      expect((await countUsers(database.url, demoEmails)).demo).toBe(demoEmails.length);
    } finally {
      await server.stop();
    }
  }, 200_000);
});
