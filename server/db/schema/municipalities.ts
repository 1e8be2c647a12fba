import { relations } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { provinces } from './provinces';

/**
 * Italian municipalities (comuni). The id is the ISTAT code read as a number
 * (015146 -> 15146), so it is stable across reseeds and databases.
 */
export const municipalities = pgTable(
  'municipalities',
  {
    id: integer('id').primaryKey(),
    /** Six-digit ISTAT code with its leading zeros: '015146'. */
    istatCode: varchar('istat_code', { length: 6 }).notNull().unique(),
    name: text('name').notNull(),
    /** URL form of the name, unique within its province: 'reggio-nell-emilia'. */
    slug: varchar('slug', { length: 96 }).notNull(),
    /** Lower case, accents and punctuation removed: what autocomplete matches by prefix. */
    searchName: text('search_name').notNull(),
    provinceId: smallint('province_id')
      .notNull()
      .references(() => provinces.id),
    cadastralCode: varchar('cadastral_code', { length: 4 }),
    postcodes: varchar('postcodes', { length: 5 }).array().notNull().default([]),
    population: integer('population'),
    /** WGS84 coordinates of the town centre; null where no source had them. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [
    index('municipalities_province_idx').on(t.provinceId),
    uniqueIndex('municipalities_province_slug_uq').on(t.provinceId, t.slug),
    index('municipalities_slug_idx').on(t.slug),
    index('municipalities_search_name_idx').on(t.searchName.op('text_pattern_ops')),
    index('municipalities_population_idx').on(t.population.desc()),
  ],
);

export const municipalitiesRelations = relations(municipalities, ({ one }) => ({
  province: one(provinces, { fields: [municipalities.provinceId], references: [provinces.id] }),
}));
