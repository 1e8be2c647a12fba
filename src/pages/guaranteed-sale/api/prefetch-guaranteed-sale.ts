import type { QueryClient } from '@tanstack/react-query';
import { catalogueQueryOptions } from '@/features/buy-service';

/**
 * The catalogue, loaded with the route, so the server's page carries the service's price. A
 * failure is the page's to show (it reads without a price), not a reason to fail the navigation.
 */
export async function prefetchGuaranteedSale(queryClient: QueryClient): Promise<void> {
  await queryClient.ensureQueryData(catalogueQueryOptions()).catch(() => undefined);
}
