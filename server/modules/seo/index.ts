import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { CACHE_CONTROL, createCachedAnswer, createReferenceCache } from '../../lib/reference-cache';
import { STATS_TTL_MS, type MunicipalityListingCount } from '../listing-stats/repository';
import crawlerRoutes from './crawler-routes';
import { createSeoRepository, type SeoRepository } from './repository';
import { SeoFooterLinks, SeoMunicipalities, SeoMunicipalitiesParams, SeoMunicipalitiesQuery, type SeoProvinceType } from './schemas';
import { municipalityUrl, provinceUrl } from './urls';

declare module 'fastify' {
  interface FastifyInstance {
    seoRepository: SeoRepository;
  }
}

/** Footer cities per province kept short: the page links the full list of the province. */
export const FOOTER_CITIES_PER_PROVINCE = 10;

/** Crawlable links: the footer's provinces and cities, and each province's municipalities. */
const seoModule: FastifyPluginAsyncZod = async function seoModule(fastify) {
  fastify.decorate('seoRepository', createSeoRepository(fastify.db));
  // Counts a minute behind the listings at most, like the listing counts they come from.
  const footerLinks = createCachedAnswer(
    async () => {
      const counts = await fastify.listingStats.countsByMunicipality();
      return { Sale: footerProvinces(counts, 1), Rent: footerProvinces(counts, 2) };
    },
    { cacheControl: CACHE_CONTROL.counts, ttlMs: STATS_TTL_MS },
  );
  // One body per province (sigla or slug, as asked) and SellType: about 430 at most, since
  // an unknown province is a 404 and is not kept.
  const municipalityLists = createReferenceCache({ cacheControl: CACHE_CONTROL.counts, ttlMs: STATS_TTL_MS });

  fastify.get(
    '/api/Seo/FooterLinks',
    {
      schema: {
        tags: ['Seo'],
        summary: 'Provinces and cities with published listings, for sale and for rent',
        response: { 200: SeoFooterLinks, ...errorResponses() },
      },
    },
    (request, reply) => footerLinks.send(request, reply),
  );

  fastify.get(
    '/api/Seo/Municipalities/:province',
    {
      schema: {
        tags: ['Seo'],
        summary: 'Every municipality of a province with its number of listings',
        params: SeoMunicipalitiesParams,
        querystring: SeoMunicipalitiesQuery,
        response: { 200: SeoMunicipalities, ...errorResponses(404) },
      },
    },
    (request, reply) => {
      const sellType = request.query.SellType;
      const asked = request.params.province;
      return municipalityLists.send(request, reply, `${asked.toLowerCase()}:${sellType}`, async () => {
        const province = await fastify.seoRepository.findProvince(asked);
        if (!province) throw new AppError('NotFound', { message: `province ${asked}` });
        const [list, counts] = await Promise.all([
          fastify.seoRepository.municipalitiesOf(province.id),
          fastify.listingStats.countsInProvince(province.id, sellType),
        ]);
        return {
          ProvinceCode: province.sigla,
          ProvinceName: province.name,
          SellType: sellType,
          Municipalities: list.map((m) => ({
            Id: m.istatCode,
            Name: m.name,
            Slug: m.slug,
            ListingCount: counts.get(m.id) ?? 0,
            Url: municipalityUrl(sellType, province.slug, m.slug, m.istatCode),
          })),
        };
      });
    },
  );

  // robots.txt and the sitemaps (outside /api, hidden from the OpenAPI document).
  await fastify.register(crawlerRoutes);
};

/** Provinces with listings of one kind, most listings first, each with its top cities. */
function footerProvinces(counts: MunicipalityListingCount[], sellType: 1 | 2): SeoProvinceType[] {
  const key = sellType === 1 ? 'sale' : 'rent';
  const byProvince = new Map<number, { code: string; name: string; slug: string; total: number; cities: MunicipalityListingCount[] }>();
  for (const c of counts) {
    if (c[key] === 0) continue;
    let p = byProvince.get(c.provinceId);
    if (!p) {
      p = { code: c.provinceCode, name: c.provinceName, slug: c.provinceSlug, total: 0, cities: [] };
      byProvince.set(c.provinceId, p);
    }
    p.total += c[key];
    p.cities.push(c);
  }
  return [...byProvince.values()]
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, 'it'))
    .map((p) => ({
      ProvinceCode: p.code,
      ProvinceName: p.name,
      Url: provinceUrl(sellType, p.slug),
      ListingCount: p.total,
      Cities: p.cities
        .sort((a, b) => b[key] - a[key] || a.name.localeCompare(b.name, 'it'))
        .slice(0, FOOTER_CITIES_PER_PROVINCE)
        .map((c) => ({ Name: c.name, Url: municipalityUrl(sellType, p.slug, c.slug, c.istatCode), ListingCount: c[key] })),
    }));
}

export default seoModule;
