import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/shared/api';
import type { AlertFrequency } from '@domain/search';

// The saved-search calls of docs/search.md (logged-in users). Until the server's routes are
// in the generated schema they go through the typed client's transport untyped; the shapes
// are the contract's.

export interface SavedSearch {
  Id: number;
  Name: string;
  Frequency: AlertFrequency;
  AlertsEnabled: boolean;
  /** The search as the query of GET /api/Search/Listings. */
  Criteria: Record<string, string>;
  /** "Trilocali in vendita a Bologna, fino a 450.000 €". */
  Summary: string;
  CreatedAt: string;
  LastNotifiedAt: string | null;
}

export interface SavedSearchChanges {
  Name?: string;
  Frequency?: AlertFrequency;
  AlertsEnabled?: boolean;
}

type Answer = { data?: unknown; error?: unknown; response: Response };
type WithId = { params: { path: { id: number } } };
interface UntypedClient {
  GET(path: string, init?: { signal?: AbortSignal }): Promise<Answer>;
  PUT(path: string, init: WithId & { body: SavedSearchChanges }): Promise<Answer>;
  DELETE(path: string, init: WithId): Promise<Answer>;
}
const client = apiClient as unknown as UntypedClient;

/** The same key as the save-search feature's, which refreshes this list after a save. */
export const SAVED_SEARCHES_KEY = ['user', 'saved-searches'] as const;

export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: SAVED_SEARCHES_KEY,
    queryFn: async ({ signal }) => (unwrap('GET /api/User/SavedSearches', await client.GET('/api/User/SavedSearches', { signal })) as { Items: SavedSearch[] }).Items,
    staleTime: 30_000,
  });

export async function updateSavedSearch(id: number, changes: SavedSearchChanges): Promise<SavedSearch> {
  return unwrap('PUT /api/User/SavedSearches/{id}', await client.PUT('/api/User/SavedSearches/{id}', { params: { path: { id } }, body: changes })) as SavedSearch;
}

export async function deleteSavedSearch(id: number): Promise<void> {
  unwrap('DELETE /api/User/SavedSearches/{id}', await client.DELETE('/api/User/SavedSearches/{id}', { params: { path: { id } } }));
}
