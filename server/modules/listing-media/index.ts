import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/require-user';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { deleteStoredFiles, MEDIA_LIMITS, storedKeysOf, toMediaInfo } from './media-info';
import { deleteMedia, mediaOf, myProperty, reorderMedia, type ReorderOutcome } from './repository';
import {
  ListingMediaParams,
  ListingParams,
  MediaListResponse,
  MediaOrderRequest,
  MyProperty,
  type MyPropertyType,
} from './schemas';
import listingMediaUploadRoutes from './upload-routes';

const iso = (value: Date | string): string => new Date(value).toISOString();

/** The answer of a reorder, or the error it is. */
function reordered(outcome: ReorderOutcome, what: string) {
  if (outcome.kind === 'listing-missing') throw new AppError('ListingNotFound', { message: what });
  if (outcome.kind === 'media-missing') throw new AppError('MediaNotFound', { message: what });
  if (outcome.kind === 'not-a-photo') throw new AppError('CoverNotAPhoto', { message: what });
  return { MediaInfo: toMediaInfo(outcome.rows) };
}

/**
 * The owner's side of a listing: its media (upload, order, cover, delete) and the listing as
 * the wizard resumes it. Every call answers 404 for a listing that is not the caller's or is
 * deleted (never 403: whether another user's id exists is not told). A silent registration
 * (the wizard's anonymous seller after step 1) may make these calls.
 */
const listingMediaModule: FastifyPluginAsyncZod = async function listingMediaModule(fastify) {
  await fastify.register(listingMediaUploadRoutes);
  const owner = requireUser({ allowRapidRegistration: true });

  fastify.put(
    '/api/Property/:id/Media/Order',
    {
      preHandler: owner,
      schema: {
        tags: ['Property'],
        summary: 'Reorder the media of one of my listings (the first photo is the cover)',
        params: ListingParams,
        body: MediaOrderRequest,
        response: { 200: MediaListResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return reordered(
        await reorderMedia(fastify.db, request.user.id, id, { ids: request.body.MediaIds }),
        `order of listing ${id}`,
      );
    },
  );

  fastify.put(
    '/api/Property/:id/Media/:mediaId/Cover',
    {
      preHandler: owner,
      schema: {
        tags: ['Property'],
        summary: 'Make a photo the cover of one of my listings (it moves first)',
        params: ListingMediaParams,
        response: { 200: MediaListResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { id, mediaId } = request.params;
      return reordered(
        await reorderMedia(fastify.db, request.user.id, id, { coverId: mediaId }),
        `cover ${mediaId} of listing ${id}`,
      );
    },
  );

  fastify.delete(
    '/api/Property/:id/Media/:mediaId',
    {
      preHandler: owner,
      schema: {
        tags: ['Property'],
        summary: 'Delete a photo or document of one of my listings, with every stored rendition',
        params: ListingMediaParams,
        response: { 200: MediaListResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { id, mediaId } = request.params;
      const outcome = await deleteMedia(fastify.db, request.user.id, id, mediaId, storedKeysOf);
      if (outcome.kind === 'listing-missing') throw new AppError('ListingNotFound', { message: `listing ${id}` });
      if (outcome.kind === 'media-missing')
        throw new AppError('MediaNotFound', { message: `media ${mediaId} of listing ${id}` });
      // The row is gone first: a file that outlives it is never shown; a row never outlives its files.
      await deleteStoredFiles(fastify, storedKeysOf(outcome.row));
      return { MediaInfo: toMediaInfo(await mediaOf(fastify.db, id)) };
    },
  );

  fastify.get(
    '/api/User/GetMyPropertyById/:id',
    {
      preHandler: owner,
      schema: {
        tags: ['User'],
        summary: 'One of my listings, in any status but deleted, with every answer the wizard needs to resume',
        params: ListingParams,
        response: { 200: MyProperty, ...errorResponses(401, 404) },
      },
    },
    async (request, reply): Promise<MyPropertyType> => {
      const found = await myProperty(fastify.db, request.user.id, request.params.id);
      if (!found)
        throw new AppError('ListingNotFound', { message: `listing ${request.params.id} of user ${request.user.id}` });
      // A draft changes at every step: never from a cache.
      reply.header('cache-control', 'no-store');
      const p = found.property;
      return {
        Id: p.id,
        Status: p.statusId as 1 | 2 | 3 | 4,
        Origin: p.origin,
        SellType: p.sellTypeId === null ? null : (p.sellTypeId as 1 | 2),
        PlanType: p.planTypeId,
        AgencyId: p.agencyId,
        MunicipalityId: p.municipalityId,
        City: found.cityName,
        Istat: found.istat,
        ProvinceCode: found.provinceCode,
        Address: p.street,
        StreetNumber: p.streetNumber,
        PostalCode: p.postalCode,
        Latitude: p.latitude,
        Longitude: p.longitude,
        ShowAddress: p.showAddress,
        PropertyType: p.propertyTypeId,
        PublicationPropertyType: p.publicationPropertyTypeId,
        SpecialDescription: p.specialDescription ?? null,
        SurfaceM2: p.surfaceM2,
        Rooms: p.rooms,
        Bathrooms: p.bathrooms,
        RoomList: found.rooms.map((r) => ({ RoomTypeId: r.roomTypeId, Count: r.count })),
        Floor: p.floor,
        BuildingFloors: p.buildingFloors,
        HasLift: p.hasLift,
        Condition: p.conditionId,
        RenovationYear: p.renovationYear,
        BuildYear: p.buildYear,
        EnergyClass: p.energyClassId,
        EnergyPerformance: p.energyPerformance,
        HeatingType: p.heatingTypeId,
        CondoFees: p.condoFees,
        Amenities: found.amenities,
        Occupancy: p.occupancyId,
        AvailableFrom: p.availableFrom,
        Furnishing: p.furnishingId,
        SecurityDeposit: p.securityDeposit,
        PriceFromMarket: p.priceFromMarket,
        EstimateMin: p.estimateMin,
        EstimateMax: p.estimateMax,
        Price: p.price,
        Title: p.title,
        Description: p.description,
        DevelopmentId: p.developmentId,
        WizardPage: p.wizardPage
          ? { CurrentStep: p.wizardPage.currentStep, LastDevice: p.wizardPage.lastDevice ?? null }
          : null,
        WizardHistory: p.wizardHistory ?? [],
        MediaInfo: toMediaInfo(found.media),
        MediaLimits: MEDIA_LIMITS,
        HighlightedUntil: p.highlightedUntil === null ? null : iso(p.highlightedUntil),
        PremiumUntil: p.premiumUntil === null ? null : iso(p.premiumUntil),
        CreatedAt: iso(p.createdAt),
        UpdatedAt: iso(p.updatedAt),
        PublishedAt: p.publishedAt === null ? null : iso(p.publishedAt),
      };
    },
  );
};

export default listingMediaModule;
