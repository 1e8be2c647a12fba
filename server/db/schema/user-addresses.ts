import { relations } from 'drizzle-orm';
import { integer, pgEnum, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { municipalities } from './municipalities';
import { users } from './users';

/** The profile reads the residential address for private users and the legal one for companies. */
export const addressTypeEnum = pgEnum('address_type', ['residential', 'shipping', 'billing', 'legal']);

export const userAddresses = pgTable(
  'user_addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: addressTypeEnum('type').notNull(),
    street: varchar('street', { length: 200 }),
    number: varchar('number', { length: 20 }),
    /** Free text, so foreign addresses fit; municipalityId links an Italian one. */
    city: varchar('city', { length: 120 }),
    municipalityId: integer('municipality_id').references(() => municipalities.id),
    postalCode: varchar('postal_code', { length: 10 }),
    /** Province sigla for Italy (MI), free text abroad. */
    province: varchar('province', { length: 60 }),
    country: text('country').notNull().default('IT'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_addresses_user_type_uq').on(t.userId, t.type)],
);

export const userAddressesRelations = relations(userAddresses, ({ one }) => ({
  user: one(users, { fields: [userAddresses.userId], references: [users.id] }),
  municipality: one(municipalities, { fields: [userAddresses.municipalityId], references: [municipalities.id] }),
}));
