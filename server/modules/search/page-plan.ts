import { and, is, sql, type SQL } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { LIMITS, type Bounds, type LatLng, type SearchParams, type SearchType } from '@domain/search';
import type { Db } from '../../db/database';
import { properties } from '../../db/schema';
import { walkBounds, withinBounds } from './area-conditions';
import {
  PUBLISHED,
  densitySql,
  innerCountSql,
  planCells,
  planCircleCells,
  type CellPlan,
  type CirclePlan,
} from './cells';
import { afterCursor, orderBy, type Cursor, type SortKey } from './cursor';
import { circleBounds, clusterCellDeg } from './geometry';
import type { ResolvedSearch } from './resolve-place';

// The page's plan: the statement that reads a page's ids in the sort's order (with their keys as text, for
// the cursor), by the area's GiST and a sort, or by a walk of a sort's btree (the walk planner: a statement
// of four CTEs); and how a plain view or circle is read from the pre-aggregated cells (cells.ts).

/**
 * The rows a page's statement reads, whatever the page size below them: the default page and one more,
 * the largest and one more. The limit is written into the statement's text, and each text is a prepared
 * statement on every connection that ran it (about 1 MB with its plan): fifty page sizes were fifty.
 */
export const PAGE_READS = [LIMITS.pageSizeDefault + 1, LIMITS.pageSizeMax + 1] as const;

const CIRCLE_TYPES = new Set<SearchType>(['circle', 'place', 'proximity']);

/** How a plain view or circle is read from the cells (cells.ts), at the markers' zoom; nothing for the rest. */
export interface CellPlans {
  view: CellPlan | null;
  circle: { center: LatLng; radiusM: number; plan: CirclePlan } | null;
}

export function cellPlansOf(
  search: ResolvedSearch,
  p: SearchParams,
  zoom: number | null,
  useCells: boolean,
): CellPlans {
  const { area } = search;
  if (!useCells || !search.plain || zoom === null) return { view: null, circle: null };
  const view = p.SearchType === 'free' && p.Bounds ? planCells(p.Bounds, zoom) : null;
  const circle =
    !p.Bounds && area.center && area.radiusM !== null && CIRCLE_TYPES.has(p.SearchType)
      ? planCircleCells(area.center, area.radiusM, circleBounds(area.center, area.radiusM * 1.01 + 10), zoom)
      : null;
  return {
    view,
    circle:
      circle && area.center && area.radiusM !== null
        ? { center: area.center, radiusM: area.radiusM, plan: circle }
        : null,
  };
}

/** A walk of the country's sort index reads at most this many index tuples before it gives up for the GiST path. */
const WALK_LIMIT = 10_000;

/** How a sort walks its btree (migration 0007): the key column, the index's order, the cursor as a row comparison. */
interface WalkSort {
  column: SQL;
  /** The area's cells are walked in this index's order (their cell first, then the key and the id). */
  cellIndex: 'properties_cell_price_idx' | 'properties_cell_published_idx';
  cast: 'int8' | 'timestamptz';
  direction: 'asc' | 'desc';
  /** Relevance: the walk reads the listings that are not highlighted; the highlighted come first, from their own GiST. */
  highlightedFirst: boolean;
}

/**
 * A page sorted by price or by date over an area held by a few cells of this level (c = 135 / 2^8 =
 * 0.52734375°, about 58 × 43 km) walks each cell's listings in the sort's order (properties_cell_price_idx,
 * migration 0010; properties_cell_published_idx, migration 0015), merged, instead of the country's: a city's
 * cheapest or newest listings are among its cell's, not the country's.
 */
const WALK_CELL_LEVEL = 8;
/**
 * The merge has at most this many walks (a 3 × 2 block of cells: a map view from zoom 11 on), one per cell of the
 * area: a statement text per number of cells (1, 2, 3, 4 or 6). A text of six walks for all of them cost every
 * page the executor's start of the walks it did not need (a 2 km circle lies in one cell: 15 plan nodes of 95).
 */
const WALK_CELLS = 6;
/**
 * A walk of the area's cells reads at most this many index tuples (about a millisecond) before the GiST
 * path answers instead. It walks when the area's box may hold enough of its cells' listings for a page
 * within a third of that (densitySql: the box's whole cells at one level, a dozen rows; the cells wholly
 * inside a circle or view, exact but ten times the rows, cost more than a short walk).
 */
const CELL_WALK_LIMIT = 3_000;
/** The listing's cell of WALK_CELL_LEVEL, written as the cell indexes compute it (the constant in the text). */
const walkCellOf = (axis: 0 | 1) =>
  sql.raw(`(floor(("geo")[${axis}] / ${clusterCellDeg(WALK_CELL_LEVEL)}::float8))::int`);

const priceColumn = sql.raw('"price"');
const publishedColumn = sql.raw('"published_at"');

/** The cells of WALK_CELL_LEVEL that hold a box (null: more than WALK_CELLS of them, or an empty box). */
export function walkCells(
  box: Bounds,
): { x0: number; x1: number; y0: number; y1: number; cells: { cx: number; cy: number }[] } | null {
  const size = clusterCellDeg(WALK_CELL_LEVEL);
  const [x0, x1, y0, y1] = [
    Math.floor(box.west / size),
    Math.floor(box.east / size),
    Math.floor(box.south / size),
    Math.floor(box.north / size),
  ];
  if (!(x0 <= x1 && y0 <= y1) || (x1 - x0 + 1) * (y1 - y0 + 1) > WALK_CELLS) return null;
  const cells: { cx: number; cy: number }[] = [];
  for (let cy = y0; cy <= y1; cy++) for (let cx = x0; cx <= x1; cx++) cells.push({ cx, cy });
  return { x0, x1, y0, y1, cells };
}

function walkSortOf(p: SearchParams): WalkSort | null {
  switch (p.Sort) {
    case 'price-asc':
      return {
        column: priceColumn,
        cellIndex: 'properties_cell_price_idx',
        cast: 'int8',
        direction: 'asc',
        highlightedFirst: false,
      };
    case 'price-desc':
      return {
        column: priceColumn,
        cellIndex: 'properties_cell_price_idx',
        cast: 'int8',
        direction: 'desc',
        highlightedFirst: false,
      };
    case 'newest':
      return {
        column: publishedColumn,
        cellIndex: 'properties_cell_published_idx',
        cast: 'timestamptz',
        direction: 'desc',
        highlightedFirst: false,
      };
    case 'relevance':
      return p.Text
        ? null
        : {
            column: publishedColumn,
            cellIndex: 'properties_cell_published_idx',
            cast: 'timestamptz',
            direction: 'desc',
            highlightedFirst: true,
          };
    default:
      return null;
  }
}

/**
 * The ids of a page (`limit` rows: the page and one more, which tells whether there is a next page).
 *
 * Every search can take the GiST path: the index-only scan of the area's GiST (it carries the sort keys
 * of most sorts) and a top-N sort of every matching tuple; a city-wide view sorts ~24,000 of them.
 *
 * A plain search (a sell type and a shape, ResolvedSearch.plain) sorted by price or by date can instead
 * walk a btree of its sort from the cursor, in order, keep the tuples inside the area and stop at a full
 * page: a few hundred tuples in a city. An area within six cells of WALK_CELL_LEVEL walks those cells'
 * listings (sell type, cell, key, id INCLUDE geo), merged, at most CELL_WALK_LIMIT tuples, when the box's
 * cells may hold enough of theirs; a larger area walks the country's sort index when its cells' count
 * says it fills a page within WALK_LIMIT. If a walk still ends short (an area of the country's cheapest,
 * say), the GiST path answers, in the same statement. Relevance puts the highlighted listings first:
 * those of the area come from properties_highlighted_gist, the walk reads the others.
 *
 * The statement of a page's ids, in order (columns part, ord, id, k0..kn: the listing and its sort keys as text), and
 * whether it is one of the plain searches' named statements (planned once per connection) or planned each time.
 */
export function pageIdsQuery(
  db: Db,
  search: ResolvedSearch,
  p: SearchParams,
  keys: SortKey[],
  cursor: Cursor | null,
  limit: number,
  plans: CellPlans,
  mayWalk: boolean,
): { query: SQL; named: boolean } {
  // Limits written into the text (whole numbers): a generic plan of a named statement with LIMIT $n
  // would assume a tenth of the rows, so PostgreSQL would plan it anew every time.
  const rawLimit = sql.raw(String(Math.trunc(limit)));
  const rawWalk = sql.raw(String(WALK_LIMIT));
  const keyTexts = keys.map((k, index) => sql`(${k.expr})::text as ${sql.raw(`k${index}`)}`);
  const keyNames = sql.raw(keys.map((_, index) => `k${index}`).join(', '));
  const gistQuery = (extra?: SQL) =>
    sql`select ${properties.id} as id, ${sql.join(keyTexts, sql`, `)} from ${properties} where ${and(search.where, extra, cursor ? afterCursor(keys, cursor) : undefined)} order by ${sql.join(orderBy(keys), sql`, `)} limit ${rawLimit}`;
  const gistPage = () => ({
    query: sql`select 0 as part, row_number() over () as ord, g.* from (${gistQuery()}) g`,
    named: false,
  });

  // PGlite (the embedded database: one process, its listings in the tens of thousands) plans every
  // statement anew and runs one at a time: there the walk's statement costs more to plan than the
  // GiST path costs to run.
  const walk = search.plain && mayWalk && !is(db, PgliteDatabase) ? walkSortOf(p) : null;
  // A cursor inside the nulls of the key (at the end of the order) stays on the GiST path.
  const walkCursor = cursor && walk ? { key: cursor.k[walk.highlightedFirst ? 1 : 0] ?? null, id: cursor.i } : null;
  const inHighlighted = walk?.highlightedFirst && (cursor === null || cursor.k[0] === 'true');
  if (!walk || !search.plain || (walkCursor && walkCursor.key === null && !inHighlighted)) return gistPage();

  const plain = search.plain;
  // An area within a few cells of WALK_CELL_LEVEL walks those cells (merged in the sort's order), at most
  // CELL_WALK_LIMIT tuples; a larger one walks the country's sort index when its cells say it is dense enough.
  const byCell = plain.box ? walkCells(plain.box) : null;
  const after =
    walkCursor && !inHighlighted
      ? sql` and (${walk.column}, "id") ${sql.raw(walk.direction === 'asc' ? '>' : '<')} (${walkCursor.key}::${sql.raw(walk.cast)}, ${walkCursor.id}::int8)`
      : sql``;
  const direction = sql.raw(walk.direction === 'asc' ? 'asc nulls last' : 'desc nulls last');
  const wGeo = sql.raw('w.geo');
  const walkFilters = [
    ...(walk.highlightedFirst ? [sql`not coalesce(w.highlighted_until > now(), false)`] : []),
    // The area's box first: it turns most tuples away for less than a circle's distance costs.
    ...(plain.box && plain.shape ? [walkBounds(plain.box)(wGeo)] : []),
    ...plain.area.map((condition) => condition(wGeo)),
  ];
  const walkKeys = walk.highlightedFirst ? sql`'false' as k0, w.key::text as k1` : sql`w.key::text as k0`;
  // The highlighted listings of the area, through properties_highlighted_gist by the area's box, the area
  // itself in its walk form on the position (the same answer as search.where for a plain search): the
  // index carries every column this reads, and a circle's tuples cost a haversine, not ll_to_earth.
  const highlightedWhere = and(
    sql`${properties.statusId} = ${PUBLISHED}`,
    sql`${properties.sellTypeId} = ${plain.sellType}`,
    sql`${properties.highlightedUntil} > now()`,
    plain.box ? withinBounds(plain.box) : undefined,
    ...plain.area.map((condition) => condition(sql`${properties.geo}`)),
    cursor ? afterCursor(keys, cursor) : undefined,
  );
  const highlighted = inHighlighted
    ? sql`select row_number() over () as ord, t.* from (select ${properties.id} as id, ${sql.join(keyTexts, sql`, `)} from ${properties} where ${highlightedWhere} order by ${sql.join(orderBy(keys), sql`, `)} limit ${rawLimit}) t`
    : sql`select null::int8 as ord, null::int as id, ${sql.raw(keys.map((_, index) => `null::text as k${index}`).join(', '))} where false`;

  let walkSource: SQL;
  let walkOrder: SQL;
  let density: SQL;
  if (byCell) {
    const count = densitySql(plain.sellType, plain.box);
    const walked = sql`(select coalesce(sum(listings), 0) from search_cells where sell_type_id = ${plain.sellType} and level = ${sql.raw(String(WALK_CELL_LEVEL))}
           and cy between ${byCell.y0} and ${byCell.y1} and cx between ${byCell.x0} and ${byCell.x1})`;
    density = sql`d as materialized (select (${count.inArea})::float8 * ${sql.raw(String(CELL_WALK_LIMIT))} >= 3::float8 * ${rawLimit} * (${walked})::float8 as dense),`;
    // One walk per cell, each in its index's own order (price descending is the price index read backward:
    // nulls first, and there are none), merged: a Merge Append reads each walk only as far as the merged
    // order needs.
    const [keyOrder, idOrder] =
      walk.column === priceColumn
        ? [sql.raw(walk.direction === 'asc' ? 'asc' : 'desc'), sql.raw(walk.direction === 'asc' ? 'asc' : 'desc')]
        : [sql.raw('desc nulls last'), sql.raw('desc')];
    const highlightedColumn = walk.highlightedFirst ? sql`, "highlighted_until"` : sql``;
    const cellWalks = byCell.cells.map((cell) => {
      return sql`(select "id", ${walk.column} as key, "geo"${highlightedColumn} from ${properties}
                 where "status_id" = ${PUBLISHED} and "sell_type_id" = ${plain.sellType} and ${walk.column} is not null and "geo" is not null
                   and ${walkCellOf(1)} = ${cell.cy}::int and ${walkCellOf(0)} = ${cell.cx}::int${after} and (select dense from d)
                 order by ${walk.column} ${keyOrder}, "id" ${idOrder})`;
    });
    walkSource = sql`(select "id", key, "geo"${highlightedColumn} from (${sql.join(cellWalks, sql` union all `)}) cells
                 order by key ${keyOrder}, "id" ${idOrder} limit ${sql.raw(String(CELL_WALK_LIMIT))})`;
    walkOrder = sql`w.key ${keyOrder}, w.id ${idOrder}`;
  } else {
    // Dense enough to walk the country's index: a view's or a circle's whole cells (a lower bound of its
    // total), else the box's cells (an upper bound), against the sell type's listings. (A lower bound needs
    // a 1.5× margin over the walk's expected length, an upper bound 3×.)
    const [count, margin] = plans.view
      ? [innerCountSql(plain.sellType, plans.view.rows, plans.view.columns), 1.5]
      : plans.circle
        ? [innerCountSql(plain.sellType, plans.circle.plan.rows, []), 1.5]
        : [densitySql(plain.sellType, plain.box), 3];
    density = sql`d as materialized (select (${count.inArea})::float8 * ${rawWalk} >= ${margin}::float8 * ${rawLimit} * (${count.all})::float8 as dense),`;
    walkSource = sql`(select "id", ${walk.column} as key, "geo", "highlighted_until" from ${properties}
                 where "status_id" = ${PUBLISHED} and "sell_type_id" = ${plain.sellType} and ${walk.column} is not null${after}
                   and (select dense from d)
                 order by ${walk.column} ${direction}, "id" ${direction} limit ${rawWalk})`;
    walkOrder = sql`w.key ${direction}, w.id ${direction}`;
  }
  // A plain search's statement: its text depends only on the sort, the shape and the cursor's part.
  const query = sql`
    with a as materialized (${highlighted}),
    ${density}
    h as materialized (
      select row_number() over () as ord, t.* from (
        select w.id, ${walkKeys}
          from ${walkSource} w
         where ${sql.join(walkFilters.length > 0 ? walkFilters : [sql`true`], sql` and `)}
         order by ${walkOrder}
         limit (${rawLimit} - (select count(*) from a))) t),
    ok as materialized (select (select count(*) from a) + (select count(*) from h) >= ${rawLimit} as ok)
    select 1 as part, ord, id, ${keyNames} from a where (select ok from ok)
    union all
    select 2 as part, ord, id, ${keyNames} from h where (select ok from ok)
    union all
    select 3 as part, row_number() over () as ord, g.* from (${gistQuery()}) g where not (select ok from ok)
    order by part, ord`;
  return { query, named: true };
}
