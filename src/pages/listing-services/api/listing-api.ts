import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type components } from '@/shared/api';

export type MyListing = components['schemas']['MyProperty'];

/**
 * One of my listings (GET /api/User/GetMyPropertyById/{id}: 404 for another user's). Its key
 * starts as My listings' do (['user', 'my-listings']), so a status change made there refreshes it.
 */
export const serviceListingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['user', 'my-listings', 'services', id] as const,
    queryFn: async ({ signal }): Promise<MyListing> =>
      unwrap(
        'GET /api/User/GetMyPropertyById/{id}',
        await apiClient.GET('/api/User/GetMyPropertyById/{id}', { params: { path: { id } }, signal }),
      ),
    staleTime: 0,
  });
