import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type components } from '@/shared/api';

// The owner's calls of docs/listings.md (signed-in users), typed by the generated schema.

export type MyListingItem = components['schemas']['MyListingItem'];
export type MyListingsAnswer = components['schemas']['MyListingsResponse'];
export type MyListing = components['schemas']['MyProperty'];
export type ListingDraft = components['schemas']['ListingDraft'];
export type QualityHint = components['schemas']['DraftQuality']['Next'][number];
export type ListedStatus = 1 | 2 | 3 | 4;
export type RequestedStatus = components['schemas']['StatusChangeRequestInput']['Status'];

/** Every query of this page starts with it: a status change refreshes them all. */
export const MY_LISTINGS_KEY = ['user', 'my-listings'] as const;
const PAGE_SIZE = 20;

export const myListingsQueryOptions = (status: ListedStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: [...MY_LISTINGS_KEY, 'list', status ?? 'all'] as const,
    queryFn: async ({ pageParam, signal }): Promise<MyListingsAnswer> =>
      unwrap(
        'GET /api/User/MyProperties',
        await apiClient.GET('/api/User/MyProperties', { params: { query: { Status: status, AfterId: pageParam, Limit: PAGE_SIZE } }, signal }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.NextAfterId ?? undefined,
    staleTime: 30_000,
  });

/** One listing of mine and its draft (quality, readiness): both answer 404 for another user's id. */
export const myListingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...MY_LISTINGS_KEY, 'one', id] as const,
    queryFn: async ({ signal }): Promise<{ listing: MyListing; draft: ListingDraft }> => {
      const [listing, draft] = await Promise.all([
        apiClient.GET('/api/User/GetMyPropertyById/{id}', { params: { path: { id } }, signal }),
        apiClient.GET('/api/Property/{id}/Draft', { params: { path: { id } }, signal }),
      ]);
      return { listing: unwrap('GET /api/User/GetMyPropertyById/{id}', listing), draft: unwrap('GET /api/Property/{id}/Draft', draft) };
    },
    staleTime: 30_000,
  });

export async function changeListingStatus(id: number, status: RequestedStatus): Promise<ListingDraft> {
  return unwrap('PUT /api/Property/{id}/Status', await apiClient.PUT('/api/Property/{id}/Status', { params: { path: { id } }, body: { Status: status } }));
}
