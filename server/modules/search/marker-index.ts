import { sql } from 'drizzle-orm';
import type { LatLng } from '@domain/search';
import type { Db } from '../../db/database';
import { PROPERTY_STATUS } from '../../db/reference-ids';
import { SEARCH_CELL_LEVEL_MAX, SEARCH_CELL_LEVEL_MIN } from '../../db/schema';
import { FINE_CELL_X, FINE_CELL_Y, type CellMarkerRow, type CirclePlan } from './cells';
import { clusterCellDeg, planarCircle, planarDistance2, sphereDistance } from './geometry';

// Markers from memory (docs/bench-journal.md, "2026-11-29, third step: markers from memory"). A circle's markers read ~300 cells and the
// listings of ~30 border lines from PostgreSQL: half of what the database spends on a cold search. Each
// server keeps instead the public position, sell type, id and price of every published listing, by cell of
// the finest level (16), and answers the same markers from them: the circle's plan (cells.ts) is the same,
// its inner cells summed from the listings they hold, its border listings tested as the SQL tests them.
// It keeps each listing's publication date and highlight too, and picks a plain circle's first page from them
// (circlePage, docs/bench-journal.md, "2026-11-29, fourth step: a circle's first page from memory"): the database then reads only its rows.
//
// The copy is loaded in the background at start (the SQL answers until it is ready) and brought up to date
// every second from search_changes, which the trigger keeping search_cells writes in the writer's
// transaction: the rows of every transaction at or after the oldest one running at the previous read, so
// none that committed late is missed, and the listings they name are read again as they now are. It is a
// copy: any server may drop it and load it again, and answers lag the database by about a second (the
// answer cache already lets them lag by five).

const FINE_SIZE = clusterCellDeg(SEARCH_CELL_LEVEL_MAX);
/** Rows of the finest cells per statement of a load (~0.2° of latitude). */
const LOAD_ROWS = 96;
/** The last row of the finest cells (90°). */
const MAX_FINE_ROW = Math.ceil(90 / clusterCellDeg(SEARCH_CELL_LEVEL_MAX));
/** The feed is read this often (ms). */
const POLL_MS = 1_000;
/** Without a successful read of the feed for this long (ms), the copy is not used. */
const STALE_MS = 10_000;
/** A copy that could not read the feed for this long (ms) may have missed rows the trigger deleted (after ten minutes): it loads again. */
const RELOAD_AFTER_MS = 5 * 60_000;
/**
 * Closer than this to the edge (metres), a listing is left to PostgreSQL: wherever the SQL's tests decide, they
 * agree with the great-circle distance (the plane by its margin, the haversine and the cube to ~1e-9 m), and
 * JS's haversine (another libm) agrees with them to far less than this.
 */
const EDGE_DOUBT_M = 1e-4;

/** round(degrees × 1e9) as PostgreSQL's search_nano computes it: rint, halves to even. */
export function nano(degrees: number): number {
  const v = degrees * 1e9;
  const f = Math.floor(v);
  const d = v - f;
  if (d < 0.5) return f;
  if (d > 0.5) return f + 1;
  return f % 2 === 0 ? f : f + 1;
}

/** A timestamp as microseconds since 1970, exact (extract gives a numeric), as text: the driver's int8. */
const MICROS_PUBLISHED = sql.raw('(extract(epoch from p.published_at) * 1000000)::int8');
const MICROS_HIGHLIGHTED = sql.raw('(extract(epoch from p.highlighted_until) * 1000000)::int8');

const orNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** A listing's key in the finest grid: rows (cy) then columns (cx), in the order of properties_cell_idx. */
const cellKey = (cy: number, cx: number) => (cy + 65_536) * 262_144 + (cx + 131_072);

interface Row {
  id: number;
  sell: number | null;
  x: number | null;
  y: number | null;
  price: number | null;
  /** Microseconds since 1970 (PostgreSQL's own precision), null when unset. */
  published: number | null;
  highlightedUntil: number | null;
  status: number | null;
}

/**
 * The listings of one sell type as they were loaded, in typed arrays (no object per listing: a million
 * listings are ~55 MB and nothing for the garbage collector to walk), ordered by cell, with each cell's sums.
 */
interface Base {
  keys: Float64Array;
  ids: Int32Array;
  xs: Float64Array;
  ys: Float64Array;
  /** NaN: no price. */
  prices: Float64Array;
  /** published_at and highlighted_until in microseconds since 1970; NaN: none. */
  published: Float64Array;
  highlightedUntil: Float64Array;
  cellKeys: Float64Array;
  /** Cell i holds listings cellStart[i] .. cellStart[i + 1] - 1. */
  cellStart: Int32Array;
  count: Float64Array;
  latNano: Float64Array;
  lngNano: Float64Array;
  minId: Float64Array;
  priced: Float64Array;
  priceSum: Float64Array;
  /** Each cell's best keys for a page (circlePage): -Infinity when none of its listings has one. */
  maxPublished: Float64Array;
  maxHighlightedUntil: Float64Array;
  maxPrice: Float64Array;
  /** The lowest price, negated (the best key of a page by price ascending). */
  maxNegPrice: Float64Array;
  /** The listings' ids in order, and where each is (for a change to find its cell). */
  sortedIds: Int32Array;
  positionOf: Int32Array;
}

/**
 * Collects the rows of one sell type as they are loaded, straight into typed arrays (the load reads them in
 * cell order, as properties_cell_idx holds them), then makes the base: no object per listing, and no sort of a
 * million objects on the event loop when a server loads its copy anew while it answers.
 */
class BaseBuilder {
  private n = 0;
  private keys = new Float64Array(1024);
  private ids = new Int32Array(1024);
  private xs = new Float64Array(1024);
  private ys = new Float64Array(1024);
  private prices = new Float64Array(1024);
  private published = new Float64Array(1024);
  private highlightedUntil = new Float64Array(1024);
  private ordered = true;

  push(
    id: number,
    x: number,
    y: number,
    price: number | null,
    published: number | null,
    highlightedUntil: number | null,
  ): void {
    if (this.n === this.ids.length) this.grow();
    const key = cellKey(Math.floor(y / FINE_SIZE), Math.floor(x / FINE_SIZE));
    if (this.n > 0 && key < this.keys[this.n - 1]!) this.ordered = false;
    this.keys[this.n] = key;
    this.ids[this.n] = id;
    this.xs[this.n] = x;
    this.ys[this.n] = y;
    this.prices[this.n] = price === null ? Number.NaN : price;
    this.published[this.n] = published === null ? Number.NaN : published;
    this.highlightedUntil[this.n] = highlightedUntil === null ? Number.NaN : highlightedUntil;
    this.n += 1;
  }

  private grow(): void {
    const size = this.ids.length * 2;
    const grown = <T extends Float64Array | Int32Array>(old: T, make: (n: number) => T) => {
      const next = make(size);
      next.set(old);
      return next;
    };
    this.keys = grown(this.keys, (n) => new Float64Array(n));
    this.ids = grown(this.ids, (n) => new Int32Array(n));
    this.xs = grown(this.xs, (n) => new Float64Array(n));
    this.ys = grown(this.ys, (n) => new Float64Array(n));
    this.prices = grown(this.prices, (n) => new Float64Array(n));
    this.published = grown(this.published, (n) => new Float64Array(n));
    this.highlightedUntil = grown(this.highlightedUntil, (n) => new Float64Array(n));
  }

  finish(): Base {
    const n = this.n;
    let order: Int32Array | null = null;
    if (!this.ordered) {
      // Not in cell order (never, when the database's and JS's cells agree): sorted here.
      const keys = this.keys;
      order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[a]! - keys[b]!);
    }
    const take = <T extends Float64Array | Int32Array>(list: T, make: (n: number) => T): T => {
      const out = make(n);
      for (let i = 0; i < n; i++) out[i] = list[order ? order[i]! : i]!;
      return out;
    };
    const base: Base = {
      keys: take(this.keys, (k) => new Float64Array(k)),
      ids: take(this.ids, (k) => new Int32Array(k)),
      xs: take(this.xs, (k) => new Float64Array(k)),
      ys: take(this.ys, (k) => new Float64Array(k)),
      prices: take(this.prices, (k) => new Float64Array(k)),
      published: take(this.published, (k) => new Float64Array(k)),
      highlightedUntil: take(this.highlightedUntil, (k) => new Float64Array(k)),
      cellKeys: new Float64Array(0),
      cellStart: new Int32Array(0),
      count: new Float64Array(0),
      latNano: new Float64Array(0),
      lngNano: new Float64Array(0),
      minId: new Float64Array(0),
      priced: new Float64Array(0),
      priceSum: new Float64Array(0),
      maxPublished: new Float64Array(0),
      maxHighlightedUntil: new Float64Array(0),
      maxPrice: new Float64Array(0),
      maxNegPrice: new Float64Array(0),
      sortedIds: new Int32Array(n),
      positionOf: new Int32Array(n),
    };
    let cells = 0;
    for (let i = 0; i < n; i++) if (i === 0 || base.keys[i] !== base.keys[i - 1]) cells += 1;
    base.cellKeys = new Float64Array(cells);
    base.cellStart = new Int32Array(cells + 1);
    for (let i = 0, c = -1; i < n; i++) {
      if (i === 0 || base.keys[i] !== base.keys[i - 1]) {
        c += 1;
        base.cellKeys[c] = base.keys[i]!;
        base.cellStart[c] = i;
      }
    }
    base.cellStart[cells] = n;
    for (const name of ['count', 'latNano', 'lngNano', 'minId', 'priced', 'priceSum'] as const)
      base[name] = new Float64Array(cells);
    for (const name of ['maxPublished', 'maxHighlightedUntil', 'maxPrice', 'maxNegPrice'] as const)
      base[name] = new Float64Array(cells).fill(Number.NEGATIVE_INFINITY);
    for (let c = 0; c < cells; c++) {
      let minId = Number.POSITIVE_INFINITY;
      for (let i = base.cellStart[c]!; i < base.cellStart[c + 1]!; i++) {
        base.latNano[c] += nano(base.ys[i]!);
        base.lngNano[c] += nano(base.xs[i]!);
        if (base.ids[i]! < minId) minId = base.ids[i]!;
        const price = base.prices[i]!;
        if (!Number.isNaN(price)) {
          base.priced[c] += 1;
          base.priceSum[c] += price;
          if (price > base.maxPrice[c]!) base.maxPrice[c] = price;
          if (-price > base.maxNegPrice[c]!) base.maxNegPrice[c] = -price;
        }
        // NaN (none) is never greater: such a cell's bound stays -Infinity.
        if (base.published[i]! > base.maxPublished[c]!) base.maxPublished[c] = base.published[i]!;
        if (base.highlightedUntil[i]! > base.maxHighlightedUntil[c]!)
          base.maxHighlightedUntil[c] = base.highlightedUntil[i]!;
      }
      base.count[c] = base.cellStart[c + 1]! - base.cellStart[c]!;
      base.minId[c] = minId;
    }
    // The ids in order with their positions, packed as id · 2^22 + position into one number (ids below 2^31,
    // positions below 2^22: under 2^53) and sorted natively.
    if (n >= 2 ** 22) throw new Error('marker index: too many listings of one sell type for one copy');
    const packed = new Float64Array(n);
    for (let i = 0; i < n; i++) packed[i] = base.ids[i]! * 2 ** 22 + i;
    packed.sort();
    for (let i = 0; i < n; i++) {
      const position = packed[i]! % 2 ** 22;
      base.positionOf[i] = position;
      base.sortedIds[i] = base.ids[position]!;
    }
    return base;
  }
}

/** The first index of `sorted` whose value is at least `value`. */
function lowerBound(sorted: Float64Array | Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Listing {
  id: number;
  sell: number;
  x: number;
  y: number;
  price: number | null;
  published: number | null;
  highlightedUntil: number | null;
}

/** Changes since the base was loaded: past this many, a new base is loaded in the background. */
const DELTA_MAX = 5_000;

interface Group {
  count: number;
  latNano: number;
  lngNano: number;
  minId: number;
  priced: number;
  priceSum: number;
}

/**
 * Whether a listing is inside a circle, decided as the SQL's walkCircle decides it: the plane (the same
 * arithmetic), then the haversine. `doubt` turns true when a listing tested lies within EDGE_DOUBT_M of the
 * edge, where JS's libm and PostgreSQL's could part: the SQL answers that circle.
 */
function circleTest(center: LatLng, radiusM: number) {
  const plane = planarCircle(center, radiusM);
  const test = {
    doubt: false,
    inside(x: number, y: number): boolean {
      if (plane) {
        const flat2 = planarDistance2(plane, y, x);
        if (flat2 <= plane.inner2) return true;
        if (flat2 >= plane.outer2) return false;
      }
      const d = sphereDistance(center, y, x);
      if (Math.abs(d - radiusM) <= EDGE_DOUBT_M) test.doubt = true;
      return d <= radiusM;
    },
  };
  return test;
}

/** Whether a position is in a circle's plan as the loaded listings are: in an inner cell, or in a border cell and inside. */
function planMembership(
  plan: CirclePlan,
  inside: (x: number, y: number) => boolean,
): (x: number, y: number) => boolean {
  const inner = new Map(plan.rows.map((r) => [r.fixed, r]));
  const edge = new Map<number, { lo: number; hi: number }[]>();
  for (const line of plan.border) edge.set(line.fixed, [...(edge.get(line.fixed) ?? []), line]);
  return (x, y) => {
    const cy = Math.floor(y / FINE_SIZE);
    const cx = Math.floor(x / FINE_SIZE);
    const row = inner.get(cy);
    if (row && cx >= row.lo && cx <= row.hi) return true;
    return (edge.get(cy)?.some((l) => cx >= l.lo && cx <= l.hi) ?? false) && inside(x, y);
  };
}

/** The sorts a page can be read from the copy in: those whose keys it holds. */
export type MemoryPageSort = 'relevance' | 'newest' | 'price-asc' | 'price-desc';

export class MarkerIndex {
  private bases = new Map<number, Base>();
  /** Ids of the bases that changed since (their rows there are ignored), and the base cells that hold them. */
  private masked = new Set<number>();
  private dirty = new Map<number, Set<number>>();
  /** The listings as they are now, for those that changed since the bases were loaded. */
  private delta = new Map<number, Listing>();
  private since: number | null = null;
  private loaded = false;
  private lastRead = 0;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private stopped = false;
  private loading: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** Listings in the copy (for the log and the tests). */
  get size(): number {
    let n = 0;
    for (const base of this.bases.values()) n += base.ids.length;
    return n - this.masked.size + this.delta.size;
  }

  /** Loaded, and read from the feed within STALE_MS. */
  get ready(): boolean {
    return this.loaded && Date.now() - this.lastRead < STALE_MS;
  }

  /** Loads the copy, then reads the feed every POLL_MS. Resolves once loaded. */
  async start(): Promise<void> {
    await this.load();
    if (!this.stopped && !this.timer) {
      this.timer = setInterval(() => void this.tick().catch(() => undefined), POLL_MS);
      this.timer.unref();
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads the feed once (one read at a time); exposed for the tests. */
  refresh(): Promise<void> {
    this.polling ??= this.poll().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  /**
   * Loads every published listing anew, by rows of the finest cells in properties_cell_idx's order, while
   * the copy in use keeps answering; then swaps it in and reads the feed from where the load began.
   */
  private load(): Promise<void> {
    this.loading ??= (async () => {
      // The oldest transaction running before the load: the feed is read again from there, so a change that
      // commits during the load (into rows already read) is applied after it.
      const from = await this.snapshotXmin();
      const bySell = new Map<number, BaseBuilder>();
      const published = sql.raw(String(PROPERTY_STATUS.published));
      const sells = await this.db.execute<{ sell: number }>(
        sql`select distinct sell_type_id as sell from search_cells where level = ${SEARCH_CELL_LEVEL_MIN}`,
      );
      for (const { sell: rawSell } of sells.rows) {
        const sell = Number(rawSell);
        const builder = new BaseBuilder();
        bySell.set(sell, builder);
        // Each statement a range of rows of properties_cell_idx (sell type, row, column): the next range starts
        // at the next row that holds a listing.
        let from: number | null = -MAX_FINE_ROW - 1;
        while (from !== null) {
          if (this.stopped) return;
          const result = await this.db.execute<{
            id: number;
            x: number;
            y: number;
            price: number | null;
            published: string | null;
            highlighted: string | null;
          }>(
            sql`select p.id, (p.geo)[0] as x, (p.geo)[1] as y, p.price, ${MICROS_PUBLISHED} as published, ${MICROS_HIGHLIGHTED} as highlighted from properties p
                 where p.status_id = ${published} and p.geo is not null and p.sell_type_id = ${sell}
                   and ${FINE_CELL_Y} >= ${from}::int and ${FINE_CELL_Y} < ${from + LOAD_ROWS}::int
                 order by ${FINE_CELL_Y}, ${FINE_CELL_X}`,
          );
          for (const r of result.rows)
            builder.push(
              Number(r.id),
              Number(r.x),
              Number(r.y),
              orNull(r.price),
              orNull(r.published),
              orNull(r.highlighted),
            );
          const next: { rows: { fy: number | null }[] } = await this.db.execute<{ fy: number | null }>(
            sql`select min(${FINE_CELL_Y}) as fy from properties p where p.status_id = ${published} and p.geo is not null and p.sell_type_id = ${sell} and ${FINE_CELL_Y} >= ${from + LOAD_ROWS}::int`,
          );
          const fy: number | null | undefined = next.rows[0]?.fy;
          from = fy === null || fy === undefined ? null : Number(fy);
        }
      }
      const bases = new Map<number, Base>();
      for (const [sell, builder] of bySell) bases.set(sell, builder.finish());
      this.bases = bases;
      this.masked = new Set();
      this.dirty = new Map();
      this.delta = new Map();
      this.since = from;
      await this.poll();
      this.loaded = true;
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** A read of the feed; after a long failure (rows it missed may be deleted) or many changes, a new load. */
  private async tick(): Promise<void> {
    if (!this.loaded || this.loading) return;
    if (Date.now() - this.lastRead > RELOAD_AFTER_MS) {
      this.loaded = false;
      await this.load();
      return;
    }
    await this.refresh();
    if (this.delta.size > DELTA_MAX || this.masked.size > DELTA_MAX) void this.load().catch(() => undefined);
  }

  private async snapshotXmin(): Promise<number> {
    const result = await this.db.execute<{ xmin: string }>(
      sql`select txid_snapshot_xmin(txid_current_snapshot())::text as xmin`,
    );
    return Number(result.rows[0]!.xmin);
  }

  private async poll(): Promise<void> {
    const next = await this.snapshotXmin();
    const changed = await this.db.execute<{ id: number }>(
      sql`select distinct property_id as id from search_changes where xid >= ${this.since ?? next}`,
    );
    const ids = changed.rows.map((r) => Number(r.id));
    for (let i = 0; i < ids.length; i += 10_000) {
      const part = ids.slice(i, i + 10_000);
      const result = await this.db.execute<{
        id: number;
        sell: number | null;
        x: number | null;
        y: number | null;
        price: number | null;
        published: string | null;
        highlighted: string | null;
        status: number | null;
      }>(
        sql`select p.id, p.sell_type_id as sell, (p.geo)[0] as x, (p.geo)[1] as y, p.price, ${MICROS_PUBLISHED} as published, ${MICROS_HIGHLIGHTED} as highlighted, p.status_id as status
              from properties p where p.id = any(${`{${part.join(',')}}`}::int[])`,
      );
      const rows: Row[] = result.rows.map((r) => ({
        id: Number(r.id),
        sell: orNull(r.sell),
        x: orNull(r.x),
        y: orNull(r.y),
        price: orNull(r.price),
        published: orNull(r.published),
        highlightedUntil: orNull(r.highlighted),
        status: orNull(r.status),
      }));
      const found = new Set(rows.map((r) => r.id));
      for (const row of rows) this.put(row);
      // A listing deleted outright is gone from properties: out of the copy too.
      for (const id of part)
        if (!found.has(id))
          this.put({
            id,
            sell: null,
            x: null,
            y: null,
            price: null,
            published: null,
            highlightedUntil: null,
            status: null,
          });
    }
    this.since = next;
    this.lastRead = Date.now();
  }

  /** The listing as it now is: its loaded row ignored, and kept among the changes when published with a sell type and a position. */
  private put(row: Row): void {
    if (!this.masked.has(row.id)) {
      for (const [sell, base] of this.bases) {
        const at = lowerBound(base.sortedIds, row.id);
        if (base.sortedIds[at] !== row.id) continue;
        this.masked.add(row.id);
        const position = base.positionOf[at]!;
        let cells = this.dirty.get(sell);
        if (!cells) this.dirty.set(sell, (cells = new Set()));
        cells.add(base.keys[position]!);
      }
    }
    this.delta.delete(row.id);
    if (row.status === PROPERTY_STATUS.published && row.sell !== null && row.x !== null && row.y !== null) {
      this.delta.set(row.id, {
        id: row.id,
        sell: row.sell,
        x: row.x,
        y: row.y,
        price: row.price,
        published: row.published,
        highlightedUntil: row.highlightedUntil,
      });
    }
  }

  /**
   * The markers and the total of a plain circle search (its plan from planCircleCells at the finest level), as
   * circleCellMarkersSql answers them: the `limit` largest cells of the zoom, then the smallest id. Null when
   * the copy cannot answer (not ready, a coarser plan, a listing too close to the edge for JS to decide as
   * PostgreSQL does, sums beyond exact doubles): the SQL answers then.
   */
  circleMarkers(
    sellType: number,
    plan: CirclePlan,
    center: LatLng,
    radiusM: number,
    limit: number,
  ): { total: number; markers: CellMarkerRow[] } | null {
    if (!this.ready || plan.level !== SEARCH_CELL_LEVEL_MAX) return null;
    // The markers' cells of the zoom that the plan can reach, as a dense grid (at most a few hundred: the plan
    // has at most 40,000 cells of the finest level, 4 levels finer at most).
    const zoomSize = clusterCellDeg(plan.zoom);
    const shift = plan.level - plan.zoom;
    let minY = Number.POSITIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    let minX = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    for (const line of [...plan.rows, ...plan.border]) {
      minY = Math.min(minY, line.fixed >> shift);
      maxY = Math.max(maxY, line.fixed >> shift);
      minX = Math.min(minX, line.lo >> shift);
      maxX = Math.max(maxX, line.hi >> shift);
    }
    const width = maxX - minX + 1;
    const cellsAcross = plan.rows.length + plan.border.length === 0 ? 0 : width * (maxY - minY + 1);
    const gCount = new Float64Array(cellsAcross);
    const gLat = new Float64Array(cellsAcross);
    const gLng = new Float64Array(cellsAcross);
    const gMin = new Float64Array(cellsAcross).fill(Number.POSITIVE_INFINITY);
    const gPriced = new Float64Array(cellsAcross);
    const gPriceSum = new Float64Array(cellsAcross);
    const add = (
      ox: number,
      oy: number,
      count: number,
      latNano: number,
      lngNano: number,
      minId: number,
      priced: number,
      priceSum: number,
    ) => {
      const g = (oy - minY) * width + (ox - minX);
      gCount[g] += count;
      gLat[g] += latNano;
      gLng[g] += lngNano;
      if (minId < gMin[g]!) gMin[g] = minId;
      gPriced[g] += priced;
      gPriceSum[g] += priceSum;
    };
    const circle = circleTest(center, radiusM);
    const inside = circle.inside;
    const single = (x: number, y: number, id: number, price: number | null) =>
      add(
        Math.floor(x / zoomSize),
        Math.floor(y / zoomSize),
        1,
        nano(y),
        nano(x),
        id,
        price === null ? 0 : 1,
        price ?? 0,
      );

    const base = this.bases.get(sellType);
    const dirty = this.dirty.get(sellType);
    if (base) {
      // Each line is a range of keys: its first cell found once, the next ones in order.
      const walk = (line: { fixed: number; lo: number; hi: number }, border: boolean) => {
        const last = cellKey(line.fixed, line.hi);
        for (
          let c = lowerBound(base.cellKeys, cellKey(line.fixed, line.lo));
          c < base.cellKeys.length && base.cellKeys[c]! <= last;
          c++
        ) {
          const key = base.cellKeys[c]!;
          if (!border && !dirty?.has(key)) {
            const cx = ((key % 262_144) - 131_072) >> 0;
            add(
              cx >> shift,
              line.fixed >> shift,
              base.count[c]!,
              base.latNano[c]!,
              base.lngNano[c]!,
              base.minId[c]!,
              base.priced[c]!,
              base.priceSum[c]!,
            );
            continue;
          }
          for (let i = base.cellStart[c]!; i < base.cellStart[c + 1]!; i++) {
            const id = base.ids[i]!;
            if (this.masked.has(id)) continue;
            const x = base.xs[i]!;
            const y = base.ys[i]!;
            if (border && !inside(x, y)) continue;
            const price = base.prices[i]!;
            single(x, y, id, Number.isNaN(price) ? null : price);
          }
        }
      };
      for (const row of plan.rows) walk(row, false);
      for (const line of plan.border) walk(line, true);
    }
    if (this.delta.size > 0) {
      const inPlan = planMembership(plan, inside);
      for (const listing of this.delta.values()) {
        if (listing.sell === sellType && inPlan(listing.x, listing.y))
          single(listing.x, listing.y, listing.id, listing.price);
      }
    }
    if (circle.doubt) return null;
    const list: Group[] = [];
    let total = 0;
    for (let g = 0; g < cellsAcross; g++) {
      if (gCount[g] === 0) continue;
      if (
        Math.abs(gLat[g]!) > Number.MAX_SAFE_INTEGER ||
        Math.abs(gLng[g]!) > Number.MAX_SAFE_INTEGER ||
        Math.abs(gPriceSum[g]!) > Number.MAX_SAFE_INTEGER
      )
        return null;
      total += gCount[g]!;
      list.push({
        count: gCount[g]!,
        latNano: gLat[g]!,
        lngNano: gLng[g]!,
        minId: gMin[g]!,
        priced: gPriced[g]!,
        priceSum: gPriceSum[g]!,
      });
    }
    list.sort((a, b) => b.count - a.count || a.minId - b.minId);
    return {
      total,
      markers: list.slice(0, limit).map((g) => ({
        latitude: g.latNano / (g.count * 1e9),
        longitude: g.lngNano / (g.count * 1e9),
        count: g.count,
        propertyId: g.count === 1 ? g.minId : null,
        price: g.count === 1 && g.priced === 1 ? g.priceSum : null,
      })),
    };
  }
  /**
   * The first `limit` listings of a plain circle search in a sort's order, as the SQL's page orders them
   * (cursor.ts, sortKeys: the keys descending or ascending with nulls last, then the id in the last key's
   * direction; relevance puts the listings highlighted now first, then the newest): their ids, best first.
   * The cells are read best bound first (each cell keeps its best keys), and a cell that cannot beat the page
   * so far ends the walk: a city circle of tens of thousands of listings reads a few cells. Null when the copy
   * cannot answer (not ready, a coarser plan, a listing that would enter the page too close to the edge).
   */
  circlePage(
    sellType: number,
    plan: CirclePlan,
    center: LatLng,
    radiusM: number,
    sort: MemoryPageSort,
    limit: number,
    nowMicros = Date.now() * 1000,
  ): number[] | null {
    if (!this.ready || plan.level !== SEARCH_CELL_LEVEL_MAX || limit < 1) return null;
    const circle = circleTest(center, radiusM);
    // A listing's keys: a (highlighted now: relevance only) then b (the sort's key, higher is better; none: -Infinity).
    const relevance = sort === 'relevance';
    const idDescending = sort !== 'price-asc';
    const keyA = (highlightedUntil: number) => (relevance && highlightedUntil > nowMicros ? 1 : 0);
    const keyB = (price: number, published: number): number => {
      const value = sort === 'price-asc' ? -price : sort === 'price-desc' ? price : published;
      return Number.isNaN(value) ? Number.NEGATIVE_INFINITY : value;
    };
    // The page so far, best first.
    const pageA: number[] = [];
    const pageB: number[] = [];
    const pageIds: number[] = [];
    /** Whether (a, b, id) comes before the page's entry j. */
    const before = (a: number, b: number, id: number, j: number) =>
      a > pageA[j]! ||
      (a === pageA[j] && (b > pageB[j]! || (b === pageB[j] && (idDescending ? id > pageIds[j]! : id < pageIds[j]!))));
    const full = () => pageIds.length === limit;
    const wanted = (a: number, b: number, id: number) => !full() || before(a, b, id, limit - 1);
    const offer = (a: number, b: number, id: number) => {
      let j = pageIds.length;
      while (j > 0 && before(a, b, id, j - 1)) j -= 1;
      pageA.splice(j, 0, a);
      pageB.splice(j, 0, b);
      pageIds.splice(j, 0, id);
      if (pageIds.length > limit) {
        pageA.pop();
        pageB.pop();
        pageIds.pop();
      }
    };

    const base = this.bases.get(sellType);
    if (base) {
      // The plan's cells that hold listings, with their best keys.
      const cells: number[] = [];
      const border: boolean[] = [];
      const collect = (line: { fixed: number; lo: number; hi: number }, onBorder: boolean) => {
        const last = cellKey(line.fixed, line.hi);
        for (
          let c = lowerBound(base.cellKeys, cellKey(line.fixed, line.lo));
          c < base.cellKeys.length && base.cellKeys[c]! <= last;
          c++
        ) {
          cells.push(c);
          border.push(onBorder);
        }
      };
      for (const row of plan.rows) collect(row, false);
      for (const line of plan.border) collect(line, true);
      const boundA = cells.map((c) => keyA(base.maxHighlightedUntil[c]!));
      const boundB = cells.map((c) =>
        sort === 'price-asc' ? base.maxNegPrice[c]! : sort === 'price-desc' ? base.maxPrice[c]! : base.maxPublished[c]!,
      );
      const order = cells
        .map((_, k) => k)
        .sort((p, q) => boundA[q]! - boundA[p]! || (boundB[q]! > boundB[p]! ? 1 : boundB[q]! < boundB[p]! ? -1 : 0));
      const masked = this.masked.size > 0 ? this.masked : null;
      for (const k of order) {
        // Sorted by bound: once a cell cannot come before the page's last, none after it can.
        if (
          full() &&
          (boundA[k]! < pageA[limit - 1]! || (boundA[k] === pageA[limit - 1] && boundB[k]! < pageB[limit - 1]!))
        )
          break;
        const c = cells[k]!;
        for (let i = base.cellStart[c]!; i < base.cellStart[c + 1]!; i++) {
          const id = base.ids[i]!;
          const a = keyA(base.highlightedUntil[i]!);
          const b = keyB(base.prices[i]!, base.published[i]!);
          if (!wanted(a, b, id) || masked?.has(id)) continue;
          if (border[k] && !circle.inside(base.xs[i]!, base.ys[i]!)) continue;
          offer(a, b, id);
        }
      }
    }
    if (this.delta.size > 0) {
      const inPlan = planMembership(plan, circle.inside);
      for (const listing of this.delta.values()) {
        if (listing.sell !== sellType) continue;
        const a = keyA(listing.highlightedUntil ?? Number.NaN);
        const b = keyB(listing.price ?? Number.NaN, listing.published ?? Number.NaN);
        if (wanted(a, b, listing.id) && inPlan(listing.x, listing.y)) offer(a, b, listing.id);
      }
    }
    return circle.doubt ? null : pageIds;
  }
}
