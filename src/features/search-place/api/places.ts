import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type components } from '@/shared/api';

// The search box's suggestions: GET /api/Search/Places (docs/search.md), towns, districts,
// provinces, regions and the streets of listings, each with the search to run for it.

export type Place = components['schemas']['PlaceItem'];

/** How many places the box asks for: the server gives each kind its share first. */
export const PLACES_LIMIT = 10;
/** Fewer characters match too many places: the server answers nothing under 2. */
export const MIN_TEXT_LENGTH = 2;

export async function findPlaces(text: string, signal?: AbortSignal): Promise<Place[]> {
  const result = unwrap(
    'GET /api/Search/Places',
    await apiClient.GET('/api/Search/Places', { params: { query: { Text: text, Limit: PLACES_LIMIT } }, signal }),
  );
  return result.Items;
}

/** The key is the text as the server reads it: "Mil" and "mil " share an answer. */
export const placesQueryOptions = (text: string) => {
  const key = text.trim().toLocaleLowerCase('it');
  return queryOptions({
    queryKey: ['search', 'places', 'box', key],
    queryFn: ({ signal }) => findPlaces(key, signal),
    staleTime: 10 * 60_000,
  });
};
