import { relations } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { properties } from './properties';
import { planTypes, serviceProducts } from './reference-lists';
import { users } from './users';

export const orderStatusEnum = pgEnum('order_status', ['pending', 'paid', 'failed', 'cancelled', 'refunded']);

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
    /** Total in euro cents, VAT included. */
    amountCents: integer('amount_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('EUR'),
    /** The payment provider's reference, once paid. */
    paymentReference: varchar('payment_reference', { length: 128 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('orders_user_idx').on(t.userId, t.id), index('orders_property_idx').on(t.propertyId)],
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
