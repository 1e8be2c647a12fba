import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { CACHE_CONTROL, createCachedAnswer, createReferenceCache } from '../../lib/reference-cache';
import { STATS_TTL_MS } from '../listing-stats/repository';
import { footerProvinces } from './footer-links';
import crawlerRoutes from './crawler-routes';
import { createSeoRepository, type SeoRepository } from './repository';
import { SeoFooterLinks, SeoMunicipalities, SeoMunicipalitiesParams, SeoMunicipalitiesQuery } from './schemas';
import { municipalityUrl } from './urls';

declare module 'fastify' {
  interface FastifyInstance {
    seoRepository: SeoRepository;
  }
}

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
        const main = mainTownOf(list);
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
            IsMainTown: m.id === main?.id,
          })),
        };
      });
    },
  );

  // robots.txt and the sitemaps (outside /api, hidden from the OpenAPI document).
  await fastify.register(crawlerRoutes);
};

/** A province's main town: its most populous (the capoluogo in nearly every province), the lowest id between equals. */
export function mainTownOf<T extends { id: number; population: number | null }>(list: T[]): T | undefined {
  let main: T | undefined;
  for (const m of list)
    if (
      main === undefined ||
      (m.population ?? -1) > (main.population ?? -1) ||
      ((m.population ?? -1) === (main.population ?? -1) && m.id < main.id)
    )
      main = m;
  return main;
}

export default seoModule;
