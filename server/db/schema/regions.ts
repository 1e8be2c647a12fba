import { relations } from 'drizzle-orm';
import { pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { provinces } from './provinces';

/** The 20 Italian regions; the id is the ISTAT region code (Lombardia 3). */
export const regions = pgTable('regions', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  slug: varchar('slug', { length: 64 }).notNull().unique(),
  /** ISTAT macro-area: Nord-ovest, Nord-est, Centro, Sud, Isole. */
  area: text('area').notNull(),
});

export const regionsRelations = relations(regions, ({ many }) => ({
  provinces: many(provinces),
}));
