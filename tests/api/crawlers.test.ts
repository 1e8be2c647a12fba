import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_PATHS,
  CRAWLER_ALLOWED_PATHS,
  CRAWLER_DISALLOWED_PATHS,
  LANDING_PATHS,
  TYPE_SLUGS,
} from '@domain/public-pages';
import { eq, ne } from 'drizzle-orm';
import { PROPERTY_STATUS } from '../../server/db/reference-ids';
import { newDevelopments, properties, provinces } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { escapeXml, SITEMAP_NAMESPACE } from '../../server/modules/seo/sitemap';
import { BACKENDS, buildTestApp, openTestDatabase } from './helpers';

const PUBLIC_URL = 'https://www.rexer.example';

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    if (name in ENTITIES) return ENTITIES[name];
    throw new Error(`unknown entity ${whole}`);
  });
}

/**
 * A small well-formedness check and parser for the sitemaps' XML (elements, attributes,
 * text; no DTD, comments or CDATA, which they never use): throws on anything malformed,
 * such as an unescaped `&` or `<`, or a tag closed out of order.
 */
function parseXml(xml: string): XmlElement {
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/;
  if (!declaration.test(xml)) throw new Error('no XML declaration');
  const rest = xml.replace(declaration, '');
  const token = /<\/([\w:-]+)\s*>|<([\w:-]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  let match: RegExpExecArray | null;
  let index = 0;
  while (index < rest.length) {
    token.lastIndex = index;
    match = token.exec(rest);
    if (!match) throw new Error(`malformed XML at ${index}: ${rest.slice(index, index + 40)}`);
    index = token.lastIndex;
    const [, closing, opening, attributes, selfClosing, text] = match;
    const current = stack[stack.length - 1];
    if (text !== undefined) {
      if (/&(?!(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);)/i.test(text)) throw new Error(`unescaped & in ${text}`);
      if (text.includes('>')) throw new Error(`unescaped > in ${text}`);
      current.text += decode(text);
    } else if (closing !== undefined) {
      if (current.name !== closing) throw new Error(`</${closing}> closes <${current.name}>`);
      stack.pop();
    } else {
      const element: XmlElement = { name: opening, attributes: {}, children: [], text: '' };
      for (const [, name, value] of attributes.matchAll(/([\w:-]+)="([^"]*)"/g))
        element.attributes[name] = decode(value);
      current.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1].name}> never closed`);
  const elements = root.children;
  if (elements.length !== 1 || root.text.trim() !== '') throw new Error('not one root element');
  return elements[0];
}

/** The <loc> of every entry of a sitemap index (<sitemap>) or a sitemap (<url>). */
function locations(root: XmlElement, entry: 'sitemap' | 'url'): string[] {
  return root.children.map((child) => {
    expect(child.name).toBe(entry);
    const locs = child.children.filter((c) => c.name === 'loc');
    expect(locs).toHaveLength(1);
    return locs[0].text;
  });
}

/** Whether robots.txt keeps crawlers off a path: the longest matching rule wins, Allow on a tie (RFC 9309). */
function disallowed(path: string): boolean {
  const rules = [
    ...CRAWLER_ALLOWED_PATHS.map((p) => ({ p, allow: true })),
    ...CRAWLER_DISALLOWED_PATHS.map((p) => ({ p, allow: false })),
  ].filter((r) => path.startsWith(r.p));
  if (rules.length === 0) return false;
  rules.sort((a, b) => b.p.length - a.p.length || Number(b.allow) - Number(a.allow));
  return !rules[0].allow;
}

describe('the XML check of these tests', () => {
  it('refuses malformed XML and reads escaped text', () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
    expect(() => parseXml(`${head}<a><b>x & y</b></a>`)).toThrow(/unescaped &/);
    expect(() => parseXml(`${head}<a><b>x</a></b>`)).toThrow(/closes/);
    expect(() => parseXml(`${head}<a><b>x</b>`)).toThrow(/never closed/);
    expect(() => parseXml('<a/>')).toThrow(/declaration/);
    expect(parseXml(`${head}<a><b>${escapeXml(`x & y <z> "q" 'a'`)}</b></a>`).children[0].text).toBe(
      `x & y <z> "q" 'a'`,
    );
  });
});

describe.each(BACKENDS)('robots.txt and the sitemaps on $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
    app = await buildTestApp(testDb, { env: { PUBLIC_URL: `${PUBLIC_URL}/` } });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('serves robots.txt as text: every crawler, the private areas disallowed, the sitemap on the public origin', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    // Every line is empty, a comment, or a field RFC 9309 (and the sitemap protocol) knows.
    for (const line of lines) expect(line).toMatch(/^$|^#|^(User-agent|Allow|Disallow|Sitemap): \S+$/);
    const disallow = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    for (const path of [
      '/myrexer',
      '/api/',
      '/annuncio/',
      '/visualizzamail',
      '/recuperaPassword',
      '/inserisciPassword',
      '/mailconfermata',
      '/login',
    ]) {
      expect(disallow).toContain(path);
    }
    expect(lines.filter((l) => l.startsWith('Sitemap: '))).toEqual([`Sitemap: ${PUBLIC_URL}/sitemap.xml`]);
    // The SPA does not answer it with its HTML any more.
    expect(res.body).not.toContain('<html');
  });

  it('serves the sitemap index: XML in the sitemap namespace listing the content pages part', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const root = parseXml(res.body);
    expect(root.name).toBe('sitemapindex');
    expect(root.attributes.xmlns).toBe(SITEMAP_NAMESPACE);
    const parts = locations(root, 'sitemap');
    expect(parts).toContain(`${PUBLIC_URL}/sitemap-pagine.xml`);
    for (const loc of parts) {
      expect(loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);
      const part = await app.inject({ url: new URL(loc).pathname });
      expect(part.statusCode, loc).toBe(200);
      expect(parseXml(part.body).name).toBe('urlset');
    }
  });

  describe('the content pages part', () => {
    let locs: string[];
    let paths: string[];

    beforeAll(async () => {
      const res = await app.inject({ url: '/sitemap-pagine.xml' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const root = parseXml(res.body);
      expect(root.name).toBe('urlset');
      expect(root.attributes.xmlns).toBe(SITEMAP_NAMESPACE);
      locs = locations(root, 'url');
      paths = locs.map((loc) => new URL(loc).pathname);
    });

    it('lists absolute URLs on PUBLIC_URL, each once, at most 50,000', () => {
      expect(locs.length).toBeGreaterThan(100);
      expect(locs.length).toBeLessThanOrEqual(50_000);
      expect(new Set(locs).size).toBe(locs.length);
      for (const loc of locs) {
        expect(loc.startsWith(`${PUBLIC_URL}/`), loc).toBe(true);
        expect(new URL(loc).origin).toBe(PUBLIC_URL);
        expect(loc).not.toMatch(/[\s<>"]/);
      }
    });

    it('lists the chooser, the landings and their type pages, and every fixed content page', () => {
      expect(paths).toContain('/');
      for (const landing of LANDING_PATHS) {
        expect(paths).toContain(landing);
        for (const slug of TYPE_SLUGS) expect(paths).toContain(`${landing}/${slug}`);
      }
      for (const path of CONTENT_PATHS) expect(paths).toContain(path);
      for (const path of [
        '/comefunziona/vendocasa',
        '/faq/trovocasa',
        '/chisiamo',
        '/contatti',
        '/diconodinoi',
        '/privacy',
        '/terminiecondizioni',
        '/agenzie/comprocasa',
      ]) {
        expect(paths).toContain(path);
      }
    });

    it('lists the municipality list of every province, for sale and for rent', async () => {
      const all = await testDb.database.db.select({ slug: provinces.slug }).from(provinces);
      expect(all.length).toBeGreaterThan(100);
      for (const { slug } of all) {
        expect(paths).toContain(`/comprocasa/case/${slug}/comuni`);
        expect(paths).toContain(`/trovocasa/case/${slug}/comuni`);
      }
      expect(paths.filter((p) => p.endsWith('/comuni'))).toHaveLength(all.length * 2);
    });

    it('lists no private page: nothing robots.txt disallows, no account, wizard or token page', () => {
      for (const path of paths) {
        expect(disallowed(path), path).toBe(false);
        expect(path).not.toMatch(
          /^\/(api|myrexer|annuncio|visualizzamail|recuperapassword|inseriscipassword|mailconfermata|mailnonconfermata|login|eliminaricerca)(\/|$)/i,
        );
      }
    });
  });

  describe('the listing and search parts', () => {
    async function partPaths(file: string): Promise<string[]> {
      const res = await app.inject({ url: `/${file}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const root = parseXml(res.body);
      expect(root.name).toBe('urlset');
      const locs = locations(root, 'url');
      expect(new Set(locs).size).toBe(locs.length);
      for (const loc of locs) expect(new URL(loc).origin).toBe(PUBLIC_URL);
      return locs.map((loc) => new URL(loc).pathname);
    }

    it('are listed by the index', async () => {
      const parts = locations(parseXml((await app.inject({ url: '/sitemap.xml' })).body), 'sitemap');
      expect(parts).toContain(`${PUBLIC_URL}/sitemap-annunci.xml`);
      expect(parts).toContain(`${PUBLIC_URL}/sitemap-ricerche.xml`);
    });

    it('sitemap-annunci.xml lists every published listing and the developments with units, nothing else', async () => {
      const paths = await partPaths('sitemap-annunci.xml');
      const db = testDb.database.db;
      const published = await db
        .select({ id: properties.id })
        .from(properties)
        .where(eq(properties.statusId, PROPERTY_STATUS.published));
      const others = await db
        .select({ id: properties.id })
        .from(properties)
        .where(ne(properties.statusId, PROPERTY_STATUS.published));
      expect(others.length).toBeGreaterThan(0);
      const listingPaths = paths.filter((p) => p.startsWith('/immobile/'));
      expect(listingPaths.sort()).toEqual(published.map((p) => `/immobile/${p.id}`).sort());
      for (const { id } of others) expect(paths).not.toContain(`/immobile/${id}`);
      const developments = await db.select({ id: newDevelopments.id }).from(newDevelopments);
      expect(developments.length).toBeGreaterThan(0);
      for (const { id } of developments) expect(paths).toContain(`/nuovecostruzioni/${id}`);
      expect(paths.every((p) => /^\/(immobile|nuovecostruzioni)\/\d+$/.test(p))).toBe(true);
    });

    it("sitemap-ricerche.xml lists the result pages of the footer's towns, for sale and for rent", async () => {
      const paths = await partPaths('sitemap-ricerche.xml');
      const footer = (await app.inject({ url: '/api/Seo/FooterLinks' })).json() as {
        Sale: { Cities: { Url: string }[] }[];
        Rent: { Cities: { Url: string }[] }[];
      };
      const footerCities = [...footer.Sale, ...footer.Rent].flatMap((p) => p.Cities.map((c) => c.Url));
      expect(footerCities.length).toBeGreaterThan(0);
      for (const url of footerCities) expect(paths).toContain(url);
      expect(paths).toContain('/vendita/case/milano/milano/015146');
      expect(paths).toContain('/affitto/case/milano/milano/015146');
      for (const path of paths) expect(path).toMatch(/^\/(vendita|affitto)\/case\/[a-z0-9-]+\/[a-z0-9-]+\/\d{6}$/);
    });
  });

  it('answers HEAD and 304 like the other reference data', async () => {
    for (const url of [
      '/robots.txt',
      '/sitemap.xml',
      '/sitemap-pagine.xml',
      '/sitemap-ricerche.xml',
      '/sitemap-annunci.xml',
    ]) {
      const res = await app.inject({ url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers.etag).toBe(res.headers.etag);
      expect(head.rawPayload.length).toBe(0);
      const notModified = await app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.rawPayload.length).toBe(0);
    }
  });

  it('keeps the crawler files out of the API document', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => /robots|sitemap/.test(p))).toEqual([]);
  });
});
