import { ApiError, apiClient, unwrap } from '@/shared/api';

// `POST /api/SavedSearch/DeleteByLink` of docs/search.md (public), typed by the generated schema.

export type DeleteByLinkOutcome =
  { kind: 'deleted'; name: string } | { kind: 'invalid' } | { kind: 'notFound' } | { kind: 'failed' };

/** Deletes the saved search of an alert mail's link; what happened, never a throw. */
export async function deleteSearchByLink(id: number, token: string): Promise<DeleteByLinkOutcome> {
  try {
    const answer = unwrap(
      'POST /api/SavedSearch/DeleteByLink',
      await apiClient.POST('/api/SavedSearch/DeleteByLink', { body: { Id: id, Token: token } }),
    );
    return { kind: 'deleted', name: answer.Name };
  } catch (error) {
    const type = error instanceof ApiError ? error.body?.ExceptionTypeString : undefined;
    if (type === 'SavedSearchNotFound') return { kind: 'notFound' };
    if (type === 'InvalidDeleteLink' || type === 'ValidationError') return { kind: 'invalid' };
    return { kind: 'failed' };
  }
}
