import { useQuery } from '@tanstack/react-query';
import { fetchValuation, retryServerErrors, type Valuation } from '@/entities/valuation';

/**
 * The valuation the comparables search stored, for steps 13 and 38 (the wizard's session owns
 * it: it asked for it). Without an id, nothing is fetched and the views show what the
 * answers carry.
 */
export function useValuationDetails(id: number | null | undefined) {
  return useQuery<Valuation>({
    queryKey: ['valuation', id ?? null, 'wizard'],
    queryFn: ({ signal }) => fetchValuation(id as number, signal),
    enabled: typeof id === 'number',
    // A valuation is stored as it was given: it never changes.
    staleTime: Infinity,
    retry: retryServerErrors,
  });
}
