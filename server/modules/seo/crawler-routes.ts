import type { FastifyPluginAsync } from 'fastify';
import { CACHE_CONTROL, createCachedAnswer } from '../../lib/reference-cache';
import { robotsTxt } from './robots';
import { absoluteUrl, sitemapIndexXml, urlSetXml } from './sitemap';
import { SITEMAP_PARTS } from './sitemap-parts';

const TEXT = 'text/plain; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const asText = (value: unknown) => value as string;

/**
 * `/robots.txt`, the sitemap index `/sitemap.xml` and each part of SITEMAP_PARTS at its
 * file name: built once per process (a part with a TTL again after it), answered from
 * memory with an ETag. Not API calls: hidden from the OpenAPI document.
 */
const crawlerRoutes: FastifyPluginAsync = async function crawlerRoutes(fastify) {
  const { publicUrl } = fastify.config;

  const robots = createCachedAnswer(async () => robotsTxt(publicUrl), {
    cacheControl: CACHE_CONTROL.crawler,
    contentType: TEXT,
    serialize: asText,
  });
  fastify.get('/robots.txt', { schema: { hide: true } }, (request, reply) => robots.send(request, reply));

  const index = createCachedAnswer(
    async () => sitemapIndexXml(SITEMAP_PARTS.map((part) => absoluteUrl(publicUrl, `/${part.file}`))),
    {
      cacheControl: CACHE_CONTROL.crawler,
      contentType: XML,
      serialize: asText,
    },
  );
  fastify.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) => index.send(request, reply));

  for (const part of SITEMAP_PARTS) {
    const answer = createCachedAnswer(
      async () => urlSetXml((await part.paths(fastify)).map((path) => absoluteUrl(publicUrl, path))),
      {
        cacheControl: CACHE_CONTROL.crawler,
        contentType: XML,
        serialize: asText,
        ttlMs: part.ttlMs,
      },
    );
    fastify.get(`/${part.file}`, { schema: { hide: true } }, (request, reply) => answer.send(request, reply));
  }
};

export default crawlerRoutes;
