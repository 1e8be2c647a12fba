import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { CACHE_CONTROL, createReferenceCache } from '../../lib/reference-cache';
import { STATS_TTL_MS } from '../listing-stats/repository';
import { createAgencyRepository, type AgencyRepository } from './repository';
import { Agency, AgencyListQuery, AgencyPage, AgencyPhone, AgencySlugParams } from './schemas';

declare module 'fastify' {
  interface FastifyInstance {
    agencyRepository: AgencyRepository;
  }
}

/**
 * Phone reveals per client IP: a visitor opens a few agencies' numbers, a scraper harvesting
 * every agency's number is stopped (the same per-route, per-IP limit as the contact form).
 */
export const AGENCY_PHONE_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

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

  // One body per agency asked for, rebuilt after a minute like the other listing counts; an
  // unknown slug is not kept (the cache keeps no failed load).
  const pages = createReferenceCache({ cacheControl: CACHE_CONTROL.counts, ttlMs: STATS_TTL_MS, maxEntries: 1000 });

  fastify.get(
    '/api/Agency/:slug',
    {
      schema: {
        tags: ['Agency'],
        summary: "An agency's page (/agenzie/{slug}): its details, its published listings and how to search them",
        description:
          'No phone and no e-mail: the phone is POST /api/Agency/{slug}/Phone (counted), and the agency is written to through a message. Unknown slug: 404 AgencyNotFound.',
        params: AgencySlugParams,
        response: { 200: AgencyPage, ...errorResponses(404) },
      },
    },
    (request, reply) => {
      const { slug } = request.params;
      return pages.send(request, reply, slug, async () => {
        const page = await fastify.agencyRepository.page(slug);
        if (!page) throw new AppError('AgencyNotFound', { message: `agency ${slug}` });
        return page;
      });
    },
  );

  fastify.post(
    '/api/Agency/:slug/Phone',
    {
      config: { rateLimit: AGENCY_PHONE_RATE_LIMIT },
      schema: {
        tags: ['Agency'],
        summary: "Show an agency's phone number («Mostra telefono»), counted per agency and Italian day",
        description:
          'Limited per client IP (AGENCY_PHONE_RATE_LIMIT, 429 TooManyRequests). Unknown slug: 404 AgencyNotFound; an agency without a phone: 404 AgencyPhoneMissing (nothing counted).',
        params: AgencySlugParams,
        response: { 200: AgencyPhone, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const found = await fastify.agencyRepository.phone(request.params.slug);
      if (!found) throw new AppError('AgencyNotFound', { message: `agency ${request.params.slug}` });
      if (!found.phone) throw new AppError('AgencyPhoneMissing');
      await fastify.agencyRepository.recordPhoneReveal(found.id);
      reply.header('cache-control', 'no-store');
      return { Phone: found.phone };
    },
  );
};

export default agencyModule;
