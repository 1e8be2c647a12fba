import { DEFAULT_TYPE_SLUG, MUNICIPALITY_LIST_LANDINGS, municipalityListPath, publicContentPaths } from '../../../domain/public-pages';
import type { SitemapPart } from './sitemap';

/**
 * The content pages: the fixed pages and type pages of `domain/public-pages.ts` (the list
 * the route-table test holds against src/app/routes), and the municipality list of every
 * province, for sale and for rent, from the seeded provinces.
 */
export const contentPagesSitemap: SitemapPart = {
  file: 'sitemap-pagine.xml',
  async paths(fastify) {
    const provinces = await fastify.seoRepository.listProvinces();
    const lists = MUNICIPALITY_LIST_LANDINGS.flatMap((landing) => provinces.map((p) => municipalityListPath(landing, DEFAULT_TYPE_SLUG, p.slug)));
    return [...new Set([...publicContentPaths(), ...lists])];
  },
};

/** Every sitemap the index at /sitemap.xml lists, in its order. A new part is one line here. */
export const SITEMAP_PARTS: readonly SitemapPart[] = [contentPagesSitemap];
