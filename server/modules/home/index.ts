import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors/error-body';
import { CACHE_CONTROL, createReferenceCache } from '../../lib/reference-cache';
import { STATS_TTL_MS } from '../listing-stats/repository';
import { createHomeRepository, type HomeRepository } from './repository';
import { HomeCitiesQuery, HomeCity, HomeListing, HomeListingsQuery } from './schemas';

declare module 'fastify' {
  interface FastifyInstance {
    homeRepository: HomeRepository;
  }
}

/** The home page's blocks: the cities with most listings and the latest listings. */
const homeModule: FastifyPluginAsyncZod = async function homeModule(fastify) {
  fastify.decorate('homeRepository', createHomeRepository(fastify.db));
  // Counts a minute behind the listings at most; one body per SellType and Limit (150 at most).
  const cities = createReferenceCache({ cacheControl: CACHE_CONTROL.counts, ttlMs: STATS_TTL_MS });
  // The latest listings, on every landing page rendered: as fresh as the counts beside them.
  const latest = createReferenceCache({ cacheControl: CACHE_CONTROL.counts, ttlMs: STATS_TTL_MS });

  fastify.get(
    '/api/Home/Cities',
    {
      schema: {
        tags: ['Home'],
        summary: 'Cities with published listings, most listings first',
        querystring: HomeCitiesQuery,
        response: { 200: z.array(HomeCity), ...errorResponses() },
      },
    },
    // Not async: a body in memory is sent without a promise (server/lib/reference-cache.ts).
    (request, reply) => {
      const { SellType, Limit } = request.query;
      return cities.send(request, reply, `${SellType ?? 0}:${Limit}`, async () => {
        const all = await fastify.listingStats.countsByMunicipality();
        const count = (c: { sale: number; rent: number }) =>
          SellType === 1 ? c.sale : SellType === 2 ? c.rent : c.sale + c.rent;
        const chosen = SellType ? all.filter((c) => count(c) > 0).sort((a, b) => count(b) - count(a)) : all;
        return chosen.slice(0, Limit).map((c) => ({
          Id: c.istatCode,
          Name: c.name,
          Slug: c.slug,
          ProvinceCode: c.provinceCode,
          ProvinceName: c.provinceName,
          RegionName: c.regionName,
          Latitude: c.latitude,
          Longitude: c.longitude,
          SaleCount: c.sale,
          RentCount: c.rent,
        }));
      });
    },
  );

  fastify.get(
    '/api/Home/Listings',
    {
      schema: {
        tags: ['Home'],
        summary: 'The most recently published listings',
        querystring: HomeListingsQuery,
        response: { 200: z.array(HomeListing), ...errorResponses() },
      },
    },
    (request, reply) => {
      const { SellType, Limit } = request.query;
      return latest.send(request, reply, `${SellType ?? 0}:${Limit}`, () =>
        fastify.homeRepository.recentListings({ sellType: SellType, limit: Limit }),
      );
    },
  );
};

export default homeModule;
