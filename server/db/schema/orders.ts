import { relations, sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { properties } from './properties';
import { planTypes, serviceProducts } from './reference-lists';
import { users } from './users';

export const orderStatusEnum = pgEnum('order_status', ['pending', 'paid', 'failed', 'cancelled', 'refunded']);

/** Where the purchase was made, so the payment comes back there: the wizard's step 28, or a listing's services in MyRexer. */
export const orderOriginEnum = pgEnum('order_origin', ['wizard', 'myrexer']);

/** A purchase from the value ladder (step 28): a plan and/or service products for a listing. */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    planTypeId: smallint('plan_type_id').references(() => planTypes.id),
    status: orderStatusEnum('status').notNull().default('pending'),
    origin: orderOriginEnum('origin').notNull().default('wizard'),
    /** Total in euro cents, VAT included. */
    amountCents: integer('amount_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('EUR'),
    /** The payment provider's reference, once paid. */
    paymentReference: varchar('payment_reference', { length: 128 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The client's Idempotency-Key of the POST that created the order: the same key (of the
     * same user) gives back the same order on any server; null for orders made otherwise (seed).
     */
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    /** SHA-256 (hex) of the request the key was first used with: the key reused with another body is refused. */
    requestHash: varchar('request_hash', { length: 64 }),
    /** The provider the order is paid with (`offline`, `stripe`); null when nothing is to pay. */
    paymentProvider: varchar('payment_provider', { length: 16 }),
    /** The provider's checkout (offline page, Stripe Checkout Session id): one per order, never two. */
    checkoutReference: varchar('checkout_reference', { length: 255 }),
    checkoutUrl: text('checkout_url'),
    /**
     * Set while one request creates the checkout at the provider (a lease of 30 s): a
     * concurrent request waits for that checkout instead of making a second one.
     */
    checkoutClaimedAt: timestamp('checkout_claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.id),
    index('orders_property_idx').on(t.propertyId),
    uniqueIndex('orders_user_idempotency_key_unique').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_checkout_reference_unique').on(t.paymentProvider, t.checkoutReference),
    // At most one order of a listing waits for its payment: a new one cancels the old one
    // first (its checkout expired at the provider), so two checkouts are never open at once.
    uniqueIndex('orders_one_pending_per_property')
      .on(t.propertyId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    serviceProductId: smallint('service_product_id')
      .notNull()
      .references(() => serviceProducts.id),
    quantity: smallint('quantity').notNull().default(1),
    /** Price when bought, in euro cents: the catalogue may change later. */
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.serviceProductId] })],
);

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  property: one(properties, { fields: [orders.propertyId], references: [properties.id] }),
  planType: one(planTypes, { fields: [orders.planTypeId], references: [planTypes.id] }),
  items: many(orderItems),
}));

export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  serviceProduct: one(serviceProducts, { fields: [orderItems.serviceProductId], references: [serviceProducts.id] }),
}));
