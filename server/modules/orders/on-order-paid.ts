import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { mailOutbox, orderItems, type orders, planTypes, properties, serviceProducts, users } from '../../db/schema';
import { applyPaidOrder } from '../listing-drafts/paid-order';
import { receiptMail } from './receipt-mail';
import { SERVICES_SLUG } from './return-url';

/** An order as the transaction that marked it paid sees it (status 'paid', paid_at and payment_reference set). */
export type PaidOrder = typeof orders.$inferSelect;

/** What the effects of a paid order need from the server's settings. */
export interface PaidOrderContext {
  /** The public origin the receipt's links start with (PUBLIC_URL). */
  publicUrl: string;
}

/**
 * What a paid order does, run inside the transaction that marks it paid (the order's row is
 * locked there): if this throws, the order stays pending and the provider's notification is
 * answered with an error, so the provider sends it again. It runs exactly once per order,
 * whether the order was paid at once (nothing to pay) or by a provider's outcome.
 *
 * The listing module's effects (listing-drafts/paid-order.ts): the plan set (flexible for 9),
 * first row (1: `highlighted_until`) and Premium (8: `premium_until`), 30 days a unit, and the
 * draft published when its path is complete up to the publication. Then the receipt of an order
 * that cost something, queued in the outbox. Keep it to writes in `tx`: no mail or HTTP call
 * here (the outbox row is the mail; the caller wakes the sender after the commit).
 */
export async function onOrderPaid(tx: Tx, order: PaidOrder, context: PaidOrderContext): Promise<void> {
  await applyPaidOrder(tx, order);
  if (order.amountCents > 0) await queueReceipt(tx, order, context);
}

async function queueReceipt(tx: Tx, order: PaidOrder, { publicUrl }: PaidOrderContext): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, name: users.name, confirmed: users.registrationConfirmed })
    .from(users)
    .where(eq(users.id, order.userId));
  // An address nobody proved yet (a rapid registration's) receives nothing; the order's page shows it.
  if (!user || !user.confirmed) return;
  const lines = await tx
    .select({ name: serviceProducts.name, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents })
    .from(orderItems)
    .innerJoin(serviceProducts, eq(serviceProducts.id, orderItems.serviceProductId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.serviceProductId));
  const [plan] =
    order.planTypeId === null
      ? []
      : await tx.select({ name: planTypes.name }).from(planTypes).where(eq(planTypes.id, order.planTypeId));
  const [listing] =
    order.propertyId === null
      ? []
      : await tx
          .select({ id: properties.id, title: properties.title })
          .from(properties)
          .where(eq(properties.id, order.propertyId));
  const mail = receiptMail({
    userName: user.name,
    orderId: order.id,
    paidAt: order.paidAt ?? new Date(),
    amountCents: order.amountCents,
    paymentReference: order.paymentReference,
    planName: plan?.name ?? null,
    lines,
    listingTitle: listing?.title ?? null,
    servicesUrl: listing ? `${publicUrl}/myrexer/annuncio/${listing.id}/${SERVICES_SLUG}` : null,
    contactUrl: `${publicUrl}/contatti`,
  });
  await tx.insert(mailOutbox).values({
    toAddress: user.email,
    subject: mail.subject.slice(0, 300),
    textBody: mail.text,
    template: 'order-receipt',
  });
}
