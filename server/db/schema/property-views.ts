import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { properties } from './properties';

/**
 * How many people opened a published listing's page, by day (My listings' "Visite").
 * One row per listing and day, added to by `POST /api/Property/{id}/View` when the visitor
 * was not counted for that listing on that day yet (`property_view_visitors`); crawlers, the
 * owner and listings not published are not counted (docs/listings.md, "Views").
 */
export const propertyViews = pgTable(
  'property_views',
  {
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.propertyId, table.day] }),
    check('property_views_positive', sql`${table.views} >= 0`),
  ],
);

/**
 * The visitors already counted for a listing's day: a view adds to `property_views` only when
 * its visitor's row is new here, so a visitor counts once per listing and day on every server
 * (the primary key decides). The visitor is a keyed hash (HMAC-SHA-256 under the stored
 * `view_visitor_key`, 128 bits kept) of the day and either a confirmed account or the client
 * address (IPv6 by its /64): no address is stored, the same client has another hash the next
 * day, and the housekeeping job deletes the rows once their day is over.
 */
export const propertyViewVisitors = pgTable(
  'property_view_visitors',
  {
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: varchar('visitor', { length: 32 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.propertyId, table.day, table.visitor] }),
    index('property_view_visitors_day_idx').on(table.day),
  ],
);
