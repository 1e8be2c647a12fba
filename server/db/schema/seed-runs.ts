import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per seed part applied (reference lists, geography, demo data) with the
 * version of that part: a restart finds the row and skips the work, and a part is
 * written in the same transaction as its row, so it is either all there or absent.
 */
export const seedRuns = pgTable('seed_runs', {
  part: varchar('part', { length: 64 }).primaryKey(),
  version: varchar('version', { length: 64 }).notNull(),
  /** A short human summary: row counts, coverage. */
  summary: text('summary'),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
