import { relations } from 'drizzle-orm';
import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { properties } from './properties';

/**
 * Every change of a listing's price (the detail page's price history, the alerts' price
 * reductions). Written by the database's trigger on properties.price, whoever changes it.
 */
export const propertyPriceChanges = pgTable(
  'property_price_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    oldPrice: integer('old_price'),
    newPrice: integer('new_price'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('property_price_changes_property_idx').on(t.propertyId, t.changedAt),
    index('property_price_changes_changed_idx').on(t.changedAt),
  ],
);

export const propertyPriceChangesRelations = relations(propertyPriceChanges, ({ one }) => ({
  property: one(properties, { fields: [propertyPriceChanges.propertyId], references: [properties.id] }),
}));
