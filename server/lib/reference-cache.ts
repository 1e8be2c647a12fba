import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers that change only with a deployment or a seed (the app's configuration, the
 * document and agency lists, robots.txt, the sitemaps), or that may lag a minute behind
 * the listings (the counts of the home page, the footer and the municipality lists), are
 * read once per process and kept as the bytes to send with a strong ETag. A repeated
 * request costs a buffer send: no query and no serialisation. The Cache-Control policies
 * are explained in docs/decisions.md ("Reference data is answered from memory").
 */
export const CACHE_CONTROL = {
  /** Lists that change only with a deployment or a seed. */
  reference: 'public, max-age=300, stale-while-revalidate=86400',
  /** The app's configuration: it steers the client (captcha, social login), so a deployment reaches it within a minute. */
  config: 'public, max-age=60, stale-while-revalidate=600',
  /** Listing counts: kept a minute in the process (STATS_TTL_MS of listing-stats), as long by browsers and CDNs. */
  counts: 'public, max-age=60, stale-while-revalidate=600',
  /** robots.txt and the sitemaps: crawlers read them rarely. */
  crawler: 'public, max-age=3600, stale-while-revalidate=86400',
} as const;

/** One answer ready to send. */
export interface CachedBody {
  readonly body: Buffer;
  /** Strong validator: the quoted base64url SHA-256 of the body (the same bytes give the same tag on every server). */
  readonly etag: string;
  readonly contentType: string;
}

export interface ReferenceCacheOptions {
  /** The Cache-Control of the answer (and of its 304). */
  cacheControl: string;
  /** Default `application/json; charset=utf-8`. */
  contentType?: string;
  /**
   * Turns the loaded value into the body. Default: the route's own serializer for status
   * 200 (its zod response schema, exactly what Fastify would have sent), else JSON.
   */
  serialize?: (value: unknown) => string | Buffer;
  /** Read again after this long; the stale body is answered meanwhile. Default: never (seed data). */
  ttlMs?: number;
  /** At most this many keys; the oldest goes first. Default 1000. */
  maxEntries?: number;
  /** The clock (tests). */
  now?: () => number;
}

interface Entry {
  value?: CachedBody;
  loadedAt: number;
  /** The load (or reload) under way: concurrent callers share it. */
  pending?: Promise<CachedBody>;
}

export interface ReferenceCache {
  /**
   * The body for `key`, loading it with `load` on the first call. Concurrent first calls
   * share one load; a load that fails is not kept (the next call tries again); a body past
   * `ttlMs` is answered while one reload runs in the background.
   */
  get(key: string, load: () => Promise<unknown>, serialize?: (value: unknown) => string | Buffer, log?: FastifyRequest['log']): CachedBody | Promise<CachedBody>;
  /**
   * Answers the request from the cache: 304 with an empty body when `If-None-Match` names
   * the current ETag, else the bytes with their ETag and Cache-Control. A failed load is
   * thrown to the error handler. Return what it returns from the route handler.
   */
  send(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<unknown>): Promise<FastifyReply>;
  /** Forgets every body (tests, or after a seed in the same process). */
  clear(): void;
  readonly size: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function createReferenceCache(options: ReferenceCacheOptions): ReferenceCache {
  const { cacheControl, contentType = JSON_TYPE, ttlMs = Number.POSITIVE_INFINITY, maxEntries = 1000, now = Date.now } = options;
  const entries = new Map<string, Entry>();

  function build(value: unknown, serialize: (value: unknown) => string | Buffer): CachedBody {
    const serialized = serialize(value);
    const body = typeof serialized === 'string' ? Buffer.from(serialized, 'utf8') : serialized;
    return { body, etag: etagOf(body), contentType };
  }

  function start(entry: Entry, load: () => Promise<unknown>, serialize: (value: unknown) => string | Buffer): Promise<CachedBody> {
    // load() runs now (a synchronous throw becomes the rejection).
    const pending = new Promise<unknown>((resolve) => resolve(load())).then((value) => build(value, serialize));
    entry.pending = pending;
    pending.then(
      (value) => {
        entry.value = value;
        entry.loadedAt = now();
        if (entry.pending === pending) entry.pending = undefined;
      },
      () => {
        if (entry.pending === pending) entry.pending = undefined;
      },
    );
    return pending;
  }

  const cache: ReferenceCache = {
    get(key, load, serialize = defaultSerialize, log) {
      const serializer = options.serialize ?? serialize;
      const found = entries.get(key);
      if (found?.value) {
        if (now() - found.loadedAt >= ttlMs && !found.pending) {
          // Stale: answer what we have, reload once in the background; a failure keeps the old body.
          start(found, load, serializer).catch((error: unknown) => log?.warn({ err: error, key }, 'reference cache: reload failed, the previous answer stays'));
        }
        return found.value;
      }
      if (found?.pending) return found.pending;

      const entry: Entry = { loadedAt: 0 };
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, entry);
      const pending = start(entry, load, serializer);
      // A failed first load is not kept: the next caller loads again.
      pending.catch(() => {
        if (entries.get(key) === entry && !entry.value) entries.delete(key);
      });
      return pending;
    },

    async send(request, reply, key, load) {
      const routeSerializer = reply.getSerializationFunction('200') as ((value: unknown) => string) | undefined;
      const cached = await cache.get(key, load, routeSerializer ?? defaultSerialize, request.log);
      reply.header('etag', cached.etag).header('cache-control', cacheControl);
      if (matchesEtag(request.headers['if-none-match'], cached.etag)) {
        return reply.code(304).send();
      }
      // A Buffer skips Fastify's serializer: the bytes were serialised (and checked against
      // the route's schema) once, when they were loaded.
      return reply.header('content-type', cached.contentType).send(cached.body);
    },

    clear() {
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
  return cache;
}

/**
 * One cached answer without keys (the app's configuration, a list without parameters),
 * with its loader: `return configAnswer.send(request, reply)`.
 */
export function createCachedAnswer(load: () => Promise<unknown>, options: ReferenceCacheOptions) {
  const cache = createReferenceCache({ ...options, maxEntries: 1 });
  return {
    send: (request: FastifyRequest, reply: FastifyReply) => cache.send(request, reply, '', load),
    clear: () => cache.clear(),
  };
}

function defaultSerialize(value: unknown): string {
  return JSON.stringify(value);
}

/** A strong ETag from the bytes: the same body gives the same tag in every process. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/**
 * `If-None-Match` against the current tag, with the weak comparison RFC 9110 asks for
 * (`W/"x"` matches `"x"`: a proxy that compressed the body may have weakened it), a list of
 * tags, or `*`.
 */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return value.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}
