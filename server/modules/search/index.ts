import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseSearchParams, toSearchQuery } from '@domain/search';
import { errorResponses } from '../../errors/error-body';
import { AppError } from '../../errors/app-error';
import { AnswerCache } from './answer-cache';
import { MarkerIndex } from './marker-index';
import { createPlaceSearch } from './place-search';
import { searchListings } from './repository';
import { PlacesQuery, PlacesResult, SearchListingsQuery, SearchResult } from './schemas';

/**
 * Searches per client IP (SEARCH_RATE_LIMIT_MAX a minute), counted in the database like the login's
 * limit (the `ban` puts them in the shared store), so the count holds on every server: a scraper gets
 * the limit once, not once per server. Going on past twice the limit bans the address for the window.
 * Each server adds its searches to the shared count once per SEARCH_RATE_LIMIT_SYNC_MS (`sharedEvery`),
 * not with every search: a write per search would cost more than a cached answer. The searches of a
 * page rendered on the server count against the visitor who asked for the page (server/plugins/pages.ts),
 * never against the server's own address.
 */
export const searchRateLimit = (fastify: FastifyInstance) => {
  const { searchRateLimitMax: max, searchRateLimitSyncMs: sharedEvery } = fastify.config;
  // 0: no route config at all, so the general limit applies (rateLimit: false would lift that one too).
  return max > 0 ? { config: { rateLimit: { max, timeWindow: '1 minute', ban: max, sharedEvery } } } : {};
};

/** PostgreSQL stopped the statement at its statement_timeout (drizzle wraps the driver's error). */
export function isStatementTimeout(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

async function timed<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isStatementTimeout(error)) throw new AppError('SearchTimeout');
    throw error;
  }
}

/** The search: listings of a place or an area with filters, sorts, keyset pages and map markers; the place autocomplete. */
const searchModule: FastifyPluginAsyncZod = async function searchModule(fastify) {
  const { searchTimeoutMs, searchCacheSeconds } = fastify.config;
  // The search's statements run on connections of their own that stop them after SEARCH_TIMEOUT_MS (0:
  // never), their named statements on connections of generic plans (PostgreSQL; server/db/generic-plans.ts).
  const db = fastify.database.withStatementTimeout?.(searchTimeoutMs) ?? fastify.db;
  const searchPlaces = createPlaceSearch(db);
  // The answer depends on the query alone (no user, cookie or header is read): the same for everybody,
  // so it may be served again for a few seconds (answer-cache.ts).
  const cache = searchCacheSeconds > 0 ? new AnswerCache(searchCacheSeconds * 1000) : null;
  // Where each answer came from (GET /metrics): a circle's markers read from memory still make a database answer.
  const fromCache = fastify.metrics.searchAnswers.labels('cache');
  const fromDatabase = fastify.metrics.searchAnswers.labels('database');
  // A circle's markers from this server's copy of the listings (marker-index.ts), loaded in the background once
  // the server is ready; the SQL answers until then, and whenever the copy cannot.
  const markerIndex =
    fastify.config.searchMemoryMarkers && fastify.database.kind === 'postgres' ? new MarkerIndex(fastify.db) : null;
  if (markerIndex) {
    fastify.addHook('onReady', async () => {
      const started = Date.now();
      markerIndex.start().then(
        () =>
          fastify.log.info(
            { listings: markerIndex.size, ms: Date.now() - started },
            'search: markers from memory ready',
          ),
        (error: unknown) =>
          fastify.log.error({ err: error }, 'search: the markers copy did not load; the SQL answers them'),
      );
    });
    fastify.addHook('onClose', async () => markerIndex.stop());
  }

  fastify.get(
    '/api/Search/Listings',
    {
      schema: {
        tags: ['Search'],
        summary:
          'Published listings of a search: one page, the exact total, the markers of the whole result set, the area',
        querystring: SearchListingsQuery,
        response: { 200: SearchResult, ...errorResponses(404, 503) },
      },
      ...searchRateLimit(fastify),
    },
    async (request, reply) => {
      // The schema has refused every malformed key; what remains is what the type lacks.
      const { params, errors } = parseSearchParams(request.query);
      if (Object.keys(errors).length > 0) throw new AppError(errors.Search ? 'InvalidSearch' : 'ValidationError');
      // The answer is written as searchListings builds it: the schema's fields in the schema's order (the route's
      // encoder would check and copy every item and marker first: ~7 % of a cold search's time in Node). That
      // the text is the schema's own serialization is tested (tests/api/search.test.ts).
      const answer = async () =>
        JSON.stringify(await timed(searchListings(db, params, markerIndex ? { markerIndex } : {})));
      const json = 'application/json; charset=utf-8';
      if (!cache) {
        const body = await answer();
        fromDatabase.inc();
        return reply.type(json).send(body as never);
      }
      const key = new URLSearchParams(toSearchQuery(params)).toString();
      const { body, hit } = await cache.get(key, answer);
      (hit ? fromCache : fromDatabase).inc();
      return reply
        .header('x-search-cache', hit ? 'hit' : 'miss')
        .type(json)
        .send(body as never);
    },
  );

  fastify.get(
    '/api/Search/Places',
    {
      schema: {
        tags: ['Search'],
        summary:
          'Place autocomplete: towns, districts, provinces, regions and streets of listings, each with the search to run',
        querystring: PlacesQuery,
        response: { 200: PlacesResult, ...errorResponses(503) },
      },
      ...searchRateLimit(fastify),
    },
    async (request) => ({ Items: await timed(searchPlaces(request.query.Text, request.query.Limit)) }),
  );
};

export default searchModule;
