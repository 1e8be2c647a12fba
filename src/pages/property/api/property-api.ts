import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { ApiError, apiClient, unwrap } from '@/shared/api';
import type { SearchListing } from '@/entities/listing';

// The property calls of docs/search.md. Until the server's routes are in the generated
// schema they go through the typed client's transport untyped; the shapes are the
// contract's (server/modules/property/schemas.ts, PropertyDetail).

export interface ReferenceItem {
  Id: number;
  Name: string;
}

export interface MediaItem {
  Url: string;
  ThumbnailUrl: string | null;
  Width: number | null;
  Height: number | null;
  Caption: string | null;
}

export interface PropertyAdvertiser {
  Kind: 'agency' | 'private';
  Name: string;
  AgencyId: number | null;
  AgencySlug: string | null;
  LogoUrl: string | null;
  Phone: string | null;
}

/** 2 published, 3 suspended, 4 sold. */
export type PropertyStatus = 2 | 3 | 4;

export interface PropertyDetail {
  Id: number;
  SellType: 1 | 2;
  Status: PropertyStatus;
  Title: string;
  Description: string | null;
  Price: number | null;
  PricePerM2: number | null;
  PreviousPrice: number | null;
  PriceReducedAt: string | null;
  PriceHistory: { Date: string; Price: number }[];
  PropertyTypeId: number | null;
  PropertyTypeName: string | null;
  SurfaceM2: number | null;
  Rooms: number | null;
  Bathrooms: number | null;
  Floor: number | null;
  BuildingFloors: number | null;
  HasLift: boolean | null;
  Condition: ReferenceItem | null;
  BuildYear: number | null;
  RenovationYear: number | null;
  EnergyClass: { Id: number; Code: string; Name: string } | null;
  EnergyPerformance: number | null;
  HeatingType: ReferenceItem | null;
  CondoFees: number | null;
  Occupancy: ReferenceItem | null;
  AvailableFrom: string | null;
  Furnishing: ReferenceItem | null;
  SecurityDeposit: number | null;
  Amenities: ReferenceItem[];
  RoomList: { RoomTypeId: number; Name: string; Count: number }[];
  Photos: MediaItem[];
  FloorPlans: MediaItem[];
  EnergyCertificates?: MediaItem[];
  City: { Name: string; Slug: string; Istat: string; ProvinceCode: string; ProvinceSlug: string } | null;
  CityName: string | null;
  ProvinceCode: string | null;
  District: string | null;
  Address: string | null;
  PostalCode: string | null;
  Latitude: number | null;
  Longitude: number | null;
  IsNewBuild: boolean;
  Development: ReferenceItem | null;
  Advertiser: PropertyAdvertiser;
  Highlighted: boolean;
  PublishedAt: string | null;
  UpdatedAt: string;
  FavoritesCount?: number;
}

type Answer = { data?: unknown; error?: unknown; response: Response };
interface UntypedClient {
  GET(path: string, init?: { params?: { path?: Record<string, number>; query?: Record<string, number> }; signal?: AbortSignal }): Promise<Answer>;
}
const client = apiClient as unknown as UntypedClient;

/** A 4xx answers for good: asking again changes nothing. */
const retryServerErrors = (failures: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && failures < 2;

export const SIMILAR_SHOWN = 6;

export const propertyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['property', id],
    queryFn: async ({ signal }) =>
      unwrap('GET /api/Property/{id}', await client.GET('/api/Property/{id}', { params: { path: { id } }, signal })) as PropertyDetail,
    staleTime: 60_000,
    retry: retryServerErrors,
  });

export const similarListingsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['property', id, 'similar'],
    queryFn: async ({ signal }) =>
      unwrap(
        'GET /api/Property/{id}/Similar',
        await client.GET('/api/Property/{id}/Similar', { params: { path: { id }, query: { Limit: SIMILAR_SHOWN } }, signal }),
      ) as { Items: SearchListing[] },
    staleTime: 5 * 60_000,
    retry: retryServerErrors,
  });

export interface PropertyLoad {
  /** The owner removed the listing (410 PropertyDeleted): the page says so, with similar listings. */
  gone: boolean;
}

/**
 * The route's loader: the listing and its similar listings in the cache, so the server's HTML
 * holds them. An unknown listing is the router's not-found page; a removed one a page of its own.
 */
export async function prefetchProperty(queryClient: QueryClient, id: number): Promise<PropertyLoad> {
  const similar = queryClient.ensureQueryData(similarListingsQueryOptions(id)).catch(() => undefined);
  try {
    await queryClient.ensureQueryData(propertyQueryOptions(id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    if (error instanceof ApiError && error.status === 410) {
      await similar;
      return { gone: true };
    }
    throw error;
  }
  await similar;
  return { gone: false };
}
