import type { QueryClient } from '@tanstack/react-query';
import { citiesQueryOptions } from '@/shared/api';

/**
 * The landing's cities, loaded with the route so the page renders with them; a failure is
 * the page's to show (it degrades to the search box), not a reason to fail the navigation.
 */
export async function prefetchCities(queryClient: QueryClient, sellType: 1 | 2): Promise<void> {
  await queryClient.ensureQueryData(citiesQueryOptions({ sellType })).catch(() => undefined);
}
