import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiClient, unwrap, type components } from '@/shared/api';

// The calls of the reviews of Rexer (/diconodinoi, /myrexer/recensione, /myrexer/moderazione/rexer),
// typed by the generated schema.

export type PublicSiteReview = components['schemas']['PublicSiteReview'];
export type SiteReviewList = components['schemas']['SiteReviewList'];
export type MySiteReview = components['schemas']['MySiteReview'];
export type MySiteReviewAnswer = components['schemas']['MySiteReviewAnswer'];
export type SiteReviewRequest = components['schemas']['SiteReviewRequest'];
export type ModerationSiteReview = components['schemas']['ModerationSiteReview'];
export type SiteReviewRole = PublicSiteReview['Role'];

/** Reviews shown per page of /diconodinoi. */
export const SITE_REVIEWS_PAGE_SIZE = 12;

/** A 4xx answers for good: asking again changes nothing. */
export const retryServerErrors = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failures < 2;

/** The approved reviews, page by page, newest first (each page carries the count and the average). */
export const siteReviewsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['review', 'rexer', 'list'],
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        'GET /api/Review/Rexer',
        await apiClient.GET('/api/Review/Rexer', {
          params: { query: { Page: pageParam, PageSize: SITE_REVIEWS_PAGE_SIZE } },
          signal,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (page) => (page.Page < page.TotalPages ? page.Page + 1 : undefined),
    staleTime: 60_000,
    retry: retryServerErrors,
  });

/** The route's loader: the first page in the cache, so the server's HTML holds it; a failure leaves it to the browser. */
export async function prefetchSiteReviews(queryClient: QueryClient): Promise<void> {
  await queryClient.ensureInfiniteQueryData(siteReviewsQueryOptions()).catch(() => undefined);
}

/** The signed-in user's review and what the form starts from; keyed by the account. */
export const mySiteReviewQueryOptions = (username: string | null) =>
  queryOptions({
    queryKey: ['review', 'rexer', 'mine', username],
    queryFn: async ({ signal }) =>
      unwrap('GET /api/Review/Rexer/Mine', await apiClient.GET('/api/Review/Rexer/Mine', { signal })),
    staleTime: 30_000,
    retry: retryServerErrors,
  });

/** Writes the user's first review (create) or replaces it (edit: back to the moderators). */
export async function saveMySiteReview(mode: 'create' | 'edit', body: SiteReviewRequest): Promise<MySiteReview> {
  return mode === 'create'
    ? unwrap('POST /api/Review/Rexer/Mine', await apiClient.POST('/api/Review/Rexer/Mine', { body }))
    : unwrap('PUT /api/Review/Rexer/Mine', await apiClient.PUT('/api/Review/Rexer/Mine', { body }));
}

/** The moderators' queue. */
export const pendingSiteReviewsQueryOptions = () =>
  queryOptions({
    queryKey: ['review', 'rexer', 'pending'],
    queryFn: async ({ signal }) =>
      unwrap('GET /api/Review/Rexer/Pending', await apiClient.GET('/api/Review/Rexer/Pending', { signal })),
    staleTime: 0,
    retry: retryServerErrors,
  });

/**
 * Publishes the review as the moderator read it: `version` is its UpdatedAt in the queue. Edited
 * since by its author, it is not published (409 SiteReviewChanged).
 */
export async function approveSiteReview(id: number, version: string): Promise<ModerationSiteReview> {
  return unwrap(
    'PUT /api/Review/Rexer/{id}/Approve',
    await apiClient.PUT('/api/Review/Rexer/{id}/Approve', { params: { path: { id } }, body: { Version: version } }),
  );
}

/** Refuses the review as the moderator read it (`version`, as for approveSiteReview), with the reason its author reads. */
export async function rejectSiteReview(id: number, reason: string, version: string): Promise<ModerationSiteReview> {
  return unwrap(
    'PUT /api/Review/Rexer/{id}/Reject',
    await apiClient.PUT('/api/Review/Rexer/{id}/Reject', {
      params: { path: { id } },
      body: { Reason: reason, Version: version },
    }),
  );
}
