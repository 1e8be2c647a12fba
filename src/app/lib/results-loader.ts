import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { SearchParams } from '@domain/search';
import { prefetchSearchResults } from '@/pages/search-results';
import type { ResultsLoad } from './results-headers';

/**
 * The loader of every results route. Entering the page (and on the server) it waits for the
 * first page of results, so the HTML holds the list, and an unknown place is the 404 page.
 * A new filter on the same page ('stay') does not wait: the page shows the previous list,
 * marked as updating, until the new one arrives.
 */
export async function loadResults(
  queryClient: QueryClient,
  params: SearchParams,
  cause: 'enter' | 'stay' | 'preload',
): Promise<ResultsLoad> {
  const pending = prefetchSearchResults(queryClient, params);
  if (cause === 'stay' && typeof window !== 'undefined') {
    void pending.catch(() => undefined);
    return {};
  }
  const outcome = await pending;
  if (outcome === 'unknown') throw notFound();
  return outcome === 'found' ? {} : { status: outcome };
}
