import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, apiClient, unwrap, type components } from '@/shared/api';

// The calls of an agency's verified reviews (its page /agenzie/{slug}, MyRexer's moderation),
// typed by the generated schema.

export type AgencyReview = components['schemas']['AgencyReview'];
export type AgencyReviewsPage = components['schemas']['AgencyReviewsPage'];
export type AgencyMyReview = components['schemas']['AgencyMyReview'];
export type AgencyReviewWrite = components['schemas']['AgencyReviewWrite'];
export type ReviewBasis = AgencyReview['Basis'];
export type ModerationItem = components['schemas']['AgencyReviewModerationItem'];

/** A 4xx answers for good: asking again changes nothing. */
const retryServerErrors = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failures < 2;

export const agencyReviewsKey = (slug: string) => ['agency', slug, 'reviews'] as const;

/** The approved reviews, 10 a page, newest first; each page carries the average and the count. */
export const agencyReviewsQueryOptions = (slug: string) =>
  infiniteQueryOptions({
    queryKey: [...agencyReviewsKey(slug), 'list'],
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        'GET /api/Agency/{slug}/Reviews',
        await apiClient.GET('/api/Agency/{slug}/Reviews', {
          params: { path: { slug }, query: { Page: pageParam } },
          signal,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (page) => (page.Page * page.PageSize < page.Count ? page.Page + 1 : undefined),
    retry: retryServerErrors,
  });

/** The signed-in user's review of the agency and whether they may write one; keyed by the account. */
export const myAgencyReviewQueryOptions = (slug: string, username: string | null) =>
  queryOptions({
    queryKey: [...agencyReviewsKey(slug), 'mine', username],
    queryFn: async ({ signal }) =>
      unwrap(
        'GET /api/Agency/{slug}/Reviews/Mine',
        await apiClient.GET('/api/Agency/{slug}/Reviews/Mine', { params: { path: { slug } }, signal }),
      ),
    enabled: username !== null,
    retry: retryServerErrors,
  });

/** A first review (id null) or the author's edit: both wait for a moderator. */
export async function saveAgencyReview(slug: string, id: number | null, body: AgencyReviewWrite): Promise<void> {
  if (id === null)
    unwrap(
      'POST /api/Agency/{slug}/Reviews',
      await apiClient.POST('/api/Agency/{slug}/Reviews', { params: { path: { slug } }, body }),
    );
  else
    await apiClient
      .PUT('/api/Agency/Reviews/{id}', { params: { path: { id } }, body })
      .then((result) => expectNoContent('PUT /api/Agency/Reviews/{id}', result));
}

export async function reportAgencyReview(id: number, reason: string): Promise<{ Hidden: boolean }> {
  return unwrap(
    'POST /api/Agency/Reviews/{id}/Report',
    await apiClient.POST('/api/Agency/Reviews/{id}/Report', {
      params: { path: { id } },
      body: reason.trim() ? { Reason: reason } : {},
    }),
  );
}

/** The agency's answer (an empty text removes it). */
export async function answerAgencyReview(id: number, text: string): Promise<void> {
  const params = { path: { id } };
  if (text.trim() === '')
    expectNoContent(
      'DELETE /api/Agency/Reviews/{id}/Answer',
      await apiClient.DELETE('/api/Agency/Reviews/{id}/Answer', { params }),
    );
  else
    expectNoContent(
      'PUT /api/Agency/Reviews/{id}/Answer',
      await apiClient.PUT('/api/Agency/Reviews/{id}/Answer', { params, body: { Text: text } }),
    );
}

export const moderationQueueKey = ['moderation', 'agency-reviews'] as const;

/** The reviews waiting for a moderator, oldest first. */
export const agencyReviewQueueQueryOptions = () =>
  queryOptions({
    queryKey: moderationQueueKey,
    queryFn: async ({ signal }) =>
      unwrap(
        'GET /api/Moderation/AgencyReviews',
        await apiClient.GET('/api/Moderation/AgencyReviews', { params: { query: { After: 0 } }, signal }),
      ),
    retry: retryServerErrors,
  });

/** A moderator's decision on the version of the review they read (409 ReviewChanged when edited since). */
export async function decideAgencyReview(
  review: { Id: number; Version: string },
  decision: 'approve' | 'reject',
  reason = '',
): Promise<void> {
  const params = { path: { id: review.Id } };
  if (decision === 'approve')
    expectNoContent(
      'POST /api/Moderation/AgencyReviews/{id}/Approve',
      await apiClient.POST('/api/Moderation/AgencyReviews/{id}/Approve', { params, body: { Version: review.Version } }),
    );
  else
    expectNoContent(
      'POST /api/Moderation/AgencyReviews/{id}/Reject',
      await apiClient.POST('/api/Moderation/AgencyReviews/{id}/Reject', {
        params,
        body: { Version: review.Version, Reason: reason },
      }),
    );
}

/** A moderator's decision on an agency's answer waiting to show, for the version read. */
export async function decideAgencyAnswer(id: number, version: string, decision: 'approve' | 'reject'): Promise<void> {
  const params = { path: { id } };
  const body = { Version: version };
  if (decision === 'approve')
    expectNoContent(
      'POST /api/Moderation/AgencyReviews/{id}/Answer/Approve',
      await apiClient.POST('/api/Moderation/AgencyReviews/{id}/Answer/Approve', { params, body }),
    );
  else
    expectNoContent(
      'POST /api/Moderation/AgencyReviews/{id}/Answer/Reject',
      await apiClient.POST('/api/Moderation/AgencyReviews/{id}/Answer/Reject', { params, body }),
    );
}

function expectNoContent(call: string, result: { error?: unknown; response: Response }): void {
  if (result.error !== undefined || !result.response.ok)
    throw new ApiError(`${call} failed with status ${result.response.status}`, result.response.status, result.error);
}

/** The error's name from the catalogue (ExceptionTypeString), when the server answered one. */
export function errorNameOf(error: unknown): string | null {
  return error instanceof ApiError ? (error.body?.ExceptionTypeString ?? null) : null;
}
