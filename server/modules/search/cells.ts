import { sql, type SQL } from 'drizzle-orm';
import type { Bounds } from '@domain/search';
import type { Db } from '../../db/database';
import { PROPERTY_STATUS } from '../../db/reference-ids';
import { SEARCH_CELL_LEVEL_MAX, SEARCH_CELL_LEVEL_MIN } from '../../db/schema';
import { clusterCellDeg, EARTH_SPHERE_M as EARTH_RADIUS_M, toPgBox } from './geometry';
import { executeNamed } from './named-statement';

// The markers and the total of a map view from the pre-aggregated cells (search_cells, migration 0007)
// instead of every listing in it (docs/scaling.md, "Search").
//
// A cell of level L is [cx·c, (cx+1)·c) × [cy·c, (cy+1)·c) with c = clusterCellDeg(L) = 135 / 2^L degrees,
// exact in float8, and a listing's cell is floor(x / c) of its public position, exactly as the live markers
// compute it; a cell of level L is the union of four cells of level L+1. A view at zoom z is cut into
//   - the cells of level z wholly inside it,
//   - then, level by level down to F = min(z + 4, 16), the cells wholly inside it that the coarser ones left
//     (a ring at most one cell wide on each side: two rows and two columns of cells per level),
//   - and the listings of the strip left along the border, read from properties (the GiST, index-only).
// Every piece belongs to exactly one marker cell of zoom z (cx >> (L - z)), so summing the pieces by marker
// cell gives what grouping the view's listings gives: the same counts, total, smallest ids (the order among
// equal counts) and, for a cell of one listing, its id and price; the mean position from the same integer
// sums (meanOf). "Wholly inside" keeps a margin of 1e-9 degrees, so
// rounding in x / c can never put a listing of an inner cell outside the view.

/** Marker zooms answered from the cells; above, a view holds few listings and the live query is as fast. */
export const CELLS_MAX_ZOOM = 14;
/** Levels finer than the marker zoom that cut the border: F = z + 4 (about 230 m cells at zoom 12). */
const BORDER_LEVELS = 4;
const INSIDE_MARGIN = 1e-9;
/** The strip boxes reach this far past their cell line, so a listing rounding onto it is read (its cell decides). */
const BOX_MARGIN = 1e-10;
/**
 * The published status written into the text, not a parameter: the partial indexes (status_id = 2) can then serve a
 * generic plan of a named statement too (with a parameter, only a plan for the value at hand can use them).
 */
export const PUBLISHED = sql.raw(String(PROPERTY_STATUS.published));

interface CellRect {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Cells of a level wholly inside [lo, hi]: the first and last index (first > last when none). */
function insideRange(lo: number, hi: number, size: number): [number, number] {
  return [Math.ceil((lo + INSIDE_MARGIN) / size), Math.floor((hi - INSIDE_MARGIN) / size) - 1];
}

function insideRect(b: Bounds, level: number): CellRect | null {
  const size = clusterCellDeg(level);
  const [x0, x1] = insideRange(b.west, b.east, size);
  const [y0, y1] = insideRange(b.south, b.north, size);
  return x0 <= x1 && y0 <= y1 ? { x0, x1, y0, y1 } : null;
}

/** A line of cells: a row (cy fixed, cx from lo to hi) or a column (cx fixed, cy from lo to hi). */
interface CellLine {
  level: number;
  fixed: number;
  lo: number;
  hi: number;
}

export interface CellPlan {
  zoom: number;
  rows: CellLine[];
  columns: CellLine[];
  /** The finest level and its inner rectangle: the listings outside it are read one by one. */
  fine: { level: number; rect: CellRect };
}

/** How a view at a zoom is read from the cells, or null when it is not (zoom out of range, a view narrower than two fine cells). */
export function planCells(view: Bounds, zoom: number): CellPlan | null {
  if (!Number.isInteger(zoom) || zoom < SEARCH_CELL_LEVEL_MIN || zoom > CELLS_MAX_ZOOM) return null;
  const fineLevel = Math.min(zoom + BORDER_LEVELS, SEARCH_CELL_LEVEL_MAX);
  const rows: CellLine[] = [];
  const columns: CellLine[] = [];
  let previous: CellRect | null = null;
  let fine: CellRect | null = null;
  for (let level = zoom; level <= fineLevel; level++) {
    const rect = insideRect(view, level);
    if (!rect) continue;
    if (!previous) {
      // The first level with inner cells: all of them, as rows or as columns, whichever are fewer.
      if (rect.y1 - rect.y0 <= rect.x1 - rect.x0)
        for (let y = rect.y0; y <= rect.y1; y++) rows.push({ level, fixed: y, lo: rect.x0, hi: rect.x1 });
      else for (let x = rect.x0; x <= rect.x1; x++) columns.push({ level, fixed: x, lo: rect.y0, hi: rect.y1 });
    } else {
      // The children of the coarser inner cells are counted already: the ring around them.
      const inner = { x0: 2 * previous.x0, x1: 2 * previous.x1 + 1, y0: 2 * previous.y0, y1: 2 * previous.y1 + 1 };
      for (let y = inner.y1 + 1; y <= rect.y1; y++) rows.push({ level, fixed: y, lo: rect.x0, hi: rect.x1 });
      for (let y = rect.y0; y < inner.y0; y++) rows.push({ level, fixed: y, lo: rect.x0, hi: rect.x1 });
      for (let x = rect.x0; x < inner.x0; x++) columns.push({ level, fixed: x, lo: inner.y0, hi: inner.y1 });
      for (let x = inner.x1 + 1; x <= rect.x1; x++) columns.push({ level, fixed: x, lo: inner.y0, hi: inner.y1 });
    }
    previous = rect;
    fine = rect;
  }
  if (!fine) return null;
  return { zoom, rows, columns, fine: { level: fineLevel, rect: fine } };
}

const intArray = (values: number[]) => `{${values.join(',')}}`;

/**
 * An int[] parameter behind a scalar subquery, for the unnest of a markers statement: a plan made for the values
 * at hand then estimates the array's length as a generic plan does (10), so it never looks cheaper than the
 * generic plan, and PostgreSQL keeps the generic one (planned once per connection) from the sixth run of the
 * statement on, instead of planning each search anew (~1 ms, more than running it).
 */
const opaqueInts = (values: number[]) => sql`(select ${intArray(values)}::int[])`;

/** The four strips between the view and the finest inner rectangle, each a box (for the GiST) and the exact cell condition. */
function borderStrips(view: Bounds, plan: CellPlan): { box: string; condition: SQL }[] {
  const size = clusterCellDeg(plan.fine.level);
  const { x0, x1, y0, y1 } = plan.fine.rect;
  const fx = sql`floor((p.geo)[0] / ${size}::float8)`;
  const fy = sql`floor((p.geo)[1] / ${size}::float8)`;
  const innerSouth = y0 * size;
  const innerNorth = (y1 + 1) * size;
  return [
    { box: toPgBox({ ...view, south: innerNorth - BOX_MARGIN }), condition: sql`${fy} > ${y1}` },
    { box: toPgBox({ ...view, north: innerSouth + BOX_MARGIN }), condition: sql`${fy} < ${y0}` },
    {
      box: toPgBox({
        south: innerSouth - BOX_MARGIN,
        north: innerNorth + BOX_MARGIN,
        west: view.west,
        east: x0 * size + BOX_MARGIN,
      }),
      condition: sql`${fy} between ${y0} and ${y1} and ${fx} < ${x0}`,
    },
    {
      box: toPgBox({
        south: innerSouth - BOX_MARGIN,
        north: innerNorth + BOX_MARGIN,
        west: (x1 + 1) * size - BOX_MARGIN,
        east: view.east,
      }),
      condition: sql`${fy} between ${y0} and ${y1} and ${fx} > ${x1}`,
    },
  ];
}

/**
 * The mean position of a marker from the sum of its listings' coordinates in nanodegrees (search_nano,
 * migration 0007) and their number: one exact division, so the cells and the live query (which sums the
 * same integers) give the same float8 whatever order the listings are summed in.
 */
export function meanOf(nanoSum: SQL, count: SQL): SQL<number> {
  return sql<number>`((${nanoSum})::numeric / ((${count})::numeric * 1000000000))::float8`;
}

export interface CellMarkerRow {
  latitude: number;
  longitude: number;
  count: number;
  propertyId: number | null;
  price: number | null;
}

/** A row of the markers statements: a marker cell with the window's total. */
export type CellStatementRow = {
  count: number;
  latitude: number;
  longitude: number;
  min_id: number;
  priced: number;
  price_sum: string | number;
  total: string | number;
};

/** The markers and the exact total from the rows of a markers statement (a cell of one names its listing and price). */
export function markersOf(rows: CellStatementRow[]): { total: number; markers: CellMarkerRow[] } {
  return {
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    markers: rows.map((r) => ({
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      count: Number(r.count),
      propertyId: Number(r.count) === 1 ? Number(r.min_id) : null,
      price: Number(r.count) === 1 && Number(r.priced) === 1 ? Number(r.price_sum) : null,
    })),
  };
}

/**
 * The markers (the `limit` largest cells of the zoom, then the smallest id) and the exact total of the
 * published listings of a sell type in a view, from the cells: one statement.
 */
export async function cellMarkers(
  db: Db,
  sellType: number,
  view: Bounds,
  plan: CellPlan,
  limit: number,
): Promise<{ total: number; markers: CellMarkerRow[] }> {
  return markersOf((await executeNamed<CellStatementRow>(db, cellMarkersSql(sellType, view, plan, limit))).rows);
}

/** The statement of cellMarkers (its rows: markersOf), also carried by the page's statement (repository.ts, searchListings). */
export function cellMarkersSql(sellType: number, view: Bounds, plan: CellPlan, limit: number): SQL {
  const zoomSize = clusterCellDeg(plan.zoom);
  const lines = (list: CellLine[]) => ({
    levels: opaqueInts(list.map((l) => l.level)),
    fixed: opaqueInts(list.map((l) => l.fixed)),
    lo: opaqueInts(list.map((l) => l.lo)),
    hi: opaqueInts(list.map((l) => l.hi)),
  });
  const rows = lines(plan.rows);
  const columns = lines(plan.columns);
  const cellColumns = sql`c.cx >> (c.level - ${plan.zoom}::int) as ox, c.cy >> (c.level - ${plan.zoom}::int) as oy, c.listings, c.latitude_nano_sum as lat, c.longitude_nano_sum as lon, c.min_id, c.price_sum, c.priced`;
  const strips = borderStrips(view, plan).map(
    ({
      box,
      condition,
    }) => sql`select floor((p.geo)[0] / ${zoomSize}::float8)::int, floor((p.geo)[1] / ${zoomSize}::float8)::int, 1, search_nano((p.geo)[1]), search_nano((p.geo)[0]), p.id, coalesce(p.price, 0)::int8, (p.price is not null)::int
      from properties p where p.status_id = ${PUBLISHED} and p.sell_type_id = ${sellType} and p.geo <@ ${box}::box and ${condition}`,
  );
  return sql`
    select sum(listings)::int as count, ${meanOf(sql`sum(lat)`, sql`sum(listings)`)} as latitude, ${meanOf(sql`sum(lon)`, sql`sum(listings)`)} as longitude,
           min(min_id) as min_id, sum(priced)::int as priced, sum(price_sum)::int8 as price_sum, (sum(sum(listings)) over ())::int8 as total
      from (
        select ${cellColumns}
          from unnest(${rows.levels}, ${rows.fixed}, ${rows.lo}, ${rows.hi}) as r(level, fixed, lo, hi)
          join search_cells c on c.sell_type_id = ${sellType} and c.level = r.level and c.cy = r.fixed and c.cx between r.lo and r.hi
        union all
        select ${cellColumns}
          from unnest(${columns.levels}, ${columns.fixed}, ${columns.lo}, ${columns.hi}) as r(level, fixed, lo, hi)
          join search_cells c on c.sell_type_id = ${sellType} and c.level = r.level and c.cx = r.fixed and c.cy between r.lo and r.hi
        union all ${sql.join(strips, sql` union all `)}
      ) as pieces (ox, oy, listings, lat, lon, min_id, price_sum, priced)
     group by ox, oy
     order by sum(listings) desc, min(min_id)
     limit ${sql.raw(String(Math.trunc(limit)))}`;
}

/**
 * How many published listings of a sell type the cells wholly inside an area hold (a lower bound of its
 * total: the border is left out), from the lines of a view's or a circle's plan; beside how many the sell
 * type has. The page decides by it whether to walk a sort index.
 */
export function innerCountSql(sellType: number, rows: CellLine[], columns: CellLine[]): { inArea: SQL; all: SQL } {
  const all = sql`(select coalesce(sum(listings), 0) from search_cells where sell_type_id = ${sellType} and level = ${sql.raw(String(SEARCH_CELL_LEVEL_MIN))})`;
  const part = (list: CellLine[], fixed: string, ranged: string) =>
    sql`(select coalesce(sum(c.listings), 0) from unnest(${intArray(list.map((l) => l.level))}::int[], ${intArray(list.map((l) => l.fixed))}::int[], ${intArray(list.map((l) => l.lo))}::int[], ${intArray(list.map((l) => l.hi))}::int[]) as r(level, fixed, lo, hi)
      join search_cells c on c.sell_type_id = ${sellType} and c.level = r.level and ${sql.raw(`c.${fixed}`)} = r.fixed and ${sql.raw(`c.${ranged}`)} between r.lo and r.hi)`;
  return { inArea: sql`(${part(rows, 'cy', 'cx')} + ${part(columns, 'cx', 'cy')})`, all };
}

/**
 * How many published listings of a sell type an area's bounding box may hold, from the cells of the
 * coarsest level that cuts it into at most 4 × 4 (an upper bound: whole cells), beside how many the sell
 * type has: the page decides by it whether to walk a sort index (docs/scaling.md, "Search").
 */
export function densitySql(sellType: number, box: Bounds | null): { inArea: SQL; all: SQL } {
  const all = sql`(select coalesce(sum(listings), 0) from search_cells where sell_type_id = ${sellType} and level = ${sql.raw(String(SEARCH_CELL_LEVEL_MIN))})`;
  if (!box) return { inArea: all, all };
  let level = SEARCH_CELL_LEVEL_MIN;
  while (level < SEARCH_CELL_LEVEL_MAX) {
    const size = clusterCellDeg(level + 1);
    const across =
      Math.max(
        Math.floor(box.east / size) - Math.floor(box.west / size),
        Math.floor(box.north / size) - Math.floor(box.south / size),
      ) + 1;
    if (across > 4) break;
    level += 1;
  }
  const size = clusterCellDeg(level);
  const ys: number[] = [];
  for (let y = Math.floor(box.south / size); y <= Math.floor(box.north / size); y++) ys.push(y);
  const inArea = sql`(select coalesce(sum(listings), 0) from search_cells where sell_type_id = ${sellType} and level = ${level} and cy = any(${intArray(ys)}::int[]) and cx between ${Math.floor(box.west / size)} and ${Math.floor(box.east / size)})`;
  return { inArea, all };
}

// ---------------------------------------------------------------------------------------
// Circles: the cells of the finest level wholly inside the circle (a range of cells in each row, the
// circle being convex), and the listings of the rest of each row, read through the GiST by small boxes
// and kept when inside the circle (the live condition). A cell is wholly inside when its four corners
// are within the radius less a metre: on a sphere the farthest point of a small cell from a point is one
// of its corners, and the metre is far more than the rounding of the distance.

/**
 * The finest cell of a listing, exactly as properties_cell_idx (migration 0007) writes it: the constant in
 * the text (not a parameter), so the planner matches the index's expressions.
 */
export const FINE_CELL_Y = sql.raw(`(floor((p.geo)[1] / ${clusterCellDeg(SEARCH_CELL_LEVEL_MAX)}::float8))::int`);
export const FINE_CELL_X = sql.raw(`(floor((p.geo)[0] / ${clusterCellDeg(SEARCH_CELL_LEVEL_MAX)}::float8))::int`);

/** Degrees to radians. The distances below are on earthdistance's sphere (EARTH_SPHERE_M, geometry.ts), as ll_to_earth and earth_distance compute them. */
const RAD = Math.PI / 180;
const unitVector = (lat: number, lng: number) =>
  [Math.cos(lat * RAD) * Math.cos(lng * RAD), Math.cos(lat * RAD) * Math.sin(lng * RAD), Math.sin(lat * RAD)] as const;
/** The great-circle distance from a point given as unitVector(...) to (lat, lng). */
function earthDistance(from: readonly [number, number, number], lat: number, lng: number): number {
  const b = unitVector(lat, lng);
  const chord = EARTH_RADIUS_M * Math.hypot(from[0] - b[0], from[1] - b[1], from[2] - b[2]);
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, chord / (2 * EARTH_RADIUS_M)));
}

export interface CirclePlan {
  zoom: number;
  level: number;
  /** Rows of wholly inside cells (cy fixed, cx from lo to hi). */
  rows: CellLine[];
  /** The rest of each row that the circle may reach, as rows of level-16 cells (properties_cell_idx): read listing by listing. */
  border: CellLine[];
}

/** The border rows a circle may have: each is one descent of properties_cell_idx; past this the live query is as fast. */
const MAX_BORDER_ROWS = 600;

/** How a circle is read from the cells, or null (zoom out of range). `box` must contain the circle. */
export function planCircleCells(
  center: { latitude: number; longitude: number },
  radiusM: number,
  box: Bounds,
  zoom: number,
): CirclePlan | null {
  if (!Number.isInteger(zoom) || zoom < SEARCH_CELL_LEVEL_MIN || zoom > CELLS_MAX_ZOOM) return null;
  const level = Math.min(zoom + BORDER_LEVELS, SEARCH_CELL_LEVEL_MAX);
  const size = clusterCellDeg(level);
  const from = unitVector(center.latitude, center.longitude);
  const [x0, x1] = [Math.floor(box.west / size), Math.floor(box.east / size)];
  const [y0, y1] = [Math.floor(box.south / size), Math.floor(box.north / size)];
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > 40_000) return null;
  // Whether each corner of the grid is inside, computed once (a corner is shared by four cells): its distance is at
  // most radiusM - 1 when its chord to the centre (on the unit sphere) is at most 2·sin((radiusM - 1) / 2R), as
  // earthDistance measures. The sines and cosines of the grid's lines are computed once per line, not per corner.
  const width = x1 - x0 + 2;
  const corners = new Uint8Array(width * (y1 - y0 + 2));
  const chordMax = radiusM - 1 <= 0 ? -1 : 2 * Math.sin(Math.min(Math.PI / 2, (radiusM - 1) / (2 * EARTH_RADIUS_M)));
  const chordMax2 = chordMax < 0 ? -1 : chordMax * chordMax;
  const cosLng = new Float64Array(width);
  const sinLng = new Float64Array(width);
  for (let x = x0; x <= x1 + 1; x++) {
    cosLng[x - x0] = Math.cos(x * size * RAD);
    sinLng[x - x0] = Math.sin(x * size * RAD);
  }
  for (let y = y0; y <= y1 + 1; y++) {
    const cosLat = Math.cos(y * size * RAD);
    const dz = from[2] - Math.sin(y * size * RAD);
    const row = (y - y0) * width;
    for (let i = 0; i < width; i++) {
      const dx = from[0] - cosLat * cosLng[i];
      const dy = from[1] - cosLat * sinLng[i];
      corners[row + i] = dx * dx + dy * dy + dz * dz <= chordMax2 ? 1 : 0;
    }
  }
  const inside = (x: number, y: number) => corners[(y - y0) * width + (x - x0)] === 1;
  const rows: CellLine[] = [];
  const border: CellLine[] = [];
  // A border piece of the plan's level as rows of the finest level (the index's cells): a cell of level L is 2^(16-L) finest cells across.
  const scale = 2 ** (SEARCH_CELL_LEVEL_MAX - level);
  const addBorder = (y: number, lo: number, hi: number) => {
    for (let fy = y * scale; fy < (y + 1) * scale; fy++)
      border.push({ level: SEARCH_CELL_LEVEL_MAX, fixed: fy, lo: lo * scale, hi: (hi + 1) * scale - 1 });
  };
  for (let y = y0; y <= y1; y++) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let x = x0; x <= x1; x++) {
      if (inside(x, y) && inside(x + 1, y) && inside(x, y + 1) && inside(x + 1, y + 1)) {
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
    }
    // A cell wholly outside the circle holds none of its listings: the border of the row leaves it out. Every point
    // of a cell is within `reach` of the cell's centre (the farthest point of a lat/lng cell from its centre is a
    // corner), so a cell whose centre is farther than radius + reach (and a metre) from the circle's is outside.
    const centreLat = (y + 0.5) * size;
    const atCentre = unitVector(centreLat, 0.5 * size);
    const reach = Math.max(earthDistance(atCentre, y * size, 0), earthDistance(atCentre, (y + 1) * size, 0));
    const outside = (x: number) => earthDistance(from, centreLat, (x + 0.5) * size) > radiusM + reach + 1;
    // The circle is convex: the cells of a row it reaches are one range, the outside ones at its two ends.
    const reached = (from: number, to: number): [number, number] => {
      let [a, b] = [from, to];
      while (a <= b && outside(a)) a++;
      while (b >= a && outside(b)) b--;
      return [a, b];
    };
    if (lo > hi) {
      const [a, b] = reached(x0, x1);
      if (a <= b) addBorder(y, a, b);
      continue;
    }
    rows.push({ level, fixed: y, lo, hi });
    if (lo > x0) {
      const [a, b] = reached(x0, lo - 1);
      if (a <= b) addBorder(y, a, b);
    }
    if (hi < x1) {
      const [a, b] = reached(hi + 1, x1);
      if (a <= b) addBorder(y, a, b);
    }
  }
  if (border.length > MAX_BORDER_ROWS) return null;
  return { zoom, level, rows, border };
}

/**
 * The markers and the exact total of a circle search without other filters, from the cells: the inner
 * cells as they are (a circle's inner cells form one range per row), the rest through `withinCircle`, the
 * live condition itself.
 */
export async function circleCellMarkers(
  db: Db,
  sellType: number,
  plan: CirclePlan,
  withinCircle: (geo: SQL) => SQL,
  limit: number,
): Promise<{ total: number; markers: CellMarkerRow[] }> {
  return markersOf(
    (await executeNamed<CellStatementRow>(db, circleCellMarkersSql(sellType, plan, withinCircle, limit))).rows,
  );
}

/** The statement of circleCellMarkers (its rows: markersOf), also carried by the page's statement (repository.ts, searchListings). */
export function circleCellMarkersSql(
  sellType: number,
  plan: CirclePlan,
  withinCircle: (geo: SQL) => SQL,
  limit: number,
): SQL {
  const zoomSize = clusterCellDeg(plan.zoom);
  const shift = plan.level - plan.zoom;
  const rows = plan.rows;
  return sql`
    select sum(listings)::int as count, ${meanOf(sql`sum(lat)`, sql`sum(listings)`)} as latitude, ${meanOf(sql`sum(lon)`, sql`sum(listings)`)} as longitude,
           min(min_id) as min_id, sum(priced)::int as priced, sum(price_sum)::int8 as price_sum, (sum(sum(listings)) over ())::int8 as total
      from (
        -- The arrays in plain sight (not opaqueInts): a circle's statement is planned for its values each time,
        -- and hiding the border's length (a few hundred lines) from that plan made it slower (1M: p95 ~10 -> 17-22 ms).
        select c.cx >> ${shift}::int as ox, c.cy >> ${shift}::int as oy, c.listings, c.latitude_nano_sum as lat, c.longitude_nano_sum as lon, c.min_id, c.price_sum, c.priced
          from unnest(${intArray(rows.map((r) => r.fixed))}::int[], ${intArray(rows.map((r) => r.lo))}::int[], ${intArray(rows.map((r) => r.hi))}::int[]) as r(fixed, lo, hi)
          join search_cells c on c.sell_type_id = ${sellType} and c.level = ${plan.level} and c.cy = r.fixed and c.cx between r.lo and r.hi
        union all
        select floor((p.geo)[0] / ${zoomSize}::float8)::int, floor((p.geo)[1] / ${zoomSize}::float8)::int, 1, search_nano((p.geo)[1]), search_nano((p.geo)[0]), p.id, coalesce(p.price, 0)::int8, (p.price is not null)::int
          from unnest(${intArray(plan.border.map((b) => b.fixed))}::int[], ${intArray(plan.border.map((b) => b.lo))}::int[], ${intArray(plan.border.map((b) => b.hi))}::int[]) as b(fixed, lo, hi)
          join properties p on p.status_id = ${PUBLISHED} and p.geo is not null and p.sell_type_id = ${sellType}
           and ${FINE_CELL_Y} = b.fixed and ${FINE_CELL_X} between b.lo and b.hi
         where ${withinCircle(sql.raw('p.geo'))}
      ) as pieces (ox, oy, listings, lat, lon, min_id, price_sum, priced)
     group by ox, oy
     order by sum(listings) desc, min(min_id)
     limit ${sql.raw(String(Math.trunc(limit)))}`;
}
