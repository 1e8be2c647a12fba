import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCrawlerAgent } from '@domain/device/crawler';
import { findUserById } from '../../auth/repository';
import { requireSession } from '../../auth/require-user';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { createPropertyRepository, type PropertyRepository } from './repository';
import { visitorHash, type Visitor } from './view-visitor';
import {
  NewDevelopmentDetail,
  NewDevelopmentParams,
  PropertyDetail,
  PropertyParams,
  SimilarListings,
  SimilarQuery,
} from './schemas';

declare module 'fastify' {
  interface FastifyInstance {
    propertyRepository: PropertyRepository;
  }
}

/** Public listing pages change with their owner's edits: browsers and CDNs keep them a minute. */
export const PROPERTY_CACHE_CONTROL = 'public, max-age=60';

/** Views a browser may report a minute (one per listing page it opens): more is not a person reading. */
export const VIEW_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/**
 * Who opened the page: the account of the call's session, if any (the owner's own view is not
 * counted), and the visitor it counts for: that account when it is confirmed and active,
 * otherwise the client's address (an anonymous or unconfirmed session costs nothing to make).
 */
async function viewerOf(
  fastify: Parameters<FastifyPluginAsyncZod>[0],
  request: FastifyRequest,
): Promise<{ userId: number | null; visitor: Visitor }> {
  const anonymous = { userId: null, visitor: { ip: request.ip } };
  if (!request.headers.authorization) return anonymous;
  let userId: number | null;
  try {
    userId = (await requireSession(fastify, request.headers.authorization)).userId;
  } catch {
    // An expired or revoked token still reads the page: the view counts as a visitor's.
    return anonymous;
  }
  if (userId === null) return anonymous;
  const user = await findUserById(fastify.db, userId);
  const person = user !== undefined && user.registrationConfirmed && !user.suspendedAt && !user.deletedAt;
  return { userId, visitor: person ? { accountId: userId } : { ip: request.ip } };
}

/** The public listing page (/immobile/{id}), its similar listings, and new developments (/nuovecostruzioni/{id}). */
const propertyModule: FastifyPluginAsyncZod = async function propertyModule(fastify) {
  fastify.decorate('propertyRepository', createPropertyRepository(fastify.db));

  fastify.get(
    '/api/Property/:id',
    {
      schema: {
        tags: ['Property'],
        summary: 'A published, suspended or sold listing',
        description:
          'Deleted listings answer 410 PropertyDeleted (the page offers similar ones); drafts and unknown ids 404 PropertyNotFound.',
        params: PropertyParams,
        response: { 200: PropertyDetail, ...errorResponses(404, 410) },
      },
    },
    async (request, reply) => {
      const found = await fastify.propertyRepository.detail(request.params.id);
      if (found.kind === 'deleted') throw new AppError('PropertyDeleted');
      if (found.kind === 'missing') throw new AppError('PropertyNotFound');
      reply.header('cache-control', PROPERTY_CACHE_CONTROL);
      return found.detail;
    },
  );

  fastify.post(
    '/api/Property/:id/View',
    {
      config: { rateLimit: VIEW_RATE_LIMIT },
      schema: {
        tags: ['Property'],
        summary: "Count a person's view of a listing page (My listings' views)",
        description:
          'The page sends it once per browser tab after it has shown. Counted for a published listing only, once per visitor and day: the visitor is the confirmed account of the session, or else the client address (IPv6 by its /64); a crawler or the owner is not counted. Answers 204 whether or not it counted, so it reveals nothing about the listing.',
        params: PropertyParams,
        response: { 204: z.null().describe('Received'), ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      if (!isCrawlerAgent(request.headers['user-agent'])) {
        const { userId, visitor } = await viewerOf(fastify, request);
        const day = new Date().toISOString().slice(0, 10);
        await fastify.propertyRepository.countView(
          request.params.id,
          userId,
          day,
          visitorHash(fastify.secrets.viewVisitorKey, day, visitor),
        );
      }
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );

  fastify.get(
    '/api/Property/:id/Similar',
    {
      schema: {
        tags: ['Property'],
        summary: 'Published listings like this one',
        description:
          'Same sell type and kind, in the same town first and then its province, nearest in price and then surface. Answers for sold, suspended and deleted listings too.',
        params: PropertyParams,
        querystring: SimilarQuery,
        response: { 200: SimilarListings, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const items = await fastify.propertyRepository.similar(request.params.id, request.query.Limit);
      if (items === null) throw new AppError('PropertyNotFound');
      reply.header('cache-control', PROPERTY_CACHE_CONTROL);
      return { Items: items };
    },
  );

  fastify.get(
    '/api/NewDevelopment/:id',
    {
      schema: {
        tags: ['Property'],
        summary: 'A new development and its published units',
        params: NewDevelopmentParams,
        response: { 200: NewDevelopmentDetail, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const development = await fastify.propertyRepository.development(request.params.id);
      if (!development) throw new AppError('DevelopmentNotFound');
      reply.header('cache-control', PROPERTY_CACHE_CONTROL);
      return development;
    },
  );
};

export default propertyModule;
