import type { QueryClient } from '@tanstack/react-query';
import { citiesQueryOptions } from '@/shared/api';
import { LISTINGS_SHOWN, MODE_CONFIG, type LandingMode } from '../model/landing-mode';
import { latestListingsQueryOptions } from './listing-queries';

/**
 * What a landing shows from the API, loaded with its route, so the page (on the server, its
 * first response) renders with the cities and the latest listings. A failure is the page's to
 * show (each block degrades on its own), not a reason to fail the navigation.
 */
export async function prefetchLanding(queryClient: QueryClient, mode: LandingMode): Promise<void> {
  const { sellType } = MODE_CONFIG[mode];
  await Promise.all([
    queryClient.ensureQueryData(citiesQueryOptions({ sellType })).catch(() => undefined),
    queryClient.ensureQueryData(latestListingsQueryOptions({ sellType, limit: LISTINGS_SHOWN })).catch(() => undefined),
  ]);
}
