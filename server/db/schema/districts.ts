import { relations } from 'drizzle-orm';
import { customType, doublePrecision, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { municipalities } from './municipalities';

/**
 * A PostgreSQL polygon, written as '((x1,y1),(x2,y2),...)' with x the longitude and y the
 * latitude. Read and written as that text; the repositories format and parse it.
 */
export const polygon = customType<{ data: string; driverData: string }>({ dataType: () => 'polygon' });

/**
 * Districts (quartieri) of a town, searchable by name (search type `district`). No open
 * boundary data can be downloaded here: each area is the Voronoi cell of the district's
 * public centre point, clipped to the town (docs/decisions.md, "Districts").
 */
export const districts = pgTable(
  'districts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    name: text('name').notNull(),
    slug: varchar('slug', { length: 96 }).notNull(),
    /** Lower case, accents removed: what the place autocomplete matches by prefix. */
    searchName: text('search_name').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    area: polygon('area').notNull(),
  },
  (t) => [
    uniqueIndex('districts_municipality_slug_uq').on(t.municipalityId, t.slug),
    index('districts_search_name_idx').on(t.searchName.op('text_pattern_ops')),
    index('districts_area_gist').using('gist', t.area),
  ],
);

export const districtsRelations = relations(districts, ({ one }) => ({
  municipality: one(municipalities, { fields: [districts.municipalityId], references: [municipalities.id] }),
}));
