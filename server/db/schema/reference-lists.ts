import { boolean, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';

// The product's reference lists are data, not enums: the ids are part of the public
// contract (URLs, API fields, the spec's numbers), the labels are Italian and editable.
// Every list has a stable English `code` for the code to name a row, a label `name`
// and a `position` for display order. The seed (seed/data/reference-lists.json) fixes
// every id; nothing here generates one.

/** Home modes. UNDEFINED 0, SELLER 1, BUYER 2, LANDLORD 3, RENTER 4. */
export const userTypes = pgTable('user_types', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/** Property types 1-18; 11 is the generic 'Immobile'. */
export const propertyTypes = pgTable('property_types', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: text('name').notNull(),
  /** Plural label for lists and SEO links ('Appartamenti'). */
  pluralName: text('plural_name').notNull(),
  /** Whether the type is a dwelling (counts as 'casa' in search and titles). */
  residential: boolean('residential').notNull().default(true),
  position: smallint('position').notNull().default(0),
});

/** The type segment of search URLs (/vendita/{slug}/...): appartamenti 1, case 23 ... */
export const searchSlugTypes = pgTable('search_slug_types', {
  id: smallint('id').primaryKey(),
  slug: varchar('slug', { length: 64 }).notNull().unique(),
  name: text('name').notNull(),
  /** Property types the slug searches; empty means every residential type. */
  propertyTypeIds: smallint('property_type_ids').array().notNull().default([]),
  /** Number of rooms (locali) the slug implies: monolocali 1 ... quadrilocali 4. */
  rooms: smallint('rooms'),
  position: smallint('position').notNull().default(0),
});

/** Room types 1-58, counted per listing in property_rooms. */
export const roomTypes = pgTable('room_types', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 48 }).notNull().unique(),
  name: text('name').notNull(),
  /** Counts towards the number of rooms (locali) of the home. */
  countsAsRoom: boolean('counts_as_room').notNull().default(false),
  position: smallint('position').notNull().default(0),
});

/** Amenities (spec ids: 2 aria condizionata, 7 posto auto, 15 ascensore ...). */
export const amenities = pgTable('amenities', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 48 }).notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

export const mediaTypes = pgTable('media_types', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 48 }).notNull().unique(),
  name: text('name').notNull(),
  /** Shown on public pages (false for back-office-only media). */
  public: boolean('public').notNull().default(true),
  position: smallint('position').notNull().default(0),
});

/** Kinds of downloadable documents 1-14 (terms, privacy, guides, statute, home report ...). */
export const documentKinds = pgTable('document_kinds', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 48 }).notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/** Paid and free services bought from the value ladder (publish 7, first row 1 ...). */
export const serviceProducts = pgTable('service_products', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 48 }).notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** Price in euro cents, VAT included. */
  priceCents: integer('price_cents').notNull(),
  active: boolean('active').notNull().default(true),
  position: smallint('position').notNull().default(0),
});

/** Plans of the value ladder: basic, flexible, exclusive, exclusive with partner. */
export const planTypes = pgTable('plan_types', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 48 }).notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceCents: integer('price_cents').notNull().default(0),
  position: smallint('position').notNull().default(0),
});

/** 1 incomplete, 2 published, 3 suspended, 4 sold, 5 deleted. */
export const propertyStatuses = pgTable('property_statuses', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/** 1 sale, 2 rent. */
export const sellTypes = pgTable('sell_types', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: text('name').notNull(),
  /** URL segment of result pages: vendita, affitto. */
  slug: varchar('slug', { length: 32 }).notNull().unique(),
  position: smallint('position').notNull().default(0),
});

/** Energy classes of the APE, best first (A4 ... G), plus exempt and pending. */
export const energyClasses = pgTable('energy_classes', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 16 }).notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

export const heatingTypes = pgTable('heating_types', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/** State of the home (wizard step 8): new, renovated, good, to renovate. */
export const propertyConditions = pgTable('property_conditions', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/** Apartment situation (wizard step 24): free, lived in by the owner, let. */
export const occupancySituations = pgTable('occupancy_situations', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/** Rental furnishing (wizard step 41). */
export const furnishingTypes = pgTable('furnishing_types', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/** not_set 0, pending 1, confirmed 2, cancelled 3, accepted_with_phone_number 4, cancelled_post_confirmation 5, expired 6. */
export const appointmentStatuses = pgTable('appointment_statuses', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 48 }).notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/** Refusal reasons 0-12: 0 none, then the spec's list in its order. */
export const appointmentRefusalReasons = pgTable('appointment_refusal_reasons', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 48 }).notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/** How a search area was chosen: circle, draw, place, proximity, province, town, region, district, agency. */
export const searchTypes = pgTable('search_types', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/** Outcome codes of a file upload, 0-10 and 100 (0 is success, 100 an unexpected error). */
export const uploadStatuses = pgTable('upload_statuses', {
  id: smallint('id').primaryKey(),
  code: varchar('code', { length: 48 }).notNull().unique(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});
