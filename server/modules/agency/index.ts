import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors/error-body';
import { CACHE_CONTROL, createReferenceCache } from '../../lib/reference-cache';
import { createAgencyRepository, type AgencyRepository } from './repository';
import { Agency, AgencyListQuery } from './schemas';

declare module 'fastify' {
  interface FastifyInstance {
    agencyRepository: AgencyRepository;
  }
}

const agencyModule: FastifyPluginAsyncZod = async function agencyModule(fastify) {
  fastify.decorate('agencyRepository', createAgencyRepository(fastify.db));
  // Agencies come from the seed: one body per City asked for, the 500 latest kept.
  const lists = createReferenceCache({ cacheControl: CACHE_CONTROL.reference, maxEntries: 500 });

  fastify.get(
    '/api/Agency/List',
    {
      schema: {
        tags: ['Agency'],
        summary: 'Agencies, partners first; optionally those of one municipality',
        querystring: AgencyListQuery,
        response: { 200: z.array(Agency), ...errorResponses() },
      },
    },
    (request, reply) => {
      const citySlug = request.query.City;
      return lists.send(request, reply, citySlug ?? '', () => fastify.agencyRepository.list({ citySlug }));
    },
  );
};

export default agencyModule;
