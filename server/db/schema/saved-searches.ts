import { relations } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { properties } from './properties';
import { searchTypes, sellTypes } from './reference-lists';
import { users } from './users';

/**
 * The criteria of a search: the query string of the search call (domain/search.ts,
 * `savedCriteria`), without cursor, page size or map view.
 */
export type SavedSearchCriteria = Record<string, string>;

export const alertFrequencyEnum = pgEnum('alert_frequency', ['instant', 'daily', 'weekly']);

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
    frequency: alertFrequencyEnum('frequency').notNull().default('daily'),
    /** Alerts consider listings published or reduced after this instant (set when saved). */
    alertsCheckedAt: timestamp('alerts_checked_at', { withTimezone: true }).notNull().defaultNow(),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.id),
    index('saved_searches_frequency_idx').on(t.frequency, t.alertsCheckedAt),
  ],
);

/**
 * What an alert has told a saved search: a listing at a price. A listing is sent once when
 * it first matches and again only at a lower price, never twice at the same one.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    /** 1 new match, 2 price reduction. */
    kind: smallint('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.propertyId, t.price] }),
    index('saved_search_matches_property_idx').on(t.propertyId),
  ],
);

export const savedSearchesRelations = relations(savedSearches, ({ one, many }) => ({
  user: one(users, { fields: [savedSearches.userId], references: [users.id] }),
  searchType: one(searchTypes, { fields: [savedSearches.searchTypeId], references: [searchTypes.id] }),
  sellType: one(sellTypes, { fields: [savedSearches.sellTypeId], references: [sellTypes.id] }),
  matches: many(savedSearchMatches),
}));

export const savedSearchMatchesRelations = relations(savedSearchMatches, ({ one }) => ({
  savedSearch: one(savedSearches, { fields: [savedSearchMatches.savedSearchId], references: [savedSearches.id] }),
  property: one(properties, { fields: [savedSearchMatches.propertyId], references: [properties.id] }),
}));
