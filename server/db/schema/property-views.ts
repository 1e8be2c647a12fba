import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { properties } from './properties';

/**
 * How many times people opened a published listing's page, by day (My listings' "Visite").
 * One row per listing and day, added to by `POST /api/Property/{id}/View`: the browser sends
 * it once per tab and listing after the page has shown; crawlers, the owner and listings not
 * published are not counted (docs/listings.md, "Views").
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
  (table) => [primaryKey({ columns: [table.propertyId, table.day] }), check('property_views_positive', sql`${table.views} >= 0`)],
);
