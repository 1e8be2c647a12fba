import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { Db } from '../../server/db/database';
import type { TestDatabase } from '../../server/db/testing';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { CACHE_CONTROL } from '../../server/lib/reference-cache';
import { Agency } from '../../server/modules/agency/schemas';
import { AppConfigResponse } from '../../server/modules/app-config/schemas';
import { DownloadItem } from '../../server/modules/download/schemas';
import { HomeCity, HomeListing } from '../../server/modules/home/schemas';
import { SeoFooterLinks, SeoMunicipalities } from '../../server/modules/seo/schemas';
import { decodeRecord, encodeRecord, sessionCookieNames } from '../../server/plugins/browser-session';
import { applyCookies, BACKENDS, buildTestApp, expectError, openTestDatabase, setCookies } from './helpers';

const { session: SESSION } = sessionCookieNames(true);
const COOKIE_MODE = { 'x-token-transport': 'cookie' };

// Reference data (server/lib/reference-cache.ts): read and serialised once per process,
// answered as bytes with a strong ETag, 304 to a matching If-None-Match.

/** Counts the SQL statements the app sends through Drizzle (both drivers prepare every query in their session). */
function countQueries(db: Db) {
  const session = (db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  return vi.spyOn(session, 'prepareQuery');
}

const ROUTES: { url: string; cacheControl: string; schema?: z.ZodType }[] = [
  { url: '/api/config', cacheControl: CACHE_CONTROL.config, schema: AppConfigResponse },
  { url: '/api/Home/Cities', cacheControl: CACHE_CONTROL.counts, schema: HomeCity.array() },
  { url: '/api/Home/Cities?SellType=2&Limit=3', cacheControl: CACHE_CONTROL.counts, schema: HomeCity.array() },
  { url: '/api/Home/Listings?SellType=1&Limit=6', cacheControl: CACHE_CONTROL.counts, schema: HomeListing.array() },
  { url: '/api/Agency/List', cacheControl: CACHE_CONTROL.reference, schema: Agency.array() },
  { url: '/api/Agency/List?City=milano', cacheControl: CACHE_CONTROL.reference, schema: Agency.array() },
  { url: '/api/Download/List', cacheControl: CACHE_CONTROL.reference, schema: DownloadItem.array() },
  { url: '/api/Seo/FooterLinks', cacheControl: CACHE_CONTROL.counts, schema: SeoFooterLinks },
  { url: '/api/Seo/Municipalities/MI?SellType=2', cacheControl: CACHE_CONTROL.counts, schema: SeoMunicipalities },
  { url: '/robots.txt', cacheControl: CACHE_CONTROL.crawler },
  { url: '/sitemap.xml', cacheControl: CACHE_CONTROL.crawler },
  { url: '/sitemap-pagine.xml', cacheControl: CACHE_CONTROL.crawler },
];

/** The headers every answer keeps, cached or not: security headers and the request id. */
function expectPlatformHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  expect(res.headers['strict-transport-security']).toBeDefined();
  expect(res.headers['x-request-id']).toMatch(/^[\w.:-]{8,128}$/);
}

describe.each(BACKENDS)('reference data answered from memory on $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
    app = await buildTestApp(testDb);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe.each(ROUTES)('GET $url', ({ url, cacheControl, schema }) => {
    it('answers with a strong ETag and Cache-Control, the same bytes every time, and no query after the first', async () => {
      const first = await app.inject({ url });
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).toMatch(/^"[\w-]{43}"$/);
      expect(first.headers['cache-control']).toBe(cacheControl);
      expectPlatformHeaders(first);

      const queries = countQueries(testDb.database.db);
      const second = await app.inject({ url });
      const third = await app.inject({ url, headers: { portal: '5' } });
      expect(queries).not.toHaveBeenCalled();
      for (const again of [second, third]) {
        expect(again.statusCode).toBe(200);
        expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
        expect(again.headers.etag).toBe(first.headers.etag);
        expect(again.headers['content-type']).toBe(first.headers['content-type']);
        expect(Number(again.headers['content-length'])).toBe(first.rawPayload.length);
      }
      expect(second.headers['x-request-id']).not.toBe(third.headers['x-request-id']);
      if (schema) {
        // The body is what the route's schema serialises (what Fastify sent before the cache).
        expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(first.body).toBe(JSON.stringify(schema.parse(first.json())));
      }
    });

    it('answers 304 with an empty body to a matching If-None-Match, with its ETag, Cache-Control and platform headers', async () => {
      const { headers } = await app.inject({ url });
      const etag = String(headers.etag);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await app.inject({ url, headers: { 'if-none-match': ifNoneMatch } });
        expect(res.statusCode, ifNoneMatch).toBe(304);
        expect(res.rawPayload.length).toBe(0);
        expect(res.headers.etag).toBe(etag);
        expect(res.headers['cache-control']).toBe(cacheControl);
        expect(res.headers['content-type']).toBeUndefined();
        expectPlatformHeaders(res);
      }
      const changed = await app.inject({ url, headers: { 'if-none-match': '"not-the-current-one"' } });
      expect(changed.statusCode).toBe(200);
      expect(changed.rawPayload.length).toBeGreaterThan(0);
    });
  });

  it('keeps one body per parameter set: another query is another answer', async () => {
    const all = await app.inject({ url: '/api/Home/Cities' });
    const rent = await app.inject({ url: '/api/Home/Cities?SellType=2&Limit=3' });
    expect(rent.headers.etag).not.toBe(all.headers.etag);
    expect((rent.json() as unknown[]).length).toBeLessThanOrEqual(3);
    const sale = await app.inject({ url: '/api/Seo/Municipalities/mi?SellType=1' });
    expect(sale.json()).toMatchObject({ ProvinceCode: 'MI', SellType: 1 });
  });

  it('does not keep an unknown province: it stays a 404 with no validators', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await app.inject({ url: '/api/Seo/Municipalities/atlantide' });
      expectError(res, 'NotFound');
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe.each(BACKENDS)('loading reference data on $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await app?.close();
    app = undefined;
  });

  it('shares one load between concurrent first requests', async () => {
    app = await buildTestApp(testDb);
    await app.ready();
    // The document list is one query.
    const queries = countQueries(testDb.database.db);
    const answers = await Promise.all(Array.from({ length: 6 }, () => app!.inject({ url: '/api/Download/List' })));
    expect(queries).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((res) => res.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
  });

  it('does not keep a failed load: the error answers without validators, the next request loads again', async () => {
    app = await buildTestApp(testDb);
    await app.ready();
    const queries = countQueries(testDb.database.db).mockImplementationOnce(() => {
      throw new Error('database down');
    });
    const failed = await app.inject({ url: '/api/Download/List' });
    expectError(failed, 'InternalError');
    expect(failed.headers.etag).toBeUndefined();
    expect(failed.headers['cache-control']).toBe('no-store');
    const ok = await app.inject({ url: '/api/Download/List' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toMatch(/^"[\w-]{43}"$/);
    expect(queries).toHaveBeenCalledTimes(2);
    await app.inject({ url: '/api/Download/List' });
    expect(queries).toHaveBeenCalledTimes(2);
  });

  it('gives the same ETag in another process over the same data (servers behind a load balancer agree)', async () => {
    app = await buildTestApp(testDb);
    const other = await buildTestApp(testDb);
    try {
      for (const url of ['/api/config', '/api/Download/List', '/sitemap-pagine.xml']) {
        const [a, b] = [await app.inject({ url }), await other.inject({ url })];
        expect(a.headers.etag, url).toBe(b.headers.etag);
        expect((await other.inject({ url, headers: { 'if-none-match': String(a.headers.etag) } })).statusCode).toBe(
          304,
        );
      }
    } finally {
      await other.close();
    }
  });

  it('never lets a shared cache keep an answer that sets a cookie: public becomes private', async () => {
    app = await buildTestApp(testDb, { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0' } });
    const login = await app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      headers: COOKIE_MODE,
      payload: { username: DEMO_ACCOUNTS.buyer.email, password: DEMO_PASSWORD, RecaptchaToken: 'x' },
    });
    const jar = applyCookies({}, login);
    const record = decodeRecord(jar[SESSION])!;
    // A record stamped on another day is written again (browser-session.ts): the answer sets a cookie.
    const stale = { ...jar, [SESSION]: encodeRecord({ ...record, stamp: '2020-01-01' }) };
    const refreshed = await app.inject({ url: '/api/config', headers: COOKIE_MODE, cookies: stale });
    expect(refreshed.statusCode).toBe(200);
    expect(setCookies(refreshed).map((c) => c.name)).toContain(SESSION);
    expect(refreshed.headers['cache-control']).toBe(CACHE_CONTROL.config.replace('public', 'private'));
    expect(refreshed.headers.etag).toMatch(/^"[\w-]{43}"$/);
    // The same answer without a cookie to set stays public.
    const plain = await app.inject({ url: '/api/config', headers: COOKIE_MODE, cookies: { ...jar } });
    expect(plain.headers['set-cookie']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(CACHE_CONTROL.config);
    expect(plain.body).toBe(refreshed.body);
  });
});
