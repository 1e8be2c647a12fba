import type { Tx } from '../../db/database';
import type { orders } from '../../db/schema';
import { applyPaidOrder } from '../listing-drafts/paid-order';

/** An order as the transaction that marked it paid sees it (status 'paid', paid_at and payment_reference set). */
export type PaidOrder = typeof orders.$inferSelect;

/**
 * What a paid order does, run inside the transaction that marks it paid (the order's row is
 * locked there): if this throws, the order stays pending and the provider's notification is
 * answered with an error, so the provider sends it again. It runs exactly once per order,
 * whether the order was paid at once (nothing to pay) or by a provider's outcome.
 *
 * The listing module's effects (listing-drafts/paid-order.ts): the plan set (flexible for 9),
 * first row (1: `highlighted_until`) and Premium (8: `premium_until`), 30 days a unit, and the
 * draft published when its path is complete up to the publication. Keep it to writes in `tx`:
 * no mail or HTTP call here (queue a job in the same transaction for those).
 */
export async function onOrderPaid(tx: Tx, order: PaidOrder): Promise<void> {
  await applyPaidOrder(tx, order);
}
