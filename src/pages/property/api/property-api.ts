import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { ApiError, apiClient, unwrap, type components } from '@/shared/api';

// The property calls of docs/search.md, typed by the generated schema (schema.gen.ts).

export type ReferenceItem = components['schemas']['ReferenceItem'];
export type MediaItem = components['schemas']['MediaItem'];
export type PropertyAdvertiser = components['schemas']['PropertyAdvertiser'];
export type PropertyDetail = components['schemas']['PropertyDetail'];
/** 2 published, 3 suspended, 4 sold. */
export type PropertyStatus = PropertyDetail['Status'];
export type SimilarListings = components['schemas']['SimilarListings'];

/** A 4xx answers for good: asking again changes nothing. */
const retryServerErrors = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failures < 2;

export const SIMILAR_SHOWN = 6;

export const propertyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['property', id],
    queryFn: async ({ signal }) =>
      unwrap('GET /api/Property/{id}', await apiClient.GET('/api/Property/{id}', { params: { path: { id } }, signal })),
    staleTime: 60_000,
    retry: retryServerErrors,
  });

export const similarListingsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['property', id, 'similar'],
    queryFn: async ({ signal }): Promise<SimilarListings> =>
      unwrap(
        'GET /api/Property/{id}/Similar',
        await apiClient.GET('/api/Property/{id}/Similar', {
          params: { path: { id }, query: { Limit: SIMILAR_SHOWN } },
          signal,
        }),
      ),
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

/** Tells the server a person opened the listing's page (My listings' views); failures are ignored. */
export async function reportView(id: number): Promise<void> {
  await apiClient.POST('/api/Property/{id}/View', { params: { path: { id } } }).catch(() => undefined);
}
