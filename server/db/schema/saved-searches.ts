import { relations } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { searchTypes, sellTypes } from './reference-lists';
import { users } from './users';

/** The criteria of a search as the search page sends them; the API owns their shape. */
export type SavedSearchCriteria = Record<string, unknown>;

/** Searches a buyer or renter saved (/myrexer/ricerche), with optional mail alerts. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    searchTypeId: smallint('search_type_id')
      .notNull()
      .references(() => searchTypes.id),
    sellTypeId: smallint('sell_type_id')
      .notNull()
      .references(() => sellTypes.id),
    criteria: jsonb('criteria').$type<SavedSearchCriteria>().notNull(),
    alertsEnabled: boolean('alerts_enabled').notNull().default(true),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.id)],
);

export const savedSearchesRelations = relations(savedSearches, ({ one }) => ({
  user: one(users, { fields: [savedSearches.userId], references: [users.id] }),
  searchType: one(searchTypes, { fields: [savedSearches.searchTypeId], references: [searchTypes.id] }),
  sellType: one(sellTypes, { fields: [savedSearches.sellTypeId], references: [sellTypes.id] }),
}));
