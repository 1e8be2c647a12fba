import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '@/shared/api';
import { createOrder, ORDERS_KEY, type Order } from '../api/orders-api';
import { forgetOrderKeys, orderKeyFor, type OrderLineRequest } from './order-key';

/** Sends the browser to the provider's payment page (a full navigation: it is not a page of the app). */
export type OpenPaymentPage = (url: string) => void;

const openInThisTab: OpenPaymentPage = (url) => window.location.assign(url);

/** An order already settled answers a kept key: the purchase starts again with a new one. */
function isSettled(order: Order): boolean {
  return order.Status === 'failed' || order.Status === 'cancelled' || order.Status === 'refunded';
}

const KNOWN_ERRORS = [
  'PaymentProviderUnavailable',
  'PaymentInProgress',
  'OrderLimitReached',
  'PropertyNotFound',
  'InvalidOrder',
  'Conflict',
] as const;

/** The translation key (namespace buy-service) of a failed purchase. */
export function buyErrorKey(error: unknown): string {
  const type = error instanceof ApiError ? error.body?.ExceptionTypeString : undefined;
  return type && (KNOWN_ERRORS as readonly string[]).includes(type) ? `buy.errors.${type}` : 'buy.errors.generic';
}

/**
 * The order of a purchase from MyRexer (POST /api/Order, Origin 'myrexer') under the purchase's
 * kept Idempotency-Key. A key that already belongs to a settled order (refused, cancelled) or
 * to another purchase starts over with a new one.
 */
async function orderServices(listingId: number, lines: OrderLineRequest[]): Promise<Order> {
  const request = { PropertyId: listingId, ServiceProducts: lines, Origin: 'myrexer' as const };
  let order: Order;
  try {
    order = await createOrder(request, orderKeyFor(listingId, lines));
  } catch (error) {
    if (!(error instanceof ApiError && error.body?.ExceptionTypeString === 'IdempotencyKeyReused')) throw error;
    forgetOrderKeys(listingId);
    order = await createOrder(request, orderKeyFor(listingId, lines));
  }
  if (!isSettled(order)) return order;
  forgetOrderKeys(listingId);
  return createOrder(request, orderKeyFor(listingId, lines));
}

export interface BuyServiceOptions {
  openPaymentPage?: OpenPaymentPage;
  /** An order with nothing to pay is paid at once. */
  onPaid?: (order: Order) => void;
}

/**
 * Buying services for a published listing from MyRexer: the order, then the provider's
 * payment page, which sends the buyer back to the service's page with `?ordine=`. `busy` holds
 * from the click until the browser has left, so the purchase cannot start twice; a second
 * click before the button re-renders joins the one under way.
 */
export function useBuyService(listingId: number, { openPaymentPage = openInThisTab, onPaid }: BuyServiceOptions = {}) {
  const queryClient = useQueryClient();
  const inFlight = useRef<Promise<Order> | null>(null);
  const mutation = useMutation({
    mutationFn: (lines: OrderLineRequest[]): Promise<Order> => {
      inFlight.current ??= orderServices(listingId, lines).finally(() => {
        inFlight.current = null;
      });
      return inFlight.current;
    },
    onSuccess: async (order) => {
      if (order.Status === 'pending' && order.PaymentUrl) {
        // The key is kept until the order has an outcome: a reload before the page opens pays the same order.
        openPaymentPage(order.PaymentUrl);
        return;
      }
      forgetOrderKeys(listingId);
      await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      if (order.Status === 'paid') onPaid?.(order);
    },
  });
  const { reset } = mutation;

  // Back by the browser's Back button, the page restored as it was left: the purchase can start again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);

  const leaving = mutation.isSuccess && mutation.data.Status === 'pending' && mutation.data.PaymentUrl !== null;
  return { buy: mutation.mutate, busy: mutation.isPending || leaving, error: mutation.error };
}
