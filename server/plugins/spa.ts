import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url));

/** Paths the SPA never answers: an unknown one there is a real 404 with the error body. */
const RESERVED = /^\/(api|media|locales|healthcheck)(\/|$)/i;

const LONG_CACHE = 'public, max-age=31536000, immutable';

export interface SpaOptions {
  distDir?: string;
}

/**
 * The built single-page app from dist/: hashed files under /assets/ are cached for a
 * year, everything else (index.html first) is revalidated on every load. Any other GET
 * outside the API's prefixes answers index.html, and the SPA's router renders the page
 * (its own 404 included). Without a build (development: Vite serves the app) those GETs
 * are plain 404s.
 */
const spa: FastifyPluginAsync<SpaOptions> = async function spa(fastify, opts) {
  const root = path.resolve(opts.distDir ?? DEFAULT_DIST_DIR);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    // serve: false only decorates reply.sendFile; the route below decides what to send.
    await fastify.register(fastifyStatic, { root, serve: false, index: false });
  }

  fastify.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = decodeURIComponentSafe(request.url.split('?')[0]);
    if (!hasBuild || pathname === null || RESERVED.test(pathname)) return reply.callNotFound();
    const relative = pathname.replace(/^\/+/, '');
    if (relative !== '' && isFileInside(root, relative)) {
      const immutable = relative.startsWith('assets/');
      reply.header('cache-control', immutable ? LONG_CACHE : 'no-cache');
      return reply.sendFile(relative, { cacheControl: false });
    }
    // A missing asset is a real 404: answering index.html would hand HTML to a <script>.
    if (relative.startsWith('assets/') || /\.(js|css|map|png|jpe?g|svg|webp|ico|woff2?)$/i.test(relative)) {
      return reply.callNotFound();
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
};

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

export default spa;
