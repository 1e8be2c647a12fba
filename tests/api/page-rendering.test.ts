import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRendererSetup } from '@domain/page-rendering';
import { createPageRenderer } from '../../src/app/entry-server';
import { HEADER_MENUS, headerMenuTypeFor } from '../../src/app/config/menus';
import type { TestDatabase } from '../../server/db/testing';
import { DOWNLOAD_SOURCE, agencies, documentDownloads } from '../../server/db/schema';
import { and, eq } from 'drizzle-orm';
import common from '../../locales/it/common.json';
import { INTERNAL_CALL_HEADER, INTERNAL_CALL_TOKEN } from '../../server/plugins/internal-call';
import { buildTestApp, openTestDatabase } from './helpers';

// Every public page rendered on the server by the app's own renderer (src/app/entry-server),
// through the real API over a seeded test database: what a crawler, a link preview or a
// visitor without JavaScript receives.

const PUBLIC_URL = 'https://www.rexer.test';

/** A demo agency (server/db/seed/data/agencies.json): its page is server rendered. */
const DEMO_AGENCY = 'navigli-case-immobiliare-milano';

/** The public pages and the h1 each one starts with. */
const PAGES: [path: string, h1: RegExp][] = [
  ['/', /Cosa vuoi fare con Rexer\?/],
  ['/comprocasa', /La casa che cerchi/],
  ['/vendocasa', /Vendi casa da privato/],
  ['/affittocasa', /./],
  ['/trovocasa', /./],
  ['/comprocasa/bilocali', /Bilocali in vendita/],
  ['/vendocasa/appartamenti', /./],
  ['/faq', /Domande frequenti/],
  ['/faq/vendocasa', /./],
  ['/comefunziona', /./],
  ['/comefunziona/comprocasa', /./],
  ['/chisiamo', /Chi siamo/],
  ['/contatti', /./],
  ['/diconodinoi', /./],
  ['/agenzie/comprocasa', /./],
  ['/agenzie/vendocasa', /./],
  [`/agenzie/${DEMO_AGENCY}`, /^Navigli Case Immobiliare$/],
  ['/privacy', /./],
  ['/terminiecondizioni', /./],
  ['/houseofmusic', /House of Music/],
  ['/comprocasa/appartamenti/milano/comuni', /Milano/],
  ['/trovocasa/case/roma/comuni', /Roma/],
];

/** The mirror cookie of a logged-in session (the readable one, without its token). */
function mirrorCookie(username: string) {
  const record = Buffer.from(
    JSON.stringify({ username, isConfirmed: true, terms_privacy: true, silent: false }),
  ).toString('base64url');
  return `rexer_user=${record}`;
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
const h1Of = (html: string) => textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
const metaOf = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
const linkOf = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]*)"`).exec(html)?.[1];
const bootOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="rexer-boot">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
    siteOrigin: string;
    translations: Record<string, unknown>;
  } | null;

describe('pages rendered on the server', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  /** API calls to fail with a 500, by path prefix (the "throwing loader" case). */
  const failing = new Set<string>();
  /** API calls to answer 503, by path prefix (the database away). */
  const away = new Set<string>();

  beforeAll(async () => {
    testDb = await openTestDatabase({ postgres: false });
    app = await buildTestApp(testDb, {
      env: { PUBLIC_URL },
      createPageRenderer: (setup: PageRendererSetup) =>
        createPageRenderer({
          ...setup,
          apiFetch: async (request) => {
            const path = new URL(request.url).pathname;
            if ([...failing].some((prefix) => path.startsWith(prefix)))
              return new Response(JSON.stringify({ ExceptionType: 0, ExceptionTypeString: 'InternalError' }), {
                status: 500,
                headers: { 'content-type': 'application/json' },
              });
            if ([...away].some((prefix) => path.startsWith(prefix)))
              return new Response(JSON.stringify({ ExceptionType: 11, ExceptionTypeString: 'ServiceUnavailable' }), {
                status: 503,
                headers: { 'content-type': 'application/json', 'retry-after': '5' },
              });
            return setup.apiFetch(request);
          },
        }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });

  it('/diconodinoi holds the approved reviews of Rexer and their average in its HTML', async () => {
    const html = textOf((await get('/diconodinoi')).body);
    expect(html).toContain('La valutazione mi ha tolto ogni dubbio sul prezzo');
    expect(html).toContain('Esempio');
    expect(html).toMatch(/Basata su \d+ recensioni/);
  });

  it.each(PAGES)('%s answers 200 with its h1, header, footer and head tags', async (path, h1) => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html.startsWith('<!DOCTYPE html><html lang="it">')).toBe(true);
    expect(h1Of(html)).toMatch(h1);
    expect(html).toContain('data-testid="site-header"');
    expect(html).toContain('data-testid="site-footer"');
    // Its own title and description, its canonical address on the public origin, and what a shared link shows.
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    expect(title).toMatch(/\| Rexer$|Rexer/);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaOf(html, 'name', 'description')?.length).toBeGreaterThan(50);
    expect(linkOf(html, 'canonical')).toBe(`${PUBLIC_URL}${path === '/' ? '/' : path}`);
    expect(html).toContain(`<link rel="alternate" hrefLang="it" href="${PUBLIC_URL}${path === '/' ? '/' : path}"/>`);
    expect(metaOf(html, 'property', 'og:title')).toBe(title);
    expect(metaOf(html, 'property', 'og:url')).toBe(`${PUBLIC_URL}${path === '/' ? '/' : path}`);
    expect(metaOf(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}/og/rexer.png`);
    expect(metaOf(html, 'name', 'twitter:card')).toBe('summary_large_image');
    // The browser hydrates with the translations the page used, without asking for them.
    const boot = bootOf(html);
    expect(boot?.siteOrigin).toBe(PUBLIC_URL);
    expect(Object.keys(boot?.translations ?? {})).toContain('common');
    // The stylesheet is in the head, the hydration script at the end of the body, with the CSP's nonce.
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toMatch(/<head>[\s\S]*<link rel="stylesheet" href="\/assets\/style\.css"[\s\S]*<\/head>/);
    // Data blocks (the hydration data, JSON-LD) are never run, so they carry no nonce.
    for (const script of html.match(/<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g) ?? [])
      expect(script).toContain(`nonce="${nonce}"`);
  });

  it('renders the Italian text of a landing with its data: the latest listings and the cities', async () => {
    const page = (await get('/comprocasa')).body;
    const html = page.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(html).toContain('Gli ultimi annunci in vendita');
    // Listing cards with their price in euros, not a loading placeholder.
    expect(html).toMatch(/€/);
    expect(html).not.toContain('Caricamento in corso');
    const boot = bootOf(page);
    expect(Object.keys(boot?.translations ?? {})).toEqual(expect.arrayContaining(['common', 'landing']));
  });

  it("renders the footer's SEO links into the page without sending them again in its hydration data", async () => {
    const page = (await get('/faq')).body;
    const footer = (await get('/api/Seo/FooterLinks')).json() as { Sale: { Url: string }[] };
    const province = footer.Sale[0]?.Url;
    expect(province).toBeTruthy();
    const [markup, scripts] = [
      page.replace(/<script[\s\S]*?<\/script>/g, ''),
      (page.match(/<script[\s\S]*?<\/script>/g) ?? []).join(''),
    ];
    expect(markup).toContain('data-testid="footer-seo"');
    expect(markup).toContain(`href="${province}"`);
    // The other queries the page rendered with travel in the router's data; the footer's do not.
    expect(scripts).toContain('queryKey');
    expect(scripts).not.toContain('footer-links');
    expect(scripts).not.toContain(province);
  });

  it.each([
    [0, 'BUYER_RENTER'],
    [1, 'SELLER'],
    [2, 'BUYER'],
    [3, 'LANDLORD'],
    [4, 'RENTER'],
  ] as const)('renders the menus of home type %i (%s) from the visitor cookie', async (type, menuType) => {
    expect(headerMenuTypeFor(type)).toBe(menuType);
    const html = (await get('/chisiamo', `rexer_home_option=${type}`)).body;
    expect(html).toContain(`data-menu-type="${menuType}"`);
    expect(html).toContain(`data-home-type="${type}"`);
    const label = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], common) as string;
    for (const item of HEADER_MENUS[menuType]) expect(textOf(html)).toContain(label(item.label));
  });

  it('switches the visitor type on a page that does not accept it, and says so with a cookie', async () => {
    const res = await get('/vendocasa', 'rexer_home_option=2');
    expect(res.body).toContain('data-menu-type="SELLER"');
    expect(String(res.headers['set-cookie'])).toMatch(/rexer_home_option=1; path=\/; max-age=\d+; samesite=lax/);
  });

  it('renders the account menu when the session cookie says someone is logged in, the login otherwise', async () => {
    const anonymous = await get('/chisiamo');
    expect(anonymous.body).toContain('data-testid="login-button"');
    expect(anonymous.body).not.toContain('data-testid="account-menu-button"');
    expect(anonymous.headers['cache-control']).toBe('no-cache, private');
    const logged = await get('/chisiamo', mirrorCookie('acquirente@rexer.example'));
    expect(logged.body).toContain('data-testid="account-menu-button"');
    expect(logged.body).not.toContain('data-testid="login-button"');
    // The address is not in the page (it comes from the account in the browser), and the page is not kept.
    expect(logged.body).not.toContain('acquirente@rexer.example');
    expect(logged.headers['cache-control']).toBe('no-store');
    expect(logged.headers.vary).toMatch(/Cookie/);
  });

  it('renders on the public origin whatever the Host, and reads leading slashes as a path, never as a host', async () => {
    const odd = await app.inject({ url: '/faq', headers: { host: '[' } });
    expect(odd.statusCode).toBe(200);
    expect(linkOf(odd.body, 'canonical')).toBe(`${PUBLIC_URL}/faq`);
    // `//partner.example/vendocasa` is the path /partner.example/vendocasa, not a page of that host.
    const slashes = await get('//partner.example/vendocasa', 'rexer_home_option=2');
    expect(slashes.statusCode).toBe(404);
    expect(linkOf(slashes.body, 'canonical')).toBeUndefined();
  });

  it('answers 414 to a page address too long to be one', async () => {
    const long = await get(`/faq?q=${'a'.repeat(3000)}`);
    expect(long.statusCode).toBe(414);
    expect(long.body).toContain('<h1>Qualcosa non ha funzionato</h1>');
  });

  it("never takes the server's own calls for a local visitor (the mail outbox stays closed to them)", async () => {
    const res = await app.inject({
      url: '/api/Mail/Outbox',
      headers: { portal: '5', host: '127.0.0.1', [INTERNAL_CALL_HEADER]: INTERNAL_CALL_TOKEN },
    });
    expect(res.statusCode).toBe(404);
  });

  it("renders an agency's page with its schema.org RealEstateAgent and never its phone", async () => {
    const res = await get(`/agenzie/${DEMO_AGENCY}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(/<title>([^<]+)<\/title>/.exec(html)?.[1]).toBe(
      'Navigli Case Immobiliare: agenzia immobiliare a Milano | Rexer',
    );
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    const agent = blocks.find((block) => block['@type'] === 'RealEstateAgent');
    // The rating the agency's approved reviews give (the demo seeds them; docs/reviews.md).
    const [rated] = await testDb.database.db
      .select({ rating: agencies.rating, count: agencies.reviewsCount })
      .from(agencies)
      .where(eq(agencies.slug, DEMO_AGENCY));
    expect(rated!.count).toBeGreaterThan(0);
    expect(agent).toMatchObject({
      name: 'Navigli Case Immobiliare',
      url: `${PUBLIC_URL}/agenzie/${DEMO_AGENCY}`,
      address: { '@type': 'PostalAddress', addressLocality: 'Milano', addressCountry: 'IT' },
      geo: { '@type': 'GeoCoordinates' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: rated!.rating, reviewCount: rated!.count },
    });
    expect(agent).not.toHaveProperty('telephone');
    // Its listings are in the HTML; its phone is not (it is revealed on request, and counted).
    expect(html).toContain('data-testid="agency-listings-sale"');
    const [row] = await testDb.database.db
      .select({ phone: agencies.phone })
      .from(agencies)
      .where(eq(agencies.slug, DEMO_AGENCY));
    expect(row?.phone).toBeTruthy();
    expect(html).not.toContain(row!.phone!);
    expect(html).not.toContain(row!.phone!.replace(/\s/g, ''));
    expect(html).not.toContain('href="tel:');
  });

  it.each([
    '/pagina-che-non-esiste',
    '/agenzie/agenzia-che-non-esiste',
    `/agenzie/${DEMO_AGENCY}/castelli`,
    '/immobile/non-un-numero',
    '/comprocasa/castelli',
    '/comprocasa/appartamenti/atlantide/comuni',
    '/comprocasa/appartamenti/x/comuni',
    '/trovocasa/case/a.b/comuni',
    '/faq/nessuno',
  ])('%s answers 404 with the not-found page', async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(h1Of(res.body)).toBe('Pagina non trovata');
    expect(metaOf(res.body, 'name', 'robots')).toBe('noindex');
    expect(res.body).toContain('data-testid="site-footer"');
  });

  it('answers a real 302 where the spec redirects: a MyRexer page without login goes to the home with the login', async () => {
    const res = await get('/myrexer/profilo');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?login=1&redirect=%2Fmyrexer%2Fprofilo');
  });

  it('sends the tracked document link to its file, counted as a download from the link; an unknown one is the 404 page', async () => {
    const [document] = (await app.inject({ url: '/api/Download/List' })).json() as { Id: number }[];
    const res = await get(`/route/RouteLink?id=${document!.Id}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/api/Download/Get/${document!.Id}?Source=link`);
    const counted = async (source: number) => {
      const [row] = await testDb.database.db
        .select({ count: documentDownloads.count })
        .from(documentDownloads)
        .where(and(eq(documentDownloads.documentId, document!.Id), eq(documentDownloads.source, source)));
      return row?.count ?? 0;
    };
    const before = { link: await counted(DOWNLOAD_SOURCE.link), direct: await counted(DOWNLOAD_SOURCE.direct) };
    const file = await app.inject({ url: res.headers.location as string });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    await app.inject({ url: `/api/Download/Get/${document!.Id}` });
    // A HEAD fetches no document: not a download.
    await app.inject({ method: 'HEAD', url: `/api/Download/Get/${document!.Id}?Source=link` });
    expect(await counted(DOWNLOAD_SOURCE.link)).toBe(before.link + 1);
    expect(await counted(DOWNLOAD_SOURCE.direct)).toBe(before.direct + 1);

    for (const path of ['/route/RouteLink?id=999999', '/route/RouteLink', '/route/RouteLink?id=abc']) {
      const missing = await get(path);
      expect([path, missing.statusCode, missing.headers.location]).toEqual([path, 404, undefined]);
      expect(h1Of(missing.body)).toBe('Pagina non trovata');
    }
  });

  it('answers 500 with the error page, and no detail of the failure, when a loader fails', async () => {
    failing.add('/api/Seo/Municipalities/');
    try {
      const res = await get('/comprocasa/appartamenti/milano/comuni');
      expect(res.statusCode).toBe(500);
      expect(h1Of(res.body)).toBe('Qualcosa non ha funzionato');
      // The page says what happened in words; no stack trace, no source file reaches the visitor.
      expect(res.body).not.toMatch(/\sat \S+ \(|\.tsx?:\d+|node_modules/);
    } finally {
      failing.clear();
    }
  });

  it('answers 503 with the error page and when to try again while the API is unavailable (the database away)', async () => {
    away.add('/api/Seo/Municipalities/');
    try {
      const res = await get('/comprocasa/appartamenti/milano/comuni');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(h1Of(res.body)).toBe('Qualcosa non ha funzionato');
    } finally {
      away.clear();
    }
  });

  it('answers 500 with the static error page when the renderer itself throws', async () => {
    const broken = await buildTestApp(testDb, {
      createPageRenderer: () => async () => {
        throw new Error('renderer exploded at /work/secret/path.ts:12');
      },
    });
    try {
      const res = await broken.inject({ url: '/chisiamo' });
      expect(res.statusCode).toBe(500);
      expect(res.body).toContain('<h1>Qualcosa non ha funzionato</h1>');
      expect(res.body).not.toContain('exploded');
    } finally {
      await broken.close();
    }
  });

  it('keeps the API answering the error body for unknown API paths, and files a 404 for a missing asset', async () => {
    const api = await get('/api/NonEsiste');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ ExceptionType: expect.any(Number), ExceptionTypeString: 'NotFound' });
    const asset = await get('/assets/non-esiste.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toMatch(/json/);
  });
});

describe('the limit of pages per visitor', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await openTestDatabase({ postgres: false });
    app = await buildTestApp(testDb, { env: { PAGE_RATE_LIMIT_MAX: '3' }, createPageRenderer });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('answers the page after the limit with the Italian «too many requests» page, while the API keeps answering', async () => {
    for (let index = 0; index < 3; index++) expect((await app.inject({ url: '/faq' })).statusCode).toBe(200);
    const limited = await app.inject({ url: '/chisiamo' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^text\/html/);
    expect(limited.body).toContain('<h1>Troppe richieste in poco tempo</h1>');
    expect(limited.headers['retry-after']).toBeTruthy();
    expect((await app.inject({ url: '/api/config', headers: { portal: '5' } })).statusCode).toBe(200);
  });

  it("does not count the build's files (scripts, the stylesheet, pictures) as pages", async () => {
    for (const url of ['/assets/style.css', '/assets/entry-client.js', '/og/rexer.png', '/favicon.svg']) {
      expect((await app.inject({ url })).statusCode).not.toBe(429);
    }
  });
});
