import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { createTestDatabase, hasTestPostgres, type TestDatabase } from '../../server/db/testing';
import { buildTestApp, expectError } from './helpers';

// PostgreSQL goes away under a running server and comes back: the server answers 503 with the
// error body meanwhile (never a 500, never a request left waiting), says it is not ready, stays
// alive, and once the database is back answers normally, its job queue working again, without a
// restart. The database is reached through a TCP proxy the test cuts and restores, as a restart
// of PostgreSQL would cut it (the shared test server itself keeps running for the other suites).

/** A TCP proxy to PostgreSQL: `cut()` drops every connection and refuses new ones, `restore()` listens again. */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    async stop() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The answer, or a failure naming the request if none came within `ms` (a request left hanging). */
async function answeredWithin<T>(ms: number, what: string, request: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      request,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A search the database answers every time (no answer cache, no copy in memory in the tests). */
const SEARCH = '/api/Search/Listings?SearchType=circle&Lat=45.4642&Lng=9.19&Radius=3000';

describe.runIf(hasTestPostgres())('a PostgreSQL outage under a running server', () => {
  let testDb: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let database: Database;
  let app: FastifyInstance;
  const worked: number[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase({ postgres: true });
    const url = new URL(testDb.url!);
    proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    database = await openDatabase({ databaseUrl: url.toString(), seed: 'none', storage: testDb.storage, dataDir: '' });
    app = await buildTestApp(testDb, { database, env: { JOB_QUEUE: 'true', JOB_POLL_SECONDS: '0.5' } });
    await app.jobs.work<{ n: number }>('outage-probe', {}, async (jobs) => {
      for (const job of jobs) worked.push(job.data.n);
    });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.stop();
    await testDb?.cleanup();
  });

  it('answers 503 while the database is away and normally once it is back, in the same process', async () => {
    expect((await app.inject({ url: SEARCH })).statusCode).toBe(200);
    await app.jobs.send('outage-probe', { n: 1 });
    await expect.poll(() => worked, { timeout: 10_000 }).toContain(1);

    await proxy.cut();
    // Calls that need the database: a search, a login (its rate limit is counted in the database too).
    const search = await answeredWithin(10_000, 'search', app.inject({ url: SEARCH }));
    expectError(search, 'ServiceUnavailable');
    expect(search.headers['retry-after']).toBeDefined();
    const login = await answeredWithin(
      10_000,
      'login',
      app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { Username: 'acquirente@rexer.example', Password: 'Qualsiasi#Password1' },
      }),
    );
    expectError(login, 'ServiceUnavailable');
    expectError(await answeredWithin(10_000, 'readyz', app.inject({ url: '/readyz' })), 'ServiceUnavailable');
    expect((await app.inject({ url: '/healthcheck' })).statusCode).toBe(200);

    await proxy.restore();
    // Back within seconds, without a restart: the pools connect again on the next call.
    await expect
      .poll(async () => (await app.inject({ url: SEARCH })).statusCode, { timeout: 10_000, interval: 250 })
      .toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    // The job queue works again: a job sent now is done.
    await app.jobs.send('outage-probe', { n: 2 });
    await expect.poll(() => worked, { timeout: 15_000 }).toContain(2);
  }, 60_000);
});
