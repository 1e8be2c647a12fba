import { queryOptions } from '@tanstack/react-query';
import { ensureSession, type SessionView } from '@/entities/session';
import { fetchValuation, retryServerErrors, type Valuation } from '@/entities/valuation';

/**
 * One valuation, for its owner. A visitor without a session first gets the anonymous one (a
 * returning visitor's is reused, as for favourites): whoever is not the owner then meets the
 * API's 404, never a missing token.
 */
export const valuationQueryOptions = (id: number, session: Pick<SessionView, 'isLoggedIn' | 'username'>) =>
  queryOptions({
    queryKey: ['valuation', id, session.isLoggedIn ? session.username : null],
    queryFn: async ({ signal }): Promise<Valuation> => {
      await ensureSession(session.isLoggedIn);
      return fetchValuation(id, signal);
    },
    // A valuation is kept as it was given: it never changes.
    staleTime: Infinity,
    retry: retryServerErrors,
  });
