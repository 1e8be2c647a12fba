import { nextStatus } from '../../../machines/listing-status.machine';
import { isReadyToPublish } from '@domain/wizard-steps';
import type { Tx } from '../../db/database';
import { PLAN_TYPE, PROPERTY_STATUS, SERVICE_PRODUCT } from '../../db/reference-ids';
import type { orders } from '../../db/schema';
import { lockListing, orderItemsOf, paidOrdersOf, updateListing, userOf } from './repository';
import { accountOf, answersOf, factsOf, flowOf, orderCoversChoice, type PropertyChanges } from './wizard';

/** How long one unit of first row (1) or Premium (8) lasts. */
export const SERVICE_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

/** A period added after what is left of the running one, or from `now`. */
function extended(until: Date | null, now: Date, units: number): Date {
  const from = until !== null && until.getTime() > now.getTime() ? until.getTime() : now.getTime();
  return new Date(from + units * SERVICE_PERIOD_MS);
}

/**
 * What a paid order does to its listing (orders' onOrderPaid runs it in the transaction that
 * marks the order paid, with the order's row locked; the listing's row is locked here):
 * - its plan becomes the listing's plan; the flexible plan bought later (9) makes it flexible;
 * - first row (1) sets `highlighted_until`, Premium (8) `premium_until`: 30 days a unit, after
 *   what is left of a running period;
 * - a draft whose path is then complete up to the publication (isReadyToPublish: the paid order
 *   covers the choice of step 28) is published through the status machine (PUBLISH). A draft
 *   that is not ready stays a draft: the wizard publishes it once it is (the order stays paid).
 * A sold or deleted listing, or one that is no longer the buyer's, takes nothing. Writes only.
 */
export async function applyPaidOrder(tx: Tx, order: typeof orders.$inferSelect): Promise<void> {
  if (order.propertyId === null) return;
  const row = await lockListing(tx, order.propertyId);
  if (!row || row.ownerUserId !== order.userId) return;
  if (row.statusId === PROPERTY_STATUS.sold || row.statusId === PROPERTY_STATUS.deleted) return;
  const now = order.paidAt ?? new Date();
  const items = await orderItemsOf(tx, order.id);
  const units = (product: number) =>
    items.filter((i) => i.productId === product).reduce((sum, i) => sum + i.quantity, 0);

  const changes: PropertyChanges = {};
  if (order.planTypeId !== null) changes.planTypeId = order.planTypeId;
  if (units(SERVICE_PRODUCT.flexible) > 0) changes.planTypeId = PLAN_TYPE.flexible;
  if (units(SERVICE_PRODUCT.first_row) > 0)
    changes.highlightedUntil = extended(row.highlightedUntil, now, units(SERVICE_PRODUCT.first_row));
  if (units(SERVICE_PRODUCT.upgrade) > 0)
    changes.premiumUntil = extended(row.premiumUntil, now, units(SERVICE_PRODUCT.upgrade));

  const flow = flowOf(row.sellTypeId);
  if (row.statusId === PROPERTY_STATUS.incomplete && flow !== 'valuation') {
    const owner = await userOf(tx, row.ownerUserId);
    const answers = answersOf(row);
    const orderPaid = orderCoversChoice(answers, await paidOrdersOf(tx, row.id));
    if (owner && isReadyToPublish(flow, answers, factsOf(row, accountOf(owner), orderPaid))) {
      changes.statusId = nextStatus(PROPERTY_STATUS.incomplete, 'PUBLISH')!;
      changes.publishedAt = now;
    }
  }
  if (Object.keys(changes).length > 0) await updateListing(tx, row.id, changes);
}
