import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type components } from '@/shared/api';

/** What waits for the user on MyRexer's home (GET /api/User/Overview). */
export type MyRexerOverview = components['schemas']['MyRexerOverview'];

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'overview'] as const,
    queryFn: async ({ signal }): Promise<MyRexerOverview> =>
      unwrap('GET /api/User/Overview', await apiClient.GET('/api/User/Overview', { signal })),
    staleTime: 15_000,
  });
