import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/shared/api';
import type { LatLng, Municipality } from '../model/location';

// Municipalities by name come from the search's place autocomplete (GET /api/Search/Places,
// its `town` items: Id is the ISTAT code, with the town's centre); a saved answer's town by
// its ISTAT code from a town search's area (GET /api/Search/Listings?SearchType=town), which
// names it and gives its centre without a call of its own.

/** How many places to ask for: towns get 4 of the first 10 places, then every other town comes. */
const PLACES_LIMIT = 20;
/** How many towns the list shows. */
export const SUGGESTIONS_MAX = 8;
/** Fewer characters match too many towns: the server answers nothing under 2. */
export const MIN_QUERY_LENGTH = 2;

export async function findMunicipalities(text: string, signal?: AbortSignal): Promise<Municipality[]> {
  const result = unwrap(
    'GET /api/Search/Places',
    await apiClient.GET('/api/Search/Places', { params: { query: { Text: text, Limit: PLACES_LIMIT } }, signal }),
  );
  return result.Items.filter((item) => item.Kind === 'town' && /^\d{6}$/.test(item.Id))
    .slice(0, SUGGESTIONS_MAX)
    .map((item) => ({
      istat: item.Id,
      name: item.Name,
      province: item.Detail,
      center:
        item.Latitude !== null && item.Longitude !== null
          ? { latitude: item.Latitude, longitude: item.Longitude }
          : null,
    }));
}

export const municipalitiesQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['search', 'places', 'towns', text.trim().toLowerCase()],
    queryFn: ({ signal }) => findMunicipalities(text.trim(), signal),
    staleTime: 10 * 60_000,
  });

export async function municipalityByIstat(istat: string, signal?: AbortSignal): Promise<Municipality> {
  const result = unwrap(
    'GET /api/Search/Listings',
    await apiClient.GET('/api/Search/Listings', {
      params: { query: { SearchType: 'town', Town: istat, PageSize: '1' } },
      signal,
    }),
  );
  const { Name, Center } = result.Area;
  return {
    istat,
    name: Name ?? istat,
    province: null,
    center: Center ? { latitude: Center.Latitude, longitude: Center.Longitude } : null,
  };
}

export const municipalityQueryOptions = (istat: string) =>
  queryOptions({
    queryKey: ['search', 'town', istat],
    queryFn: ({ signal }) => municipalityByIstat(istat, signal),
    staleTime: 60 * 60_000,
  });

/**
 * Where a typed street lies in a town, from the public positions Rexer knows (GET
 * /api/Map/StreetPosition); null when the street is unknown there.
 */
export const streetPositionQueryOptions = (istat: string, street: string, streetNumber: string) =>
  queryOptions({
    queryKey: ['map', 'street-position', istat, street.trim().toLowerCase(), streetNumber.trim().toLowerCase()],
    queryFn: async ({ signal }): Promise<LatLng | null> => {
      const answer = unwrap(
        'GET /api/Map/StreetPosition',
        await apiClient.GET('/api/Map/StreetPosition', {
          params: {
            query: {
              MunicipalityIstat: istat,
              Street: street.trim(),
              ...(streetNumber.trim() ? { StreetNumber: streetNumber.trim() } : {}),
            },
          },
          signal,
        }),
      );
      return answer.Position ? { latitude: answer.Position.Latitude, longitude: answer.Position.Longitude } : null;
    },
    staleTime: 10 * 60_000,
  });
