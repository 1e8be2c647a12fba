import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { pageStatusHeaders, type PageStatus } from '@domain/page-rendering';
import type { SearchParams } from '@domain/search';
import { prefetchSearchResults } from '@/pages/search-results';

/** What a results route's loader leaves for its headers: the status of a page that could not search. */
export interface ResultsLoad {
  status?: PageStatus;
}

/**
 * The loader of every results route. Entering the page (and on the server) it waits for the
 * first page of results, so the HTML holds the list, and an unknown place is the 404 page.
 * A new filter on the same page ('stay') does not wait: the page shows the previous list,
 * marked as updating, until the new one arrives.
 */
export async function loadResults(queryClient: QueryClient, params: SearchParams, cause: 'enter' | 'stay' | 'preload'): Promise<ResultsLoad> {
  const pending = prefetchSearchResults(queryClient, params);
  if (cause === 'stay' && typeof window !== 'undefined') {
    void pending.catch(() => undefined);
    return {};
  }
  const outcome = await pending;
  if (outcome === 'unknown') throw notFound();
  return outcome === 'found' ? {} : { status: outcome };
}

/** The headers of a results route: the status of a page that could not search (429, 503). */
export function resultsHeaders({ loaderData }: { loaderData?: ResultsLoad }): Record<string, string> | undefined {
  return loaderData?.status ? pageStatusHeaders(loaderData.status) : undefined;
}
