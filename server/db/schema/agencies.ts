import { relations } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { media } from './media';
import { municipalities } from './municipalities';
import { properties } from './properties';
import { users } from './users';

/** Real-estate agencies shown on /agenzie; partner agencies take exclusive-with-partner listings. */
export const agencies = pgTable(
  'agencies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 200 }).notNull(),
    slug: varchar('slug', { length: 200 }).notNull().unique(),
    logoMediaId: integer('logo_media_id').references((): AnyPgColumn => media.id, { onDelete: 'set null' }),
    street: varchar('street', { length: 200 }),
    streetNumber: varchar('street_number', { length: 20 }),
    postalCode: varchar('postal_code', { length: 5 }),
    municipalityId: integer('municipality_id').references(() => municipalities.id),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 254 }),
    website: varchar('website', { length: 254 }),
    vatNumber: varchar('vat_number', { length: 11 }),
    description: text('description'),
    isPartner: boolean('is_partner').notNull().default(false),
    /** Average review score, 1.0-5.0. */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    reviewsCount: integer('reviews_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('agencies_municipality_idx').on(t.municipalityId)],
);

export const agenciesRelations = relations(agencies, ({ one, many }) => ({
  municipality: one(municipalities, { fields: [agencies.municipalityId], references: [municipalities.id] }),
  logo: one(media, { fields: [agencies.logoMediaId], references: [media.id] }),
  members: many(users),
  properties: many(properties),
}));

/**
 * How often an agency's phone was shown on its page («Mostra telefono», POST /api/Agency/{slug}/Phone):
 * one row per agency and Italian day, counted up by an upsert.
 */
export const agencyPhoneReveals = pgTable(
  'agency_phone_reveals',
  {
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.day] })],
);
