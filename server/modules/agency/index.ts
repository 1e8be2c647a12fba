import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors/error-body';
import { createAgencyRepository, type AgencyRepository } from './repository';
import { Agency, AgencyListQuery } from './schemas';

declare module 'fastify' {
  interface FastifyInstance {
    agencyRepository: AgencyRepository;
  }
}

const agencyModule: FastifyPluginAsyncZod = async function agencyModule(fastify) {
  fastify.decorate('agencyRepository', createAgencyRepository(fastify.db));

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
    async (request) => fastify.agencyRepository.list({ citySlug: request.query.City }),
  );
};

export default agencyModule;
