import type { onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { PageCache } from '../lib/page-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered anonymous pages kept for PAGE_CACHE_TTL_S (server/plugins/pages.ts); null when off. */
    pageCache: PageCache | null;
  }
}

/**
 * Writes that change what a public page shows: a listing (its draft, status, photos, visits'
 * slots), its publication after a payment, an account deleted with its listings. The anonymous
 * view count (`/View`) changes no page and is called on every listing page: it is left out.
 */
const CHANGES_PAGES = /^\/api\/(?:property\/(?!:id\/view$)|user\/myproperties\/|payment\/|order\/|user\/:id$)/i;

/**
 * The cache of rendered anonymous pages, and its one shortcut: a write that changes a listing
 * through this server drops every entry at once (other servers show it within the TTL, which
 * is the bound anyway). The hook is added to those routes only (onRoute), so no other request
 * pays for it. Registered before the modules whose routes it watches.
 */
export default fp(
  async function pageCachePlugin(fastify) {
    const ttlS = fastify.config.pageCacheTtlS;
    const cache = ttlS > 0 ? new PageCache({ ttlMs: ttlS * 1000 }) : null;
    fastify.decorate('pageCache', cache);
    if (!cache) return;
    const dropPages: onResponseHookHandler = (_request, reply, done) => {
      if (reply.statusCode < 400) cache.clear();
      done();
    };
    fastify.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.every((method) => method === 'GET' || method === 'HEAD') || !CHANGES_PAGES.test(route.url ?? ''))
        return;
      const hooks = route.onResponse;
      route.onResponse =
        hooks === undefined ? [dropPages] : Array.isArray(hooks) ? [...hooks, dropPages] : [hooks, dropPages];
    });
  },
  { name: 'page-cache', dependencies: ['context'], fastify: '5.x' },
);
