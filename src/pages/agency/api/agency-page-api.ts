import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { toSearchQuery, type SearchParams } from '@domain/search';
import type { TypeSlug } from '@/shared/config';
import { ApiError, apiClient, unwrap, type components, type paths } from '@/shared/api';

// The agency page's calls (docs/spec.md, "An agency's page"), typed by the generated schema.

export type AgencyPage = components['schemas']['AgencyPage'];
export type AgencySearchResult = components['schemas']['SearchResult'];
type SearchListingsQuery = NonNullable<paths['/api/Search/Listings']['get']['parameters']['query']>;

/** The listings shown per contract; the rest are on the results page. */
export const AGENCY_LISTINGS_SHOWN = 6;

/** A 4xx answers for good: asking again changes nothing. */
const retryServerErrors = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failures < 2;

export const agencyPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['agency', 'page', slug],
    queryFn: async ({ signal }) =>
      unwrap(
        'GET /api/Agency/{slug}',
        await apiClient.GET('/api/Agency/{slug}', { params: { path: { slug } }, signal }),
      ),
    staleTime: 60_000,
    retry: retryServerErrors,
  });

/** The search of the agency's listings of one contract, optionally of one property-type slug. */
export function agencySearch(
  agency: Pick<AgencyPage, 'Search'>,
  sellType: 1 | 2,
  type?: TypeSlug,
): Partial<SearchParams> {
  return { SearchType: 'agency', Agency: agency.Search.Agency, SellType: sellType, ...(type ? { Type: type } : {}) };
}

export const agencyListingsQueryOptions = (search: Partial<SearchParams>) =>
  queryOptions({
    queryKey: ['agency', 'listings', search],
    queryFn: async ({ signal }): Promise<AgencySearchResult> => {
      const query = toSearchQuery({ ...search, PageSize: AGENCY_LISTINGS_SHOWN }) as SearchListingsQuery;
      return unwrap(
        'GET /api/Search/Listings',
        await apiClient.GET('/api/Search/Listings', { params: { query }, signal }),
      );
    },
    staleTime: 60_000,
    retry: retryServerErrors,
  });

/** Reveals the agency's phone (counted by the server, limited per visitor). */
export async function revealAgencyPhone(slug: string): Promise<string> {
  const answer = unwrap(
    'POST /api/Agency/{slug}/Phone',
    await apiClient.POST('/api/Agency/{slug}/Phone', { params: { path: { slug } } }),
  );
  return answer.Phone;
}

/**
 * The route's loader: the agency and the first listings of each contract it has in the cache,
 * so the server's HTML holds them. An unknown agency is the router's not-found page.
 */
export async function prefetchAgencyPage(queryClient: QueryClient, slug: string, type?: TypeSlug): Promise<void> {
  let agency: AgencyPage;
  try {
    agency = await queryClient.ensureQueryData(agencyPageQueryOptions(slug));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
  const contracts = ([1, 2] as const).filter((sellType) =>
    sellType === 1 ? agency.PublishedListings.Sale > 0 : agency.PublishedListings.Rent > 0,
  );
  // The listings are a part of the page, not the page: a failure leaves them to the browser.
  await Promise.all(
    contracts.map((sellType) =>
      queryClient
        .ensureQueryData(agencyListingsQueryOptions(agencySearch(agency, sellType, type)))
        .catch(() => undefined),
    ),
  );
}
