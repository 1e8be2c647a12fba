import { apiClient, unwrap } from '@/shared/api';
import { savedCriteria, toSearchQuery, type AlertFrequency, type SearchParams } from '@domain/search';

// The saved-search and search calls of docs/search.md. Until the server's routes are in the
// generated schema they go through the typed client's transport untyped; the shapes are the
// contract's.

type Answer = { data?: unknown; error?: unknown; response: Response };
interface UntypedClient {
  GET(
    path: string,
    init?: {
      params?: { query?: Record<string, string> };
      signal?: AbortSignal;
    },
  ): Promise<Answer>;
  POST(path: string, init?: { body?: unknown }): Promise<Answer>;
}
const client = apiClient as unknown as UntypedClient;

/** The query key of the user's saved searches (the list of /myrexer/ricerche). */
export const SAVED_SEARCHES_KEY = ['user', 'saved-searches'] as const;

export interface CreatedSavedSearch {
  Id: number;
  Name: string;
  Frequency: AlertFrequency;
  Summary: string;
}

export async function createSavedSearch(input: { name: string; frequency: AlertFrequency; params: SearchParams }): Promise<CreatedSavedSearch> {
  const body = {
    Name: input.name.trim(),
    Frequency: input.frequency,
    Criteria: savedCriteria(input.params),
  };
  return unwrap('POST /api/User/SavedSearches', await client.POST('/api/User/SavedSearches', { body })) as CreatedSavedSearch;
}

/**
 * The name of the search's area ("Bologna", "Provincia di Torino"), as the search call
 * answers it: the params hold only codes. One listing is asked for; null when unknown.
 */
export async function searchAreaName(params: SearchParams, signal?: AbortSignal): Promise<string | null> {
  const { Cursor: _cursor, ...rest } = params;
  const query = { ...toSearchQuery(rest), PageSize: '1' };
  const result = await client.GET('/api/Search/Listings', {
    params: { query },
    signal,
  });
  if (result.error !== undefined || !result.data) return null;
  const area = (result.data as { Area?: { Name?: unknown } }).Area;
  return typeof area?.Name === 'string' && area.Name ? area.Name : null;
}
