import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PageAssets, PageRenderer, PageRendererSetup } from '@domain/page-rendering';
import { inlineScriptHashes, type CachedPage, type PageCache, type RenderOutcome } from '../lib/page-cache';
import { INTERNAL_CALL_HEADER, INTERNAL_CALL_TOKEN } from './internal-call';
import { COMPRESS_THRESHOLD, compressOnce, preferredCoding } from '../lib/reference-cache';

export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url));
const DEFAULT_LOCALES_DIR = fileURLToPath(new URL('../../locales', import.meta.url));
const ROOT_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** Paths the pages never answer: an unknown one there is a real 404 with the error body. */
const RESERVED = /^\/(api|media|locales|healthcheck|readyz)(\/|$)/i;
/** A file name: a missing one is a 404, never a page (HTML handed to a <script>). */
const FILE_LIKE = /\.(js|mjs|css|map|png|jpe?g|gif|svg|webp|avif|ico|woff2?|txt|xml|json|webmanifest)$/i;
const LONG_CACHE = 'public, max-age=31536000, immutable';
const CLIENT_ENTRY = 'src/app/entry-client.tsx';
/** The longest page address rendered (path and query). */
const MAX_PAGE_URL = 2048;

export interface PagesOptions {
  /** The build: dist/client (the browser's files) and dist/server (the page renderer). */
  distDir?: string;
  localesDir?: string;
  /** Development: Vite in middleware mode renders from the sources, with hot reload. */
  dev?: boolean;
  /** The page renderer itself instead of the build's (tests import src/app/entry-server directly). */
  createRenderer?: (setup: PageRendererSetup) => PageRenderer;
}

/**
 * The visitor a page is rendering for, through every call its loaders make (the renderer's
 * fetch is one for the whole process, so the page's request is found by its async context).
 */
interface RenderingPage {
  /** The page request's client address (request.ip: the socket's, or the one TRUST_PROXY reads). */
  clientIp: string;
}
const renderingPage = new AsyncLocalStorage<RenderingPage>();

/** The assets a renderer given directly links (the tests' renderer: nothing to fetch). */
const UNBUILT_ASSETS: PageAssets = {
  entry: '/assets/entry-client.js',
  preloads: [],
  stylesheets: ['/assets/style.css'],
};

/**
 * Every public page rendered on the server (TanStack Router's server rendering, through the
 * app's entry-server): the first answer holds the page's text, links, head and data, with a
 * status that means something (404 for an unknown page, 500 when rendering fails). The
 * browser's files come from the client build, hashed ones cached for a year.
 */
const pages: FastifyPluginAsync<PagesOptions> = async function pages(fastify, opts) {
  const distDir = path.resolve(opts.distDir ?? DEFAULT_DIST_DIR);
  const clientDir = path.join(distDir, 'client');
  const translations = readTranslations(opts.localesDir ?? DEFAULT_LOCALES_DIR);
  const failedPage = staticPage(translations, 'error');
  // Pages render on the public origin whatever Host the request carried.
  const renderOrigin = new URL(fastify.config.publicUrl).origin;
  const setup = (assets: PageAssets): PageRendererSetup => ({
    translations,
    apiFetch: (request) => injectCall(fastify, request),
    assets,
    siteOrigin: fastify.config.publicUrl,
    secureCookies: fastify.config.publicUrl.startsWith('https:'),
  });

  let renderer: (() => Promise<PageRenderer>) | undefined;
  if (opts.createRenderer) {
    const given = opts.createRenderer(setup(UNBUILT_ASSETS));
    renderer = async () => given;
  } else if (opts.dev) {
    renderer = await developmentRenderer(fastify, setup);
  } else {
    const built = productionRenderer(distDir, setup);
    if (built) {
      renderer = built;
      // serve: false only decorates reply.sendFile; the route below decides what to send.
      // The build's scripts and stylesheets come with their brotli and gzip copies
      // (scripts/compress-assets.ts): sent as they are, never compressed again.
      await fastify.register(fastifyStatic, { root: clientDir, serve: false, index: false, preCompressed: true });
    }
  }

  // Development renders from changing sources (and Vite's inline styles): never from a cache.
  const cache = !opts.dev && fastify.hasDecorator('pageCache') ? fastify.pageCache : null;
  const cacheTtlS = fastify.config.pageCacheTtlS;
  const counters: PageCounters = {
    render: fastify.metrics.pageRenders,
    hit: fastify.metrics.pageCache.labels('hit'),
    miss: fastify.metrics.pageCache.labels('miss'),
    bypass: fastify.metrics.pageCache.labels('bypass'),
  };

  const pageLimit = fastify.config.pageRateLimitMax;
  const tooManyPage = staticPage(translations, 'tooManyRequests');
  fastify.get(
    '/*',
    {
      schema: { hide: true },
      // Rendering a page costs many times an API call: pages have a limit of their own per IP.
      // The build's files (scripts, the stylesheet, pictures) are not pages: they do not count.
      config:
        pageLimit > 0
          ? {
              rateLimit: { max: pageLimit, timeWindow: '1 minute', allowList: (request) => isFileRequest(request.url) },
            }
          : {},
      // A limited page answers in Italian, as a page (the API answers its error body).
      errorHandler: (error, request, reply) => {
        if ((error as { statusCode?: number }).statusCode === 429) {
          return reply.code(429).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(tooManyPage);
        }
        request.log.error({ err: error }, 'page failed');
        return reply.code(500).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(failedPage);
      },
    },
    async (request, reply) => {
      const pathname = decodeURIComponentSafe(request.url.split('?')[0]);
      if (!renderer || pathname === null || RESERVED.test(pathname)) return reply.callNotFound();
      const relative = pathname.replace(/^\/+/, '');
      // No file or folder whose name starts with a dot (the build's manifest) is served.
      if (
        !opts.dev &&
        relative !== '' &&
        !relative.split('/').some((segment) => segment.startsWith('.')) &&
        isFileInside(clientDir, relative)
      ) {
        reply.header('cache-control', relative.startsWith('assets/') ? LONG_CACHE : 'no-cache');
        return reply.sendFile(relative, { cacheControl: false });
      }
      if (relative.startsWith('assets/') || FILE_LIKE.test(relative)) return reply.callNotFound();
      // A page address is short; a longer one is no page (and would cost the parser for nothing).
      if (request.url.length > MAX_PAGE_URL)
        return reply.code(414).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(failedPage);
      // The page's API calls count against the visitor who asked for it (every per-IP limit and ban).
      // No address: the connection is already gone, nobody to render for.
      const clientIp = request.ip;
      if (!clientIp) return reply.code(499).header('cache-control', 'no-store').send();
      const render = await renderer();
      const options = { dev: Boolean(opts.dev), failedPage, origin: renderOrigin, counters };
      return renderingPage.run({ clientIp }, () =>
        cache
          ? answerFromCache(cache, cacheTtlS, render, request, reply, options)
          : renderPage(render, request, reply, options),
      );
    },
  );
};

interface RenderOptions {
  dev: boolean;
  failedPage: string;
  origin: string;
  counters: PageCounters;
}

/** The metrics of the pages (GET /metrics): renders, and what the page cache did with each anonymous request. */
interface PageCounters {
  render: { inc(): void };
  hit: { inc(): void };
  miss: { inc(): void };
  bypass: { inc(): void };
}

/** The cookie of the visitor's home type (src/shared/lib/home-type): the one cookie an anonymous page reads. */
const HOME_TYPE_COOKIE = 'rexer_home_option';
/** A logged-in session's readable mirror, or a login waiting for the terms (server/plugins/browser-session.ts), with or without `__Host-`. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Host-)?(?:rexer_user|rexer_temp_user)=/;
/** The statuses of a page that may be kept: the page, the not-found page, a removed listing's page. */
const CACHEABLE_STATUSES = new Set([200, 404, 410]);

/**
 * The cache's key of an anonymous page request, or undefined when the request is not one to
 * share. An anonymous page is a function of its address (path and query), the home-type cookie
 * and the origin it renders on (always PUBLIC_URL's, whatever Host came: toWebRequest), and of
 * nothing else, because its render is given nothing else: renderShared passes the renderer that
 * one cookie and no other header.
 */
function sharedPageKey(
  request: FastifyRequest,
  origin: string,
): { key: string; homeType: string | undefined } | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const cookie = request.headers.cookie ?? '';
  if (SESSION_COOKIE.test(cookie)) return undefined;
  const homeType = rawCookie(cookie, HOME_TYPE_COOKIE);
  // No type is written that long: a longer one is nobody's page to share, rendered for its visitor alone.
  if (homeType !== undefined && homeType.length > 16) return undefined;
  return { key: JSON.stringify([origin, pagePath(request), homeType ?? null]), homeType };
}

/** The raw value of a cookie as the app's getCookie finds it (the first `name=` among `; `-separated parts). */
function rawCookie(header: string, name: string): string | undefined {
  for (const part of header ? header.split('; ') : []) {
    const separator = part.indexOf('=');
    if ((separator === -1 ? part : part.slice(0, separator)) === name)
      return separator === -1 ? '' : part.slice(separator + 1);
  }
  return undefined;
}

/**
 * An anonymous page from the cache of this process (docs/decisions.md, "Anonymous pages from a
 * cache, their scripts allowed by hash"): kept for PAGE_CACHE_TTL_S, its inline scripts allowed
 * by their hashes instead of a nonce, so the same bytes and CSP are right for every visitor and
 * for a CDN. A logged-in visitor, and any request that is not a plain anonymous GET, gets its
 * own render with a fresh nonce (renderPage).
 */
async function answerFromCache(
  cache: PageCache,
  ttlS: number,
  render: PageRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
  options: RenderOptions,
) {
  const shared = sharedPageKey(request, options.origin);
  if (!shared) {
    options.counters.bypass.inc();
    reply.header('x-cache', 'BYPASS');
    return renderPage(render, request, reply, options);
  }
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort(new Error('the visitor left'));
  });
  let result: { outcome: RenderOutcome<HashedPage | undefined>; hit: boolean };
  try {
    result = await cache.get(shared.key, () => {
      options.counters.render.inc();
      return renderShared(render, request, shared.homeType, options.origin, controller.signal);
    });
  } catch (error) {
    return renderFailed(error, controller.signal, request, reply, options.failedPage);
  }
  const { outcome, hit } = result;
  if (outcome.cacheable) {
    (hit ? options.counters.hit : options.counters.miss).inc();
    const { page } = outcome;
    sendHeaders(reply, page.status, page.headers, page.cookies);
    allowHashesInCsp(reply, page.scriptHashes);
    // Shared caches may keep it as long as this server does; a browser asks again each time.
    // One that sets a cookie stays out of them (a CDN does not keep a Set-Cookie answer apart).
    reply
      .header(
        'cache-control',
        page.cookies.length > 0
          ? 'no-cache, private'
          : `public, max-age=0, s-maxage=${ttlS}, stale-while-revalidate=${ttlS * 2}`,
      )
      .header('vary', page.encoded ? 'Cookie, Accept-Encoding' : 'Cookie')
      .header('x-cache', hit ? 'HIT' : 'MISS');
    // A Content-Encoding already set makes the compression plugin let the bytes through.
    const coding = page.encoded ? preferredCoding(request) : undefined;
    if (coding) return reply.header('content-encoding', coding).send(page.encoded![coding]);
    return reply.send(page.body);
  }
  options.counters.bypass.inc();
  reply.header('x-cache', 'BYPASS');
  // HTML whose scripts could not be read with certainty: rendered again, with a nonce.
  if (!outcome.answer) return renderPage(render, request, reply, options);
  // Not to keep (a Set-Cookie, a redirect, an error's status), but rendered for this visitor's
  // key all the same: answered to them alone, its scripts allowed by their hashes.
  const page = outcome.answer;
  sendHeaders(reply, page.status, page.headers, page.cookies);
  allowHashesInCsp(reply, page.scriptHashes);
  reply.header('cache-control', 'no-cache, private').header('vary', 'Cookie');
  if (page.status >= 300 && page.status < 400) return reply.send();
  return reply.send(page.body);
}

/** A page rendered for a key, read whole: what it sets and the hashes of its inline scripts. */
type HashedPage = CachedPage;

/** The name of a Set-Cookie line's cookie. */
function setCookieName(line: string): string {
  return line.slice(0, Math.max(0, line.indexOf('='))).trim();
}

/**
 * Renders the page of a key: the request carries the address and the home-type cookie only (no
 * other cookie, no user agent, no language), so the page cannot depend on anything the key
 * leaves out, and no nonce (its scripts are allowed by hash). It may be kept when it sets no
 * cookie and its status is one of CACHEABLE_STATUSES; undefined when its scripts could not be
 * read with certainty.
 */
async function renderShared(
  render: PageRenderer,
  request: FastifyRequest,
  homeType: string | undefined,
  origin: string,
  signal: AbortSignal,
): Promise<RenderOutcome<HashedPage | undefined>> {
  const headers = new Headers();
  if (homeType !== undefined) headers.set('cookie', `${HOME_TYPE_COOKIE}=${homeType}`);
  const response = await render({ request: new Request(origin + pagePath(request), { headers, signal }), nonce: '' });
  const body =
    response.body && !(response.status >= 300 && response.status < 400)
      ? Buffer.from(await response.arrayBuffer())
      : Buffer.alloc(0);
  const cookies = response.headers.getSetCookie();
  const kept: [string, string][] = [];
  for (const [name, value] of response.headers) if (name !== 'set-cookie') kept.push([name, value]);
  const scriptHashes = inlineScriptHashes(body.toString('utf8'));
  if (!scriptHashes) return { cacheable: false, answer: undefined };
  const page: HashedPage = { status: response.status, headers: kept, body, scriptHashes, cookies };
  // The render saw the key alone, so a home-type cookie it sets is the key's too (a first visit to
  // a landing): kept with the page. Any other cookie would be a visitor's own: never kept.
  const derivedCookiesOnly = cookies.every((line) => setCookieName(line) === HOME_TYPE_COOKIE);
  if (!derivedCookiesOnly || !CACHEABLE_STATUSES.has(response.status) || response.headers.has('location'))
    return { cacheable: false, answer: page };
  // Sent many times: compressed once here rather than by the compression plugin on every send.
  return {
    cacheable: true,
    page: body.length >= COMPRESS_THRESHOLD ? { ...page, encoded: await compressOnce(body) } : page,
  };
}

function sendHeaders(reply: FastifyReply, status: number, headers: Iterable<[string, string]>, cookies: string[]) {
  reply.code(status);
  for (const [name, value] of headers) if (name !== 'set-cookie') reply.header(name, value);
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** What a render that threw answers: the visitor's mistake, the visitor gone, or the server's failure. */
function renderFailed(
  error: unknown,
  signal: AbortSignal,
  request: FastifyRequest,
  reply: FastifyReply,
  failedPage: string,
) {
  // A query string too deep to parse is the visitor's mistake, not the server's.
  if (error instanceof RangeError) {
    request.log.warn({ err: error }, 'page address could not be parsed');
    return reply.code(400).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(failedPage);
  }
  // The visitor closed the connection (a tab closed, a link followed): nobody to answer, and
  // nothing wrong with the server (499, as proxies log it).
  if (signal.aborted) {
    request.log.info('page rendering stopped: the visitor left');
    return reply.code(499).header('cache-control', 'no-store').send();
  }
  request.log.error({ err: error }, 'page rendering failed');
  return reply.code(500).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(failedPage);
}

async function renderPage(
  render: PageRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
  { dev, failedPage, origin, counters }: RenderOptions,
) {
  counters.render.inc();
  const nonce = randomBytes(16).toString('base64');
  allowNonceInCsp(reply, nonce, dev);
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort(new Error('the visitor left'));
  });
  let response: Response;
  try {
    response = await render({ request: toWebRequest(request, origin, controller.signal), nonce });
  } catch (error) {
    return renderFailed(error, controller.signal, request, reply, failedPage);
  }
  sendHeaders(reply, response.status, response.headers, response.headers.getSetCookie());
  // A page depends on the visitor's cookies (home type, who is logged in): never shared, and
  // never kept at all once someone is logged in (no copy left in the browser after logout).
  const loggedIn = /(?:^|;\s*)rexer_user=/.test(request.headers.cookie ?? '');
  reply.header('cache-control', loggedIn ? 'no-store' : 'no-cache, private').header('vary', 'Cookie');
  if (response.status >= 300 && response.status < 400) return reply.send();
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/**
 * The page's inline scripts (the router's hydration data) run with the nonce; nothing else
 * inline does. In development Vite injects the stylesheets as <style> elements.
 */
function allowNonceInCsp(reply: FastifyReply, nonce: string, dev: boolean) {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  let policy = csp.replace(/(^|;)script-src ([^;]*)/, `$1script-src $2 'nonce-${nonce}'`);
  if (dev) policy = policy.replace(/(^|;)style-src ([^;]*)/, `$1style-src $2 'unsafe-inline'`);
  reply.header('content-security-policy', policy);
}

/**
 * A page whose inline scripts are allowed by their hashes (a page from the cache): no nonce at
 * all, since the same bytes go to many visitors. A page without inline scripts needs none.
 */
function allowHashesInCsp(reply: FastifyReply, hashes: string[]) {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string' || hashes.length === 0) return;
  reply.header(
    'content-security-policy',
    csp.replace(/(^|;)script-src ([^;]*)/, `$1script-src $2 ${hashes.join(' ')}`),
  );
}

/** The page's path and query as the renderer reads them (leading slashes collapsed: `//host/path` is a path). */
function pagePath(request: FastifyRequest): string {
  return request.url.replace(/^\/+/, '/');
}

/**
 * The request as the renderer reads it: its path on the public origin (never the Host it
 * carried; leading slashes collapsed, so `//host/path` is a path), its cookies and user agent.
 */
function toWebRequest(request: FastifyRequest, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const name of ['cookie', 'user-agent', 'accept-language']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(origin + pagePath(request), { headers, signal });
}

/** Headers that could name another client than the page's: never on an internal call. */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
]);

/**
 * One call of a page's loader, answered by the API of this process: reads only, on the
 * internal host (never a loopback one: the API must not take it for a local visitor), from
 * the address of the visitor the page renders for, so every per-IP limit and ban (in memory
 * or in the database) counts the page's searches against that visitor and nobody else. A
 * call outside any page's rendering has no visitor to count and is refused.
 */
async function injectCall(fastify: FastifyInstance, request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    throw new Error(`a page may only read while it renders (${request.method} ${request.url})`);
  const page = renderingPage.getStore();
  if (!page)
    throw new Error(
      `an API call made outside a page's rendering has no visitor to count (${request.method} ${request.url})`,
    );
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (!FORWARDING_HEADERS.has(name)) headers[name] = value;
  });
  headers.host = url.host;
  headers[INTERNAL_CALL_HEADER] = INTERNAL_CALL_TOKEN;
  // Without a forwarding header, request.ip of the call is this address whatever TRUST_PROXY says.
  const answer = await fastify.inject({
    method: request.method,
    url: url.pathname + url.search,
    headers,
    remoteAddress: page.clientIp,
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
  }
  const empty = answer.statusCode === 204 || answer.statusCode === 304;
  return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
    status: answer.statusCode,
    headers: responseHeaders,
  });
}

/** Every namespace of locales/it, read once at start. */
function readTranslations(localesDir: string): PageRendererSetup['translations'] {
  const dir = path.join(localesDir, 'it');
  const translations: PageRendererSetup['translations'] = {};
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.json'))
      translations[file.slice(0, -5)] = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<
        string,
        unknown
      >;
  }
  return translations;
}

interface ViteManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The built renderer and the client build's entry, or undefined when there is no build (tests of the API alone). */
function productionRenderer(
  distDir: string,
  setup: (assets: PageAssets) => PageRendererSetup,
): (() => Promise<PageRenderer>) | undefined {
  const manifestFile = path.join(distDir, 'client', '.vite', 'manifest.json');
  const serverEntry = path.join(distDir, 'server', 'entry-server.js');
  if (!existsSync(manifestFile) || !existsSync(serverEntry)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ViteManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${manifestFile} has no ${CLIENT_ENTRY}`);
  const preloads = new Set<string>();
  // The one stylesheet of the build (cssCodeSplit off: vite.config.ts), or the entry's own.
  const stylesheets = new Set<string>([
    ...(entry.css ?? []),
    ...(manifest['style.css'] ? [manifest['style.css'].file] : []),
  ]);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    chunk.css?.forEach((file) => stylesheets.add(file));
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  const assets: PageAssets = {
    entry: `/${entry.file}`,
    preloads: [...preloads].map((file) => `/${file}`),
    stylesheets: [...stylesheets].map((file) => `/${file}`),
  };
  const loaded = import(pathToFileURL(serverEntry).href).then(
    (module: { createPageRenderer: (setup: PageRendererSetup) => PageRenderer }) =>
      module.createPageRenderer(setup(assets)),
  );
  // An unloadable build fails at start, not at the first visitor.
  loaded.catch(() => undefined);
  return () => loaded;
}

const VITE_PREAMBLE = [
  'import "/@vite/client";',
  [
    'import RefreshRuntime from "/@react-refresh";',
    'RefreshRuntime.injectIntoGlobalHook(window);',
    'window.$RefreshReg$ = () => {};',
    'window.$RefreshSig$ = () => (type) => type;',
    'window.__vite_plugin_react_preamble_installed__ = true;',
  ].join('\n'),
];

/** Vite in middleware mode: sources compiled on request, hot reload over this server's socket. */
async function developmentRenderer(
  fastify: FastifyInstance,
  setup: (assets: PageAssets) => PageRendererSetup,
): Promise<() => Promise<PageRenderer>> {
  const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
  const vite = await createServer({
    root: ROOT_DIR,
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: fastify.server } },
  });
  await fastify.register(middie);
  fastify.use(vite.middlewares);
  fastify.addHook('onClose', async () => vite.close());
  const rendererSetup = setup({
    entry: `/${CLIENT_ENTRY}`,
    preloads: [],
    stylesheets: [],
    inlineModules: VITE_PREAMBLE,
  });
  const renderers = new WeakMap<object, PageRenderer>();
  return async () => {
    const module = (await vite.ssrLoadModule('/src/app/entry-server.tsx')) as {
      createPageRenderer: (setup: PageRendererSetup) => PageRenderer;
    };
    let render = renderers.get(module);
    if (!render) renderers.set(module, (render = module.createPageRenderer(rendererSetup)));
    return render;
  };
}

/** A request for a file of the build rather than a page (by its path). */
function isFileRequest(url: string): boolean {
  const pathname = url.split('?')[0];
  return pathname.startsWith('/assets/') || FILE_LIKE.test(pathname);
}

function decodeURIComponentSafe(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** True for an existing regular file under root; `..` and absolute paths never qualify. */
function isFileInside(root: string, relative: string): boolean {
  if (relative.includes('\0')) return false;
  const full = path.resolve(root, relative);
  if (!full.startsWith(root + path.sep)) return false;
  try {
    return statSync(full).isFile();
  } catch {
    return false;
  }
}

/**
 * When rendering fails or is refused: an error page's words (errors.json) in a page that needs
 * nothing else to show, no script and no stylesheet, and never the error's details.
 */
function staticPage(translations: PageRendererSetup['translations'], page: 'error' | 'tooManyRequests'): string {
  const texts = (translations.errors?.[page] ?? {}) as Record<string, string>;
  const text = (key: string) => escapeHtml(texts[key] ?? '');
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${text('metaTitle')}</title></head>
<body><main><h1>${text('title')}</h1><p>${text('text')}</p><p><a href="/">${text('home')}</a></p></main></body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export default pages;
