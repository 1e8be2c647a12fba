import { pageStatusHeaders } from '@domain/page-rendering';
import type { SearchRefusal } from '@/pages/search-results';

// Apart from results-loader.ts: a route's headers stay in the route tree (the entry), its loader
// travels in a chunk of its own with the search calls it imports.

/** What a results route's loader leaves for its headers and its page: the status of a page that could not search. */
export interface ResultsLoad {
  status?: SearchRefusal;
}

/** The headers of a results route: the status of a page that could not search (429, 503). */
export function resultsHeaders({ loaderData }: { loaderData?: ResultsLoad }): Record<string, string> | undefined {
  return loaderData?.status ? pageStatusHeaders(loaderData.status) : undefined;
}
