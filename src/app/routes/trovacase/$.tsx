import { createFileRoute, notFound } from '@tanstack/react-router';
import type { SearchParams } from '@domain/search';
import { useMemo } from 'react';
import { PLACE_KEYS, SearchResultsPage, cleanSearch, parseSeoSlug, resolveSeoPlace, routeSearch, validateResultsSearch, type ResultsRoute } from '@/pages/search-results';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';
import { loadResults } from '../../lib/results-loader';
import { resultsHeaders } from '../../lib/results-headers';

/**
 * SEO search pages: /trovacase/vendita/case/milano, /trovacase/affitto/bilocali/roma/centro-storico.
 * The slug's place is found with the place search; a slug that names nothing is a 404.
 */
export const Route = createFileRoute('/trovacase/$')({
  staticData: { homeTypes: ACCEPTS.seekers, defaultHomeType: HOME_TYPE.BUYER, footerSeo: 'expanded' },
  validateSearch: validateResultsSearch,
  loaderDeps: ({ search }) => ({ search }),
  headers: resultsHeaders,
  loader: async ({ context, params, deps, cause }) => {
    const slug = parseSeoSlug(params._splat);
    if (!slug) throw notFound();
    const place = slug.place ? await resolveSeoPlace(context.queryClient, slug.place, slug.district) : {};
    if (!place) throw notFound();
    const found = cleanSearch(place);
    const fixed: Partial<SearchParams> = { SellType: slug.sellType, ...(slug.type ? { Type: slug.type } : {}) };
    for (const key of PLACE_KEYS) if (found[key] !== undefined) (fixed as Record<string, unknown>)[key] = found[key];
    const route: ResultsRoute = { kind: 'seo', path: `/trovacase/${slug.sellType === 2 ? 'affitto' : 'vendita'}${slug.type ? `/${slug.type}` : ''}${slug.place ? `/${slug.place}` : ''}${slug.district ? `/${slug.district}` : ''}`, fixed };
    const load = await loadResults(context.queryClient, routeSearch(route, deps.search), cause);
    return { route, ...load };
  },
  component: RouteComponent,
});

function RouteComponent() {
  const { route } = Route.useLoaderData();
  const search = Route.useSearch();
  const params = useMemo(() => routeSearch(route, search), [route, search]);
  return <SearchResultsPage route={route} params={params} />;
}
