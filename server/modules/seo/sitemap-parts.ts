import {
  DEFAULT_TYPE_SLUG,
  MUNICIPALITY_LIST_LANDINGS,
  municipalityListPath,
  publicContentPaths,
} from '@domain/public-pages';
import { SITEMAP_MAX_URLS, type SitemapPart } from './sitemap';
import { STATS_TTL_MS } from '../listing-stats/repository';
import { agencyPagePath, municipalityUrl } from './urls';

/**
 * The content pages: the fixed pages and type pages of `domain/public-pages.ts` (the list
 * the route-table test holds against src/app/routes), and the municipality list of every
 * province, for sale and for rent, from the seeded provinces.
 */
export const contentPagesSitemap: SitemapPart = {
  file: 'sitemap-pagine.xml',
  async paths(fastify) {
    const provinces = await fastify.seoRepository.listProvinces();
    const lists = MUNICIPALITY_LIST_LANDINGS.flatMap((landing) =>
      provinces.map((p) => municipalityListPath(landing, DEFAULT_TYPE_SLUG, p.slug)),
    );
    return [...new Set([...publicContentPaths(), ...lists])];
  },
};

/** Listings change all day: the listing parts are built again after this long. */
export const LISTING_SITEMAP_TTL_MS = 10 * 60_000;

/**
 * The listing pages: /immobile/{id} of every published listing (not drafts, suspended,
 * sold or deleted ones) and /nuovecostruzioni/{id} of every new development with a
 * published unit. At most SITEMAP_MAX_URLS: past that the newest listings wait for a
 * second part.
 */
export const listingsSitemap: SitemapPart = {
  file: 'sitemap-annunci.xml',
  ttlMs: LISTING_SITEMAP_TTL_MS,
  async paths(fastify) {
    const [developments, listings] = await Promise.all([
      fastify.seoRepository.developmentIds(),
      fastify.seoRepository.publishedListingIds(),
    ]);
    return [...developments.map((id) => `/nuovecostruzioni/${id}`), ...listings.map((id) => `/immobile/${id}`)].slice(
      0,
      SITEMAP_MAX_URLS,
    );
  },
};

/**
 * The result pages of the towns with published listings, for sale and for rent: the
 * footer's city links (/vendita/case/{province}/{town}/{istat}) and the other towns of
 * their provinces that have listings, from the listing counts (a minute behind at most).
 */
export const searchesSitemap: SitemapPart = {
  file: 'sitemap-ricerche.xml',
  ttlMs: STATS_TTL_MS,
  async paths(fastify) {
    const counts = await fastify.listingStats.countsByMunicipality();
    const paths: string[] = [];
    for (const sellType of [1, 2] as const) {
      for (const c of counts) {
        if ((sellType === 1 ? c.sale : c.rent) > 0)
          paths.push(municipalityUrl(sellType, c.provinceSlug, c.slug, c.istatCode));
      }
    }
    return paths.slice(0, SITEMAP_MAX_URLS);
  },
};

/** Agencies come and go with a seed or an operator, rarely: the agencies' part is built again after this long. */
export const AGENCY_SITEMAP_TTL_MS = 60 * 60_000;

/**
 * The agency pages: /agenzie/{slug} of every agency (a deleted agency has no row, so no entry).
 * One column of one small table, read once an hour per process. A slug equal to a fixed page
 * under /agenzie (/agenzie/comprocasa, /agenzie/vendocasa) would name that page, not the
 * agency's, so it is left out.
 */
export const agenciesSitemap: SitemapPart = {
  file: 'sitemap-agenzie.xml',
  ttlMs: AGENCY_SITEMAP_TTL_MS,
  async paths(fastify) {
    const fixed = new Set<string>(publicContentPaths());
    return (await fastify.seoRepository.agencySlugs())
      .map((slug) => agencyPagePath(slug))
      .filter((path) => !fixed.has(path))
      .slice(0, SITEMAP_MAX_URLS);
  },
};

/** Every sitemap the index at /sitemap.xml lists, in its order. A new part is one line here. */
export const SITEMAP_PARTS: readonly SitemapPart[] = [
  contentPagesSitemap,
  searchesSitemap,
  listingsSitemap,
  agenciesSitemap,
];
