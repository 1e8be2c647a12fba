import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  point,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { agencies } from './agencies';
import { createdAt, updatedAt } from './columns';
import { media } from './media';
import { newDevelopments } from './new-developments';
import { municipalities } from './municipalities';
import { propertyAmenities } from './property-amenities';
import { propertyRooms } from './property-rooms';
import {
  energyClasses,
  furnishingTypes,
  heatingTypes,
  occupancySituations,
  planTypes,
  propertyConditions,
  propertyStatuses,
  propertyTypes,
  sellTypes,
} from './reference-lists';
import { users } from './users';

/** A listing starts in the listing wizard or as a valuation that may become one (step 37). */
/** A PostgreSQL tsvector: written by the database (a generated column), never by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const propertyOriginEnum = pgEnum('property_origin', ['listing', 'valuation']);

/** Where the wizard stands for this draft: resumed on any device (docs/wizard-flow.md, Rules). */
export interface WizardPage {
  currentStep: number;
  lastDevice: 'desktop' | 'tablet' | 'mobile' | null;
}

/**
 * Type-specific answers of wizard step 4 (special description). Free-form on purpose:
 * each property type asks different questions (a villa's land, a garage's size).
 */
export type SpecialDescription = Record<string, string | number | boolean | null>;

/**
 * Listings and drafts: every answer of the listing wizard (docs/wizard-flow.md) has a column,
 * rooms and amenities have their own tables. Prices are whole euros (monthly for rent).
 */
export const properties = pgTable(
  'properties',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    origin: propertyOriginEnum('origin').notNull().default('listing'),
    /** 1 sale, 2 rent; null while a valuation has not chosen (step 37). */
    sellTypeId: smallint('sell_type_id').references(() => sellTypes.id),
    statusId: smallint('status_id')
      .notNull()
      .default(1)
      .references(() => propertyStatuses.id),
    planTypeId: smallint('plan_type_id').references(() => planTypes.id),
    /** Exclusive plans: the agency chosen at step 44, or the partner of step 46. */
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),

    // Step 2: locality
    municipalityId: integer('municipality_id').references(() => municipalities.id),
    street: varchar('street', { length: 200 }),
    streetNumber: varchar('street_number', { length: 20 }),
    postalCode: varchar('postal_code', { length: 5 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Whether the public page shows the street and number or only the area. */
    showAddress: boolean('show_address').notNull().default(true),

    // Steps 3, 4, 25: what it is and how it is shown
    propertyTypeId: smallint('property_type_id').references(() => propertyTypes.id),
    publicationPropertyTypeId: smallint('publication_property_type_id').references(() => propertyTypes.id),
    specialDescription: jsonb('special_description').$type<SpecialDescription>(),

    // Steps 5-10, 36: characteristics
    surfaceM2: integer('surface_m2'),
    /** Number of rooms (locali) as advertised; the breakdown is in property_rooms. */
    rooms: smallint('rooms'),
    bathrooms: smallint('bathrooms'),
    /** -1 basement, 0 ground floor, 1 first floor ... */
    floor: smallint('floor'),
    buildingFloors: smallint('building_floors'),
    hasLift: boolean('has_lift'),
    conditionId: smallint('condition_id').references(() => propertyConditions.id),
    renovationYear: smallint('renovation_year'),
    buildYear: smallint('build_year'),
    energyClassId: smallint('energy_class_id').references(() => energyClasses.id),
    /** Global energy performance index, kWh/m2 per year (EPgl,nren). */
    energyPerformance: doublePrecision('energy_performance'),
    heatingTypeId: smallint('heating_type_id').references(() => heatingTypes.id),
    /** Monthly condominium fees in euros; 0 for none. */
    condoFees: integer('condo_fees'),

    // Step 24: apartment situation
    occupancyId: smallint('occupancy_id').references(() => occupancySituations.id),

    // Rent only: steps 39, 41, 42
    availableFrom: date('available_from'),
    furnishingId: smallint('furnishing_id').references(() => furnishingTypes.id),
    /** Security deposit in euros. */
    securityDeposit: integer('security_deposit'),
    /** Rent only: the lease offered (domain/listing/rent-terms.ts, CONTRACT_TYPE_IDS: 1 4+4, 2 3+2 concordato, 3 transitorio, 4 studenti); null when not said. */
    contractTypeId: smallint('contract_type_id'),
    /** Rent only: whether pets are welcome; null when not said. */
    petsAllowed: boolean('pets_allowed'),

    // Steps 12, 13/38, 15: price
    /** Step 12: true when the seller chose to see the market before setting a price. */
    priceFromMarket: boolean('price_from_market'),
    estimateMin: integer('estimate_min'),
    estimateMax: integer('estimate_max'),
    /** Asking price in whole euros; monthly rent for rentals. */
    price: integer('price'),
    /**
     * The price before the latest change and when it changed: kept by the database
     * (trigger properties_price_change, which also writes property_price_changes), so the
     * results can mark a recent reduction without reading the history.
     */
    previousPrice: integer('previous_price'),
    priceChangedAt: timestamp('price_changed_at', { withTimezone: true }),
    /** Euros per square metre, for sorting and the detail page; generated by the database. */
    pricePerM2: doublePrecision('price_per_m2').generatedAlwaysAs(
      sql`case when surface_m2 > 0 and price is not null then price::double precision / surface_m2 end`,
    ),

    // Steps 16, 17
    title: varchar('title', { length: 120 }),
    description: text('description'),

    /** New builds: the development (cantiere) this unit belongs to (/nuovecostruzioni/{id}). */
    developmentId: integer('development_id').references(() => newDevelopments.id, { onDelete: 'set null' }),

    /**
     * The PUBLIC position as a geometric point (x longitude, y latitude): exact when the
     * address is shown, rounded to 3 decimals (about 100 m) when it is hidden. Every search
     * filters on it (viewport, polygon, circle), so repeated searches cannot narrow a hidden
     * address down to the exact spot (security review of issue 11).
     */
    geo: point('geo', { mode: 'xy' }).generatedAlwaysAs(
      sql`case when latitude is not null and longitude is not null then case when show_address then point(longitude, latitude) else point(round(longitude::numeric, 3)::float8, round(latitude::numeric, 3)::float8) end end`,
    ),
    /** Italian full text of title and description, weighted title first. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('italian'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('italian'::regconfig, coalesce(description, '')), 'B')`,
    ),

    // Wizard progress
    wizardPage: jsonb('wizard_page').$type<WizardPage>(),
    /**
     * Every answer of the wizard as its step validated it (domain/wizard-steps.ts,
     * `WizardAnswers`, keyed by step id): what the draft resumes from. The columns above are
     * written from it in the same transaction (listing-drafts), for search and the pages; the
     * answers with no column (a plan's services, the comparables found, the summary read,
     * whether an empty step was answered) live only here. Null for rows the wizard never saved.
     */
    wizardAnswers: jsonb('wizard_answers').$type<Record<string, unknown>>(),
    /** Steps in the order they were visited; Back pops this (docs/wizard-flow.md). */
    wizardHistory: smallint('wizard_history')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),

    /** First-row service: the listing is shown first until then. */
    highlightedUntil: timestamp('highlighted_until', { withTimezone: true }),
    /** Premium (upgrade, service product 8): the listing is Premium until then. */
    premiumUntil: timestamp('premium_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    // Search: published listings of one town and kind, by price, paginated by id.
    index('properties_search_idx')
      .on(t.municipalityId, t.sellTypeId, t.price, t.id)
      .where(sql`${t.statusId} = 2`),
    index('properties_search_type_idx')
      .on(t.municipalityId, t.sellTypeId, t.propertyTypeId, t.id)
      .where(sql`${t.statusId} = 2`),
    // Map viewport and drawn polygons: point <@ box / polygon over published listings.
    index('properties_geo_gist')
      .using('gist', t.geo)
      .where(sql`${t.statusId} = 2`),
    // Circles (radius, place, proximity): earthdistance's cube of the position.
    index('properties_earth_gist')
      .using('gist', sql`ll_to_earth((${t.geo})[1], (${t.geo})[0])`)
      .where(sql`${t.statusId} = 2 and ${t.latitude} is not null and ${t.longitude} is not null`),
    // Valuation comparables among sold listings (migration 0011): the same circle, status 4.
    index('properties_sold_earth_gist')
      .using('gist', sql`ll_to_earth((${t.geo})[1], (${t.geo})[0])`)
      .where(sql`${t.statusId} = 4 and ${t.latitude} is not null and ${t.longitude} is not null`),
    index('properties_search_vector_gin')
      .using('gin', t.searchVector)
      .where(sql`${t.statusId} = 2`),
    // Keyset pages of the sorts: (sell type, key, id) over published listings.
    index('properties_sort_price_idx')
      .on(t.sellTypeId, t.price, t.id)
      .where(sql`${t.statusId} = 2`),
    index('properties_sort_price_m2_idx')
      .on(t.sellTypeId, t.pricePerM2, t.id)
      .where(sql`${t.statusId} = 2`),
    index('properties_sort_surface_idx')
      .on(t.sellTypeId, t.surfaceM2, t.id)
      .where(sql`${t.statusId} = 2`),
    // Newest first and relevance (migration 0007 adds INCLUDE (geo, highlighted_until), which the
    // schema cannot declare): a page of a large area walks it in order and stops at a full page.
    index('properties_sort_published_idx')
      .on(t.sellTypeId, t.publishedAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.statusId} = 2`),
    // Listings that bought the first row, by position (INCLUDE in 0007): relevance puts them first.
    index('properties_highlighted_gist')
      .using('gist', t.geo)
      .where(sql`${t.statusId} = 2 and ${t.highlightedUntil} is not null`),
    index('properties_development_idx').on(t.developmentId),
    index('properties_status_sell_idx').on(t.statusId, t.sellTypeId, t.id),
    index('properties_published_at_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.statusId} = 2`),
    index('properties_owner_idx').on(t.ownerUserId, t.id),
    index('properties_agency_idx').on(t.agencyId),
  ],
);

export const propertiesRelations = relations(properties, ({ one, many }) => ({
  owner: one(users, { fields: [properties.ownerUserId], references: [users.id] }),
  agency: one(agencies, { fields: [properties.agencyId], references: [agencies.id] }),
  development: one(newDevelopments, { fields: [properties.developmentId], references: [newDevelopments.id] }),
  municipality: one(municipalities, { fields: [properties.municipalityId], references: [municipalities.id] }),
  sellType: one(sellTypes, { fields: [properties.sellTypeId], references: [sellTypes.id] }),
  status: one(propertyStatuses, { fields: [properties.statusId], references: [propertyStatuses.id] }),
  planType: one(planTypes, { fields: [properties.planTypeId], references: [planTypes.id] }),
  propertyType: one(propertyTypes, {
    fields: [properties.propertyTypeId],
    references: [propertyTypes.id],
    relationName: 'propertyType',
  }),
  publicationPropertyType: one(propertyTypes, {
    fields: [properties.publicationPropertyTypeId],
    references: [propertyTypes.id],
    relationName: 'publicationPropertyType',
  }),
  condition: one(propertyConditions, { fields: [properties.conditionId], references: [propertyConditions.id] }),
  energyClass: one(energyClasses, { fields: [properties.energyClassId], references: [energyClasses.id] }),
  heatingType: one(heatingTypes, { fields: [properties.heatingTypeId], references: [heatingTypes.id] }),
  occupancy: one(occupancySituations, { fields: [properties.occupancyId], references: [occupancySituations.id] }),
  furnishing: one(furnishingTypes, { fields: [properties.furnishingId], references: [furnishingTypes.id] }),
  rooms: many(propertyRooms),
  amenities: many(propertyAmenities),
  media: many(media),
}));
