import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { toSearchQuery, type SearchParams } from '@domain/search';
import { ApiError, apiClient, unwrap, type components, type paths } from '@/shared/api';

// The search calls of docs/search.md, typed by the generated schema (schema.gen.ts).

export type SearchMarkerPoint = components['schemas']['SearchMarker'];
export type SearchArea = components['schemas']['SearchArea'];
export type SearchResult = components['schemas']['SearchResult'];
export type PlaceSuggestion = components['schemas']['PlaceItem'];
export type PlacesResult = components['schemas']['PlacesResult'];

type SearchListingsQuery = NonNullable<paths['/api/Search/Listings']['get']['parameters']['query']>;

/**
 * The query of `GET /api/Search/Listings`. `toSearchQuery` writes it from typed `SearchParams`
 * as plain strings; the schema narrows some keys to their allowed values (SearchType, Sort ...),
 * which `SearchParams` already holds to.
 */
function searchListingsQuery(params: Partial<SearchParams>): SearchListingsQuery {
  return toSearchQuery(params) as SearchListingsQuery;
}

/** One page of a search: the query is the search as `toSearchQuery` writes it, with the page's cursor. */
export async function fetchSearchPage(
  params: SearchParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchResult> {
  const query = searchListingsQuery({ ...params, Cursor: cursor ?? undefined });
  return unwrap('GET /api/Search/Listings', await apiClient.GET('/api/Search/Listings', { params: { query }, signal }));
}

/**
 * The results of a search as pages appended one after the other ("Mostra altri annunci"). The
 * key is the search without its cursor; the first page starts at the URL's cursor, so a
 * crawler's page 2 renders page 2.
 */
export const searchResultsQueryOptions = (params: SearchParams) => {
  const { Cursor, ...search } = params;
  return infiniteQueryOptions({
    queryKey: ['search', 'listings', toSearchQuery(search), Cursor ?? null],
    queryFn: ({ pageParam, signal }) => fetchSearchPage(search, pageParam, signal),
    initialPageParam: Cursor ?? null,
    getNextPageParam: (last: SearchResult) => last.NextCursor,
    staleTime: 60_000,
  });
};

export const placesQueryOptions = (text: string, limit = 8) =>
  queryOptions({
    queryKey: ['search', 'places', text, limit],
    queryFn: async ({ signal }): Promise<PlacesResult> =>
      unwrap(
        'GET /api/Search/Places',
        await apiClient.GET('/api/Search/Places', { params: { query: { Text: text, Limit: limit } }, signal }),
      ),
    staleTime: 10 * 60_000,
  });

/** Whether a failed search means its place does not exist (UnknownPlace, 404): that page is a 404. */
export function isUnknownPlace(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * A search the API could not run for this visitor: 429 (the visitor's searches are over the limit,
 * or the address is banned for a while) or 503 (the search took too long). The page says so with
 * that status; it never takes it for a place that does not exist.
 */
export type SearchRefusal = 429 | 503;

/** The refusal a failed search call means, if it is one. */
export function searchRefusalOf(error: unknown): SearchRefusal | undefined {
  return error instanceof ApiError && (error.status === 429 || error.status === 503) ? error.status : undefined;
}

/**
 * What the first page's search came to: `found` (results, or a search the API refused with 400, which
 * the page explains), `unknown` (the place does not exist: the 404 page), or the status the page answers
 * with while saying so (a `SearchRefusal`).
 */
export type SearchPrefetch = 'found' | 'unknown' | SearchRefusal;

/** The loader's work: the first page of results in the query cache, so the server renders the list. */
export async function prefetchSearchResults(queryClient: QueryClient, params: SearchParams): Promise<SearchPrefetch> {
  try {
    await queryClient.ensureInfiniteQueryData(searchResultsQueryOptions(params));
    return 'found';
  } catch (error) {
    if (isUnknownPlace(error)) return 'unknown';
    // A search the API refuses (400), a limit reached (429) or a search that took too long (503) still
    // render the page, which says so and offers a way on.
    if (error instanceof ApiError && error.status === 400) return 'found';
    const refusal = searchRefusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
}

function slugOf(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The answer of a place search that decides whether a page exists: a refusal (429, 503) is no
 * answer, and says so; another refusal (400: a text the search cannot take) finds nothing.
 */
async function placesFor(queryClient: QueryClient, text: string): Promise<PlacesResult | SearchRefusal> {
  try {
    return await queryClient.fetchQuery(placesQueryOptions(text));
  } catch (error) {
    const refusal = searchRefusalOf(error);
    if (refusal) return refusal;
    if (error instanceof ApiError && error.status < 500) return { Items: [] };
    throw error;
  }
}

/**
 * The place of an SEO slug as the search takes it, found with the place search: a town whose
 * name is the slug (then a province, then a region), and a district of that town by its name.
 * Null when nothing is called that: the page does not exist. A place search the API could not
 * run (429, 503) answers that status: the place may well exist, the page says it could not search.
 */
export async function resolveSeoPlace(
  queryClient: QueryClient,
  place: string,
  district?: string,
): Promise<Record<string, string> | null | SearchRefusal> {
  const found = await placesFor(queryClient, place.replace(/-/g, ' '));
  if (typeof found === 'number') return found;
  const named = (item: PlaceSuggestion) => slugOf(item.Name) === place || slugOf(item.Name) === `provincia-di-${place}`;
  const town = found.Items.find((item) => item.Kind === 'town' && named(item));
  const area =
    town ??
    found.Items.find((item) => item.Kind === 'province' && named(item)) ??
    found.Items.find((item) => item.Kind === 'region' && named(item));
  if (!area) return null;
  if (!district) return area.Params;
  if (!town) return null;
  const districts = await placesFor(queryClient, district.replace(/-/g, ' '));
  if (typeof districts === 'number') return districts;
  const match = districts.Items.find(
    (item) =>
      item.Kind === 'district' &&
      slugOf(item.Name) === district &&
      (!item.Detail || slugOf(item.Detail).includes(place)),
  );
  return match ? match.Params : null;
}
