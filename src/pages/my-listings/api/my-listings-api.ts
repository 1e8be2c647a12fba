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
        await apiClient.GET('/api/User/MyProperties', {
          params: { query: { Status: status, AfterId: pageParam, Limit: PAGE_SIZE } },
          signal,
        }),
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
      return {
        listing: unwrap('GET /api/User/GetMyPropertyById/{id}', listing),
        draft: unwrap('GET /api/Property/{id}/Draft', draft),
      };
    },
    staleTime: 30_000,
  });

export async function changeListingStatus(id: number, status: RequestedStatus): Promise<ListingDraft> {
  return unwrap(
    'PUT /api/Property/{id}/Status',
    await apiClient.PUT('/api/Property/{id}/Status', { params: { path: { id } }, body: { Status: status } }),
  );
}

/**
 * How many visit requests wait for the owner's answer, by listing: the owner's "in attesa"
 * tab (GET /api/Appointment/List?Role=owner&Tab=0), every page (a few at most in practice).
 * The key starts with 'appointments': a new request (a live event) refreshes it.
 */
export const waitingVisitsQueryOptions = () =>
  queryOptions({
    queryKey: ['appointments', 'owner-waiting-by-listing'] as const,
    queryFn: async ({ signal }): Promise<Record<number, number>> => {
      const counts: Record<number, number> = {};
      let afterId: number | undefined;
      for (let page = 0; page < WAITING_PAGES_MAX; page++) {
        const answer = unwrap(
          'GET /api/Appointment/List',
          await apiClient.GET('/api/Appointment/List', {
            params: { query: { Role: 'owner', Tab: 0, Limit: 50, AfterId: afterId } },
            signal,
          }),
        );
        for (const item of answer.Items) counts[item.Property.Id] = (counts[item.Property.Id] ?? 0) + 1;
        if (answer.NextAfterId === null) break;
        afterId = answer.NextAfterId;
      }
      return counts;
    },
    // Fresh from the live events (an `appointment` event invalidates ['appointments']); the
    // pages poll only while the stream is closed (useLiveRefetchInterval).
    staleTime: 30_000,
  });

const WAITING_PAGES_MAX = 10;
