import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';

/** The grid levels kept in search_cells: the map zooms 3 (LIMITS.zoomMin) to 16; the trigger and the rebuild of migration 0007 use the same range. */
export const SEARCH_CELL_LEVEL_MIN = 3;
export const SEARCH_CELL_LEVEL_MAX = 16;

/**
 * Published listings counted per cell of the markers' grid, by sell type and level (docs/scaling.md,
 * "Search"): the cell of a listing at level L is (floor(x / c), floor(y / c)) of its public position
 * (`geo`, x the longitude) with c = 135 / 2^L degrees, exactly the cell the markers of zoom L group it
 * in (server/modules/search/geometry.ts, clusterCellDeg). A cell of level L is the union of four cells of
 * level L + 1 (c halves exactly), so a view is read as the coarsest cells that lie inside it, finer cells
 * along its border and the listings of the last thin strip.
 *
 * Kept by the database, never by the app: the trigger search_cells_change on properties (every insert,
 * delete, and update of status, sell type, position, hidden address or price), and search_cells_rebuild()
 * after bulk loads that switch triggers off (scripts/db-synthetic.ts). Only listings with a sell type and
 * a position are counted.
 */
export const searchCells = pgTable(
  'search_cells',
  {
    sellTypeId: smallint('sell_type_id').notNull(),
    level: smallint('level').notNull(),
    cy: integer('cy').notNull(),
    cx: integer('cx').notNull(),
    listings: integer('listings').notNull(),
    /**
     * Sums of the public latitude and longitude in whole nanodegrees (round(x × 1e9)): integers, so a sum
     * is exact whatever the order listings came and went in, and the marker (their mean) is the one the
     * live query computes the same way from the listings.
     */
    latitudeNanoSum: bigint('latitude_nano_sum', { mode: 'bigint' }).notNull(),
    longitudeNanoSum: bigint('longitude_nano_sum', { mode: 'bigint' }).notNull(),
    /** The smallest listing id of the cell: the markers' order among equal counts, and the listing of a cell of one. */
    minId: integer('min_id').notNull(),
    /** Sum and number of the prices that are set: a cell of one listing shows its price. */
    priceSum: bigint('price_sum', { mode: 'number' }).notNull(),
    priced: integer('priced').notNull(),
  },
  (t) => [
    // A row of cells (one cy): a range of cx. The border columns use the other index.
    primaryKey({ name: 'search_cells_pkey', columns: [t.sellTypeId, t.level, t.cy, t.cx] }),
    index('search_cells_column_idx').on(t.sellTypeId, t.level, t.cx, t.cy),
  ],
);

/**
 * The feed of changes to what the search's markers read (docs/bench-journal.md, "2026-11-29, third step: markers from memory"): one row
 * per listing that entered, left or moved in search_cells, or changed its price, written by the same
 * trigger (search_cells_change) in the writer's transaction, with that transaction's id. Each server's
 * copy of the markers' data (server/modules/search/marker-index.ts) reads the rows of the transactions
 * that may have committed since its last read (xid at or above the oldest then running) and reloads those
 * listings. The trigger deletes rows older than ten minutes now and then (about one change in a hundred).
 */
export const searchChanges = pgTable(
  'search_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id').notNull(),
    xid: bigint('xid', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_changes_xid_idx').on(t.xid), index('search_changes_at_idx').on(t.at)],
);
