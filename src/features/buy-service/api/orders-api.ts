import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type components } from '@/shared/api';

// The calls of server/modules/orders: the catalogue (public, cached by the server for a
// day), creating an order with its Idempotency-Key, and reading one of mine.

export type Catalogue = components['schemas']['OrderCatalogue'];
export type CataloguePlan = components['schemas']['CataloguePlan'];
export type CatalogueProduct = components['schemas']['CatalogueServiceProduct'];
export type Order = components['schemas']['Order'];
export type OrderStatus = components['schemas']['OrderStatus'];
export type CreateOrderRequest = components['schemas']['CreateOrderRequest'];

export const ORDERS_KEY = ['orders'] as const;

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'catalogue'] as const,
    queryFn: async ({ signal }): Promise<Catalogue> =>
      unwrap('GET /api/Order/Catalogue', await apiClient.GET('/api/Order/Catalogue', { signal })),
    // Prices change with a release, not while a page is open.
    staleTime: 60 * 60 * 1000,
  });

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'one', id] as const,
    queryFn: async ({ signal }): Promise<Order> =>
      unwrap('GET /api/Order/{id}', await apiClient.GET('/api/Order/{id}', { params: { path: { id } }, signal })),
    staleTime: 0,
  });

/** Creates the order (or answers the one this key made already: a double click, a reload). */
export async function createOrder(request: CreateOrderRequest, idempotencyKey: string): Promise<Order> {
  return unwrap(
    'POST /api/Order',
    await apiClient.POST('/api/Order', { params: { header: { 'idempotency-key': idempotencyKey } }, body: request }),
  );
}

export type ListingOrders = components['schemas']['ListingOrders'];

/** The orders of one of my listings, newest first (GET /api/Property/{id}/Orders). */
export const listingOrdersQueryOptions = (listingId: number) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'listing', listingId] as const,
    queryFn: async ({ signal }): Promise<Order[]> =>
      unwrap(
        'GET /api/Property/{id}/Orders',
        await apiClient.GET('/api/Property/{id}/Orders', { params: { path: { id: listingId } }, signal }),
      ).Items,
    staleTime: 0,
  });
