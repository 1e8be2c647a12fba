import { createFileRoute } from '@tanstack/react-router';
import { routeSearch } from '@/pages/search-results';
import { loadResults } from '../../../../../lib/results-loader';
import { townResultsOptions, townRoute } from '../../../../../lib/town-results';
import { TownResultsPage } from '../../../../../lib/town-results-page';

/** Sale results in a municipality: /vendita/{type}/{province}/{town}/{ISTAT code} (its twin and their shared part: lib/town-results.ts). */
export const Route = createFileRoute('/vendita/$type/$prov/$name/$id')({
  ...townResultsOptions(1),
  loader: ({ context, params, deps, cause }) =>
    loadResults(context.queryClient, routeSearch(townRoute(1, params), deps.search), cause),
  component: RouteComponent,
});

function RouteComponent() {
  return (
    <TownResultsPage sellType={1} path={Route.useParams()} search={Route.useSearch()} load={Route.useLoaderData()} />
  );
}
