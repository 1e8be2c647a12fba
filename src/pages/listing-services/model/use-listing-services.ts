import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  catalogueQueryOptions,
  listingOrdersQueryOptions,
  ORDERS_KEY,
  servicesFor,
  pendingOrderOf,
} from '@/features/buy-service';
import { ApiError } from '@/shared/api';
import { serviceListingQueryOptions } from '../api/listing-api';

/**
 * A listing of mine with the services it can buy: the listing, the catalogue and the
 * listing's orders, read together. `refresh` reads the listing and its orders again (after a
 * payment's outcome: new periods, a new plan).
 */
export function useListingServices(id: number) {
  const queryClient = useQueryClient();
  const [listing, catalogue, orders] = useQueries({
    queries: [serviceListingQueryOptions(id), catalogueQueryOptions(), listingOrdersQueryOptions(id)],
  });
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['user', 'my-listings'] }),
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
      ]),
    [queryClient],
  );
  const notFound = [listing.error, orders.error].some((error) => error instanceof ApiError && error.status === 404);
  const failed = !notFound && (listing.isError || catalogue.isError || orders.isError);
  const ready =
    listing.data && catalogue.data && orders.data
      ? { listing: listing.data, catalogue: catalogue.data, orders: orders.data }
      : null;
  const offers = ready ? servicesFor(ready.catalogue, ready.listing, ready.orders) : [];
  const pending = ready ? pendingOrderOf(ready.orders) : null;
  const retry = () => Promise.all([listing.refetch(), catalogue.refetch(), orders.refetch()]);
  return { listing: listing.data, ready, offers, pending, notFound, failed, retry, refresh };
}
