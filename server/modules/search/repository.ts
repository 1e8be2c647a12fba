import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_ZOOM, LIMITS, type SearchParams, type SearchSort, type SearchType } from '@domain/search';
import type { Db } from '../../db/database';
import { properties } from '../../db/schema';
import { walkCircle } from './area-conditions';
import { PUBLISHED, cellMarkersSql, circleCellMarkersSql, markersOf, type CellStatementRow } from './cells';
import { decodeCursor, encodeCursor, sortKeys, type SortKey } from './cursor';
import { circleBounds, zoomForBounds } from './geometry';
import { selectPage, toListings, type PageEntry, type SearchListingRow } from './listing-rows';
import type { MarkerIndex, MemoryPageSort } from './marker-index';
import {
  DEFAULT_ZOOM_MAX,
  MAX_MARKER_POINTS,
  knownZoom,
  markersWithTotal,
  resultExtent,
  type MarkerRow,
  type Overview,
} from './markers';
import { executeNamed } from './named-statement';
import { PAGE_READS, cellPlansOf, pageIdsQuery, type CellPlans } from './page-plan';
import { referenceNames, type ReferenceNames } from './reference-names';
import { resolveSearch, type ResolvedSearch } from './resolve-place';

// The search call: the search resolved (resolve-place.ts), one page in the requested sort (page-plan.ts,
// listing-rows.ts, the keyset cursor of cursor.ts), the exact total and the markers of the whole result
// set (markers.ts, or the cells: cells.ts, or this server's copy: marker-index.ts), and the area.

export interface SearchResultRow {
  Total: number;
  Items: SearchListingRow[];
  NextCursor: string | null;
  Markers: { Zoom: number; Points: MarkerRow[] };
  Area: {
    Kind: SearchType;
    Name: string | null;
    Center: { Latitude: number; Longitude: number } | null;
    RadiusM: number | null;
    Polygon: { Latitude: number; Longitude: number }[] | null;
    Bounds: { South: number; West: number; North: number; East: number } | null;
  };
}

export interface SearchOptions {
  /** false: the markers and the total from the listings even where the cells could answer (tests compare the two). */
  cells?: boolean;
  /** false: the page from the area's GiST and a sort, never a walk of a sort index (tests compare the two). */
  walk?: boolean;
  /** This server's copy of the listings' positions: a plain circle's markers from it when it can answer them. */
  markerIndex?: MarkerIndex;
}

/** The page alone (its items and the next cursor): the page query of searchListings, also measured by tests/bench/search.ts. */
export async function searchPage(
  db: Db,
  p: SearchParams,
  resolved?: ResolvedSearch,
  cellPlans?: CellPlans,
  options: SearchOptions = {},
): Promise<{ items: SearchListingRow[]; nextCursor: string | null }> {
  const { items, nextCursor } = await pageAndMarkers(
    db,
    p,
    resolved ?? (await resolveSearch(db, p)),
    cellPlans,
    options,
    null,
  );
  return { items, nextCursor };
}

/**
 * The page and, when `markers` is given (a markers statement of the cells, cells.ts), that statement's rows. When
 * the page's statement is a named one (planned once per connection), the markers ride in it (carriedMarkers): one
 * statement and one round trip instead of two, the rows the same. Otherwise the two run side by side.
 */
async function pageAndMarkers(
  db: Db,
  p: SearchParams,
  search: ResolvedSearch,
  cellPlans: CellPlans | undefined,
  options: SearchOptions,
  markers: SQL | null,
): Promise<{ items: SearchListingRow[]; nextCursor: string | null; markers: CellStatementRow[] | null }> {
  const plans = cellPlans ?? cellPlansOf(search, p, knownZoom(p, search.area), true);
  const keys = sortKeys(p);
  const cursor = p.Cursor ? decodeCursor(p.Cursor, p, keys) : null;
  const pageSize = Math.min(p.PageSize ?? LIMITS.pageSizeDefault, LIMITS.pageSizeMax);
  // At least one more than the page: its presence says there is a next page. The statement reads one of
  // two sizes (PAGE_READS), so that page sizes do not multiply its texts (each a prepared statement).
  const reads = PAGE_READS.find((size) => size > pageSize) ?? pageSize + 1;
  const fromMemory = cursor === null ? await memoryPage(db, p, search, plans, options, keys, reads, markers) : null;
  if (fromMemory) return finishPage(p, fromMemory.page, fromMemory.names, pageSize, fromMemory.markers);
  const ids = pageIdsQuery(db, search, p, keys, cursor, reads, plans, options.walk !== false);
  const carried = markers !== null && ids.named;
  const [page, names, markerRows] = await Promise.all([
    selectPage(db, carried ? { query: carriedMarkers(ids.query, markers), named: true } : ids, keys.length, carried),
    referenceNames(db),
    markers !== null && !carried ? executeNamed<CellStatementRow>(db, markers).then((result) => result.rows) : null,
  ]);
  if (!carried) return finishPage(p, page, names, pageSize, markerRows);
  // The markers came in the first row of the page. No row: the plain search's area holds no listing, and its
  // markers (the same listings, from the cells) are none.
  const first = page.find((entry) => entry.markers !== null);
  return finishPage(p, page, names, pageSize, (first?.markers as CellStatementRow[] | undefined) ?? []);
}

/** The page's items and the cursor of the next (when the rows read hold one more than the page). */
function finishPage(
  p: SearchParams,
  page: PageEntry[],
  names: ReferenceNames,
  pageSize: number,
  markers: CellStatementRow[] | null,
) {
  const shown = page.slice(0, pageSize);
  const items = toListings(
    shown.map((entry) => entry.row),
    names,
  );
  const last = shown.at(-1);
  const nextCursor = page.length > pageSize && last ? encodeCursor({ s: p.Sort, k: last.keys, i: last.row.id }) : null;
  return { items, nextCursor, markers };
}

const MEMORY_SORTS = new Set<SearchSort>(['relevance', 'newest', 'price-asc', 'price-desc'] satisfies MemoryPageSort[]);

/**
 * The first page of a plain circle search from this server's copy of the listings (marker-index.ts,
 * circlePage): the ids in order from memory, their rows from PostgreSQL by primary key in one statement of
 * a fixed text (planned once per connection), with their sort keys as the SQL writes them (for the next
 * page's cursor). Null when the copy cannot answer, or when a listing it named is no longer published with
 * that sell type (the copy lags the database by about a second): the SQL's page then.
 */
async function memoryPage(
  db: Db,
  p: SearchParams,
  search: ResolvedSearch,
  plans: CellPlans,
  options: SearchOptions,
  keys: SortKey[],
  reads: number,
  markers: SQL | null,
): Promise<{ page: PageEntry[]; names: ReferenceNames; markers: CellStatementRow[] | null } | null> {
  const index = options.markerIndex;
  if (
    !index ||
    !search.plain?.shape ||
    !plans.circle ||
    p.Bounds ||
    p.Text ||
    !MEMORY_SORTS.has(p.Sort) ||
    options.walk === false
  )
    return null;
  const ids = index.circlePage(
    search.plain.sellType,
    plans.circle.plan,
    plans.circle.center,
    plans.circle.radiusM,
    p.Sort as MemoryPageSort,
    reads,
  );
  if (!ids) return null;
  const keyTexts = keys.map((k, index) => sql`(${k.expr})::text as ${sql.raw(`k${index}`)}`);
  const query = sql`select 0 as part, u.ord, ${properties.id} as id, ${sql.join(keyTexts, sql`, `)}
    from unnest(${`{${ids.join(',')}}`}::int4[]) with ordinality as u(id, ord) join ${properties} on ${properties.id} = u.id
    where ${properties.statusId} = ${PUBLISHED} and ${properties.sellTypeId} = ${search.plain.sellType}`;
  const [page, names, markerRows] = await Promise.all([
    ids.length > 0 ? selectPage(db, { query, named: true }, keys.length) : [],
    referenceNames(db),
    markers !== null ? executeNamed<CellStatementRow>(db, markers).then((result) => result.rows) : null,
  ]);
  return page.length === ids.length ? { page, names, markers: markerRows } : null;
}

/**
 * The page's ids with the markers statement's rows beside them: a JSON array of them (in their order) in a column
 * `markers` of the first row, null in the others. The markers' scalar subquery is computed once (an InitPlan),
 * when the first row asks for it.
 */
function carriedMarkers(ids: SQL, markers: SQL): SQL {
  return sql`select p.*, case when row_number() over () = 1 then (select coalesce(json_agg(m order by m.n), '[]'::json)
      from (select m0.*, row_number() over () as n from (${markers}) m0) m) end as markers from (${ids}) p`;
}

export async function searchListings(db: Db, p: SearchParams, options: SearchOptions = {}): Promise<SearchResultRow> {
  const search = await resolveSearch(db, p);
  const { where, area } = search;
  const plans = cellPlansOf(search, p, knownZoom(p, area), options.cells !== false);
  // A map view or a circle without other filters: the markers from the cells, in the page's statement when it can carry them.
  const zoomKnown = p.Zoom !== undefined || area.bounds !== null;
  // A circle's markers from this server's copy of the listings (marker-index.ts) when it can answer them.
  const fromMemory =
    zoomKnown && !(plans.view && p.Bounds) && plans.circle && options.markerIndex
      ? options.markerIndex.circleMarkers(
          p.SellType,
          plans.circle.plan,
          plans.circle.center,
          plans.circle.radiusM,
          MAX_MARKER_POINTS + 1,
        )
      : null;
  const cellsMarkers = fromMemory
    ? null
    : zoomKnown && plans.view && p.Bounds
      ? cellMarkersSql(p.SellType, p.Bounds, plans.view, MAX_MARKER_POINTS + 1)
      : zoomKnown && plans.circle
        ? circleCellMarkersSql(
            p.SellType,
            plans.circle.plan,
            walkCircle(plans.circle.center, plans.circle.radiusM),
            MAX_MARKER_POINTS + 1,
          )
        : null;
  const pageQuery = pageAndMarkers(db, p, search, plans, options, cellsMarkers);

  // The markers, the exact total and (when the area does not bound the map) the result set's
  // extent. When the zoom is known before the extent (asked for, or fitted to the area's own
  // bounds) they are one pass over the result set, run beside the page query; otherwise the
  // extent comes first, to fit the zoom to it. A map view without other filters reads them from
  // the pre-aggregated cells (cells.ts).
  let overview: Overview;
  let page: Awaited<typeof pageQuery>;
  if (p.Zoom !== undefined || area.bounds) {
    const zoom = knownZoom(p, area)!;
    const fromCells = (r: { total: number; markers: Overview['markers'] }): Overview => ({
      zoom,
      total: r.total,
      markers: r.markers,
      extent: null,
    });
    if (fromMemory) {
      page = await pageQuery;
      overview = fromCells(fromMemory);
    } else if (cellsMarkers) {
      page = await pageQuery;
      overview = fromCells(markersOf(page.markers ?? []));
    } else {
      [overview, page] = await Promise.all([markersWithTotal(db, where, zoom, !area.bounds), pageQuery]);
    }
    overview.markers = overview.markers.slice(0, MAX_MARKER_POINTS);
  } else {
    const [extent, pageRows] = await Promise.all([resultExtent(db, where), pageQuery]);
    page = pageRows;
    const zoom = zoomForBounds(
      extent ?? (area.center ? circleBounds(area.center, LIMITS.radiusDefault) : null),
      LIMITS.zoomMin,
      DEFAULT_ZOOM_MAX,
      DEFAULT_ZOOM,
    );
    // Total from the markers' pass too: their counts add up to it.
    overview = { ...(await markersWithTotal(db, where, zoom, false)), extent };
  }
  const bounds =
    area.bounds ?? overview.extent ?? (area.center ? circleBounds(area.center, LIMITS.radiusDefault) : null);
  const { zoom, markers } = overview;

  const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    Total: overview.total,
    Items: page.items,
    NextCursor: page.nextCursor,
    Markers: {
      Zoom: zoom,
      Points: markers.map((m) => ({
        Latitude: round6(m.latitude),
        Longitude: round6(m.longitude),
        Count: m.count,
        PropertyId: m.propertyId,
        Price: m.price,
      })),
    },
    Area: {
      Kind: area.kind,
      Name: area.name,
      Center: area.center ? { Latitude: area.center.latitude, Longitude: area.center.longitude } : null,
      RadiusM: area.radiusM,
      Polygon: area.polygon ? area.polygon.map((pt) => ({ Latitude: pt.latitude, Longitude: pt.longitude })) : null,
      Bounds: bounds ? { South: bounds.south, West: bounds.west, North: bounds.north, East: bounds.east } : null,
    },
  };
}
