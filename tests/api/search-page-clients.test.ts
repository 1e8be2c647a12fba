import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRendererSetup } from '@domain/page-rendering';
import type { TestDatabase } from '../../server/db/testing';
import { INTERNAL_CALL_HEADER } from '../../server/plugins/internal-call';
import { createPageRenderer } from '../../src/app/entry-server';
import { BACKENDS, buildTestApp, openTestDatabase } from './helpers';

// A page rendered on the server makes its searches from inside the process (fastify.inject): they
// must count against the visitor who asked for the page, never against the server's own address,
// or a few visitors would use up every visitor's searches. A real server listens on 127.0.0.1 and
// each client calls from an address of its own (Linux routes all of 127/8 to loopback).

const MILANO_SEARCH = '/ricerca?SearchType=town&Town=015146&SellType=1';
const MILANO_SEO = '/trovacase/vendita/case/milano';
const MILANO_TOWN = '/vendita/case/milano/milano/015146';
const MILANO_PROVINCE = '/case/milano';
const MILANO_DISTRICT_SEO = '/trovacase/vendita/case/milano/brera';

const withRenderer = { createPageRenderer: (setup: PageRendererSetup) => createPageRenderer(setup) };
/** What the page shows: its text without its scripts (the boot element carries every text of its namespaces). */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
const h1Of = (html: string) => textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').trim();
/** A page that lists listings: its cards carry their id. */
const hasResults = (html: string) => /data-listing-id="\d+"/.test(html);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One GET to a listening server, sent from a chosen local address. */
function get(origin: string, path: string, from: string, headers: OutgoingHttpHeaders = {}): Promise<Answer> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        localAddress: from,
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.each(BACKENDS)('the searches of a rendered page count against its visitor ($name)', (backend) => {
  let testDb: TestDatabase;
  const apps: FastifyInstance[] = [];

  /** A listening server whose search limit is 3 a minute per address (each search written at once). */
  async function server(env: Record<string, string> = {}): Promise<string> {
    const app = await buildTestApp(testDb, {
      env: { SEARCH_RATE_LIMIT_MAX: '3', SEARCH_RATE_LIMIT_SYNC_MS: '0', ...env },
      ...withRenderer,
    });
    apps.push(app);
    return listening(app);
  }

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
  }, 240_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb?.cleanup();
  });

  it('many visitors, each within their own limit, never leave a new visitor without results', async () => {
    const origin = await server();
    // Six addresses, three results pages each (three listings searches and one place search apiece):
    // together far over one address's allowance, each within its own.
    for (const client of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.7']) {
      for (const path of [MILANO_SEARCH, MILANO_SEO, MILANO_TOWN]) {
        const page = await get(origin, path, client);
        expect({ client, path, status: page.status }).toEqual({ client, path, status: 200 });
        expect(hasResults(page.body)).toBe(true);
      }
    }
    // A new visitor, and a crawler (another address), get the results.
    for (const client of ['127.0.0.8', '127.0.0.9']) {
      for (const path of [MILANO_SEARCH, MILANO_SEO]) {
        const page = await get(origin, path, client, {
          'user-agent':
            client === '127.0.0.9'
              ? 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
              : 'Mozilla/5.0',
        });
        expect({ client, path, status: page.status }).toEqual({ client, path, status: 200 });
        expect(hasResults(page.body)).toBe(true);
      }
    }
  });

  it('a visitor over their own search limit gets the Italian 429 page on every results route, never a 404', async () => {
    const origin = await server();
    const client = '127.0.0.20';
    // Three SEO pages: three place searches and three listings searches, the whole allowance of both.
    for (let index = 0; index < 3; index++) expect((await get(origin, MILANO_SEO, client)).status).toBe(200);

    const seo = await get(origin, MILANO_SEO, client);
    expect(seo.status).toBe(429);
    expect(seo.headers['content-type']).toMatch(/^text\/html/);
    expect(h1Of(seo.body)).toBe('Troppe richieste in poco tempo');

    const district = await get(origin, MILANO_DISTRICT_SEO, client);
    expect(district.status).toBe(429);
    expect(h1Of(district.body)).toBe('Troppe richieste in poco tempo');

    for (const path of [MILANO_SEARCH, MILANO_TOWN, MILANO_PROVINCE]) {
      const page = await get(origin, path, client);
      expect({ path, status: page.status }).toEqual({ path, status: 429 });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(textOf(page.body)).toContain('Hai fatto molte ricerche in poco tempo');
    }

    // Going on past twice the limit bans the address: still the 429 page, never a 404.
    for (let index = 0; index < 4; index++) {
      const page = await get(origin, MILANO_SEO, client);
      expect(page.status).toBe(429);
      expect(h1Of(page.body)).toBe('Troppe richieste in poco tempo');
    }
    const banned = await get(origin, MILANO_SEARCH, client);
    expect(banned.status).toBe(429);
    expect(textOf(banned.body)).toContain('Hai fatto molte ricerche in poco tempo');

    // An SEO page whose place is found but whose listings search is refused: the results page, saying why.
    const searcher = '127.0.0.22';
    for (let index = 0; index < 3; index++) expect((await get(origin, MILANO_SEARCH, searcher)).status).toBe(200);
    const refused = await get(origin, MILANO_SEO, searcher);
    expect(refused.status).toBe(429);
    expect(h1Of(refused.body)).toBe('Case in vendita a Milano');
    expect(textOf(refused.body)).toContain('Hai fatto molte ricerche in poco tempo');

    // Nobody else is concerned.
    const other = await get(origin, MILANO_SEO, '127.0.0.21');
    expect(other.status).toBe(200);
    expect(hasResults(other.body)).toBe(true);
  });

  it("the internal call's header and a forwarded address sent from outside change nothing", async () => {
    const origin = await server({ RATE_LIMIT_MAX: '40' });
    const attacker = '127.0.0.30';
    const victim = '127.0.0.31';
    const spoof = { [INTERNAL_CALL_HEADER]: 'guessed-token', 'x-forwarded-for': victim, forwarded: `for=${victim}` };
    // The attacker's pages and direct searches, dressed as internal calls from the victim, are the attacker's.
    for (let index = 0; index < 3; index++)
      expect((await get(origin, MILANO_SEARCH, attacker, spoof)).status).toBe(200);
    expect((await get(origin, MILANO_SEARCH, attacker, spoof)).status).toBe(429);
    const direct = await get(origin, '/api/Search/Listings?SearchType=town&Town=015146', attacker, {
      ...spoof,
      portal: '5',
    });
    expect(direct.status).toBe(429);
    // The general limit counts them too (an internal call is exempt from it only with the process's token).
    const statuses: number[] = [];
    for (let index = 0; index < 45; index++)
      statuses.push((await get(origin, '/api/config', attacker, { ...spoof, portal: '5' })).status);
    expect(statuses).toContain(429);

    // The victim's allowance is whole.
    for (let index = 0; index < 3; index++) {
      const page = await get(origin, MILANO_SEARCH, victim);
      expect(page.status).toBe(200);
      expect(hasResults(page.body)).toBe(true);
    }
    expect((await get(origin, MILANO_SEARCH, victim)).status).toBe(429);
  });

  it('behind a trusted proxy, the visitor named by the proxy is counted for the searches of their pages', async () => {
    // The proxy is 127.0.0.1 (one hop): every request comes from it, each for another visitor.
    const origin = await server({ TRUST_PROXY: '1' });
    const proxy = '127.0.0.1';
    const one = { 'x-forwarded-for': '198.51.100.1' };
    for (let index = 0; index < 3; index++) expect((await get(origin, MILANO_SEARCH, proxy, one)).status).toBe(200);
    expect((await get(origin, MILANO_SEARCH, proxy, one)).status).toBe(429);
    for (const path of [MILANO_SEARCH, MILANO_SEO]) {
      const page = await get(origin, path, proxy, { 'x-forwarded-for': '198.51.100.2' });
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      expect(hasResults(page.body)).toBe(true);
    }
  });

  // PostgreSQL only: PGlite cannot stop a statement.
  if (backend.postgres) {
    it('an SEO page whose place search took too long answers the Italian 503 page, never a 404 or a 500', async () => {
      const origin = await server({ SEARCH_RATE_LIMIT_MAX: '0', SEARCH_TIMEOUT_MS: '300' });
      // The page's other data (footer, configuration) is loaded once before the place search is blocked.
      expect((await get(origin, MILANO_SEO, '127.0.0.50')).status).toBe(200);
      const { default: pgModule } = await import('pg');
      const blocker: pg.Client = new pgModule.Client({ connectionString: testDb.url });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table municipalities in access exclusive mode');
        const slow = await get(origin, '/trovacase/affitto/case/milano', '127.0.0.51');
        expect(slow.status).toBe(503);
        expect(slow.headers['content-type']).toMatch(/^text\/html/);
        expect(h1Of(slow.body)).toBe('La ricerca non risponde in questo momento');
      } finally {
        await blocker.query('rollback').catch(() => undefined);
        await blocker.end();
      }
    });
  }
});
