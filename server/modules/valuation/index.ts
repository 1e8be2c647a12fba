import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Valuation } from '@domain/valuation/estimator';
import { findUserById } from '../../auth/repository';
import { assertActive, requireSession, requireUser } from '../../auth/require-user';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { valuationMail } from './mail';
import {
  agencyById,
  agencyBySlug,
  findOwnValuation,
  insertValuation,
  listValuations,
  sellKindOf,
  valuateFromDatabase,
  type ValuationAgency,
  type ValuationOwner,
  type ValuationRow,
} from './repository';
import {
  ValuationList,
  ValuationListQuery,
  ValuationParams,
  ValuationRequest,
  ValuationResponse,
  type ValuationRequestType,
} from './schemas';

/** Valuations per client IP: a seller values a home a few times, a scraper of the comparables many. */
export const VALUATION_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

/** The answers as stored and shown back (every optional field present). */
function subjectOf(body: ValuationRequestType) {
  return {
    SellType: body.SellType,
    Latitude: body.Latitude,
    Longitude: body.Longitude,
    Address: body.Address ?? null,
    PropertyTypeId: body.PropertyTypeId,
    SurfaceM2: body.SurfaceM2,
    Rooms: body.Rooms ?? null,
    Bathrooms: body.Bathrooms ?? null,
    Floor: body.Floor ?? null,
    BuildingFloors: body.BuildingFloors ?? null,
    HasLift: body.HasLift ?? null,
    ConditionId: body.ConditionId,
    EnergyClassId: body.EnergyClassId ?? null,
  };
}

type Subject = ReturnType<typeof subjectOf>;

/** An agency's slug as agencies.slug holds it; anything else names no agency. */
const AGENCY_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function answerOf(row: ValuationRow, mailSent: boolean, agency: ValuationAgency | null) {
  const v = row.result as unknown as Valuation;
  const subject = row.subject as unknown as Subject;
  return {
    Id: row.id,
    CreatedAt: row.createdAt.toISOString(),
    Outcome: v.outcome,
    NoComparablesReason: v.outcome === 'noComparables' ? v.reason : null,
    RadiusM: v.radiusM,
    Estimate:
      v.outcome === 'estimate'
        ? {
            Low: v.estimate.low,
            Point: v.estimate.point,
            High: v.estimate.high,
            PricePerSqm: v.estimate.pricePerSqm,
            PricePerSqmLow: v.estimate.pricePerSqmLow,
            PricePerSqmHigh: v.estimate.pricePerSqmHigh,
            Confidence: v.estimate.confidence,
            Dispersion: v.estimate.dispersion,
            ComparableCount: v.estimate.comparableCount,
          }
        : null,
    Comparables: v.comparables.map((c) => ({
      Id: c.id,
      Status: c.status,
      DistanceM: c.distanceM,
      SurfaceM2: c.surfaceM2,
      Price: c.price,
      PricePerSqm: c.pricePerSqm,
      ConditionFactor: c.conditionFactor,
      FloorFactor: c.floorFactor,
      EnergyFactor: c.energyFactor,
      Adjustment: c.adjustment,
      AdjustedPricePerSqm: c.adjustedPricePerSqm,
      Weight: c.weight,
      Outlier: c.outlier,
    })),
    Subject: {
      ...subject,
      SellType: row.sellTypeId === 2 ? (2 as const) : (1 as const),
      Latitude: row.latitude,
      Longitude: row.longitude,
      Address: row.address,
    },
    MethodVersion: row.methodVersion,
    Agency: agency ? { Id: agency.id, Slug: agency.slug, Name: agency.name } : null,
    MailSent: mailSent,
  };
}

/**
 * The valuation of issue 12 (wizard steps 14, 13/40, 38): any session may ask, an anonymous
 * visitor's included (the bearer of its anonymous login, as for favourites); the valuation
 * belongs to the session's account, or to the anonymous session (it moves to the account at
 * login). Another's valuation answers 404 ValuationNotFound, never 403: its existence is not
 * revealed. A visitor who gave steps 0 and 1 (a silent account) gets the estimate by mail.
 */
const valuationModule: FastifyPluginAsyncZod = async function valuationModule(fastify) {
  const ownerOf = async (authorization: string | undefined) => {
    const session = await requireSession(fastify, authorization);
    if (session.userId === null)
      return { owner: { userTokenId: session.userTokenId } as ValuationOwner, user: null, silent: false };
    const user = await findUserById(fastify.db, session.userId);
    assertActive(user);
    return { owner: { userId: user.id } as ValuationOwner, user, silent: session.silent };
  };

  fastify.post(
    '/api/Valuation',
    {
      config: { rateLimit: VALUATION_RATE_LIMIT },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['Valuation'],
        summary:
          'Value a home from comparable listings near it (the estimate, or no comparables: step 40); stored for its owner',
        body: ValuationRequest,
        response: { 201: ValuationResponse, ...errorResponses(401, 413, 415) },
      },
    },
    async (request, reply) => {
      const { owner, user, silent } = await ownerOf(request.headers.authorization);
      const body = request.body;
      const now = new Date();
      const valuation = await valuateFromDatabase(
        fastify.db,
        {
          sellKind: sellKindOf(body.SellType),
          latitude: body.Latitude,
          longitude: body.Longitude,
          propertyTypeId: body.PropertyTypeId,
          surfaceM2: body.SurfaceM2,
          conditionId: body.ConditionId,
          floor: body.Floor ?? null,
          hasLift: body.HasLift ?? null,
          energyClassId: body.EnergyClassId ?? null,
        },
        now,
      );
      // Asked from an agency's page: the valuation goes through it (an unknown slug: through none).
      const agency =
        body.AgencySlug !== undefined && AGENCY_SLUG.test(body.AgencySlug)
          ? ((await agencyBySlug(fastify.db, body.AgencySlug)) ?? null)
          : null;
      // The anonymous visitor of the valuation path gave 0 and 1 (a silent account): the estimate goes by mail.
      const mailTo = user && silent ? user.email : null;
      const publicUrl = fastify.config.publicUrl;
      const { row, mailed } = await insertValuation(
        fastify.db,
        {
          owner,
          sellTypeId: body.SellType,
          latitude: body.Latitude,
          longitude: body.Longitude,
          address: body.Address ?? null,
          subject: subjectOf(body),
          valuation,
          agencyId: agency?.id ?? null,
          mail: mailTo
            ? (id) => ({
                to: mailTo,
                ...valuationMail({
                  userName: user!.name,
                  address: body.Address ?? null,
                  rent: body.SellType === 2,
                  valuation,
                  link: `${publicUrl}/valutocasa/${id}`,
                  contactUrl: `${publicUrl}/contatti`,
                }),
              })
            : undefined,
        },
        now,
      );
      if (mailed) fastify.wakeMailSender();
      request.log.info(
        { valuationId: row.id, outcome: valuation.outcome, radiusM: valuation.radiusM },
        'valuation made',
      );
      return reply.code(201).send(answerOf(row, mailed, agency));
    },
  );

  fastify.get(
    '/api/Valuation/:id',
    {
      schema: {
        tags: ['Valuation'],
        summary: 'One of the session’s valuations, as it was given (/valutocasa/{id})',
        params: ValuationParams,
        response: { 200: ValuationResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { owner } = await ownerOf(request.headers.authorization);
      const row = await findOwnValuation(fastify.db, request.params.id, owner);
      if (!row) throw new AppError('ValuationNotFound');
      return answerOf(row, false, await agencyById(fastify.db, row.agencyId));
    },
  );

  fastify.get(
    '/api/User/Valuations',
    {
      preHandler: requireUser({ allowRapidRegistration: true }),
      schema: {
        tags: ['Valuation'],
        summary: 'The user’s valuations, newest first, 20 a page (/myrexer/valutazioni)',
        querystring: ValuationListQuery,
        response: { 200: ValuationList, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { rows, nextBefore } = await listValuations(fastify.db, request.user.id, request.query.Before);
      return {
        Items: rows.map((row) => {
          const subject = row.subject as unknown as Subject;
          return {
            Id: row.id,
            CreatedAt: row.createdAt.toISOString(),
            Address: row.address,
            SellType: row.sellTypeId === 2 ? (2 as const) : (1 as const),
            PropertyTypeId: subject.PropertyTypeId,
            SurfaceM2: subject.SurfaceM2,
            Outcome: row.outcome,
            Low: row.estimateLow,
            Point: row.estimatePoint,
            High: row.estimateHigh,
            PricePerSqm: row.pricePerM2,
          };
        }),
        NextBefore: nextBefore,
      };
    },
  );
};

export default valuationModule;
