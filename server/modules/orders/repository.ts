import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { PROPERTY_STATUS } from '../../db/reference-ids';
import { orderItems, orders, planTypes, properties, serviceProducts } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { FAILPOINTS, failpoint } from '../../lib/failpoint';
import type { Checkout, ParsedOutcome } from '../../payments';
import { onOrderPaid, type PaidOrderContext } from './on-order-paid';
import { ORDER_CURRENCY, priceOrder, type CataloguePlan, type CatalogueProduct, type OrderRequest } from './pricing';

// Orders of the value ladder: every read is scoped to the buyer, every change of status is
// made under the order's row lock, only from pending, once.

export type OrderRow = typeof orders.$inferSelect;

export interface OrderLineRow {
  serviceProductId: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

/** An order with its lines, its plan's name and its listing's sell type (for the wizard's URL). */
export interface OrderDetail {
  order: OrderRow;
  lines: OrderLineRow[];
  planName: string | null;
  sellTypeId: number | null;
}

/** How long one request may hold the right to create an order's checkout before another takes over. */
export const CHECKOUT_CLAIM_MS = 30_000;

/** The plans and the products on sale, in catalogue order. */
export async function loadCatalogue(db: Db | Tx): Promise<{ plans: CataloguePlan[]; products: CatalogueProduct[] }> {
  const [plans, products] = await Promise.all([
    db
      .select({
        id: planTypes.id,
        code: planTypes.code,
        name: planTypes.name,
        description: planTypes.description,
        priceCents: planTypes.priceCents,
      })
      .from(planTypes)
      .orderBy(asc(planTypes.position), asc(planTypes.id)),
    db
      .select({
        id: serviceProducts.id,
        code: serviceProducts.code,
        name: serviceProducts.name,
        description: serviceProducts.description,
        priceCents: serviceProducts.priceCents,
        active: serviceProducts.active,
      })
      .from(serviceProducts)
      .orderBy(asc(serviceProducts.position), asc(serviceProducts.id)),
  ]);
  return { plans, products };
}

async function detailOf(db: Db | Tx, order: OrderRow): Promise<OrderDetail> {
  // One after the other: `db` may be a transaction (one connection, one query at a time).
  const lines = await db
    .select({
      serviceProductId: orderItems.serviceProductId,
      name: serviceProducts.name,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .innerJoin(serviceProducts, eq(serviceProducts.id, orderItems.serviceProductId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.serviceProductId));
  const plan =
    order.planTypeId === null
      ? []
      : await db.select({ name: planTypes.name }).from(planTypes).where(eq(planTypes.id, order.planTypeId));
  const property =
    order.propertyId === null
      ? []
      : await db
          .select({ sellTypeId: properties.sellTypeId })
          .from(properties)
          .where(eq(properties.id, order.propertyId));
  return { order, lines, planName: plan[0]?.name ?? null, sellTypeId: property[0]?.sellTypeId ?? null };
}

/** One order of this user (another user's answers nothing: the caller says 404). */
export async function findOwnOrder(db: Db, id: number, userId: number): Promise<OrderDetail | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  return row ? detailOf(db, row) : undefined;
}

/** How many orders of a listing its services page reads. */
export const LISTING_ORDERS_LIMIT = 50;

/**
 * The orders of one of this user's listings, newest first (at most LISTING_ORDERS_LIMIT);
 * undefined when the listing is not theirs, is deleted or does not exist.
 */
export async function listingOrders(db: Db, propertyId: number, userId: number): Promise<OrderDetail[] | undefined> {
  const [property] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        eq(properties.ownerUserId, userId),
        ne(properties.statusId, PROPERTY_STATUS.deleted),
      ),
    )
    .limit(1);
  if (!property) return undefined;
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.propertyId, property.id), eq(orders.userId, userId)))
    .orderBy(desc(orders.id))
    .limit(LISTING_ORDERS_LIMIT);
  const details: OrderDetail[] = [];
  for (const row of rows) details.push(await detailOf(db, row));
  return details;
}

export async function findOrderRow(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** The order a provider's checkout belongs to. */
export async function findOrderByCheckout(
  db: Db,
  provider: string,
  reference: string,
): Promise<OrderDetail | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentProvider, provider), eq(orders.checkoutReference, reference)))
    .limit(1);
  return row ? detailOf(db, row) : undefined;
}

export async function orderDetail(db: Db, order: OrderRow): Promise<OrderDetail> {
  return detailOf(db, order);
}

async function findByKey(db: Db | Tx, userId: number, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

export type CreateOrderResult =
  /** A new order (paid already when there was nothing to pay). */
  | { kind: 'created'; order: OrderRow }
  /** The order this key (or, for the same purchase, an earlier key) created. */
  | { kind: 'existing'; order: OrderRow }
  /** The listing's pending order has a checkout open at the provider: close it, then call again with its id in closedOrderIds. */
  | { kind: 'close'; order: OrderRow };

export interface CreateOrderInput {
  userId: number;
  idempotencyKey: string;
  requestHash: string;
  request: OrderRequest;
  /** The provider that will take the payment; null: only free orders can be made. */
  provider: string | null;
  /** Pending orders whose checkout the caller closed at the provider: they may be cancelled. */
  closedOrderIds: readonly number[];
  now: Date;
  /** The public origin of the links a paid order's mail carries (PUBLIC_URL). */
  publicUrl: string;
}

/** The insert lost to a concurrent one with the same key: read the winner. */
class KeyTaken extends Error {}

/**
 * Creates the order of a request, once per Idempotency-Key: the key is looked up first (the
 * same body answers the same order, another body is IdempotencyKeyReused), then, with the
 * listing's row locked (so orders for one listing are made one at a time on any number of
 * servers), the listing must be the user's own and not deleted (PropertyNotFound otherwise),
 * the request is priced from the catalogue (InvalidOrder), and the listing's pending order,
 * if any, is answered when it is the same purchase or cancelled to make room for this one
 * (after its checkout was closed at the provider: never two payable checkouts for a listing).
 * The unique key (user, Idempotency-Key) settles two servers inserting the same key at once.
 */
/** New orders a listing takes in ORDER_WINDOW_MS (OrderLimitReached past it). */
export const MAX_ORDERS_PER_LISTING = 20;
const ORDER_WINDOW_MS = 24 * 60 * 60 * 1000;

export async function createOrder(db: Db, input: CreateOrderInput): Promise<CreateOrderResult> {
  const { userId, idempotencyKey: key, requestHash: hash, request, now } = input;
  const fromKey = (row: OrderRow): CreateOrderResult => {
    if (row.requestHash !== hash) throw new AppError('IdempotencyKeyReused');
    return { kind: 'existing', order: row };
  };
  const known = await findByKey(db, userId, key);
  if (known) return fromKey(known);
  try {
    return await db.transaction(async (tx): Promise<CreateOrderResult> => {
      const [property] = await tx
        .select({ id: properties.id, sellTypeId: properties.sellTypeId, statusId: properties.statusId })
        .from(properties)
        .where(
          and(
            eq(properties.id, request.PropertyId),
            eq(properties.ownerUserId, userId),
            ne(properties.statusId, PROPERTY_STATUS.deleted),
          ),
        )
        .for('update');
      if (!property) throw new AppError('PropertyNotFound');
      // A sold listing takes nothing a paid order brings (onOrderPaid leaves it as it is): it buys nothing.
      if (property.statusId === PROPERTY_STATUS.sold)
        throw new AppError('ListingNotEditable', { message: `listing ${property.id} is sold` });
      const raced = await findByKey(tx, userId, key);
      if (raced) return fromKey(raced);
      // New orders of a listing are bounded (a free purchase costs nothing to repeat with new keys),
      // counted under the listing's row lock so two servers cannot both take the last one.
      const [{ recent }] = await tx
        .select({ recent: sql<number>`count(*)::int` })
        .from(orders)
        .where(
          and(eq(orders.propertyId, property.id), gt(orders.createdAt, new Date(now.getTime() - ORDER_WINDOW_MS))),
        );
      if (recent >= MAX_ORDERS_PER_LISTING) throw new AppError('OrderLimitReached');

      const { plans, products } = await loadCatalogue(tx);
      const priced = priceOrder(plans, products, request, property.sellTypeId);
      const paidNow = priced.amountCents === 0;
      if (!paidNow && input.provider === null)
        throw new AppError('PaymentProviderUnavailable', { message: 'no payment provider configured' });

      const [pending] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.propertyId, property.id), eq(orders.status, 'pending')))
        .limit(1);
      if (pending) {
        // The same purchase again (another tab, a new key for a retry): its order and checkout,
        // unless it waits on a provider no longer configured (its outcome would be refused).
        if (pending.requestHash === hash && pending.userId === userId && pending.paymentProvider === input.provider)
          return { kind: 'existing', order: pending };
        if (pending.checkoutReference !== null && !input.closedOrderIds.includes(pending.id))
          return { kind: 'close', order: pending };
        await tx
          .update(orders)
          .set({ status: 'cancelled', updatedAt: now })
          .where(and(eq(orders.id, pending.id), eq(orders.status, 'pending')));
      }

      const [row] = await tx
        .insert(orders)
        .values({
          userId,
          propertyId: property.id,
          planTypeId: priced.plan?.id ?? null,
          status: paidNow ? 'paid' : 'pending',
          origin: request.Origin ?? 'wizard',
          amountCents: priced.amountCents,
          currency: ORDER_CURRENCY,
          paymentProvider: paidNow ? null : input.provider,
          paidAt: paidNow ? now : null,
          idempotencyKey: key,
          requestHash: hash,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
        .returning();
      // Another server inserted this key meanwhile: this transaction (and its cancellation) is undone.
      if (!row) throw new KeyTaken();
      if (priced.items.length > 0) {
        await tx.insert(orderItems).values(
          priced.items.map((item) => ({
            orderId: row.id,
            serviceProductId: item.serviceProductId,
            quantity: item.quantity,
            unitPriceCents: item.unitPriceCents,
          })),
        );
      }
      if (paidNow) await onOrderPaid(tx, row, { publicUrl: input.publicUrl });
      return { kind: 'created', order: row };
    });
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const winner = await findByKey(db, userId, key);
    if (!winner) throw error;
    return fromKey(winner);
  }
}

/**
 * Takes the right to create the order's checkout (for CHECKOUT_CLAIM_MS): only a pending
 * order without a checkout, and only when no other request holds a live claim.
 */
export async function claimCheckout(db: Db, orderId: number, now: Date): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ checkoutClaimedAt: now, updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'pending'),
        isNull(orders.checkoutReference),
        or(isNull(orders.checkoutClaimedAt), lt(orders.checkoutClaimedAt, new Date(now.getTime() - CHECKOUT_CLAIM_MS))),
      ),
    )
    .returning();
  return row;
}

/** Gives the claim back after the provider failed, so a retry may try at once. */
export async function releaseCheckoutClaim(db: Db, orderId: number, claimedAt: Date): Promise<void> {
  await db
    .update(orders)
    .set({ checkoutClaimedAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.checkoutClaimedAt, claimedAt), isNull(orders.checkoutReference)));
}

/**
 * Records the checkout of a still pending order that has none: undefined when the order was
 * cancelled meanwhile or another request's checkout came first (the caller closes its own).
 */
export async function storeCheckout(
  db: Db,
  orderId: number,
  checkout: Checkout,
  now: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ checkoutReference: checkout.reference, checkoutUrl: checkout.url, checkoutClaimedAt: null, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), isNull(orders.checkoutReference)))
    .returning();
  return row;
}

export type OutcomeResult =
  /** No order has this checkout (an event of another integration on the same account). */
  | { kind: 'unknown' }
  /** The amount or currency is not the order's: nothing changed. */
  | { kind: 'mismatch'; detail: OrderDetail }
  /** The order was already final: nothing changed. */
  | { kind: 'unchanged'; detail: OrderDetail }
  | { kind: 'applied'; detail: OrderDetail };

const STATUS_OF_OUTCOME = { paid: 'paid', failed: 'failed', abandoned: 'cancelled' } as const;

/**
 * Applies a verified outcome exactly once: in one transaction with the order's row locked,
 * only a pending order changes (to paid, failed or cancelled), only when the amount and
 * currency are the order's; a paid order's effects (onOrderPaid) run in the same
 * transaction. A repeated or late outcome finds the order final and changes nothing.
 */
export async function applyPaymentOutcome(
  db: Db,
  provider: string,
  outcome: ParsedOutcome,
  now: Date,
  context: PaidOrderContext,
): Promise<OutcomeResult> {
  return db.transaction(async (tx): Promise<OutcomeResult> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.paymentProvider, provider), eq(orders.checkoutReference, outcome.reference)))
      .for('update');
    if (!order) return { kind: 'unknown' };
    if (order.amountCents !== outcome.amountCents || order.currency !== outcome.currency)
      return { kind: 'mismatch', detail: await detailOf(tx, order) };
    if (order.status !== 'pending') return { kind: 'unchanged', detail: await detailOf(tx, order) };
    const status = STATUS_OF_OUTCOME[outcome.outcome];
    const [updated] = await tx
      .update(orders)
      .set(
        status === 'paid'
          ? {
              status,
              paidAt: now,
              paymentReference: (outcome.paymentReference ?? outcome.reference).slice(0, 128),
              updatedAt: now,
            }
          : { status, updatedAt: now },
      )
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
      .returning();
    if (!updated) throw new Error(`order ${order.id} changed under its row lock`);
    if (status === 'paid') {
      failpoint(FAILPOINTS.paymentPaidBeforeEffect);
      await onOrderPaid(tx, updated, context);
      failpoint(FAILPOINTS.paymentAppliedBeforeCommit);
    }
    return { kind: 'applied', detail: await detailOf(tx, updated) };
  });
}
