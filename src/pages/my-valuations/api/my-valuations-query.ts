import { infiniteQueryOptions } from '@tanstack/react-query';
import { fetchMyValuations, retryServerErrors } from '@/entities/valuation';

/** The signed-in user's valuations, 20 a page, newest first; keyed by the account. */
export const myValuationsQueryOptions = (username: string | null) =>
  infiniteQueryOptions({
    queryKey: ['user', 'valuations', username],
    queryFn: ({ pageParam, signal }) => fetchMyValuations(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.NextBefore ?? undefined,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
