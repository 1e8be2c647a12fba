import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type paths } from '@/shared/api';

export type Agency = paths['/api/Agency/List']['get']['responses'][200]['content']['application/json'][number];

/** The partner agencies of one city; the key matches the shared list's (`city` null there). */
export const agenciesInCityQueryOptions = (city: string) =>
  queryOptions({
    queryKey: ['agency', 'list', city],
    queryFn: async ({ signal }) =>
      unwrap(
        'GET /api/Agency/List',
        await apiClient.GET('/api/Agency/List', { params: { query: { City: city } }, signal }),
      ),
    staleTime: 5 * 60_000,
  });
