import { ApiError, apiClient, unwrap } from '@/shared/api';

// `POST /api/SavedSearch/DeleteByLink` of docs/search.md (public). Until the route is in the
// generated schema it goes through the typed client's transport untyped.

type Answer = { data?: unknown; error?: unknown; response: Response };
const client = apiClient as unknown as { POST(path: string, init: { body: { Id: number; Token: string } }): Promise<Answer> };

export type DeleteByLinkOutcome = { kind: 'deleted'; name: string } | { kind: 'invalid' } | { kind: 'notFound' } | { kind: 'failed' };

/** Deletes the saved search of an alert mail's link; what happened, never a throw. */
export async function deleteSearchByLink(id: number, token: string): Promise<DeleteByLinkOutcome> {
  try {
    const answer = unwrap('POST /api/SavedSearch/DeleteByLink', await client.POST('/api/SavedSearch/DeleteByLink', { body: { Id: id, Token: token } })) as { Name: string };
    return { kind: 'deleted', name: answer.Name };
  } catch (error) {
    const type = error instanceof ApiError ? error.body?.ExceptionTypeString : undefined;
    if (type === 'SavedSearchNotFound') return { kind: 'notFound' };
    if (type === 'InvalidDeleteLink' || type === 'ValidationError') return { kind: 'invalid' };
    return { kind: 'failed' };
  }
}
