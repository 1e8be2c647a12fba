import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { SearchResultsPage, routeSearch, validateResultsSearch, type ResultsRoute } from '@/pages/search-results';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../config/route-static-data';
import { loadResults } from '../lib/results-loader';
import { resultsHeaders } from '../lib/results-headers';

const ROUTE: ResultsRoute = { kind: 'query' };

/** Results of any search, the whole search in the query (the same keys as the API's). */
export const Route = createFileRoute('/ricerca')({
  staticData: { homeTypes: ACCEPTS.seekers, defaultHomeType: HOME_TYPE.BUYER, footerSeo: 'expanded' },
  validateSearch: validateResultsSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps, cause }) => loadResults(context.queryClient, routeSearch(ROUTE, deps.search), cause),
  headers: resultsHeaders,
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const { status: refused } = Route.useLoaderData();
  const params = useMemo(() => routeSearch(ROUTE, search), [search]);
  return <SearchResultsPage route={ROUTE} params={params} refused={refused} />;
}
