import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { deviceFromUserAgent } from '@domain/listing/device';
import { requireUser } from '../../auth/require-user';
import { errorResponses } from '../../errors/error-body';
import { changeStatus, createDraft, draftAgencies, moveDraft, readDraft, saveStep, type DeviceKind } from './drafts';
import { resolveMediaUrlOrNull } from '../shared/media-url';
import { myListings } from './repository';
import { generatedTitleOf } from './wizard';
import {
  CreateDraftRequest,
  DraftAgencies,
  ListingDraft,
  ListingParams,
  MovePageRequest,
  MyListingsQuery,
  MyListingsResponse,
  SaveStepRequest,
  StatusChangeRequest,
  StepParams,
} from './schemas';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The device of a call: the one the client names, else its user agent's. */
function deviceOf(request: FastifyRequest, named: DeviceKind | undefined): DeviceKind {
  return named ?? deviceFromUserAgent(request.headers['user-agent']);
}

/**
 * The owner's drafts and listings (issue 12): a draft is created, saved step by step (each
 * answer validated by its step, the step reachable on the draft's path), moved (resume, back,
 * deep link), published, suspended, sold, deleted through the listing status machine, and
 * listed in MyRexer. Everything is in the database (no state in a process): a reload, another
 * device or another server resumes it. Every call answers 404 for a listing that is not the
 * caller's or is deleted (never 403). A silent registration (the wizard's seller after step 1)
 * may make them; an anonymous session may not (401).
 */
const listingDraftsModule: FastifyPluginAsyncZod = async function listingDraftsModule(fastify) {
  const owner = requireUser({ allowRapidRegistration: true });
  const noStore = { 'cache-control': 'no-store' };

  fastify.post(
    '/api/Property/Draft',
    {
      preHandler: owner,
      schema: {
        tags: ['Property'],
        summary: 'Start a draft listing (sale or rent) of mine, at the first step of its flow',
        body: CreateDraftRequest,
        response: { 201: ListingDraft, ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      const state = await createDraft(
        fastify.db,
        request.user,
        request.body.SellType,
        deviceOf(request, request.body.Device),
      );
      return reply.code(201).headers(noStore).send(state);
    },
  );

  fastify.get(
    '/api/Property/:id/Draft',
    {
      preHandler: owner,
      schema: {
        tags: ['Property'],
        summary: 'One of my listings as the wizard works on it: answers, page, history, title, quality',
        params: ListingParams,
        response: { 200: ListingDraft, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return readDraft(fastify.db, request.user, request.params.id);
    },
  );

  fastify.get(
    '/api/Property/:id/Draft/Agencies',
    {
      preHandler: owner,
      schema: {
        tags: ['Property'],
        summary:
          "The partner agencies my draft's exclusive mandate may go to (step 44): nearest first, rated, with Rexer's proposal",
        params: ListingParams,
        response: { 200: DraftAgencies, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const offer = await draftAgencies(fastify.db, request.user, request.params.id);
      return {
        Items: offer.items.map((agency) => ({
          Id: agency.id,
          Name: agency.name,
          Slug: agency.slug,
          CityName: agency.town,
          ProvinceCode: agency.province,
          LogoUrl: resolveMediaUrlOrNull(agency.logoUrl),
          DistanceM: Math.round(agency.distanceM / 100) * 100,
          Rating: agency.rating,
          ReviewsCount: agency.reviewsCount,
        })),
        RadiusM: offer.radiusM,
        ProposedId: offer.proposed?.id ?? null,
      };
    },
  );

  fastify.put(
    '/api/Property/:id/Draft/Step/:step',
    {
      preHandler: owner,
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['Property'],
        summary: "Save one step's answer of my draft, with the page and history it leads to",
        params: StepParams,
        body: SaveStepRequest,
        response: { 200: ListingDraft, ...errorResponses(401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const { id, step } = request.params;
      const body = request.body;
      reply.headers(noStore);
      return saveStep(fastify.db, request.user, id, step, {
        answer: body.Answer,
        currentStep: body.CurrentStep,
        history: body.History,
        device: deviceOf(request, body.Device),
      });
    },
  );

  fastify.put(
    '/api/Property/:id/Draft/Page',
    {
      preHandler: owner,
      schema: {
        tags: ['Property'],
        summary: 'Move my draft without an answer: resume it on this device, go back, or follow a deep link',
        params: ListingParams,
        body: MovePageRequest,
        response: { 200: ListingDraft, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return moveDraft(fastify.db, request.user, request.params.id, {
        kind: request.body.Move,
        step: request.body.Step,
        device: deviceOf(request, request.body.Device),
      });
    },
  );

  fastify.put(
    '/api/Property/:id/Status',
    {
      preHandler: owner,
      schema: {
        tags: ['Property'],
        summary:
          'Publish, suspend, reactivate, mark sold or delete one of my listings (the listing status machine decides)',
        params: ListingParams,
        body: StatusChangeRequest,
        response: { 200: ListingDraft, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return changeStatus(fastify.db, request.user, request.params.id, request.body.Status);
    },
  );

  fastify.get(
    '/api/User/MyProperties',
    {
      preHandler: owner,
      schema: {
        tags: ['User'],
        summary: 'My listings (/myrexer/annunci): status, favourites and visit requests, newest first',
        querystring: MyListingsQuery,
        response: { 200: MyListingsResponse, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const limit = request.query.Limit ?? 20;
      const rows = await myListings(fastify.db, request.user.id, {
        status: request.query.Status,
        afterId: request.query.AfterId,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      reply.headers(noStore);
      return {
        Items: page.map(({ row, city, cover, favorites, visitRequests, views }) => ({
          Id: row.id,
          Status: row.statusId as 1 | 2 | 3 | 4,
          Origin: row.origin,
          SellType: row.sellTypeId === 1 || row.sellTypeId === 2 ? (row.sellTypeId as 1 | 2) : null,
          Title: row.title ?? generatedTitleOf(row, city),
          City: city,
          ImageUrl: resolveMediaUrlOrNull(cover),
          Price: row.price,
          SurfaceM2: row.surfaceM2,
          PlanType: row.planTypeId,
          CurrentStep: row.statusId === 1 ? (row.wizardPage?.currentStep ?? null) : null,
          Views: views,
          FavoritesCount: favorites,
          VisitRequestsCount: visitRequests,
          HighlightedUntil: iso(row.highlightedUntil),
          PremiumUntil: iso(row.premiumUntil),
          CreatedAt: iso(row.createdAt)!,
          UpdatedAt: iso(row.updatedAt)!,
          PublishedAt: iso(row.publishedAt),
        })),
        NextAfterId: rows.length > limit ? page[page.length - 1].row.id : null,
      };
    },
  );
};

export default listingDraftsModule;
