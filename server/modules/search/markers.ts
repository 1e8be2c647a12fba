import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_ZOOM, LIMITS, type Bounds, type SearchParams } from '@domain/search';
import type { Db } from '../../db/database';
import { properties } from '../../db/schema';
import { meanOf } from './cells';
import { nullableNumber, shownLatitude, shownLongitude } from './columns';
import { clusterCellDeg, zoomForBounds } from './geometry';
import type { ResolvedArea } from './resolve-place';

// The markers of a whole result set from the listings (clustered at a zoom, with the exact total and the
// extent), the zoom they are clustered at, and the answer's marker points. A plain view's or circle's
// markers come from the pre-aggregated cells instead (cells.ts) or this server's copy (marker-index.ts).

/** At most this many marker points: a fine zoom over a whole country would otherwise answer every listing. */
export const MAX_MARKER_POINTS = 5000;
/** Without a zoom, the markers of an area are clustered at the zoom that fits it, at most this one. */
export const DEFAULT_ZOOM_MAX = 16;

export interface MarkerRow {
  Latitude: number;
  Longitude: number;
  Count: number;
  PropertyId: number | null;
  Price: number | null;
}

/** The markers, the exact total and (when asked) the extent of a result set. */
export interface Overview {
  zoom: number;
  total: number;
  markers: { latitude: number; longitude: number; count: number; propertyId: number | null; price: number | null }[];
  extent: Bounds | null;
}

function boundsOrNull(b: {
  south: number | null;
  west: number | null;
  north: number | null;
  east: number | null;
}): Bounds | null {
  return b.south !== null && b.north !== null && b.west !== null && b.east !== null
    ? { south: b.south, west: b.west, north: b.north, east: b.east }
    : null;
}

/** The zoom of the markers when it is known before the result set's extent: asked for, or fitted to the area's own bounds. */
export function knownZoom(p: SearchParams, area: ResolvedArea): number | null {
  return p.Zoom ?? (area.bounds ? zoomForBounds(area.bounds, LIMITS.zoomMin, DEFAULT_ZOOM_MAX, DEFAULT_ZOOM) : null);
}

/** The extent of a result set's shown positions (null: none has a position). */
export async function resultExtent(db: Db, where: SQL): Promise<Bounds | null> {
  const [row] = await db
    .select({
      south: sql<number | null>`min(${shownLatitude})`.mapWith(nullableNumber),
      north: sql<number | null>`max(${shownLatitude})`.mapWith(nullableNumber),
      west: sql<number | null>`min(${shownLongitude})`.mapWith(nullableNumber),
      east: sql<number | null>`max(${shownLongitude})`.mapWith(nullableNumber),
    })
    .from(properties)
    .where(where);
  return row ? boundsOrNull(row) : null;
}

/**
 * The markers of the whole result set clustered at a zoom (the MAX_MARKER_POINTS largest
 * cells), with the exact total and optionally the extent in the same pass: window
 * aggregates over the cells, computed before the limit. Listings without a position count
 * in the total and form one cell of their own, sorted last and left out of the markers.
 */
export async function markersWithTotal(db: Db, where: SQL, zoom: number, withExtent: boolean): Promise<Overview> {
  const cell = clusterCellDeg(zoom);
  const located = sql`${properties.latitude} is not null and ${properties.longitude} is not null`;
  // Cells and extent of the shown positions: the exact ones of a hidden address never shape an answer.
  const cellX = sql`case when ${located} then floor(${shownLongitude} / ${cell}::float8) end`;
  const cellY = sql`case when ${located} then floor(${shownLatitude} / ${cell}::float8) end`;
  const extent = (fn: 'min' | 'max', column: SQL) =>
    (withExtent
      ? sql<number | null>`${sql.raw(fn)}(${sql.raw(fn)}(${column})) over ()`
      : sql<number | null>`null::float8`
    ).mapWith(nullableNumber);
  const rows = await db
    .select({
      // The mean of the shown positions, exact (integer nanodegrees): the cells answer the same (cells.ts).
      latitude: sql<number | null>`${meanOf(sql`sum(search_nano(${shownLatitude}))`, sql`count(*)`)}`.mapWith(
        nullableNumber,
      ),
      longitude: sql<number | null>`${meanOf(sql`sum(search_nano(${shownLongitude}))`, sql`count(*)`)}`.mapWith(
        nullableNumber,
      ),
      count: sql<number>`count(*)::int`.mapWith(Number),
      propertyId: sql<number | null>`case when count(*) = 1 then min(${properties.id}) end`.mapWith(nullableNumber),
      price: sql<number | null>`case when count(*) = 1 then min(${properties.price}) end`.mapWith(nullableNumber),
      unlocated: sql<boolean>`bool_or(not (${located}))`,
      total: sql<number>`(sum(count(*)) over ())::int8`.mapWith(Number),
      south: extent('min', shownLatitude),
      north: extent('max', shownLatitude),
      west: extent('min', shownLongitude),
      east: extent('max', shownLongitude),
    })
    .from(properties)
    .where(where)
    .groupBy(cellX, cellY)
    .orderBy(sql`bool_or(not (${located}))`, sql`count(*) desc`, sql`min(${properties.id})`)
    .limit(MAX_MARKER_POINTS + 1);
  const first = rows[0];
  return {
    zoom,
    total: first?.total ?? 0,
    markers: rows
      .filter((r) => !r.unlocated && r.latitude !== null && r.longitude !== null)
      .slice(0, MAX_MARKER_POINTS)
      .map((r) => ({
        latitude: r.latitude!,
        longitude: r.longitude!,
        count: r.count,
        propertyId: r.propertyId,
        price: r.price,
      })),
    extent: first ? boundsOrNull(first) : null,
  };
}
