import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { PoolStats } from '../db/database';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The counters of this process (GET /metrics, the Prometheus text format). Each server answers
 * its own: Prometheus scrapes every one of them; nothing is shared between servers or kept
 * anywhere but in these counters.
 */
export interface AppMetrics {
  /** This app's series (tests build many apps in one process: each has its own registry). */
  readonly registry: Registry;
  /** Pages rendered by the page renderer (a page from the cache is no render). */
  readonly pageRenders: Counter;
  /** Anonymous page requests by what the page cache did: hit, miss, or bypass (not a page to share). */
  readonly pageCache: Counter<'result'>;
  /** Jobs whose handler threw (pg-boss retries them or leaves them failed), by queue. */
  readonly jobFailures: Counter<'queue'>;
  /** Mails handed to the SMTP server, and attempts it refused (the mail is tried again later). */
  readonly mailsSent: Counter;
  readonly mailsFailed: Counter;
  /** Answers of GET /api/Search/Listings: from the answer cache or computed by the database. */
  readonly searchAnswers: Counter<'source'>;
  /** The Prometheus text of this app's series and of the process's own. */
  render(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** The label of every request no route matched: one value, whatever path was asked. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Seconds: most API answers take a few milliseconds, a page tens, a cold search up to the
 * search timeout.
 */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Job states that are work still to do, or work that failed for good (done jobs are history). */
const JOB_STATES = ['created', 'retry', 'active', 'failed'] as const;

/**
 * The process's own series (CPU, memory, heap, event loop lag, GC): one registry for the
 * process, made on the first app, since they describe the process whichever app reads them
 * and each collection starts observers that are never stopped. Not prom-client's global
 * registry, which a library could also write to.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Addresses of this machine: a scrape from them needs no token. */
function isLoopback(address: string | undefined): boolean {
  return (
    address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))
  );
}

/** Headers a proxy adds: a request from loopback that carries one was relayed from elsewhere. */
const PROXY_HEADERS = [
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
  'via',
  'cf-connecting-ip',
  'true-client-ip',
  'x-forwarded-host',
  'x-forwarded-proto',
] as const;

/** The path of the scrape (any query), as the router matches it. */
const METRICS_PATH = /^\/metrics\/?(\?|$)/i;
const SCRAPE_CONSTRAINT = 'metricsScrape';

/** SHA-256 of a token: both sides of the comparison have the same length, whatever was sent. */
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Metrics (`docs/operations.md`, "Metrics"): the request durations by route pattern and status
 * (one onResponse hook), and the counters the modules increment (`fastify.metrics`); gauges of
 * the database pools and the job queue read when scraped. GET /metrics answers them from
 * loopback (the socket's own address, no proxy's header, and no TRUST_PROXY: a proxy on this
 * host relays other people's requests), or with `Authorization: Bearer <METRICS_TOKEN>`; anyone
 * else gets what an unknown path gets. Registered right after the context, so every module finds
 * `fastify.metrics`.
 */
export default fp(
  async function metrics(fastify) {
    const registry = new Registry();
    const registers = [registry];

    const requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    });

    const appMetrics: AppMetrics = {
      registry,
      pageRenders: new Counter({
        name: 'rexer_page_renders_total',
        help: 'Pages rendered on the server (pages from the page cache are not renders)',
        registers,
      }),
      pageCache: new Counter({
        name: 'rexer_page_cache_requests_total',
        help: 'Anonymous page requests by what the page cache did: hit, miss or bypass',
        labelNames: ['result'] as const,
        registers,
      }),
      jobFailures: new Counter({
        name: 'rexer_job_failures_total',
        help: 'Jobs whose handler failed, by queue (retried or left failed by the queue)',
        labelNames: ['queue'] as const,
        registers,
      }),
      mailsSent: new Counter({
        name: 'rexer_mails_sent_total',
        help: 'Mails accepted by the SMTP server',
        registers,
      }),
      mailsFailed: new Counter({
        name: 'rexer_mails_failed_total',
        help: 'Mail delivery attempts that failed (the mail is tried again later)',
        registers,
      }),
      searchAnswers: new Counter({
        name: 'rexer_search_answers_total',
        help: 'Answers of the listing search, by source: the answer cache or the database',
        labelNames: ['source'] as const,
        registers,
      }),
      async render() {
        const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
        return `${own}\n${process}`;
      },
    };

    // The database pools, as they are when scraped (PostgreSQL; PGlite has one connection and no pool).
    const { database } = fastify;
    if (database.poolStats) {
      const poolStats = database.poolStats.bind(database);
      const gauge = (name: string, help: string, read: (pool: PoolStats) => number) =>
        new Gauge({
          name,
          help,
          labelNames: ['pool'] as const,
          registers,
          collect() {
            for (const pool of poolStats()) this.set({ pool: pool.name }, read(pool));
          },
        });
      gauge('rexer_db_pool_clients', 'Connections open in the pool', (pool) => pool.total);
      gauge('rexer_db_pool_idle_clients', 'Connections open and idle in the pool', (pool) => pool.idle);
      gauge('rexer_db_pool_waiting_requests', 'Queries waiting for a connection of the pool', (pool) => pool.waiting);
    }

    // The job queue's depth by queue and state: one count when scraped, not kept in between.
    if (fastify.config.jobQueue) {
      new Gauge({
        name: 'rexer_job_queue_jobs',
        help: 'Jobs of the queue by queue and state (created, retry, active, failed)',
        labelNames: ['queue', 'state'] as const,
        registers,
        async collect() {
          this.reset();
          try {
            const { rows } = await database.executeSql(
              `select name, state::text as state, count(*)::int as jobs from pgboss.job
               where state in (${JOB_STATES.map((state) => `'${state}'`).join(', ')}) group by name, state`,
              [],
            );
            for (const row of rows) this.set({ queue: String(row.name), state: String(row.state) }, Number(row.jobs));
          } catch (error) {
            // The scrape still answers the other series; the gauge is left out this time.
            fastify.log.warn({ err: error }, 'metrics: the job queue could not be counted');
          }
        },
      });
    }

    fastify.decorate('metrics', appMetrics);

    // One hook for every answer; the route's pattern (never the path asked) keeps the labels bounded.
    const observe: onResponseHookHandler = (request, reply, done) => {
      requestDuration.observe(
        {
          method: request.method,
          route: request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE),
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    };
    fastify.addHook('onResponse', observe);

    const token = fastify.config.metricsToken;
    const tokenDigest = token ? digest(`Bearer ${token}`) : undefined;
    // With TRUST_PROXY set, a proxy on this host relays other people's requests: loopback is
    // nobody in particular, the token is needed. Without it, a request from loopback that carries
    // a proxy's header is relayed too. (A plain TCP forwarder on this host adds no header and
    // cannot be told apart: docs/operations.md, "Metrics".)
    // A configured token is always needed: a header this check does not know (X-Client-IP, a
    // CDN's own) cannot open the figures to a relayed request.
    const loopbackTrusted = fastify.config.trustProxy === false && tokenDigest === undefined;
    const allowed = (request: IncomingMessage): boolean => {
      if (
        loopbackTrusted &&
        isLoopback(request.socket.remoteAddress) &&
        !PROXY_HEADERS.some((name) => request.headers[name] !== undefined)
      )
        return true;
      const given = request.headers.authorization;
      return tokenDigest !== undefined && typeof given === 'string' && timingSafeEqual(digest(given), tokenDigest);
    };

    // The route matches only a scrape that may read it (a routing constraint): any other request
    // for /metrics goes where an unknown path goes (the pages' catch-all, the not-found answer),
    // and gets exactly its answer, status, body and headers (the rate limit's among them).
    fastify.addConstraintStrategy({
      name: SCRAPE_CONSTRAINT,
      storage() {
        const handlers = new Map<string, unknown>();
        return {
          get: (value: string) => (handlers.get(value) ?? null) as never,
          set: (value: string, handler: unknown) => void handlers.set(value, handler),
        };
      },
      deriveConstraint: (request: IncomingMessage) =>
        METRICS_PATH.test(request.url ?? '') && allowed(request) ? 'allowed' : 'refused',
      mustMatchWhenDerived: false,
    });

    // A refused scrape that carried a token: a wrong token, or a scraper misconfigured.
    fastify.addHook('onRequest', (request, _reply, done) => {
      if (
        request.routeOptions.url !== '/metrics' &&
        METRICS_PATH.test(request.url) &&
        request.headers.authorization !== undefined
      )
        request.log.warn({ ip: request.ip }, 'metrics: a scrape with a token was refused');
      done();
    });

    fastify.get(
      '/metrics',
      // Not in the API document; a scrape every few seconds is not worth an info line each.
      { schema: { hide: true }, logLevel: 'warn', constraints: { [SCRAPE_CONSTRAINT]: 'allowed' } },
      async (_request: FastifyRequest, reply: FastifyReply) => {
        const text = await appMetrics.render();
        return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
      },
    );
  },
  { name: 'metrics', dependencies: ['context'], fastify: '5.x' },
);
