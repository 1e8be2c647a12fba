import { SELL_TYPE } from '../../db/reference-ids';

/** Wizard steps a payment comes back to (design/wizard-flow.md): 33 last payment success, 28 value ladder. */
export const PAID_STEP = 33;
export const NOT_PAID_STEP = 28;

/**
 * The wizard page the buyer comes back to after the payment page:
 * `/annuncio/{vendocasa|affittocasa}/{propertyId}/{gotostep}/{orderId}`, at 33 when the order
 * is paid and at 28 (the value ladder, to try again or choose otherwise) when it is not.
 */
export function wizardReturnPath(order: { id: number; propertyId: number | null; sellTypeId: number | null; paid: boolean }): string {
  if (order.propertyId === null) return '/myrexer/annunci';
  const kind = order.sellTypeId === SELL_TYPE.rent ? 'affittocasa' : 'vendocasa';
  return `/annuncio/${kind}/${order.propertyId}/${order.paid ? PAID_STEP : NOT_PAID_STEP}/${order.id}`;
}
