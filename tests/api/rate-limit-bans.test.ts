import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BatchedDatabaseStore, countRequest, purgeRateLimitCounters } from '../../server/plugins/rate-limit-store';
import { buildTestApp, describeOnBackends } from './helpers';

// The limits that ban count in the database: two app instances over one database stand for
// two servers, and a client banned through one is banned on the other.

const BANS = { env: { CAPTCHA: 'off', LOGIN_RATE_LIMIT_MAX: '2' } };

describeOnBackends('Rate limits that ban, shared by every server', BANS, (suite) => {
  // The suite's app is the first server; a second app over the same database is the other.
  let second: FastifyInstance | undefined;
  const first = () => suite.app;
  beforeAll(async () => {
    second = await buildTestApp(suite.testDb, BANS);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('counts one window per key across servers, and starts again when it ends', async () => {
    expect(await countRequest(suite.db, 'test one', 60_000)).toMatchObject({ current: 1 });
    expect(await countRequest(suite.db, 'test one', 60_000)).toMatchObject({ current: 2 });
    const short = await countRequest(suite.db, 'test short', 1);
    expect(short.current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await countRequest(suite.db, 'test short', 60_000)).toMatchObject({ current: 1 });
    expect(await purgeRateLimitCounters(suite.db, new Date(Date.now() + 120_000))).toBeGreaterThanOrEqual(2);
  });

  it('bans on both servers a client that went past the login limit, spread over them', async () => {
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        remoteAddress: '203.0.113.9',
        payload: { username: 'nessuno@example.com', password: 'Sbagliata#1', RecaptchaToken: 'x' },
      });
    // max 2 a minute, ban after 10 more: the 13th request is banned.
    for (let index = 0; index < 12; index++) {
      const res = await attempt(index % 2 === 0 ? first() : second!);
      expect(res.json().ExceptionTypeString).not.toBe('IPBanned');
    }
    for (const app of [first(), second!]) expect((await attempt(app)).json().ExceptionTypeString).toBe('IPBanned');
    // Another client is not concerned.
    const other = await first().inject({
      method: 'POST',
      url: '/api/Account/Login',
      remoteAddress: '203.0.113.10',
      payload: { username: 'nessuno@example.com', password: 'Sbagliata#1', RecaptchaToken: 'x' },
    });
    expect(other.json().ExceptionTypeString).not.toBe('IPBanned');
  });
});

// Only the database is used here (stores standing for servers); the app over it answers nothing.
describeOnBackends('A shared count written in batches', {}, (suite) => {
  /** A store standing for one server, on a clock the test moves. */
  function server(route: string) {
    const clock = { now: 1_000_000 };
    const store = new BatchedDatabaseStore(suite.db, route, 1000, () => clock.now);
    const incr = (key: string, window = 60_000) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), window),
      );
    return { clock, incr, settled: () => store.settled() };
  }

  async function stored(key: string): Promise<number | undefined> {
    const rows = await suite.db.execute<{ hits: number }>(sql`select hits from rate_limit_counters where key = ${key}`);
    return rows.rows[0]?.hits;
  }

  it('answers at once, writes a key once per period per server off the request, and adds the requests in between at the next write', async () => {
    const one = server('get /search');
    const two = server('get /search');
    // Three at once: one write (the first), the other two pending.
    expect((await Promise.all([one.incr('a'), one.incr('a'), one.incr('a')])).map((r) => r.current)).toEqual([1, 2, 3]);
    await one.settled();
    expect(await stored('get /search a')).toBe(1);
    // Within the period: from the shared count plus this server's own, no write.
    expect((await one.incr('a')).current).toBe(4);
    await one.settled();
    expect(await stored('get /search a')).toBe(1);
    // The other server counts its first request alone, and learns the shared count from its write.
    expect((await two.incr('a')).current).toBe(1);
    await two.settled();
    expect(await stored('get /search a')).toBe(2);
    expect((await two.incr('a')).current).toBe(3);
    // A period later, the first server adds its three unwritten requests and this one.
    one.clock.now += 1001;
    expect((await one.incr('a')).current).toBe(5);
    await one.settled();
    expect(await stored('get /search a')).toBe(6);
    expect((await one.incr('a')).current).toBe(7);
    // Another key has its own count.
    expect((await one.incr('b')).current).toBe(1);
  });

  it('keeps the requests of a write that failed and adds them at the next', async () => {
    const errors: unknown[] = [];
    const clock = { now: 2_000_000 };
    let failing = true;
    const db = new Proxy(suite.db, {
      get: (target, property, receiver) =>
        property === 'insert' && failing
          ? () => ({
              values: () => ({
                onConflictDoUpdate: () => ({ returning: () => Promise.reject(new Error('unreachable')) }),
              }),
            })
          : Reflect.get(target, property, receiver),
    });
    const store = new BatchedDatabaseStore(
      db,
      'get /failing',
      1000,
      () => clock.now,
      (error) => errors.push(error),
    );
    const incr = () =>
      new Promise<number>((resolve, reject) =>
        store.incr('f', (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000),
      );
    expect(await incr()).toBe(1);
    await store.settled();
    expect(errors).toHaveLength(1);
    failing = false;
    clock.now += 1001;
    expect(await incr()).toBe(2);
    await store.settled();
    expect(await stored('get /failing f')).toBe(2);
  });

  it('does not carry unwritten requests into a new window', async () => {
    const one = server('get /window');
    expect((await one.incr('c', 1000)).current).toBe(1);
    await one.settled();
    expect((await one.incr('c', 1000)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    one.clock.now += 1100;
    expect((await one.incr('c', 1000)).current).toBe(1);
    await one.settled();
    expect(await stored('get /window c')).toBe(1);
  });
});
