import { createFileRoute, notFound } from '@tanstack/react-router';
import { useMemo } from 'react';
import { SearchResultsPage, routeSearch, validateResultsSearch, type ResultsRoute } from '@/pages/search-results';
import type { TypeSlug } from '@/shared/config';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../../../config/route-static-data';
import { loadResults } from '../../../../../lib/results-loader';
import { resultsHeaders } from '../../../../../lib/results-headers';
import { paramsShape, provinceSlugSchema, requireParams, segmentSchema, typeSlugSchema } from '../../../../../lib/route-params';

const paramsSchema = paramsShape({ type: typeSlugSchema, prov: provinceSlugSchema, name: segmentSchema, id: segmentSchema });

/** Sale results in a municipality: /vendita/{type}/{province}/{town}/{ISTAT code}. */
export const Route = createFileRoute('/vendita/$type/$prov/$name/$id')({
  staticData: { homeTypes: ACCEPTS.buyer, defaultHomeType: HOME_TYPE.BUYER, footerSeo: 'expanded' },
  params: {
    parse: (raw) => {
      const params = requireParams(paramsSchema, raw);
      if (!/^\d{6}$/.test(params.id)) throw notFound();
      return params;
    },
  },
  validateSearch: validateResultsSearch,
  loaderDeps: ({ search }) => ({ search }),
  headers: resultsHeaders,
  loader: ({ context, params, deps, cause }) => loadResults(context.queryClient, routeSearch(routeOf(params), deps.search), cause),
  component: RouteComponent,
});

function routeOf(params: { type: TypeSlug; prov: string; name: string; id: string }): ResultsRoute {
  return { kind: 'town', sellType: 1, type: params.type, prov: params.prov, name: params.name, istat: params.id };
}

function RouteComponent() {
  const path = Route.useParams();
  const search = Route.useSearch();
  const { status: refused } = Route.useLoaderData();
  const route = useMemo(() => routeOf(path), [path]);
  const params = useMemo(() => routeSearch(route, search), [route, search]);
  return <SearchResultsPage route={route} params={params} province={path.prov} refused={refused} />;
}
