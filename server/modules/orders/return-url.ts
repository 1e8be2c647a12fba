import { SELL_TYPE } from '../../db/reference-ids';
import type { OrderDetail } from './repository';

/** Wizard steps a payment comes back to (docs/wizard-flow.md): 33 last payment success, 28 value ladder. */
export const PAID_STEP = 33;
export const NOT_PAID_STEP = 28;

/** The slug of a listing's services in MyRexer (/myrexer/annuncio/{id}/servizi). */
export const SERVICES_SLUG = 'servizi';

/** What the way back depends on. */
export interface ReturnOf {
  id: number;
  propertyId: number | null;
  sellTypeId: number | null;
  paid: boolean;
  /** Where the purchase was made (orders.origin). */
  origin: 'wizard' | 'myrexer';
  /** The service products of the order. */
  serviceIds: readonly number[];
}

/**
 * The wizard page the buyer comes back to after the payment page:
 * `/annuncio/{vendocasa|affittocasa}/{propertyId}/{gotostep}/{orderId}`, at 33 when the order
 * is paid and at 28 (the value ladder, to try again or choose otherwise) when it is not.
 */
export function wizardReturnPath(order: {
  id: number;
  propertyId: number | null;
  sellTypeId: number | null;
  paid: boolean;
}): string {
  if (order.propertyId === null) return '/myrexer/annunci';
  const kind = order.sellTypeId === SELL_TYPE.rent ? 'affittocasa' : 'vendocasa';
  return `/annuncio/${kind}/${order.propertyId}/${order.paid ? PAID_STEP : NOT_PAID_STEP}/${order.id}`;
}

/**
 * Where the buyer comes back to: the wizard for a purchase made at step 28; for one made from
 * MyRexer, the service's page (`/myrexer/annuncio/{propertyId}/servizi/{serviceId}?ordine={orderId}`,
 * or the listing's services for an order of several), which reads the order's outcome itself.
 */
export function returnPath(order: ReturnOf): string {
  if (order.origin !== 'myrexer' || order.propertyId === null) return wizardReturnPath(order);
  const services = `/myrexer/annuncio/${order.propertyId}/${SERVICES_SLUG}`;
  const [only, ...more] = order.serviceIds;
  return `${only !== undefined && more.length === 0 ? `${services}/${only}` : services}?ordine=${order.id}`;
}

/** The way back of an order with its lines: paid when it says so, unless told (a checkout's success and cancel URLs). */
export function returnPathOf(detail: OrderDetail, paid: boolean = detail.order.status === 'paid'): string {
  const { order } = detail;
  return returnPath({
    id: order.id,
    propertyId: order.propertyId,
    sellTypeId: detail.sellTypeId,
    paid,
    origin: order.origin,
    serviceIds: detail.lines.map((line) => line.serviceProductId),
  });
}
