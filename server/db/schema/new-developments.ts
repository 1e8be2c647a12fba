import { relations } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { agencies } from './agencies';
import { createdAt, updatedAt } from './columns';
import { municipalities } from './municipalities';
import { properties } from './properties';
import { energyClasses } from './reference-lists';

/**
 * New developments (nuove costruzioni, /nuovecostruzioni/{id}): a building site whose units
 * are listings (properties.development_id), sold by the builder or an agency.
 */
export const newDevelopments = pgTable(
  'new_developments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 200 }).notNull(),
    builderName: varchar('builder_name', { length: 200 }).notNull(),
    agencyId: integer('agency_id').references((): AnyPgColumn => agencies.id, { onDelete: 'set null' }),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    street: varchar('street', { length: 200 }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    description: text('description').notNull(),
    /** Expected completion, as builders announce it: "Dicembre 2027". */
    completion: varchar('completion', { length: 60 }),
    energyClassId: smallint('energy_class_id').references(() => energyClasses.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('new_developments_municipality_idx').on(t.municipalityId)],
);

export const newDevelopmentsRelations = relations(newDevelopments, ({ one, many }) => ({
  agency: one(agencies, { fields: [newDevelopments.agencyId], references: [agencies.id] }),
  municipality: one(municipalities, { fields: [newDevelopments.municipalityId], references: [municipalities.id] }),
  units: many(properties),
}));
