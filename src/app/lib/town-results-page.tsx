import { useMemo } from 'react';
import { SearchResultsPage, routeSearch } from '@/pages/search-results';
import type { ResultsLoad } from './results-headers';
import { townRoute, type TownPath, type TownSellType } from './town-results';

/** The component of a municipality's results route (town-results.ts), given what its route's hooks read. */
export function TownResultsPage({
  sellType,
  path,
  search,
  load,
}: {
  sellType: TownSellType;
  path: TownPath;
  search: Record<string, unknown>;
  load: ResultsLoad;
}) {
  const route = useMemo(() => townRoute(sellType, path), [sellType, path]);
  const params = useMemo(() => routeSearch(route, search), [route, search]);
  return <SearchResultsPage route={route} params={params} province={path.prov} refused={load.status} />;
}
