import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient, citiesQueryOptions, unwrap } from '@/shared/api';

export interface MunicipalitiesParams {
  province: string;
  sellType: 1 | 2;
}

export const municipalitiesQueryOptions = ({ province, sellType }: MunicipalitiesParams) =>
  queryOptions({
    queryKey: ['seo', 'municipalities', province, sellType],
    /** null when the API does not know the province: the page says so instead of failing. */
    queryFn: async ({ signal }) => {
      const result = await apiClient.GET('/api/Seo/Municipalities/{province}', {
        params: { path: { province }, query: { SellType: sellType } },
        signal,
      });
      if (result.response.status === 404) return null;
      return unwrap('GET /api/Seo/Municipalities/{province}', result);
    },
    staleTime: 5 * 60_000,
  });

/**
 * The route's loader: the page renders with the municipalities (on the server, in its first
 * response). False when the API does not know the province: the route answers 404.
 */
export async function loadMunicipalities(queryClient: QueryClient, params: MunicipalitiesParams): Promise<boolean> {
  // The other provinces below the list: a block that may fail alone.
  const others = queryClient.prefetchQuery(citiesQueryOptions({ sellType: params.sellType }));
  const [municipalities] = await Promise.all([queryClient.ensureQueryData(municipalitiesQueryOptions(params)), others]);
  return municipalities !== null;
}
