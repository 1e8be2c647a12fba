import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { SearchResultsPage, routeSearch, validateResultsSearch, type ResultsRoute } from '@/pages/search-results';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../config/route-static-data';
import { loadResults } from '../lib/results-loader';
import { resultsHeaders } from '../lib/results-headers';
import { paramsShape, provinceSlugSchema, requireParams, typeSlugSchema } from '../lib/route-params';

const paramsSchema = paramsShape({ type: typeSlugSchema, prov: provinceSlugSchema });

/** Province results (/case/milano): sale unless the query asks for rent. Only the property-type slugs match here; any other URL of this shape is a 404. */
export const Route = createFileRoute('/$type/$prov')({
  staticData: { homeTypes: ACCEPTS.seekers, defaultHomeType: HOME_TYPE.BUYER, footerSeo: 'expanded' },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  validateSearch: validateResultsSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, params, deps, cause }) =>
    loadResults(
      context.queryClient,
      routeSearch({ kind: 'province', type: params.type, prov: params.prov }, deps.search),
      cause,
    ),
  headers: resultsHeaders,
  component: RouteComponent,
});

function RouteComponent() {
  const path = Route.useParams();
  const search = Route.useSearch();
  const { status: refused } = Route.useLoaderData();
  const route = useMemo<ResultsRoute>(() => ({ kind: 'province', type: path.type, prov: path.prov }), [path]);
  const params = useMemo(() => routeSearch(route, search), [route, search]);
  return <SearchResultsPage route={route} params={params} province={path.prov} refused={refused} />;
}
