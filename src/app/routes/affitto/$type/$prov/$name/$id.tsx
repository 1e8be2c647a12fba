import { createFileRoute } from '@tanstack/react-router';
import { routeSearch } from '@/pages/search-results';
import { loadResults } from '../../../../../lib/results-loader';
import { townResultsOptions, townRoute } from '../../../../../lib/town-results';
import { TownResultsPage } from '../../../../../lib/town-results-page';

/** Rent results in a municipality: /affitto/{type}/{province}/{town}/{ISTAT code} (its twin and their shared part: lib/town-results.ts). */
export const Route = createFileRoute('/affitto/$type/$prov/$name/$id')({
  ...townResultsOptions(2),
  loader: ({ context, params, deps, cause }) =>
    loadResults(context.queryClient, routeSearch(townRoute(2, params), deps.search), cause),
  component: RouteComponent,
});

function RouteComponent() {
  return (
    <TownResultsPage sellType={2} path={Route.useParams()} search={Route.useSearch()} load={Route.useLoaderData()} />
  );
}
