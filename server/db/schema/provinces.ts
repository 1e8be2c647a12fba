import { relations } from 'drizzle-orm';
import { index, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { municipalities } from './municipalities';
import { regions } from './regions';

/** Provinces and metropolitan cities; the id is the ISTAT province code (Milano 15). */
export const provinces = pgTable(
  'provinces',
  {
    id: smallint('id').primaryKey(),
    /** Two-letter vehicle code: MI, RM ... */
    sigla: varchar('sigla', { length: 2 }).notNull().unique(),
    name: text('name').notNull(),
    slug: varchar('slug', { length: 64 }).notNull().unique(),
    regionId: smallint('region_id')
      .notNull()
      .references(() => regions.id),
  },
  (t) => [index('provinces_region_idx').on(t.regionId)],
);

export const provincesRelations = relations(provinces, ({ one, many }) => ({
  region: one(regions, { fields: [provinces.regionId], references: [regions.id] }),
  municipalities: many(municipalities),
}));
