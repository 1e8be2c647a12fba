import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRendererSetup } from '@domain/page-rendering';
import { createPageRenderer } from '../../src/app/entry-server';
import { buildTestApp, describeOnBackends, openTestDatabase } from './helpers';

// GET /metrics (server/plugins/metrics.ts): the series after a few requests, their labels, and who may read them.

const TOKEN = 'metrics-token-0123456789abcdef';
const OUTSIDE = '203.0.113.7';
/** Headers a proxy adds besides X-Forwarded-For and Forwarded. */
const PROXY_HEADERS = [
  'x-real-ip',
  'via',
  'cf-connecting-ip',
  'true-client-ip',
  'x-forwarded-host',
  'x-forwarded-proto',
];

/** A local SMTP server: it takes every mail, except to addresses that start with "rifiuta". */
async function startSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('rifiuta')) return callback(new Error('mailbox unavailable'));
      callback();
    },
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port };
}

/** The value of one series (`name{labels}` exactly as written, or a bare name), undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function until<T>(check: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const logged: string[] = [];

let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
});

describeOnBackends(
  'GET /metrics',
  () => ({
    env: {
      CAPTCHA: 'off',
      RATE_LIMIT_MAX: '0',
      PUBLIC_URL: 'https://www.rexer.test',
      METRICS_TOKEN: TOKEN,
      PAGE_CACHE_TTL_S: '5',
      SEARCH_CACHE_SECONDS: '5',
      JOB_QUEUE: 'true',
      JOB_POLL_SECONDS: '0.5',
      SMTP_URL: `smtp://127.0.0.1:${smtp!.port}`,
    },
    createPageRenderer: (setup: PageRendererSetup) => createPageRenderer(setup),
  }),
  (suite) => {
    const { backend } = suite;
    // Prometheus on this machine, with the configured token (needed from loopback too).
    const scrape = async () => {
      const res = await suite.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      return res.body;
    };

    beforeAll(async () => {
      await suite.app.ready();
    });

    it('counts requests by route pattern and status, pages, the page cache and the search answers', async () => {
      const before = await scrape();
      const listing = (id: string) => suite.app.inject({ url: `/api/Property/${id}` });
      expect((await listing('2000000000')).statusCode).toBe(404);
      expect((await listing('2000000001')).statusCode).toBe(404);
      expect((await suite.app.inject({ method: 'POST', url: '/nessuna/rotta' })).statusCode).toBe(404);
      // An anonymous page: rendered once, then from the cache.
      const page = () => suite.app.inject({ url: '/comprocasa', headers: { cookie: 'rexer_home_option=2' } });
      expect((await page()).headers['x-cache']).toBe('MISS');
      expect((await page()).headers['x-cache']).toBe('HIT');
      // A search is kept from its second asking: the third comes from the cache.
      const search = () => suite.app.inject({ url: '/api/Search/Listings?SearchType=town&Town=015146&SellType=1' });
      const sources = [];
      for (let i = 0; i < 3; i++) sources.push((await search()).headers['x-search-cache']);
      expect(sources).toEqual(['miss', 'miss', 'hit']);

      const after = await scrape();
      const delta = (series: string) => (valueOf(after, series) ?? 0) - (valueOf(before, series) ?? 0);
      // The route's pattern, never the path asked for.
      expect(
        delta('http_request_duration_seconds_count{method="GET",route="/api/Property/:id",status_code="404"}'),
      ).toBe(2);
      expect(after).not.toMatch(/route="[^"]*2000000000/);
      expect(delta('http_request_duration_seconds_count{method="POST",route="unmatched",status_code="404"}')).toBe(1);
      expect(after).not.toMatch(/route="[^"]*nessuna/);
      expect(delta('http_request_duration_seconds_count{method="GET",route="/*",status_code="200"}')).toBe(2);
      expect(
        delta(
          'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/Search/Listings",status_code="200"}',
        ),
      ).toBe(3);
      expect(delta('rexer_page_renders_total')).toBe(1);
      expect(delta('rexer_page_cache_requests_total{result="miss"}')).toBe(1);
      expect(delta('rexer_page_cache_requests_total{result="hit"}')).toBe(1);
      expect(delta('rexer_search_answers_total{source="database"}')).toBe(2);
      expect(delta('rexer_search_answers_total{source="cache"}')).toBe(1);
      // The process's own figures come along.
      expect(valueOf(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(after).toMatch(/^nodejs_heap_size_used_bytes \d/m);
      // The scrape itself is a request like the others.
      expect(delta('http_request_duration_seconds_count{method="GET",route="/metrics",status_code="200"}')).toBe(1);
    });

    it('counts mails sent and failed, failed jobs and the jobs waiting by state', async () => {
      const before = await scrape();
      const register = (email: string) =>
        suite.app.inject({
          method: 'POST',
          url: '/api/Account/Register',
          payload: {
            name: 'Rita',
            surname: 'Bassi',
            email,
            TermsAndConditions: true,
            InfoPrivacy: true,
            password: 'Gabbiani.Sul#Molo58',
          },
        });
      expect((await register(`metriche.${backend.name}@example.com`)).statusCode).toBe(200);
      expect((await register(`rifiuta.metriche.${backend.name}@example.com`)).statusCode).toBe(200);
      // A job that always fails, tried once.
      await suite.app.jobs.work('metrics-test-failing', { retryLimit: 0 }, async () => {
        throw new Error('this job fails');
      });
      await suite.app.jobs.send('metrics-test-failing');

      const after = await until(async () => {
        const text = await scrape();
        return (valueOf(text, 'rexer_mails_sent_total') ?? 0) > (valueOf(before, 'rexer_mails_sent_total') ?? 0) &&
          (valueOf(text, 'rexer_mails_failed_total') ?? 0) > (valueOf(before, 'rexer_mails_failed_total') ?? 0) &&
          valueOf(text, 'rexer_job_failures_total{queue="metrics-test-failing"}') === 1
          ? text
          : undefined;
      });
      expect((valueOf(after, 'rexer_mails_sent_total') ?? 0) - (valueOf(before, 'rexer_mails_sent_total') ?? 0)).toBe(
        1,
      );
      expect(
        (valueOf(after, 'rexer_mails_failed_total') ?? 0) - (valueOf(before, 'rexer_mails_failed_total') ?? 0),
      ).toBe(1);
      // The failed job is counted by the queue's own state too, read from the database when scraped.
      const failed = await until(async () => {
        const text = await scrape();
        return valueOf(text, 'rexer_job_queue_jobs{queue="metrics-test-failing",state="failed"}') === 1
          ? text
          : undefined;
      });
      expect(failed).toMatch(/^# TYPE rexer_job_queue_jobs gauge$/m);
    });

    it('shows the database pools on PostgreSQL (PGlite has none)', async () => {
      const text = await scrape();
      if (backend.name === 'postgres') {
        expect(valueOf(text, 'rexer_db_pool_clients{pool="main"}')).toBeGreaterThan(0);
        expect(valueOf(text, 'rexer_db_pool_idle_clients{pool="main"}')).toBeGreaterThanOrEqual(0);
        expect(valueOf(text, 'rexer_db_pool_waiting_requests{pool="main"}')).toBe(0);
        // The search's pools, made when the search module started.
        expect(valueOf(text, 'rexer_db_pool_clients{pool="statement-timeout"}')).toBeGreaterThanOrEqual(0);
        expect(valueOf(text, 'rexer_db_pool_clients{pool="generic-plans"}')).toBeGreaterThanOrEqual(0);
      } else {
        expect(text).not.toContain('rexer_db_pool_');
      }
    });

    it('answers another address only with the token, and says nothing to the others', async () => {
      const from = (headers: Record<string, string> = {}, remoteAddress = OUTSIDE) =>
        suite.app.inject({ url: '/metrics', remoteAddress, headers });
      const notFound = await suite.app.inject({ url: '/nessuna-pagina-qui', remoteAddress: OUTSIDE });
      const denied = await from();
      expect(denied.statusCode).toBe(404);
      // The same answer as any unknown address: the not-found page.
      expect(denied.body).toContain('Pagina non trovata');
      expect(notFound.body).toContain('Pagina non trovata');
      expect(denied.headers['content-type']).toBe(notFound.headers['content-type']);
      expect((await from({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(404);
      expect((await from({ authorization: `Bearer ${TOKEN.slice(0, -1)}` })).statusCode).toBe(404);
      expect((await from({ authorization: TOKEN })).statusCode).toBe(404);
      const allowed: LightMyRequestResponse = await from({ authorization: `Bearer ${TOKEN}` });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(allowed.body).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
      // A configured token is needed from loopback too: a header no check knows (X-Client-IP, a
      // CDN's own) cannot open the figures to a request a local proxy relays.
      expect((await from({}, '::1')).statusCode).toBe(404);
      expect((await from({}, '127.0.0.1')).statusCode).toBe(404);
      expect((await from({ 'x-client-ip': OUTSIDE }, '127.0.0.1')).statusCode).toBe(404);
      expect((await from({ authorization: `Bearer ${TOKEN}` }, '::1')).statusCode).toBe(200);
    });

    it('is not in the API document', async () => {
      const doc = (await suite.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths).some((path) => path.toLowerCase().includes('metrics'))).toBe(false);
    });
  },
);

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers loopback only, whatever bearer another address sends; each app counts its own requests', async () => {
    const testDb = await openTestDatabase({ postgres: false });
    const first = await buildTestApp(testDb);
    const second = await buildTestApp(testDb);
    try {
      expect((await first.inject({ url: '/metrics', remoteAddress: OUTSIDE })).statusCode).toBe(404);
      expect(
        (await first.inject({ url: '/metrics', remoteAddress: OUTSIDE, headers: { authorization: 'Bearer ' } }))
          .statusCode,
      ).toBe(404);
      // IPv6 loopback needs nothing; a request a local proxy relays is not local, whatever header
      // the proxy sets (X-Forwarded-For, Forwarded, nginx's X-Real-IP, a CDN's, Via).
      expect((await first.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
      for (const header of ['x-forwarded-for', 'forwarded', ...PROXY_HEADERS])
        expect(
          (await first.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { [header]: OUTSIDE } }))
            .statusCode,
          header,
        ).toBe(404);
      await first.inject({ url: '/api/Property/2000000000' });
      const own = (await first.inject({ url: '/metrics' })).body;
      const other = (await second.inject({ url: '/metrics' })).body;
      expect(
        valueOf(own, 'http_request_duration_seconds_count{method="GET",route="/api/Property/:id",status_code="404"}'),
      ).toBe(1);
      expect(other).not.toContain('route="/api/Property/:id"');
      // Both read the process's figures.
      expect(other).toMatch(/^process_resident_memory_bytes \d/m);
    } finally {
      await first.close();
      await second.close();
      await testDb.cleanup();
    }
  });
});

describeOnBackends(
  'GET /metrics behind a proxy on this host (TRUST_PROXY), with the rate limit on',
  () => ({
    env: { CAPTCHA: 'off', TRUST_PROXY: '127.0.0.1', METRICS_TOKEN: TOKEN },
    logger: {
      level: 'warn',
      stream: new Writable({
        write: (chunk: Buffer, _encoding, done) => {
          logged.push(chunk.toString());
          done();
        },
      }),
    },
    createPageRenderer: (setup: PageRendererSetup) => createPageRenderer(setup),
  }),
  (suite) => {
    beforeAll(async () => {
      await suite.app.ready();
    });
    /** Headers that differ between any two answers (the time, the request, the counts left). */
    const VARYING = new Set(['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'content-length']);
    const headersOf = (res: LightMyRequestResponse) =>
      Object.fromEntries(
        Object.entries(res.headers)
          .filter(([name]) => !VARYING.has(name))
          .map(([name, value]) => [name, String(value).replace(/'nonce-[^']*'/, "'nonce-'")]),
      );

    it('needs the token from loopback too: the proxy relays other people’s requests', async () => {
      // A plain TCP forwarder adds no header: what reaches the app is loopback, nothing else.
      expect((await suite.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
      expect((await suite.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(404);
      const allowed = await suite.app.inject({
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    });

    it('refuses as an unknown path answers, headers included, and logs a refused token at warn', async () => {
      for (const method of ['GET', 'HEAD'] as const) {
        const unknown = await suite.app.inject({ method, url: '/metricz', remoteAddress: OUTSIDE });
        const refused = await suite.app.inject({ method, url: '/metrics', remoteAddress: OUTSIDE });
        expect(refused.statusCode, method).toBe(unknown.statusCode);
        expect(refused.statusCode, method).toBe(404);
        // The same page (its nonce and times differ from one answer to the next).
        expect(refused.body.includes('Pagina non trovata'), method).toBe(unknown.body.includes('Pagina non trovata'));
        expect(headersOf(refused), method).toEqual(headersOf(unknown));
        expect(refused.headers['x-ratelimit-limit'], method).toBeDefined();
      }
      logged.length = 0;
      const wrong = await suite.app.inject({
        url: '/metrics',
        remoteAddress: OUTSIDE,
        headers: { authorization: `Bearer ${TOKEN}x` },
      });
      expect(wrong.statusCode).toBe(404);
      const warning = logged.map((line) => JSON.parse(line)).find((line) => /metrics/.test(line.msg));
      expect(warning).toMatchObject({ level: 40, ip: OUTSIDE });
      expect(JSON.stringify(warning)).not.toContain(TOKEN);
    });
  },
);
