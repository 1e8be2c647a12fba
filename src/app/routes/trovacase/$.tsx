import { createFileRoute, notFound } from '@tanstack/react-router';
import type { SearchParams } from '@domain/search';
import { useMemo } from 'react';
import { SearchUnavailablePage, TooManyRequestsPage } from '@/pages/error';
import {
  PLACE_KEYS,
  SearchResultsPage,
  cleanSearch,
  parseSeoSlug,
  resolveSeoPlace,
  routeSearch,
  validateResultsSearch,
  type ResultsRoute,
  type SearchRefusal,
} from '@/pages/search-results';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';
import { loadResults } from '../../lib/results-loader';
import { resultsHeaders, type ResultsLoad } from '../../lib/results-headers';

/** The page's search, or, when its place could not be looked up (429, 503), only the status it answers with. */
type SeoLoad = ({ route: ResultsRoute } & ResultsLoad) | { route?: undefined; status: SearchRefusal };

/**
 * SEO search pages: /trovacase/vendita/case/milano, /trovacase/affitto/bilocali/roma/centro-storico.
 * The slug's place is found with the place search; a slug that names nothing is a 404. A place
 * search the API refused (the visitor's limit: 429; too slow: 503) is no answer: the page answers
 * that status with the Italian page that says so, never a 404 for a place that may exist.
 */
export const Route = createFileRoute('/trovacase/$')({
  staticData: { homeTypes: ACCEPTS.seekers, defaultHomeType: HOME_TYPE.BUYER, footerSeo: 'expanded' },
  validateSearch: validateResultsSearch,
  loaderDeps: ({ search }) => ({ search }),
  headers: resultsHeaders,
  loader: async ({ context, params, deps, cause }): Promise<SeoLoad> => {
    const slug = parseSeoSlug(params._splat);
    if (!slug) throw notFound();
    const place = slug.place ? await resolveSeoPlace(context.queryClient, slug.place, slug.district) : {};
    if (typeof place === 'number') return { status: place };
    if (!place) throw notFound();
    const found = cleanSearch(place);
    const fixed: Partial<SearchParams> = { SellType: slug.sellType, ...(slug.type ? { Type: slug.type } : {}) };
    for (const key of PLACE_KEYS) if (found[key] !== undefined) (fixed as Record<string, unknown>)[key] = found[key];
    const route: ResultsRoute = {
      kind: 'seo',
      path: `/trovacase/${slug.sellType === 2 ? 'affitto' : 'vendita'}${slug.type ? `/${slug.type}` : ''}${slug.place ? `/${slug.place}` : ''}${slug.district ? `/${slug.district}` : ''}`,
      fixed,
    };
    const load = await loadResults(context.queryClient, routeSearch(route, deps.search), cause);
    return { route, ...load };
  },
  component: RouteComponent,
});

function RouteComponent() {
  const load = Route.useLoaderData();
  if (!load.route) return load.status === 429 ? <TooManyRequestsPage inPlace /> : <SearchUnavailablePage />;
  return <SeoResults route={load.route} refused={load.status} />;
}

function SeoResults({ route, refused }: { route: ResultsRoute; refused?: SearchRefusal }) {
  const search = Route.useSearch();
  const params = useMemo(() => routeSearch(route, search), [route, search]);
  return <SearchResultsPage route={route} params={params} refused={refused} />;
}
