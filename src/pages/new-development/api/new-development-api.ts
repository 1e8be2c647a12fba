import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { ApiError, apiClient, unwrap, type paths } from '@/shared/api';

export type NewDevelopmentDetail =
  paths['/api/NewDevelopment/{id}']['get']['responses'][200]['content']['application/json'];

export const newDevelopmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['new-development', id],
    queryFn: async ({ signal }) =>
      unwrap(
        'GET /api/NewDevelopment/{id}',
        await apiClient.GET('/api/NewDevelopment/{id}', { params: { path: { id } }, signal }),
      ),
    staleTime: 5 * 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });

/** The route's loader: the development in the cache for the server's HTML; an unknown one is the 404 page. */
export async function prefetchNewDevelopment(queryClient: QueryClient, id: number): Promise<void> {
  try {
    await queryClient.ensureQueryData(newDevelopmentQueryOptions(id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}
