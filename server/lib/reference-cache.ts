import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
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
  /** The headers of its 200 and of its 304, built once with the body: a request only copies them. */
  readonly headers: Readonly<Record<string, string>>;
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
  /** The body compressed once, per content coding, when it is worth compressing (COMPRESS_THRESHOLD). */
  readonly encoded?: Readonly<Record<ContentCoding, EncodedBody>>;
}

export type ContentCoding = 'br' | 'gzip';

export interface EncodedBody {
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * The smallest body sent compressed: the threshold of the app's @fastify/compress (app.ts).
 * Smaller bodies go as they are, as that plugin would send them.
 */
export const COMPRESS_THRESHOLD = 1024;

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
  get(
    key: string,
    load: () => Promise<unknown>,
    serialize?: (value: unknown) => string | Buffer,
    log?: FastifyRequest['log'],
  ): CachedBody | Promise<CachedBody>;
  /**
   * Answers the request from the cache: 304 with an empty body when `If-None-Match` names
   * the current ETag, else the bytes with their ETag and Cache-Control. A body in memory is
   * sent at once and nothing is returned; otherwise a promise that settles once it is loaded
   * and sent (a failed load rejects it, for the error handler). Return what it returns from the
   * route handler, from a handler that is not `async`: a cached answer then costs no promise.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<void> | undefined;
  /** Forgets every body (tests, or after a seed in the same process). */
  clear(): void;
  readonly size: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function createReferenceCache(options: ReferenceCacheOptions): ReferenceCache {
  const {
    cacheControl,
    contentType = JSON_TYPE,
    ttlMs = Number.POSITIVE_INFINITY,
    maxEntries = 1000,
    now = Date.now,
  } = options;
  const entries = new Map<string, Entry>();

  function build(value: unknown, serialize: (value: unknown) => string | Buffer): CachedBody | Promise<CachedBody> {
    const serialized = serialize(value);
    const body = typeof serialized === 'string' ? Buffer.from(serialized, 'utf8') : serialized;
    const etag = etagOf(body);
    const headers = { etag, 'cache-control': cacheControl, 'content-type': contentType };
    const plain: CachedBody = {
      body,
      etag,
      contentType,
      headers,
      notModifiedHeaders: { etag, 'cache-control': cacheControl },
    };
    if (body.length < COMPRESS_THRESHOLD) return plain;
    // Compressed once here, off the main thread, rather than by the compression plugin on
    // every request that accepts it (for a 2 KB answer, eight times the cost of the rest).
    return compressOnce(body).then(({ br, gzip: gz }) => ({
      ...plain,
      encoded: {
        br: { body: br, headers: { ...headers, vary: 'accept-encoding', 'content-encoding': 'br' } },
        gzip: { body: gz, headers: { ...headers, vary: 'accept-encoding', 'content-encoding': 'gzip' } },
      },
    }));
  }

  function answer(request: FastifyRequest, reply: FastifyReply, cached: CachedBody): FastifyReply {
    if (matchesEtag(request.headers['if-none-match'], cached.etag)) {
      return reply.headers(cached.notModifiedHeaders).code(304).send();
    }
    // A Buffer skips Fastify's serializer: the bytes were serialised (and checked against
    // the route's schema) once, when they were loaded. A Content-Encoding already set makes
    // the compression plugin let the bytes through.
    const coding = cached.encoded ? preferredCoding(request) : undefined;
    if (coding) return reply.headers(cached.encoded![coding].headers).send(cached.encoded![coding].body);
    return reply.headers(cached.headers).send(cached.body);
  }

  function start(
    entry: Entry,
    load: () => Promise<unknown>,
    serialize: (value: unknown) => string | Buffer,
  ): Promise<CachedBody> {
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
          start(found, load, serializer).catch((error: unknown) =>
            log?.warn({ err: error, key }, 'reference cache: reload failed, the previous answer stays'),
          );
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

    send(request, reply, key, load) {
      // The route's own serializer is looked up only when a body is to be built.
      const found = entries.get(key);
      const cached =
        found?.value && now() - found.loadedAt < ttlMs
          ? found.value
          : cache.get(key, load, routeSerializer(reply), request.log);
      // Settles once the answer is out, not when it is handed to Fastify: a promise that
      // resolved earlier, while a compressed body still streams, would have Fastify take the
      // handler for one that sent nothing and end the response empty.
      if (cached instanceof Promise) return cached.then((value) => finished(answer(request, reply, value)));
      answer(request, reply, cached);
      return undefined;
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

const compressBrotliAsync = promisify(brotliCompress);
const compressGzipAsync = promisify(gzip);

function compressBrotli(body: Buffer): Promise<Buffer> {
  // Once per body, so a better ratio than the plugin's streaming level 4 (level 11 would take
  // seconds on a large sitemap).
  return compressBrotliAsync(body, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

function compressGzip(body: Buffer): Promise<Buffer> {
  return compressGzipAsync(body, { level: 9 });
}

/** A body kept to be sent many times, in each coding the app answers with, made once off the main thread. */
export async function compressOnce(body: Buffer): Promise<Record<ContentCoding, Buffer>> {
  const [br, gz] = await Promise.all([compressBrotli(body), compressGzip(body)]);
  return { br, gzip: gz };
}

/** The content codings the app compresses with (app.ts), in its order of preference. */
const CODINGS: readonly ContentCoding[] = ['br', 'gzip'];
/** Accept-Encoding values already read (a few distinct ones in practice; bounded). */
const codingOfHeader = new Map<string, ContentCoding | null>();
const CODING_MEMO_MAX = 200;

/**
 * The coding to answer a request with, as the app's @fastify/compress chooses it: none when
 * the request says X-No-Compression or accepts neither; else the accepted one of highest q,
 * brotli first on a tie; `*` and `x-gzip` count as gzip.
 */
export function preferredCoding(request: FastifyRequest): ContentCoding | undefined {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return undefined;
  let coding = codingOfHeader.get(header);
  if (coding === undefined) {
    coding = negotiateCoding(header);
    if (codingOfHeader.size >= CODING_MEMO_MAX) codingOfHeader.clear();
    codingOfHeader.set(header, coding);
  }
  return coding ?? undefined;
}

/** The accepted coding of highest q (> 0) among CODINGS for an Accept-Encoding value, or null. */
export function negotiateCoding(header: string): ContentCoding | null {
  const quality = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';');
    let coding = name.trim();
    if (coding === '*' || coding === 'x-gzip') coding = 'gzip';
    if (coding === '') continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key.trim() === 'q') q = Number(value);
    }
    if (!Number.isFinite(q)) q = 0;
    quality.set(coding, Math.max(quality.get(coding) ?? 0, q));
  }
  let best: ContentCoding | null = null;
  let bestQ = 0;
  for (const coding of CODINGS) {
    const q = quality.get(coding) ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** Resolves when the reply's response has ended (Fastify's reply is a thenable that says so). */
function finished(reply: FastifyReply): Promise<void> {
  return new Promise<void>((resolve, reject) => reply.then(resolve, reject));
}

/** The route's compiled serializer for status 200 (its zod response schema), else JSON; looked up when first called. */
function routeSerializer(reply: FastifyReply): (value: unknown) => string {
  return (value) =>
    ((reply.getSerializationFunction('200') as ((value: unknown) => string) | undefined) ?? defaultSerialize)(value);
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
