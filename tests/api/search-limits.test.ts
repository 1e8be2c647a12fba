import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_STATUS } from '../../server/db/reference-ids';
import { properties, users } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { AnswerCache } from '../../server/modules/search/answer-cache';
import { BACKENDS, buildTestApp, expectError, openTestDatabase } from './helpers';

// What protects the search at scale: the short answer cache (SEARCH_CACHE_SECONDS), the per-IP limit
// counted in the database (SEARCH_RATE_LIMIT_MAX, the same count on every server), and the statement
// timeout (SEARCH_TIMEOUT_MS, PostgreSQL only: PGlite cannot stop a statement).

const VIEW = { Bounds: '44.30,10.20,44.40,10.40', Zoom: '12' };

describe.each(BACKENDS)('search limits ($name)', (backend) => {
  let testDb: TestDatabase;
  const apps: FastifyInstance[] = [];

  async function app(env: Record<string, string>) {
    const instance = await buildTestApp(testDb, { env });
    apps.push(instance);
    return instance;
  }

  async function insertInView(price: number) {
    const [user] = await testDb.database.db.select({ id: users.id }).from(users).limit(1);
    await testDb.database.db.insert(properties).values({
      ownerUserId: user!.id,
      sellTypeId: 1,
      statusId: PROPERTY_STATUS.published,
      municipalityId: 35033,
      latitude: 44.35,
      longitude: 10.3,
      price,
      publishedAt: new Date(),
    });
  }

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
  }, 240_000);

  afterAll(async () => {
    for (const instance of apps) await instance.close();
    await testDb?.cleanup();
  });

  it('the answer cache serves the same search again for its seconds, the same bytes as without it; other searches and errors are not served from it', async () => {
    const cached = await app({ SEARCH_CACHE_SECONDS: '1' });
    const uncached = await app({ SEARCH_CACHE_SECONDS: '0' });
    await insertInView(100_000);
    const first = await cached.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-search-cache']).toBe('miss');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const plain = await uncached.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW });
    expect(first.body).toBe(plain.body);
    expect(plain.headers['content-type']).toBe(first.headers['content-type']);
    const total = (first.json() as { Total: number }).Total;

    // Asked once, an answer is not kept; asked again within the TTL, it is.
    const second = await cached.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW });
    expect(second.headers['x-search-cache']).toBe('miss');
    expect(second.body).toBe(first.body);
    // A new listing: the cached answer does not know it yet, a different search does.
    await insertInView(120_000);
    const again = await cached.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW });
    expect(again.headers['x-search-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    const other = await cached.inject({
      method: 'GET',
      url: '/api/Search/Listings',
      query: { ...VIEW, PageSize: '5' },
    });
    expect(other.headers['x-search-cache']).toBe('miss');
    expect((other.json() as { Total: number }).Total).toBe(total + 1);

    // Past its second, the search runs again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await cached.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW });
    expect(later.headers['x-search-cache']).toBe('miss');
    expect((later.json() as { Total: number }).Total).toBe(total + 1);

    // Refused searches are answered each time, never kept.
    for (let i = 0; i < 2; i++)
      expectError(
        await cached.inject({
          method: 'GET',
          url: '/api/Search/Listings',
          query: { SearchType: 'town', Town: '999999' },
        }),
        'UnknownPlace',
      );
  });

  it('AnswerCache: one computation for concurrent misses, kept from the second asking, none kept after a failure, bounded in size, expired by age', async () => {
    let now = 0;
    const cache = new AnswerCache(1000, 100, () => now);
    let runs = 0;
    const compute = (body: string) => async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return body;
    };
    const answers = await Promise.all([
      cache.get('a', compute('A')),
      cache.get('a', compute('A')),
      cache.get('a', compute('A')),
    ]);
    expect(answers.map((a) => a.body)).toEqual(['A', 'A', 'A']);
    expect(runs).toBe(1);
    // Asked once: not kept. Asked again: computed and kept. Then answered from the cache.
    expect(cache.size).toBe(0);
    expect((await cache.get('a', compute('A'))).hit).toBe(false);
    expect(runs).toBe(2);
    expect(cache.size).toBe(1);
    expect(await cache.get('a', compute('A'))).toEqual({ body: 'A', hit: true });
    expect(runs).toBe(2);
    // Asked once more than a TTL later: a first asking again.
    now = 1500;
    expect((await cache.get('c', compute('C'))).hit).toBe(false);
    now = 3000;
    const before = runs;
    expect((await cache.get('c', compute('C'))).hit).toBe(false);
    expect((await cache.get('c', compute('C'))).hit).toBe(false);
    expect((await cache.get('c', compute('C'))).hit).toBe(true);
    expect(runs - before).toBe(2);
    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('b', compute('B'))).hit).toBe(false);
    for (let i = 0; i < 10; i++)
      for (let asked = 0; asked < 2; asked++) await cache.get(`k${i}`, compute('x'.repeat(20)));
    expect(cache.size).toBe(5);
    now = 5000;
    expect((await cache.get('k9', compute('y'))).hit).toBe(false);
  });

  it('the search limit counts every server alike (in the database): past it, 429 TooManyRequests on either', async () => {
    // Every search written at once (no batching), so each server knows the other's count exactly.
    const one = await app({ SEARCH_RATE_LIMIT_MAX: '3', SEARCH_RATE_LIMIT_SYNC_MS: '0' });
    const two = await app({ SEARCH_RATE_LIMIT_MAX: '3', SEARCH_RATE_LIMIT_SYNC_MS: '0' });
    const from = { remoteAddress: '203.0.113.7' };
    // Each call has its count: three listings searches and three place searches, spread over both servers.
    const statuses: number[] = [];
    for (const instance of [one, two, one])
      statuses.push(
        (await instance.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW, ...from })).statusCode,
      );
    for (const instance of [two, one, two])
      statuses.push(
        (await instance.inject({ method: 'GET', url: '/api/Search/Places', query: { Text: 'pia' }, ...from }))
          .statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expectError(
      await two.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW, ...from }),
      'TooManyRequests',
    );
    expectError(
      await one.inject({ method: 'GET', url: '/api/Search/Places', query: { Text: 'pia' }, ...from }),
      'TooManyRequests',
    );
    // Another address is not concerned.
    expect(
      (await one.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW, remoteAddress: '203.0.113.8' }))
        .statusCode,
    ).toBe(200);
    const counted = await testDb.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from rate_limit_counters where key like ${'%203.0.113.7%'}`,
    );
    expect(counted.rows[0]!.n).toBeGreaterThan(0);
  });

  it('by default a server writes the searches of an address to the shared count once per SEARCH_RATE_LIMIT_SYNC_MS, and limits from its own count in between', async () => {
    const one = await app({ SEARCH_RATE_LIMIT_MAX: '3', SEARCH_RATE_LIMIT_SYNC_MS: '60000' });
    const from = { remoteAddress: '203.0.113.21' };
    for (let index = 0; index < 3; index++)
      expect((await one.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW, ...from })).statusCode).toBe(
        200,
      );
    expectError(
      await one.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW, ...from }),
      'TooManyRequests',
    );
    // One write (off the request's path): the first search of the address on this server.
    const stored = async () =>
      (
        await testDb.database.db.execute<{ hits: number }>(
          sql`select hits from rate_limit_counters where key like ${'%/api/search/listings 203.0.113.21'}`,
        )
      ).rows.map((row) => row.hits);
    await expect.poll(stored).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored()).toEqual([1]);
    // Another server counts its first search alone, and learns the shared count from its write.
    const two = await app({ SEARCH_RATE_LIMIT_MAX: '3', SEARCH_RATE_LIMIT_SYNC_MS: '60000' });
    expect((await two.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW, ...from })).statusCode).toBe(
      200,
    );
    await expect.poll(stored).toEqual([2]);
    expect((await two.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW, ...from })).statusCode).toBe(
      200,
    );
    expectError(
      await two.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW, ...from }),
      'TooManyRequests',
    );
  });

  // PostgreSQL only: PGlite cannot stop a statement.
  if (backend.postgres) {
    it('a search past SEARCH_TIMEOUT_MS is stopped and answered 503 SearchTimeout, as is the place search', async () => {
      const instance = await app({ SEARCH_TIMEOUT_MS: '300' });
      const blocker = new pg.Client({ connectionString: testDb.url });
      await blocker.connect();
      try {
        // A lock held elsewhere makes the statements wait: the timeout counts the wait too.
        await blocker.query('begin');
        await blocker.query('lock table search_cells, municipalities in access exclusive mode');
        const started = Date.now();
        expectError(
          await instance.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW }),
          'SearchTimeout',
        );
        expectError(
          await instance.inject({ method: 'GET', url: '/api/Search/Places', query: { Text: 'pia' } }),
          'SearchTimeout',
        );
        expect(Date.now() - started).toBeLessThan(5000);
        await blocker.query('rollback');
        expect((await instance.inject({ method: 'GET', url: '/api/Search/Listings', query: VIEW })).statusCode).toBe(
          200,
        );
      } finally {
        await blocker.end();
      }
    });
  }
});
