import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type components } from '@/shared/api';

// The saved-search calls of docs/search.md (logged-in users), typed by the generated schema
// (schema.gen.ts).

/** A saved search; its `Criteria` is the search as the query of GET /api/Search/Listings. */
export type SavedSearch = components['schemas']['SavedSearch'];
export type SavedSearchChanges = components['schemas']['UpdateSavedSearchRequest'];

/** The same key as the save-search feature's, which refreshes this list after a save. */
export const SAVED_SEARCHES_KEY = ['user', 'saved-searches'] as const;

export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: SAVED_SEARCHES_KEY,
    queryFn: async ({ signal }): Promise<SavedSearch[]> =>
      unwrap('GET /api/User/SavedSearches', await apiClient.GET('/api/User/SavedSearches', { signal })).Items,
    staleTime: 30_000,
  });

export async function updateSavedSearch(id: number, changes: SavedSearchChanges): Promise<SavedSearch> {
  return unwrap(
    'PUT /api/User/SavedSearches/{id}',
    await apiClient.PUT('/api/User/SavedSearches/{id}', { params: { path: { id } }, body: changes }),
  );
}

export async function deleteSavedSearch(id: number): Promise<void> {
  unwrap(
    'DELETE /api/User/SavedSearches/{id}',
    await apiClient.DELETE('/api/User/SavedSearches/{id}', { params: { path: { id } } }),
  );
}
