import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type paths } from '@/shared/api';
import type { SellType } from '../model/landing-mode';

export type HomeListing = paths['/api/Home/Listings']['get']['responses'][200]['content']['application/json'][number];

export const latestListingsQueryOptions = ({ sellType, limit }: { sellType: SellType; limit?: number }) =>
  queryOptions({
    queryKey: ['home', 'listings', sellType, limit ?? null],
    queryFn: async ({ signal }) =>
      unwrap(
        'GET /api/Home/Listings',
        await apiClient.GET('/api/Home/Listings', { params: { query: { SellType: sellType, Limit: limit } }, signal }),
      ),
    staleTime: 60_000,
  });
