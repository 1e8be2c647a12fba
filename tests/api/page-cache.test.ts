import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageRenderer, PageRendererSetup } from '@domain/page-rendering';
import { PROPERTY_STATUS } from '../../server/db/reference-ids';
import { properties } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { inlineScriptHashes, PageCache } from '../../server/lib/page-cache';
import pageCachePlugin from '../../server/plugins/page-cache';
import { createPageRenderer } from '../../src/app/entry-server';
import { buildTestApp, openTestDatabase } from './helpers';

// Anonymous pages served from the cache of rendered pages (server/lib/page-cache.ts,
// server/plugins/pages.ts): what is kept, for whom, for how long, and the CSP that goes with it.

const PUBLIC_URL = 'https://www.rexer.test';
/** A buyer: the listing pages and /comprocasa accept the type, so the page writes no cookie. */
const BUYER = 'rexer_home_option=2';
const SELLER = 'rexer_home_option=1';

function mirrorCookie(username: string) {
  const record = Buffer.from(
    JSON.stringify({ username, isConfirmed: true, terms_privacy: true, silent: false }),
  ).toString('base64url');
  return `rexer_user=${record}`;
}

const h1Of = (html: string) => (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '');
const cspOf = (res: LightMyRequestResponse) => String(res.headers['content-security-policy']);
const scriptSrcOf = (res: LightMyRequestResponse) => /(?:^|;)script-src ([^;]*)/.exec(cspOf(res))?.[1].split(' ') ?? [];
/** The inline scripts a browser would run (no src, not a JSON data element). */
const inlineScriptsOf = (html: string) =>
  [...html.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1],
  );
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('anonymous pages from the cache', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let listing: number;
  /** Every render the renderer started, by URL. */
  const renders: string[] = [];
  /** The headers of every request the renderer was given. */
  const rendered: Headers[] = [];
  /** Renders held until released (the concurrent misses case). */
  let gate: Promise<void> | undefined;
  /** A cookie the next renders write (a page that sets cookies). */
  let writeCookie: string | undefined;

  beforeAll(async () => {
    testDb = await openTestDatabase({ postgres: false });
    app = await buildTestApp(testDb, {
      env: { PUBLIC_URL, PAGE_CACHE_TTL_S: '5' },
      createPageRenderer: (setup: PageRendererSetup): PageRenderer => {
        const render = createPageRenderer(setup);
        return async (input) => {
          renders.push(new URL(input.request.url).pathname);
          rendered.push(input.request.headers);
          if (gate) await gate;
          const response = await render(input);
          if (writeCookie) response.headers.append('set-cookie', writeCookie);
          return response;
        };
      },
    });
    const [row] = await testDb.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(
        and(
          eq(properties.statusId, PROPERTY_STATUS.published),
          eq(properties.sellTypeId, 1),
          isNotNull(properties.price),
        ),
      )
      .orderBy(properties.id)
      .limit(1);
    listing = row.id;
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });
  beforeEach(() => {
    app.pageCache?.clear();
    renders.length = 0;
    rendered.length = 0;
    gate = undefined;
    writeCookie = undefined;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });

  it('serves a second anonymous request within the TTL from the cache, without rendering again', async () => {
    const first = await get('/comprocasa', BUYER);
    const second = await get('/comprocasa', `${BUYER}; rexer_session=anonymous-visitor`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(renders).toEqual(['/comprocasa']);
    // A CDN may keep it as long as this server does; a browser asks again.
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=10');
    expect(second.headers.vary).toMatch(/Cookie/);
  });

  it('renders a page to keep from its key alone: no other cookie, no user agent, no language reaches the renderer', async () => {
    const res = await app.inject({
      url: '/contatti',
      headers: {
        cookie: `_ga=GA1.1.1; ${BUYER}; rexer_session=anonymous-visitor`,
        'user-agent': 'Mozilla/5.0 (Test)',
        'accept-language': 'en-GB',
      },
    });
    expect(res.headers['x-cache']).toBe('MISS');
    expect([...rendered[0].entries()]).toEqual([['cookie', BUYER]]);
  });

  it('never serves a logged-in visitor from the cache, nor keeps their page for anybody else', async () => {
    const anonymous = await get('/chisiamo', BUYER);
    expect(anonymous.headers['x-cache']).toBe('MISS');
    for (const cookie of [mirrorCookie('acquirente@rexer.example'), mirrorCookie('venditore@rexer.example')]) {
      const logged = await get('/chisiamo', `${BUYER}; ${cookie}`);
      expect(logged.headers['x-cache']).toBe('BYPASS');
      expect(logged.body).toContain('data-testid="account-menu-button"');
      expect(logged.body).not.toContain('data-testid="login-button"');
      expect(logged.headers['cache-control']).toBe('no-store');
      // Its own nonce: allowed by the CSP, on its scripts.
      const nonce = /'nonce-([^']+)'/.exec(cspOf(logged))?.[1];
      expect(nonce).toBeTruthy();
      expect(logged.body).toContain(`nonce="${nonce}"`);
    }
    // A pending-terms login (the temporary user, with its __Host- name on https) is no anonymous visitor either.
    expect((await get('/chisiamo', `${BUYER}; __Host-rexer_temp_user=pending`)).headers['x-cache']).toBe('BYPASS');
    expect((await get('/chisiamo', `${BUYER}; rexer_temp_user=pending`)).headers['x-cache']).toBe('BYPASS');
    expect(renders).toEqual(['/chisiamo', '/chisiamo', '/chisiamo', '/chisiamo', '/chisiamo']);
    // The anonymous page kept is still the anonymous one, not a logged-in visitor's.
    const again = await get('/chisiamo', BUYER);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toBe(anonymous.body);
    expect(again.body).toContain('data-testid="login-button"');
    expect(again.body).not.toContain('data-testid="account-menu-button"');
  });

  it('keeps one entry per home type', async () => {
    const buyer = await get('/faq', BUYER);
    const seller = await get('/faq', SELLER);
    expect([buyer.headers['x-cache'], seller.headers['x-cache']]).toEqual(['MISS', 'MISS']);
    expect(buyer.body).toContain('data-menu-type="BUYER"');
    expect(seller.body).toContain('data-menu-type="SELLER"');
    expect((await get('/faq', SELLER)).body).toBe(seller.body);
    expect((await get('/faq', BUYER)).body).toBe(buyer.body);
    expect(renders).toEqual(['/faq', '/faq']);
  });

  it('shows a changed listing title once the TTL has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const db = testDb.database.db;
    const [{ title }] = await db.select({ title: properties.title }).from(properties).where(eq(properties.id, listing));
    const before = await get(`/immobile/${listing}`, BUYER);
    expect(before.headers['x-cache']).toBe('MISS');
    expect(h1Of(before.body)).toBe(title);
    await db
      .update(properties)
      .set({ title: 'Attico con terrazza, titolo cambiato' })
      .where(eq(properties.id, listing));
    try {
      vi.setSystemTime(Date.now() + 4_000);
      expect((await get(`/immobile/${listing}`, BUYER)).headers['x-cache']).toBe('HIT');
      vi.setSystemTime(Date.now() + 1_001);
      const after = await get(`/immobile/${listing}`, BUYER);
      expect(after.headers['x-cache']).toBe('MISS');
      expect(h1Of(after.body)).toBe('Attico con terrazza, titolo cambiato');
    } finally {
      await db.update(properties).set({ title }).where(eq(properties.id, listing));
    }
  });

  it('allows exactly the inline scripts of a cached page by their hashes, with no nonce shared between answers', async () => {
    const first = await get(`/immobile/${listing}`, BUYER);
    const second = await get(`/immobile/${listing}`, BUYER);
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['MISS', 'HIT']);
    for (const res of [first, second]) {
      const scripts = inlineScriptsOf(res.body);
      expect(scripts.length).toBeGreaterThan(0);
      const hashes = scriptSrcOf(res).filter((source) => source.startsWith("'sha256-"));
      expect(new Set(hashes)).toEqual(new Set(scripts.map(sha256)));
      expect(cspOf(res)).not.toContain("'nonce-");
      expect(res.body).not.toMatch(/\snonce="/);
      expect(scriptSrcOf(res)).not.toContain("'unsafe-inline'");
    }
  });

  it('does not keep a page that sets a cookie', async () => {
    writeCookie = 'rexer_marker=1; path=/';
    const first = await get('/chisiamo', BUYER);
    const second = await get('/chisiamo', BUYER);
    for (const res of [first, second]) {
      expect(res.headers['x-cache']).toBe('BYPASS');
      expect(String(res.headers['set-cookie'])).toContain('rexer_marker=1');
      expect(res.headers['cache-control']).toBe('no-cache, private');
    }
    expect(renders).toEqual(['/chisiamo', '/chisiamo']);
    // Nor a page that sets the home type beside a visitor's own cookie.
    writeCookie = 'rexer_marker=2; path=/';
    expect((await get('/comprocasa')).headers['x-cache']).toBe('BYPASS');
    expect((await get('/comprocasa')).headers['x-cache']).toBe('BYPASS');
  });

  it('sends a kept page compressed once, in the coding the browser accepts', async () => {
    const plain = await get('/comprocasa', BUYER);
    const compressedGet = (coding: string) =>
      app.inject({ url: '/comprocasa', headers: { cookie: BUYER, 'accept-encoding': coding } });
    const br = await compressedGet('gzip, deflate, br');
    const brAgain = await compressedGet('br');
    const gz = await compressedGet('gzip');
    expect(renders).toEqual(['/comprocasa']);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    // The same bytes each time: compressed when the page was kept, not per answer.
    expect(Buffer.compare(brAgain.rawPayload, br.rawPayload)).toBe(0);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    for (const res of [plain, br, gz]) expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the page of a first visit (no cookie yet: crawlers, every new visitor) with the home-type cookie it sets, out of shared caches', async () => {
    const firstVisit = await get('/comprocasa');
    const secondVisitor = await get('/comprocasa');
    expect(firstVisit.headers['x-cache']).toBe('MISS');
    expect(secondVisitor.headers['x-cache']).toBe('HIT');
    expect(renders).toEqual(['/comprocasa']);
    for (const res of [firstVisit, secondVisitor]) {
      // Each visitor gets the cookie the page sets for its address: the same for all of them.
      expect(String(res.headers['set-cookie'])).toMatch(/^rexer_home_option=\d/);
      // A CDN does not keep an answer that sets a cookie apart from its visitor: private.
      expect(res.headers['cache-control']).toBe('no-cache, private');
      expect(new Set(scriptSrcOf(res).filter((source) => source.startsWith("'sha256-")))).toEqual(
        new Set(inlineScriptsOf(res.body).map(sha256)),
      );
      expect(cspOf(res)).not.toContain("'nonce-");
    }
    expect(secondVisitor.body).toBe(firstVisit.body);
    expect(secondVisitor.headers['set-cookie']).toEqual(firstVisit.headers['set-cookie']);
  });

  it('renders concurrent misses of one page once', async () => {
    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const asked = vi.spyOn(app.pageCache!, 'get');
    const answers = Array.from({ length: 5 }, () => get('/comefunziona', BUYER));
    // Every request has reached the cache (and waits there) before the one render goes on.
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(5));
    asked.mockRestore();
    release();
    const results = await Promise.all(answers);
    expect(renders).toEqual(['/comefunziona']);
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((res) => res.body)).size).toBe(1);
    expect(results.filter((res) => res.headers['x-cache'] === 'MISS')).toHaveLength(1);
  });

  it('passes redirects through without keeping them', async () => {
    const first = await get('/myrexer/profilo', BUYER);
    const second = await get('/myrexer/profilo', BUYER);
    expect(first.statusCode).toBe(302);
    expect(second.statusCode).toBe(302);
    expect(second.headers['x-cache']).toBe('BYPASS');
    expect(second.headers.location).toMatch(/\?login=1&redirect=%2Fmyrexer%2Fprofilo$/);
    expect(renders).toEqual(['/myrexer/profilo', '/myrexer/profilo']);
  });
});

describe('the page cache', () => {
  const page = (text: string) => ({ status: 200, headers: [], body: Buffer.from(text), scriptHashes: [], cookies: [] });

  it('keeps entries for the TTL only, and within its bounds of entries and bytes', async () => {
    let now = 0;
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 2, maxBytes: 800, now: () => now });
    const render = vi.fn(async (text: string) => ({ cacheable: true as const, page: page(text) }));
    await cache.get('a', () => render('a'));
    now = 4999;
    expect((await cache.get('a', () => render('a2'))).hit).toBe(true);
    now = 5000;
    expect((await cache.get('a', () => render('a3'))).hit).toBe(false);
    await cache.get('b', () => render('b'));
    await cache.get('c', () => render('c'));
    expect(cache.size).toBe(2);
    expect((await cache.get('a', () => render('a4'))).hit).toBe(false);
    // A page over an eighth of the bytes is never kept.
    await cache.get('big', () => render('x'.repeat(101)));
    expect((await cache.get('big', () => render('x'))).hit).toBe(false);
  });

  it('does not keep what a render that began before clear() gave', async () => {
    const cache = new PageCache({ ttlMs: 5000 });
    let finish!: () => void;
    const rendering = cache.get('a', async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return { cacheable: true as const, page: page('old') };
    });
    await Promise.resolve();
    cache.clear();
    finish();
    await rendering;
    expect(cache.size).toBe(0);
  });

  it('hashes the inline scripts a browser runs, and refuses HTML it cannot read with certainty', () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/json">{}</script><script nonce="n">a()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()')]);
    expect(inlineScriptHashes('<script>x = "<script>"</script>')).toBeUndefined();
    expect(inlineScriptHashes('<script data-x="a>b">c()</script>')).toBeUndefined();
  });
});

describe('the page cache beside the API', () => {
  it('drops every page at once when a write to a listing succeeds on this server, and not for a view count or a refused write', async () => {
    const api = Fastify();
    await api.register(
      fp(
        async (instance) => {
          instance.decorate('config', { pageCacheTtlS: 5 } as FastifyInstance['config']);
        },
        { name: 'context' },
      ),
    );
    await api.register(pageCachePlugin);
    api.post('/api/Property/:id/Status', async () => ({}));
    api.post('/api/Property/:id/View', async () => ({}));
    api.put('/api/Property/:id/Draft/Step/:step', async (_request, reply) => reply.code(400).send({}));
    api.get('/api/Property/:id', async () => ({}));
    await api.ready();
    const cache = api.pageCache!;
    const fill = () =>
      cache.get('page', async () => ({
        cacheable: true,
        page: { status: 200, headers: [], body: Buffer.from('x'), scriptHashes: [], cookies: [] },
      }));
    try {
      await fill();
      for (const [method, url] of [
        ['POST', '/api/Property/1/View'],
        ['PUT', '/api/Property/1/Draft/Step/3'],
        ['GET', '/api/Property/1'],
      ] as const) {
        await api.inject({ method, url });
        expect(cache.size, `${method} ${url}`).toBe(1);
      }
      await api.inject({ method: 'POST', url: '/api/Property/1/Status' });
      expect(cache.size).toBe(0);
    } finally {
      await api.close();
    }
  });
});
