import { useQuery } from '@tanstack/react-query';
import { fetchValuation, retryServerErrors, type Valuation } from '@/entities/valuation';

/**
 * The valuation the comparables search stored, for steps 13 and 38 (the wizard's session owns
 * it: it asked for it). Without an id, nothing is fetched and the views show what the
 * answers carry.
 */
export function useValuationDetails(id: number | null | undefined) {
  return useQuery<Valuation>({
    queryKey: valuationDetailsKey(id ?? null),
    queryFn: ({ signal }) => fetchValuation(id as number, signal),
    enabled: typeof id === 'number',
    // A valuation is stored as it was given: it never changes.
    staleTime: Infinity,
    retry: retryServerErrors,
  });
}

/** The cache key of a valuation in the wizard: the process that made it puts it there, so 13 and 38 ask nothing. */
export function valuationDetailsKey(id: number | null) {
  return ['valuation', id, 'wizard'] as const;
}
