import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { CheckoutLine, PaymentProvider } from '../../payments';
import {
  claimCheckout,
  findOrderRow,
  orderDetail,
  releaseCheckoutClaim,
  storeCheckout,
  type OrderDetail,
  type OrderRow,
} from './repository';
import { returnPathOf } from './return-url';

export interface CheckoutDeps {
  db: Db;
  provider: PaymentProvider | null;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** How long a request waits for the checkout another request is creating for the same order. */
const WAIT_FOR_OTHER_MS = 15_000;

/** The lines the payment page shows: the plan (when it costs something) and each product. */
export function checkoutLines(detail: OrderDetail): CheckoutLine[] {
  const itemsTotal = detail.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const planPrice = detail.order.amountCents - itemsTotal;
  const lines: CheckoutLine[] = [];
  if (planPrice > 0)
    lines.push({ name: `Piano ${detail.planName ?? ''}`.trim(), quantity: 1, unitAmountCents: planPrice });
  for (const line of detail.lines)
    lines.push({ name: line.name, quantity: line.quantity, unitAmountCents: line.unitPriceCents });
  return lines;
}

/** Closes a checkout nobody was given; a failure is logged (its URL never left this server). */
async function closeQuietly(
  deps: CheckoutDeps,
  provider: PaymentProvider,
  orderId: number,
  reference: string,
): Promise<void> {
  try {
    await provider.closeCheckout(reference);
  } catch (error) {
    deps.log.error(
      { err: error, orderId },
      'orders: a surplus checkout could not be closed at the provider (its URL was never given out)',
    );
  }
}

/**
 * The order's checkout, created once: a pending order without one gets one from the provider,
 * a second request at the same moment waits for the first's (never two checkouts for an
 * order), a paid or closed order gets none. When the provider fails, the claim is given back
 * and the caller answers PaymentProviderUnavailable: the client retries with the same
 * Idempotency-Key.
 */
export async function ensureCheckout(
  deps: CheckoutDeps,
  order: OrderRow,
  customerEmail: string | null,
): Promise<OrderRow> {
  if (order.status !== 'pending' || order.checkoutReference !== null) return order;
  const { provider } = deps;
  if (!provider || order.paymentProvider !== provider.name)
    throw new AppError('PaymentProviderUnavailable', {
      message: `order ${order.id} is for provider ${order.paymentProvider ?? 'none'}`,
    });
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  for (;;) {
    const claimedAt = new Date();
    const claimed = await claimCheckout(deps.db, order.id, claimedAt);
    if (claimed) {
      const detail = await orderDetail(deps.db, claimed);
      const back = (paid: boolean) => `${deps.publicUrl}${returnPathOf(detail, paid)}`;
      let checkout;
      try {
        checkout = await provider.createCheckout({
          id: claimed.id,
          amountCents: claimed.amountCents,
          currency: claimed.currency,
          lines: checkoutLines(detail),
          customerEmail,
          successUrl: back(true),
          cancelUrl: back(false),
          attemptKey: `rexer-order-${claimed.id}-${claimedAt.getTime()}`,
        });
      } catch (error) {
        await releaseCheckoutClaim(deps.db, claimed.id, claimedAt);
        deps.log.warn({ err: error, orderId: claimed.id }, 'orders: the payment provider did not open a checkout');
        throw new AppError('PaymentProviderUnavailable', { cause: error });
      }
      const stored = await storeCheckout(deps.db, claimed.id, checkout, new Date());
      if (stored) return stored;
      // Cancelled meanwhile (replaced by another order), or another request's checkout was
      // stored first (this claim outlived its lease): this one must never be paid.
      await closeQuietly(deps, provider, claimed.id, checkout.reference);
      return (await findOrderRow(deps.db, claimed.id)) ?? claimed;
    }
    const current = await findOrderRow(deps.db, order.id);
    if (!current || current.status !== 'pending' || current.checkoutReference !== null) return current ?? order;
    if (Date.now() > deadline)
      throw new AppError('PaymentProviderUnavailable', {
        message: `order ${order.id}: another request is still opening its checkout`,
      });
    await sleep(100);
  }
}
