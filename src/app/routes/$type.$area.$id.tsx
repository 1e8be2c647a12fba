import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { SearchResultsPage, routeSearch, validateResultsSearch, type ResultsRoute } from '@/pages/search-results';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../config/route-static-data';
import { loadResults } from '../lib/results-loader';
import { resultsHeaders } from '../lib/results-headers';
import { numericIdSchema, paramsShape, requireParams, segmentSchema, typeSlugSchema } from '../lib/route-params';

const paramsSchema = paramsShape({ type: typeSlugSchema, area: segmentSchema, id: numericIdSchema });

/** District results (/case/porta-romana/12: the name for people, the district's id). Only the property-type slugs match here; any other URL of this shape is a 404. */
export const Route = createFileRoute('/$type/$area/$id')({
  staticData: { homeTypes: ACCEPTS.seekers, defaultHomeType: HOME_TYPE.BUYER, footerSeo: 'expanded' },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  validateSearch: validateResultsSearch,
  loaderDeps: ({ search }) => ({ search }),
  headers: resultsHeaders,
  loader: ({ context, params, deps, cause }) =>
    loadResults(
      context.queryClient,
      routeSearch({ kind: 'district', type: params.type, area: params.area, id: Number(params.id) }, deps.search),
      cause,
    ),
  component: RouteComponent,
});

function RouteComponent() {
  const path = Route.useParams();
  const search = Route.useSearch();
  const { status: refused } = Route.useLoaderData();
  const route = useMemo<ResultsRoute>(
    () => ({ kind: 'district', type: path.type, area: path.area, id: Number(path.id) }),
    [path],
  );
  const params = useMemo(() => routeSearch(route, search), [route, search]);
  return <SearchResultsPage route={route} params={params} refused={refused} />;
}
