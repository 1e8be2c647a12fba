import { apiClient, unwrap, type components, type paths } from '@/shared/api';
import { savedCriteria, toSearchQuery, type AlertFrequency, type SearchParams } from '@domain/search';

// The saved-search and search calls of docs/search.md, typed by the generated schema
// (schema.gen.ts).

/** The query key of the user's saved searches (the list of /myrexer/ricerche). */
export const SAVED_SEARCHES_KEY = ['user', 'saved-searches'] as const;

/** The saved search as `POST /api/User/SavedSearches` answers it (201). */
export type CreatedSavedSearch = components['schemas']['SavedSearch'];
type CreateSavedSearchRequest = components['schemas']['CreateSavedSearchRequest'];
type SearchListingsQuery = NonNullable<paths['/api/Search/Listings']['get']['parameters']['query']>;

export async function createSavedSearch(input: {
  name: string;
  frequency: AlertFrequency;
  params: SearchParams;
}): Promise<CreatedSavedSearch> {
  const body: CreateSavedSearchRequest = {
    Name: input.name.trim(),
    Frequency: input.frequency,
    Criteria: savedCriteria(input.params),
  };
  return unwrap('POST /api/User/SavedSearches', await apiClient.POST('/api/User/SavedSearches', { body }));
}

/**
 * The name of the search's area ("Bologna", "Provincia di Torino"), as the search call
 * answers it: the params hold only codes. One listing is asked for; null when unknown.
 */
export async function searchAreaName(params: SearchParams, signal?: AbortSignal): Promise<string | null> {
  const { Cursor: _cursor, ...rest } = params;
  // `toSearchQuery` writes the typed `SearchParams` as plain strings; the schema narrows some
  // keys (SearchType, Sort ...) to the values `SearchParams` already holds to.
  const query = { ...(toSearchQuery(rest) as SearchListingsQuery), PageSize: '1' };
  const result = await apiClient.GET('/api/Search/Listings', { params: { query }, signal });
  if (result.error !== undefined || !result.data) return null;
  return result.data.Area.Name || null;
}
