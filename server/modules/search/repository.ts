import { and, eq, gte, inArray, is, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { DEFAULT_ZOOM, LIMITS, TYPE_SLUG_MEANING, type Bounds, type LatLng, type SearchParams, type SearchSort, type SearchType } from '@domain/search';
import type { Db } from '../../db/database';
import { MEDIA_TYPE, PROPERTY_CONDITION, PROPERTY_STATUS } from '../../db/reference-ids';
import { agencies, districts, media, municipalities, properties, propertyAmenities, provinces, regions } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { toSearchName, toSlug } from '../../db/search-text';
import { formatAddress } from '../shared/search-listing';
import { resolveMediaUrlOrNull } from '../shared/media-url';
import { statementShell, type StatementShell } from './named-statement';
import { referenceNames, type ReferenceNames } from './reference-names';
import { PUBLISHED, cellMarkersSql, circleCellMarkersSql, densitySql, innerCountSql, markersOf, meanOf, planCells, planCircleCells, type CellPlan, type CellStatementRow, type CirclePlan } from './cells';
import { executeNamed } from './named-statement';
import type { MarkerIndex, MemoryPageSort } from './marker-index';
import { boundsOf, circleBounds, clusterCellDeg, fromPgPolygon, planarCircle, polygonProblem, toPgBox, toPgPolygon, zoomForBounds } from './geometry';

/** What a search covers, for the map and the heading (the `Area` of the answer, before the result set's bounds). */
export interface ResolvedArea {
  kind: SearchType;
  name: string | null;
  center: LatLng | null;
  radiusM: number | null;
  polygon: LatLng[] | null;
  /** Known from the place itself; null: the result set's bounds are used. */
  bounds: Bounds | null;
}

export interface ResolvedSearch {
  where: SQL;
  area: ResolvedArea;
  /**
   * Set when the search is a sell type, an area (none, a circle, a polygon, a district) and perhaps the
   * map's view, nothing else: what an index tuple of a sort index answers alone (its position), so a
   * page can walk that index in the sort's order (pageIdsQuery).
   */
  plain: PlainSearch | null;
}

/** A search whose every condition reads the public position only (besides published and the sell type). */
export interface PlainSearch {
  sellType: number;
  /** The area as conditions on a `geo` column, in function form (not indexable by the GiST: the walk reads a btree). */
  area: ((geo: SQL) => SQL)[];
  /** A box around the area (null: the whole country), for the density estimate. */
  box: Bounds | null;
  /** The area is a circle or a polygon: `box` is worth checking first, and lets a circle use the GiST of the highlighted listings. */
  shape: boolean;
}

/**
 * Columns of the outer `properties` row inside correlated subqueries, always qualified:
 * Drizzle leaves the columns of a single-table select unqualified, and an unqualified "id"
 * inside `exists (select 1 from media ...)` would be media's own.
 */
const outer = {
  id: sql.raw('"properties"."id"'),
  municipalityId: sql.raw('"properties"."municipality_id"'),
  propertyTypeId: sql.raw('"properties"."property_type_id"'),
  publicationPropertyTypeId: sql.raw('"properties"."publication_property_type_id"'),
  energyClassId: sql.raw('"properties"."energy_class_id"'),
  agencyId: sql.raw('"properties"."agency_id"'),
  geo: sql.raw('"properties"."geo"'),
};

/** Control characters (a NUL byte PostgreSQL refuses in text) read as spaces. */
export function cleanText(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ');
}

/** The type the listing is published as (the wizard's publication type wins over the plain one). */
export const listingType = sql<number>`coalesce(${properties.publicationPropertyTypeId}, ${properties.propertyTypeId})`;

/**
 * The centre's position on earthdistance's sphere, computed once per statement (a scalar subquery is an
 * InitPlan): with the centre a parameter, a generic plan (the search's named statements) would call
 * ll_to_earth for every tuple it tests, ~10 µs each.
 */
const centreOf = (center: LatLng) => sql`(select ll_to_earth(${center.latitude}::float8, ${center.longitude}::float8))`;

/**
 * The circle condition in exactly the form of the index properties_earth_gist (its
 * expression and its partial predicate), then the exact distance.
 */
export function withinCircle(center: LatLng, radiusM: number): SQL {
  const here = centreOf(center);
  // The public position (geo: rounded when the address is hidden), as the index has it.
  const position = sql`ll_to_earth((${properties.geo})[1], (${properties.geo})[0])`;
  return sql`(${properties.latitude} is not null and ${properties.longitude} is not null and earth_box(${here}, ${radiusM}::float8) @> ${position} and earth_distance(${here}, ${position}) <= ${radiusM}::float8)`;
}

/** point <@ polygon over properties_geo_gist. */
export function withinPolygon(pgPolygon: string): SQL {
  return sql`${properties.geo} <@ ${pgPolygon}::polygon`;
}

/** point <@ box over properties_geo_gist. */
export function withinBounds(b: Bounds): SQL {
  return sql`${properties.geo} <@ ${toPgBox(b)}::box`;
}

// The same three conditions on any `geo` column, written as the functions behind the operators
// (on_pb is `point <@ box`, pt_contained_poly `point <@ polygon`, cube_contains cube's `@>`): the same
// answers, but no GiST can take them, so a query that sorts by a btree reads that btree.
//
// A circle read outside its GiST (a walk, the border of the cells) would compute the position's cube for every
// tuple (ll_to_earth, an SQL function PostgreSQL cannot inline: three cubes and the earth domain's checks, ~10 µs,
// and its body parsed and planned at its first call in each statement). Cheaper tests decide all but a
// centimetre around the circle, which the exact condition decides, so the answer is the same:
//  - the flat distance on the plane tangent at the centre (planarCircle, geometry.ts: a few
//    multiplications, no trigonometry and no pow()), for all but a band of a metre or so (a 2 km circle);
//  - in that band, and where the plane does not serve (near a pole, across ±180°), the haversine on the
//    same sphere (earth() = 6,378,168 m), the same distance up to ~1e-9 m: a band of a centimetre. (Hidden
//    addresses share positions rounded to 0.001°, so a metre's band holds a few of them in most circles.)
const walkCircle = (center: LatLng, radiusM: number) => (geo: SQL) => {
  const here = centreOf(center);
  const position = sql`ll_to_earth((${geo})[1], (${geo})[0])`;
  const lat = center.latitude;
  const haversine = sql`(12756336 * asin(least(1, sqrt(sin(radians(((${geo})[1] - ${lat}::float8) / 2)) ^ 2 + ${Math.cos((lat * Math.PI) / 180)}::float8 * cos(radians((${geo})[1])) * sin(radians(((${geo})[0] - ${center.longitude}::float8) / 2)) ^ 2))))`;
  const plane = planarCircle(center, radiusM);
  const flat = plane
    ? (() => {
        const dy = sql`(((${geo})[1] - ${plane.latitude}::float8) * ${plane.kLat}::float8)`;
        const dx = sql`(((${geo})[0] - ${plane.longitude}::float8) * ${plane.kLng}::float8)`;
        const flat2 = sql`(${dy} * ${dy} + ${dx} * ${dx})`;
        return sql`
    when ${flat2} <= ${plane.inner2}::float8 then true
    when ${flat2} >= ${plane.outer2}::float8 then false`;
      })()
    : sql``;
  return sql`(case when ${geo} is null then false${flat}
    when ${haversine} <= ${radiusM - 0.01}::float8 then true
    when ${haversine} >= ${radiusM + 0.01}::float8 then false
    else cube_contains(earth_box(${here}, ${radiusM}::float8), ${position}) and earth_distance(${here}, ${position}) <= ${radiusM}::float8 end)`;
};
const walkPolygon = (pgPolygon: string) => (geo: SQL) => sql`pt_contained_poly(${geo}, ${pgPolygon}::polygon)`;
const walkBounds = (b: Bounds) => (geo: SQL) => sql`on_pb(${geo}, ${toPgBox(b)}::box)`;

interface ResolvedPlace {
  where: SQL | undefined;
  area: ResolvedArea;
  /** The area in walk form and its box; absent when the place is not a shape (a town, a province ...). */
  walk?: { area: ((geo: SQL) => SQL) | null; box: Bounds | null };
}

async function resolvePlace(db: Db, p: SearchParams): Promise<ResolvedPlace> {
  const area: ResolvedArea = { kind: p.SearchType, name: null, center: null, radiusM: null, polygon: null, bounds: null };
  switch (p.SearchType) {
    case 'free':
      return { where: undefined, area: { ...area, bounds: p.Bounds ?? null }, walk: { area: null, box: null } };
    case 'circle':
    case 'place':
    case 'proximity': {
      if (p.Lat === undefined || p.Lng === undefined) throw new AppError('InvalidSearch');
      const center = { latitude: p.Lat, longitude: p.Lng };
      const radius = p.Radius ?? LIMITS.radiusDefault;
      return {
        where: withinCircle(center, radius),
        area: { ...area, name: p.Place ? cleanText(p.Place) : null, center, radiusM: radius, bounds: circleBounds(center, radius) },
        walk: { area: walkCircle(center, radius), box: circleBounds(center, radius * 1.01 + 10) },
      };
    }
    case 'draw': {
      if (!p.Polygon) throw new AppError('InvalidSearch');
      const problem = polygonProblem(p.Polygon);
      if (problem) throw new AppError('InvalidPolygon', { message: `polygon ${problem}` });
      const b = boundsOf(p.Polygon);
      return {
        where: withinPolygon(toPgPolygon(p.Polygon)),
        area: { ...area, polygon: p.Polygon, bounds: b, center: { latitude: (b.south + b.north) / 2, longitude: (b.west + b.east) / 2 } },
        walk: { area: walkPolygon(toPgPolygon(p.Polygon)), box: b },
      };
    }
    case 'province': {
      const key = p.Province ?? '';
      const [province] = await db
        .select({ id: provinces.id, name: provinces.name })
        .from(provinces)
        .where(key.length === 2 ? or(eq(provinces.sigla, key.toUpperCase()), eq(provinces.slug, key.toLowerCase())) : eq(provinces.slug, key.toLowerCase()))
        .limit(1);
      if (!province) throw new AppError('UnknownPlace');
      const inProvince = db.select({ id: municipalities.id }).from(municipalities).where(eq(municipalities.provinceId, province.id));
      return { where: inArray(properties.municipalityId, inProvince), area: { ...area, name: `Provincia di ${province.name}`, bounds: await municipalityBounds(db, eq(municipalities.provinceId, province.id)) } };
    }
    case 'town': {
      const [town] = await db
        .select({ id: municipalities.id, name: municipalities.name, latitude: municipalities.latitude, longitude: municipalities.longitude })
        .from(municipalities)
        .where(eq(municipalities.istatCode, p.Town ?? ''))
        .limit(1);
      if (!town) throw new AppError('UnknownPlace');
      const center = town.latitude !== null && town.longitude !== null ? { latitude: town.latitude, longitude: town.longitude } : null;
      return { where: eq(properties.municipalityId, town.id), area: { ...area, name: town.name, center } };
    }
    case 'region': {
      const [region] = await db.select({ id: regions.id, name: regions.name }).from(regions).where(eq(regions.slug, p.Region ?? '')).limit(1);
      if (!region) throw new AppError('UnknownPlace');
      const inRegion = db
        .select({ id: municipalities.id })
        .from(municipalities)
        .innerJoin(provinces, eq(provinces.id, municipalities.provinceId))
        .where(eq(provinces.regionId, region.id));
      return {
        where: inArray(properties.municipalityId, inRegion),
        area: { ...area, name: region.name, bounds: await municipalityBounds(db, inArray(municipalities.provinceId, db.select({ id: provinces.id }).from(provinces).where(eq(provinces.regionId, region.id)))) },
      };
    }
    case 'district': {
      const [district] = await db
        .select({ name: districts.name, latitude: districts.latitude, longitude: districts.longitude, area: sql<string>`${districts.area}::text` })
        .from(districts)
        .where(eq(districts.id, p.District ?? 0))
        .limit(1);
      if (!district) throw new AppError('UnknownPlace');
      const polygon = fromPgPolygon(district.area);
      return {
        // The polygon as a value (not a subquery), so the planner uses properties_geo_gist.
        where: withinPolygon(district.area),
        area: { ...area, name: district.name, center: { latitude: district.latitude, longitude: district.longitude }, polygon, bounds: boundsOf(polygon) },
        walk: { area: walkPolygon(district.area), box: boundsOf(polygon) },
      };
    }
    case 'agency': {
      const [agency] = await db.select({ id: agencies.id, name: agencies.name }).from(agencies).where(eq(agencies.id, p.Agency ?? 0)).limit(1);
      if (!agency) throw new AppError('UnknownPlace');
      return { where: eq(properties.agencyId, agency.id), area: { ...area, name: agency.name } };
    }
  }
}

async function municipalityBounds(db: Db, condition: SQL): Promise<Bounds | null> {
  const [row] = await db
    .select({
      south: sql<number | null>`min(${municipalities.latitude})`.mapWith(nullableNumber),
      north: sql<number | null>`max(${municipalities.latitude})`.mapWith(nullableNumber),
      west: sql<number | null>`min(${municipalities.longitude})`.mapWith(nullableNumber),
      east: sql<number | null>`max(${municipalities.longitude})`.mapWith(nullableNumber),
    })
    .from(municipalities)
    .where(condition);
  if (!row || row.south === null || row.north === null || row.west === null || row.east === null) return null;
  return { south: row.south, west: row.west, north: row.north, east: row.east };
}

export function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/**
 * The filters of a search beyond its place: sell type, kind, ranges, amenities, text ... and the map's
 * view (last); `narrowing` counts those other than the sell type and the view.
 */
function filterConditions(p: SearchParams): { conditions: SQL[]; narrowing: number } {
  const out: SQL[] = [eq(properties.sellTypeId, p.SellType)];
  if (p.Type) {
    const meaning = TYPE_SLUG_MEANING[p.Type];
    if (meaning.propertyTypes) out.push(inArray(listingType, [...meaning.propertyTypes]));
    if (meaning.rooms !== undefined) out.push(eq(properties.rooms, meaning.rooms));
    if (meaning.roomsMin !== undefined) out.push(gte(properties.rooms, meaning.roomsMin));
  }
  if (p.PropertyTypes?.length) out.push(inArray(listingType, p.PropertyTypes));
  if (p.PriceMin !== undefined) out.push(gte(properties.price, p.PriceMin));
  if (p.PriceMax !== undefined) out.push(lte(properties.price, p.PriceMax));
  if (p.SurfaceMin !== undefined) out.push(gte(properties.surfaceM2, p.SurfaceMin));
  if (p.SurfaceMax !== undefined) out.push(lte(properties.surfaceM2, p.SurfaceMax));
  if (p.RoomsMin !== undefined) out.push(gte(properties.rooms, p.RoomsMin));
  if (p.RoomsMax !== undefined) out.push(lte(properties.rooms, p.RoomsMax));
  if (p.BathroomsMin !== undefined) out.push(gte(properties.bathrooms, p.BathroomsMin));
  if (p.FloorMin !== undefined) out.push(gte(properties.floor, p.FloorMin));
  if (p.FloorMax !== undefined) out.push(lte(properties.floor, p.FloorMax));
  for (const amenity of p.Amenities ?? []) {
    out.push(sql`exists (select 1 from ${propertyAmenities} where ${propertyAmenities.propertyId} = ${outer.id} and ${propertyAmenities.amenityId} = ${amenity})`);
  }
  if (p.EnergyClasses?.length) out.push(inArray(properties.energyClassId, p.EnergyClasses));
  if (p.Conditions?.length) out.push(inArray(properties.conditionId, p.Conditions));
  if (p.NewBuild) out.push(sql`(${properties.developmentId} is not null or ${properties.conditionId} = ${PROPERTY_CONDITION.new})`);
  if (p.WithPhotos) {
    out.push(sql`exists (select 1 from ${media} where ${media.propertyId} = ${outer.id} and ${media.mediaTypeId} = ${MEDIA_TYPE.property_image})`);
  }
  if (p.PrivateOnly) out.push(isNull(properties.agencyId));
  // A rent's terms: plain columns of the listing's row, read on the rows the place and sort already walk.
  if (p.Furnishing?.length) out.push(inArray(properties.furnishingId, p.Furnishing));
  if (p.Contracts?.length) out.push(inArray(properties.contractTypeId, p.Contracts));
  if (p.Pets) out.push(eq(properties.petsAllowed, true));
  if (p.PublishedWithin !== undefined) out.push(sql`${properties.publishedAt} >= now() - make_interval(days => ${p.PublishedWithin}::int)`);
  if (p.Text) out.push(sql`${properties.searchVector} @@ websearch_to_tsquery('italian', ${cleanText(p.Text)})`);
  const narrowing = out.length - 1;
  if (p.Bounds) out.push(withinBounds(p.Bounds));
  return { conditions: out, narrowing };
}

function intersect(a: Bounds | null, b: Bounds | null): Bounds | null {
  if (!a) return b;
  if (!b) return a;
  return { south: Math.max(a.south, b.south), west: Math.max(a.west, b.west), north: Math.min(a.north, b.north), east: Math.min(a.east, b.east) };
}

/** The whole search (place and filters), with what its area is. Throws UnknownPlace, InvalidPolygon, InvalidSearch. */
export async function resolveSearch(db: Db, p: SearchParams): Promise<ResolvedSearch> {
  const place = await resolvePlace(db, p);
  const { conditions, narrowing } = filterConditions(p);
  const where = and(sql`${properties.statusId} = ${PUBLISHED}`, place.where, ...conditions)!;
  const plain: PlainSearch | null =
    place.walk && narrowing === 0
      ? {
          sellType: p.SellType,
          area: [...(place.walk.area ? [place.walk.area] : []), ...(p.Bounds ? [walkBounds(p.Bounds)] : [])],
          box: intersect(place.walk.box, p.Bounds ?? null),
          shape: place.walk.area !== null,
        }
      : null;
  return { where, area: place.area, plain };
}

/**
 * The search as a condition over `properties` alone (subqueries allowed), published
 * listings only: `db.select(...).from(properties).where(and(await resolveSearchFilter(db, params), ...))`.
 * Throws AppError UnknownPlace (no such province, town, region, district or agency),
 * InvalidPolygon, InvalidSearch (a type without what it needs). Ignores Sort, Cursor, PageSize, Zoom.
 */
export async function resolveSearchFilter(db: Db, params: SearchParams): Promise<SQL> {
  return (await resolveSearch(db, params)).where;
}

// ---------------------------------------------------------------------------------------
// The search call: one page in the requested sort (keyset), the exact total, the markers
// of the whole result set and the area.

type KeyCast = 'int8' | 'float8' | 'timestamptz' | 'bool';

interface SortKey {
  expr: SQL;
  dir: 'asc' | 'desc';
  cast: KeyCast;
}

const isHighlighted = sql<boolean>`coalesce(${properties.highlightedUntil} > now(), false)`;

/** The keys of a sort, before the id that breaks ties (in the direction of the last key). Nulls go last. */
function sortKeys(p: SearchParams): SortKey[] {
  switch (p.Sort) {
    case 'relevance': {
      const keys: SortKey[] = [{ expr: isHighlighted, dir: 'desc', cast: 'bool' }];
      // ts_rank as an integer (millionths), so the cursor compares exactly.
      if (p.Text) keys.push({ expr: sql`(ts_rank(${properties.searchVector}, websearch_to_tsquery('italian', ${cleanText(p.Text)})) * 1000000)::int8`, dir: 'desc', cast: 'int8' });
      keys.push({ expr: sql`${properties.publishedAt}`, dir: 'desc', cast: 'timestamptz' });
      return keys;
    }
    case 'price-asc':
      return [{ expr: sql`${properties.price}`, dir: 'asc', cast: 'int8' }];
    case 'price-desc':
      return [{ expr: sql`${properties.price}`, dir: 'desc', cast: 'int8' }];
    case 'price-m2-asc':
      return [{ expr: sql`${properties.pricePerM2}`, dir: 'asc', cast: 'float8' }];
    case 'price-m2-desc':
      return [{ expr: sql`${properties.pricePerM2}`, dir: 'desc', cast: 'float8' }];
    case 'newest':
      return [{ expr: sql`${properties.publishedAt}`, dir: 'desc', cast: 'timestamptz' }];
    case 'surface-asc':
      return [{ expr: sql`${properties.surfaceM2}`, dir: 'asc', cast: 'int8' }];
    case 'surface-desc':
      return [{ expr: sql`${properties.surfaceM2}`, dir: 'desc', cast: 'int8' }];
  }
}

/** The keyset cursor: the sort, the key values of the last row as PostgreSQL wrote them, its id. */
interface Cursor {
  s: string;
  k: (string | null)[];
  i: number;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

// The UTC offset is checked too: '+99:99:99' parses here but is out of PostgreSQL's range (a 500).
const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-](0\d|1[0-5])(:[0-5]\d){0,2}$/;
/** A float8 as PostgreSQL writes it, with an exponent it can read back ('1e-999' is 0 here, out of range there). */
const FLOAT_TEXT = /^-?\d{1,15}(\.\d{1,20})?(?:e([+-]?\d{1,3}))?$/;

function validKey(value: string | null, cast: KeyCast): boolean {
  if (value === null) return true;
  if (typeof value !== 'string' || value.length > 40) return false;
  switch (cast) {
    case 'bool':
      return value === 'true' || value === 'false';
    case 'int8':
      return /^-?\d{1,15}$/.test(value);
    case 'float8': {
      const m = FLOAT_TEXT.exec(value);
      return m !== null && Math.abs(Number(m[2] ?? 0)) <= 300 && Number.isFinite(Number(value));
    }
    case 'timestamptz': {
      const m = TIMESTAMP_TEXT.exec(value);
      if (!m) return false;
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const date = new Date(Date.UTC(y, mo - 1, d));
      return y >= 1970 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
    }
  }
}

/** Reads a cursor of this search's sort; anything else is InvalidCursor. */
export function decodeCursor(raw: string, p: SearchParams, keys: SortKey[]): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('InvalidCursor');
  }
  const c = value as Partial<Cursor> | null;
  if (
    typeof c !== 'object' ||
    c === null ||
    c.s !== p.Sort ||
    !Array.isArray(c.k) ||
    c.k.length !== keys.length ||
    !Number.isInteger(c.i) ||
    (c.i as number) < 1 ||
    (c.i as number) > 2_147_483_647 ||
    !c.k.every((k, index) => (k === null || typeof k === 'string') && validKey(k, keys[index]!.cast))
  ) {
    throw new AppError('InvalidCursor');
  }
  return { s: c.s, k: c.k, i: c.i as number };
}

/**
 * Rows after the cursor in the order (k1, ..., kn, id), each key nulls last:
 * OR over i of (k1..k(i-1) equal and ki after), the id last.
 */
function afterCursor(keys: SortKey[], cursor: Cursor): SQL {
  const all = [...keys, { expr: sql`${properties.id}`, dir: keys.at(-1)!.dir, cast: 'int8' as const }];
  const values = [...cursor.k, String(cursor.i)];
  const branches: SQL[] = [];
  const equalSoFar: SQL[] = [];
  all.forEach((key, index) => {
    const value = values[index] ?? null;
    const cast = sql.raw(key.cast === 'bool' ? 'boolean' : key.cast);
    if (value !== null) {
      const after = key.dir === 'asc' ? sql`${key.expr} > ${value}::${cast}` : sql`${key.expr} < ${value}::${cast}`;
      branches.push(and(...equalSoFar, sql`(${after} or ${key.expr} is null)`)!);
      equalSoFar.push(sql`${key.expr} = ${value}::${cast}`);
    } else {
      // Nothing sorts after a null of this key except later nulls, decided by the next keys.
      equalSoFar.push(sql`${key.expr} is null`);
    }
  });
  return or(...branches) ?? sql`false`;
}

function orderBy(keys: SortKey[]): SQL[] {
  const dir = keys.at(-1)!.dir;
  return [...keys.map((k) => sql`${k.expr} ${sql.raw(k.dir)} nulls last`), sql`${properties.id} ${sql.raw(dir)}`];
}

/** Positions as the public sees them: rounded to ~100 m when the address is hidden. */
const shownLatitude = sql<number>`case when ${properties.showAddress} then ${properties.latitude} else round(${properties.latitude}::numeric, 3)::float8 end`;
const shownLongitude = sql<number>`case when ${properties.showAddress} then ${properties.longitude} else round(${properties.longitude}::numeric, 3)::float8 end`;

const COVER_TYPES = [MEDIA_TYPE.property_image, MEDIA_TYPE.room_image];
/** The cover's media types written into the text (constants: the page's rows carry no parameter, pageShell). */
const coverTypesList = sql.raw(`(${COVER_TYPES.map((t) => String(Math.trunc(t))).join(', ')})`);

export interface SearchListingRow {
  Id: number;
  Title: string;
  SellType: 1 | 2;
  Price: number | null;
  PricePerM2: number | null;
  PreviousPrice: number | null;
  PriceReducedAt: string | null;
  SurfaceM2: number | null;
  Rooms: number | null;
  Bathrooms: number | null;
  Floor: number | null;
  PropertyTypeId: number | null;
  PropertyTypeName: string | null;
  CityName: string | null;
  ProvinceCode: string | null;
  DistrictName: string | null;
  Address: string | null;
  Latitude: number | null;
  Longitude: number | null;
  ImageUrl: string | null;
  ThumbnailUrl: string | null;
  PhotoCount: number;
  EnergyClass: string | null;
  IsNewBuild: boolean;
  DevelopmentId: number | null;
  PublishedAt: string;
  AgencyName: string | null;
  Highlighted: boolean;
}

export interface MarkerRow {
  Latitude: number;
  Longitude: number;
  Count: number;
  PropertyId: number | null;
  Price: number | null;
}

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

/**
 * The rows a page's statement reads, whatever the page size below them: the default page and one more,
 * the largest and one more. The limit is written into the statement's text, and each text is a prepared
 * statement on every connection that ran it (about 1 MB with its plan): fifty page sizes were fifty.
 */
const PAGE_READS = [LIMITS.pageSizeDefault + 1, LIMITS.pageSizeMax + 1] as const;

/** At most this many marker points: a fine zoom over a whole country would otherwise answer every listing. */
export const MAX_MARKER_POINTS = 5000;
/** Without a zoom, the markers of an area are clustered at the zoom that fits it, at most this one. */
const DEFAULT_ZOOM_MAX = 16;

// ---------------------------------------------------------------------------------------
// The page: its ids in the sort's order (with their keys as text, for the cursor) and, in the same
// statement, the rows of those ids, joined and decorated.

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
const walkCellOf = (axis: 0 | 1) => sql.raw(`(floor(("geo")[${axis}] / ${clusterCellDeg(WALK_CELL_LEVEL)}::float8))::int`);

const priceColumn = sql.raw('"price"');
const publishedColumn = sql.raw('"published_at"');

/** The cells of WALK_CELL_LEVEL that hold a box (null: more than WALK_CELLS of them, or an empty box). */
export function walkCells(box: Bounds): { x0: number; x1: number; y0: number; y1: number; cells: { cx: number; cy: number }[] } | null {
  const size = clusterCellDeg(WALK_CELL_LEVEL);
  const [x0, x1, y0, y1] = [Math.floor(box.west / size), Math.floor(box.east / size), Math.floor(box.south / size), Math.floor(box.north / size)];
  if (!(x0 <= x1 && y0 <= y1) || (x1 - x0 + 1) * (y1 - y0 + 1) > WALK_CELLS) return null;
  const cells: { cx: number; cy: number }[] = [];
  for (let cy = y0; cy <= y1; cy++) for (let cx = x0; cx <= x1; cx++) cells.push({ cx, cy });
  return { x0, x1, y0, y1, cells };
}

function walkSortOf(p: SearchParams): WalkSort | null {
  switch (p.Sort) {
    case 'price-asc':
      return { column: priceColumn, cellIndex: 'properties_cell_price_idx', cast: 'int8', direction: 'asc', highlightedFirst: false };
    case 'price-desc':
      return { column: priceColumn, cellIndex: 'properties_cell_price_idx', cast: 'int8', direction: 'desc', highlightedFirst: false };
    case 'newest':
      return { column: publishedColumn, cellIndex: 'properties_cell_published_idx', cast: 'timestamptz', direction: 'desc', highlightedFirst: false };
    case 'relevance':
      return p.Text ? null : { column: publishedColumn, cellIndex: 'properties_cell_published_idx', cast: 'timestamptz', direction: 'desc', highlightedFirst: true };
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
 */
/**
 * The statement of a page's ids, in order (columns part, ord, id, k0..kn: the listing and its sort keys as text), and
 * whether it is one of the plain searches' named statements (planned once per connection) or planned each time.
 */
function pageIdsQuery(db: Db, search: ResolvedSearch, p: SearchParams, keys: SortKey[], cursor: Cursor | null, limit: number, plans: CellPlans, mayWalk: boolean): { query: SQL; named: boolean } {
  // Limits written into the text (whole numbers): a generic plan of a named statement with LIMIT $n
  // would assume a tenth of the rows, so PostgreSQL would plan it anew every time.
  const rawLimit = sql.raw(String(Math.trunc(limit)));
  const rawWalk = sql.raw(String(WALK_LIMIT));
  const keyTexts = keys.map((k, index) => sql`(${k.expr})::text as ${sql.raw(`k${index}`)}`);
  const keyNames = sql.raw(keys.map((_, index) => `k${index}`).join(', '));
  const gistQuery = (extra?: SQL) =>
    sql`select ${properties.id} as id, ${sql.join(keyTexts, sql`, `)} from ${properties} where ${and(search.where, extra, cursor ? afterCursor(keys, cursor) : undefined)} order by ${sql.join(orderBy(keys), sql`, `)} limit ${rawLimit}`;
  const gistPage = () => ({ query: sql`select 0 as part, row_number() over () as ord, g.* from (${gistQuery()}) g`, named: false });

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
      walk.column === priceColumn ? [sql.raw(walk.direction === 'asc' ? 'asc' : 'desc'), sql.raw(walk.direction === 'asc' ? 'asc' : 'desc')] : [sql.raw('desc nulls last'), sql.raw('desc')];
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

const listingRowFieldsOf = new WeakMap<Db, ReturnType<typeof buildListingRowFields>>();

/** The fields of a listing's row and its cover's subquery: the same for every page, built once per database. */
function listingRowFields(db: Db) {
  let built = listingRowFieldsOf.get(db);
  if (!built) {
    built = buildListingRowFields(db);
    listingRowFieldsOf.set(db, built);
  }
  return built;
}

function buildListingRowFields(db: Db) {
  const cover = db
    .select({ url: media.url, thumbnailUrl: media.thumbnailUrl })
    .from(media)
    .where(and(eq(media.propertyId, properties.id), sql`${media.mediaTypeId} in ${coverTypesList}`))
    .orderBy(media.position, media.id)
    // Written into the text (Drizzle writes an SQL limit as it is): the page's rows carry no parameter (pageShell).
    .limit(sql.raw('1') as unknown as number)
    .as('cover');
  const fields = {
      id: properties.id,
      title: properties.title,
      sellType: properties.sellTypeId,
      price: properties.price,
      pricePerM2: properties.pricePerM2,
      previousPrice: properties.previousPrice,
      // The date of the last change, sent only where the card says "ribassato" (the price went down).
      priceChangedAt: sql<Date | null>`case when ${properties.previousPrice} > ${properties.price} then ${properties.priceChangedAt} end`.mapWith(properties.priceChangedAt),
      surfaceM2: properties.surfaceM2,
      rooms: properties.rooms,
      bathrooms: properties.bathrooms,
      floor: properties.floor,
      propertyTypeId: listingType,
      // Type, town, province and energy class go as ids, named from memory (reference-names.ts).
      municipalityId: properties.municipalityId,
      districtName: sql<string | null>`(select ${districts.name} from ${districts} where ${districts.municipalityId} = ${outer.municipalityId} and ${outer.geo} <@ ${districts.area} order by ${districts.id} limit 1)`,
      showAddress: properties.showAddress,
      street: properties.street,
      streetNumber: properties.streetNumber,
      latitude: shownLatitude.mapWith(nullableNumber),
      longitude: shownLongitude.mapWith(nullableNumber),
      imageUrl: cover.url,
      thumbnailUrl: cover.thumbnailUrl,
      photoCount: sql<number>`(select count(*) from ${media} where ${media.propertyId} = ${outer.id} and ${media.mediaTypeId} in ${coverTypesList})::int`.mapWith(Number),
      energyClassId: properties.energyClassId,
      conditionId: properties.conditionId,
      developmentId: properties.developmentId,
      publishedAt: sql<Date>`coalesce(${properties.publishedAt}, ${properties.createdAt})`.mapWith(properties.publishedAt),
      agencyName: sql<string | null>`(select ${agencies.name} from ${agencies} where ${agencies.id} = ${outer.agencyId})`,
      highlighted: isHighlighted,
  };
  return { fields, cover };
}

type ListingCover = ReturnType<typeof listingRowFields>['cover'];

/**
 * The cover's join. The row's names (town, province, type, energy class, agency) are scalar subqueries of
 * the fields, not joins: the page's statement is planned at every search whose plan is not kept (a circle),
 * and six joins more cost PostgreSQL ~0.45 ms of join-order search there for the same nested lookups.
 */
function withListingJoins<T extends PgSelect>(query: T, cover: ListingCover) {
  return query
    .leftJoinLateral(cover, sql`true`);
}

/** The statement of a page: its ids in order (pageIdsQuery) joined to their rows, with their sort keys (k0..kn). */
function pageRowsQuery(db: Db, ids: SQL, keyCount: number, withMarkers = false) {
  const { fields, cover } = listingRowFields(db);
  const keyFields = Object.fromEntries(Array.from({ length: keyCount }, (_, index) => [`k${index}`, sql<string | null>`${sql.raw(`page.k${index}`)}`]));
  // The markers' JSON (carriedMarkers), read as the driver parses it (selectPage).
  if (withMarkers) keyFields.markers = sql<string | null>`page.markers`;
  return withListingJoins(
    db
      .select({ ...fields, ...keyFields })
      .from(sql`(${ids}) as page`)
      .innerJoin(properties, sql`${properties.id} = page.id`)
      .$dynamic(),
    cover,
  ).orderBy(sql`page.part`, sql`page.ord`);
}

const pageShells = new WeakMap<Db, Map<string, StatementShell<ListingRow>>>();

/**
 * The page statement around its ids (pageRowsQuery with a hole for them), built once per database, number of sort
 * keys and whether the ids carry the markers (carriedMarkers: a column `markers` more).
 */
function pageShell(db: Db, keyCount: number, withMarkers: boolean): StatementShell<ListingRow> {
  let byKeys = pageShells.get(db);
  if (!byKeys) pageShells.set(db, (byKeys = new Map()));
  const key = `${keyCount}:${withMarkers}`;
  let shell = byKeys.get(key);
  if (!shell) byKeys.set(key, (shell = statementShell(db, (ids) => pageRowsQuery(db, ids, keyCount, withMarkers))));
  return shell;
}

/**
 * A page in one statement (one round trip; for a plain search one plan per connection: its text is
 * prepared under a name of its own). Answers the rows in the page's order with their sort keys. The
 * rows' part of the text is built once (pageShell): only the ids' statement is built per page.
 */
async function selectPage(db: Db, ids: { query: SQL; named: boolean }, keyCount: number, withMarkers = false): Promise<{ row: ListingRow; keys: (string | null)[]; markers: unknown }[]> {
  const rows = await pageShell(db, keyCount, withMarkers).execute(db, ids.query, ids.named);
  return rows.map((row) => ({
    row,
    keys: Array.from({ length: keyCount }, (_, index) => ((row as Record<string, unknown>)[`k${index}`] ?? null) as string | null),
    markers: withMarkers ? ((row as Record<string, unknown>).markers ?? null) : null,
  }));
}

type ListingRow = Awaited<ReturnType<typeof pageRowsQuery>>[number];

function toListings(rows: ListingRow[], names: ReferenceNames): SearchListingRow[] {
  return rows.map((row) => {
    const propertyTypeId = row.propertyTypeId === null ? null : Number(row.propertyTypeId);
    const town = names.town(row.municipalityId);
    return {
      Id: row.id,
      Title: row.title ?? '',
      SellType: (row.sellType === 2 ? 2 : 1) as 1 | 2,
      Price: row.price,
      PricePerM2: row.pricePerM2 === null ? null : Math.round(row.pricePerM2),
      PreviousPrice: row.previousPrice,
      PriceReducedAt:
        row.previousPrice !== null && row.price !== null && row.previousPrice > row.price && row.priceChangedAt ? row.priceChangedAt.toISOString() : null,
      SurfaceM2: row.surfaceM2,
      Rooms: row.rooms,
      Bathrooms: row.bathrooms,
      Floor: row.floor,
      PropertyTypeId: propertyTypeId,
      PropertyTypeName: names.propertyType(propertyTypeId),
      CityName: town?.name ?? null,
      ProvinceCode: town?.province ?? null,
      DistrictName: row.districtName,
      Address: formatAddress(row.street, row.streetNumber, row.showAddress),
      Latitude: row.latitude,
      Longitude: row.longitude,
      ImageUrl: resolveMediaUrlOrNull(row.imageUrl),
      ThumbnailUrl: row.thumbnailUrl,
      PhotoCount: row.photoCount,
      EnergyClass: names.energyClass(row.energyClassId),
      IsNewBuild: row.developmentId !== null || row.conditionId === PROPERTY_CONDITION.new,
      DevelopmentId: row.developmentId,
      PublishedAt: row.publishedAt.toISOString(),
      AgencyName: row.agencyName,
      Highlighted: Boolean(row.highlighted),
    } satisfies SearchListingRow;
  });
}

interface Overview {
  zoom: number;
  total: number;
  markers: { latitude: number; longitude: number; count: number; propertyId: number | null; price: number | null }[];
  extent: Bounds | null;
}

function boundsOrNull(b: { south: number | null; west: number | null; north: number | null; east: number | null }): Bounds | null {
  return b.south !== null && b.north !== null && b.west !== null && b.east !== null ? { south: b.south, west: b.west, north: b.north, east: b.east } : null;
}

/**
 * The markers of the whole result set clustered at a zoom (the MAX_MARKER_POINTS largest
 * cells), with the exact total and optionally the extent in the same pass: window
 * aggregates over the cells, computed before the limit. Listings without a position count
 * in the total and form one cell of their own, sorted last and left out of the markers.
 */
async function markersWithTotal(db: Db, where: SQL, zoom: number, withExtent: boolean): Promise<Overview> {
  const cell = clusterCellDeg(zoom);
  const located = sql`${properties.latitude} is not null and ${properties.longitude} is not null`;
  // Cells and extent of the shown positions: the exact ones of a hidden address never shape an answer.
  const cellX = sql`case when ${located} then floor(${shownLongitude} / ${cell}::float8) end`;
  const cellY = sql`case when ${located} then floor(${shownLatitude} / ${cell}::float8) end`;
  const extent = (fn: 'min' | 'max', column: SQL) =>
    (withExtent ? sql<number | null>`${sql.raw(fn)}(${sql.raw(fn)}(${column})) over ()` : sql<number | null>`null::float8`).mapWith(nullableNumber);
  const rows = await db
    .select({
      // The mean of the shown positions, exact (integer nanodegrees): the cells answer the same (cells.ts).
      latitude: sql<number | null>`${meanOf(sql`sum(search_nano(${shownLatitude}))`, sql`count(*)`)}`.mapWith(nullableNumber),
      longitude: sql<number | null>`${meanOf(sql`sum(search_nano(${shownLongitude}))`, sql`count(*)`)}`.mapWith(nullableNumber),
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
      .map((r) => ({ latitude: r.latitude!, longitude: r.longitude!, count: r.count, propertyId: r.propertyId, price: r.price })),
    extent: first ? boundsOrNull(first) : null,
  };
}

const CIRCLE_TYPES = new Set<SearchType>(['circle', 'place', 'proximity']);

export interface SearchOptions {
  /** false: the markers and the total from the listings even where the cells could answer (tests compare the two). */
  cells?: boolean;
  /** false: the page from the area's GiST and a sort, never a walk of a sort index (tests compare the two). */
  walk?: boolean;
  /** This server's copy of the listings' positions: a plain circle's markers from it when it can answer them. */
  markerIndex?: MarkerIndex;
}

/** How a plain view or circle is read from the cells (cells.ts), at the markers' zoom; nothing for the rest. */
interface CellPlans {
  view: CellPlan | null;
  circle: { center: LatLng; radiusM: number; plan: CirclePlan } | null;
}

function cellPlansOf(search: ResolvedSearch, p: SearchParams, zoom: number | null, useCells: boolean): CellPlans {
  const { area } = search;
  if (!useCells || !search.plain || zoom === null) return { view: null, circle: null };
  const view = p.SearchType === 'free' && p.Bounds ? planCells(p.Bounds, zoom) : null;
  const circle =
    !p.Bounds && area.center && area.radiusM !== null && CIRCLE_TYPES.has(p.SearchType)
      ? planCircleCells(area.center, area.radiusM, circleBounds(area.center, area.radiusM * 1.01 + 10), zoom)
      : null;
  return { view, circle: circle && area.center && area.radiusM !== null ? { center: area.center, radiusM: area.radiusM, plan: circle } : null };
}

/** The zoom of the markers when it is known before the result set's extent: asked for, or fitted to the area's own bounds. */
function knownZoom(p: SearchParams, area: ResolvedArea): number | null {
  return p.Zoom ?? (area.bounds ? zoomForBounds(area.bounds, LIMITS.zoomMin, DEFAULT_ZOOM_MAX, DEFAULT_ZOOM) : null);
}

/** The page alone (its items and the next cursor): the page query of searchListings, also measured by tests/bench/search.ts. */
export async function searchPage(
  db: Db,
  p: SearchParams,
  resolved?: ResolvedSearch,
  cellPlans?: CellPlans,
  options: SearchOptions = {},
): Promise<{ items: SearchListingRow[]; nextCursor: string | null }> {
  const { items, nextCursor } = await pageAndMarkers(db, p, resolved ?? (await resolveSearch(db, p)), cellPlans, options, null);
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

type PageEntry = Awaited<ReturnType<typeof selectPage>>[number];

/** The page's items and the cursor of the next (when the rows read hold one more than the page). */
function finishPage(p: SearchParams, page: PageEntry[], names: ReferenceNames, pageSize: number, markers: CellStatementRow[] | null) {
  const shown = page.slice(0, pageSize);
  const items = toListings(shown.map((entry) => entry.row), names);
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
  if (!index || !search.plain?.shape || !plans.circle || p.Bounds || p.Text || !MEMORY_SORTS.has(p.Sort) || options.walk === false) return null;
  const ids = index.circlePage(search.plain.sellType, plans.circle.plan, plans.circle.center, plans.circle.radiusM, p.Sort as MemoryPageSort, reads);
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
      ? options.markerIndex.circleMarkers(p.SellType, plans.circle.plan, plans.circle.center, plans.circle.radiusM, MAX_MARKER_POINTS + 1)
      : null;
  const cellsMarkers = fromMemory
    ? null
    : zoomKnown && plans.view && p.Bounds
      ? cellMarkersSql(p.SellType, p.Bounds, plans.view, MAX_MARKER_POINTS + 1)
      : zoomKnown && plans.circle
        ? circleCellMarkersSql(p.SellType, plans.circle.plan, walkCircle(plans.circle.center, plans.circle.radiusM), MAX_MARKER_POINTS + 1)
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
    const fromCells = (r: { total: number; markers: Overview['markers'] }): Overview => ({ zoom, total: r.total, markers: r.markers, extent: null });
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
    const extentQuery = db
      .select({
        south: sql<number | null>`min(${shownLatitude})`.mapWith(nullableNumber),
        north: sql<number | null>`max(${shownLatitude})`.mapWith(nullableNumber),
        west: sql<number | null>`min(${shownLongitude})`.mapWith(nullableNumber),
        east: sql<number | null>`max(${shownLongitude})`.mapWith(nullableNumber),
      })
      .from(properties)
      .where(where);
    const [[row], pageRows] = await Promise.all([extentQuery, pageQuery]);
    page = pageRows;
    const extent = row ? boundsOrNull(row) : null;
    const zoom = zoomForBounds(extent ?? (area.center ? circleBounds(area.center, LIMITS.radiusDefault) : null), LIMITS.zoomMin, DEFAULT_ZOOM_MAX, DEFAULT_ZOOM);
    // Total from the markers' pass too: their counts add up to it.
    overview = { ...(await markersWithTotal(db, where, zoom, false)), extent };
  }
  const bounds = area.bounds ?? overview.extent ?? (area.center ? circleBounds(area.center, LIMITS.radiusDefault) : null);
  const { zoom, markers } = overview;

  const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    Total: overview.total,
    Items: page.items,
    NextCursor: page.nextCursor,
    Markers: {
      Zoom: zoom,
      Points: markers.map((m) => ({ Latitude: round6(m.latitude), Longitude: round6(m.longitude), Count: m.count, PropertyId: m.propertyId, Price: m.price })),
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

// ---------------------------------------------------------------------------------------
// Place search (autocomplete): towns, districts, provinces, regions and the streets of
// published listings, without a geocoder (docs/decisions.md, "Place search without a geocoder").

export type PlaceKind = 'town' | 'district' | 'province' | 'region' | 'address';

export interface PlaceItemRow {
  Kind: PlaceKind;
  Id: string;
  Name: string;
  Detail: string | null;
  Latitude: number | null;
  Longitude: number | null;
  Params: Record<string, string>;
  /** A town that is its province's main town (its most populous, as `mainTownOf`). */
  IsMainTown: boolean;
  /** The place's name in addresses: a town's or a district's slug, a province's; null for regions and streets. */
  Slug: string | null;
  /** The slug of the province a town or district lies in (a province's own); null for regions and streets. */
  ProvinceSlug: string | null;
}

/** Radius of the circle an address suggestion searches, metres: at least this ... */
export const ADDRESS_RADIUS_M = 1000;
/** ... and enough to reach every listing of the street (a long street), up to this. */
const ADDRESS_RADIUS_MAX_M = 10_000;

/** The circle around a street's average position that reaches all its listings (+200 m), 1-10 km. */
function addressRadius(a: { latitude: number; south: number; north: number; west: number; east: number }): number {
  const halfLat = ((a.north - a.south) / 2) * 111_320;
  const halfLng = ((a.east - a.west) / 2) * 111_320 * Math.cos((a.latitude * Math.PI) / 180);
  const reach = Math.hypot(halfLat, halfLng) * 2 + 200;
  return Math.min(ADDRESS_RADIUS_MAX_M, Math.max(ADDRESS_RADIUS_M, Math.ceil(reach / 100) * 100));
}

/** How many of each kind come first; the rest of the list is filled in this order. */
const PLACE_QUOTA: [PlaceKind, number][] = [
  ['town', 4],
  ['province', 1],
  ['region', 1],
  ['district', 2],
  ['address', 2],
];

function likePrefix(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function coordinate(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

interface AreaPlace {
  id: number;
  name: string;
  slug: string;
  searchName: string;
  detail: string | null;
  latitude: number | null;
  longitude: number | null;
}

export function createPlaceSearch(db: Db) {
  // Provinces and regions: 127 rows that change only with a seed, read once per process, with
  // each province's main town (its most populous, the lowest id between equals: `mainTownOf`).
  let areas: Promise<{ provinces: AreaPlace[]; regions: AreaPlace[]; mainTowns: number[] }> | undefined;
  const loadAreas = async () => {
    const provinceRows = await db
      .select({
        id: provinces.id,
        name: provinces.name,
        slug: provinces.slug,
        sigla: provinces.sigla,
        regionName: regions.name,
        latitude: sql<number | null>`(select avg(${municipalities.latitude}) from ${municipalities} where ${municipalities.provinceId} = "provinces"."id")`.mapWith(nullableNumber),
        longitude: sql<number | null>`(select avg(${municipalities.longitude}) from ${municipalities} where ${municipalities.provinceId} = "provinces"."id")`.mapWith(nullableNumber),
      })
      .from(provinces)
      .innerJoin(regions, eq(regions.id, provinces.regionId));
    const regionRows = await db
      .select({
        id: regions.id,
        name: regions.name,
        slug: regions.slug,
        area: regions.area,
        latitude: sql<number | null>`(select avg(m.latitude) from ${municipalities} m join ${provinces} p on p.id = m.province_id where p.region_id = "regions"."id")`.mapWith(nullableNumber),
        longitude: sql<number | null>`(select avg(m.longitude) from ${municipalities} m join ${provinces} p on p.id = m.province_id where p.region_id = "regions"."id")`.mapWith(nullableNumber),
      })
      .from(regions);
    const mainTownRows = await db
      .selectDistinctOn([municipalities.provinceId], { id: municipalities.id })
      .from(municipalities)
      .orderBy(municipalities.provinceId, sql`${municipalities.population} desc nulls last`, municipalities.id);
    return {
      mainTowns: mainTownRows.map((r) => r.id),
      provinces: provinceRows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, searchName: toSearchName(r.name), detail: `${r.sigla}, ${r.regionName}`, latitude: r.latitude, longitude: r.longitude })),
      regions: regionRows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, searchName: toSearchName(r.name), detail: r.area, latitude: r.latitude, longitude: r.longitude })),
    };
  };

  return async function searchPlaces(raw: string, limit: number): Promise<PlaceItemRow[]> {
    const text = cleanText(raw);
    const q = toSearchName(text);
    if (q.length < 2) return [];
    // "Via Roma, Torino": a street, then optionally the start of its town.
    const [streetPart = '', townPart = ''] = text.split(',').map((s) => s.trim());
    const townQ = toSearchName(townPart);
    const streetQ = toSearchName(streetPart);
    const {
      provinces: provinceList,
      regions: regionList,
      mainTowns,
    } = await (areas ??= loadAreas().catch((error: unknown) => {
      areas = undefined;
      throw error;
    }));
    const isMainTown = sql<boolean>`(${municipalities.id} = any(${sql.param(mainTowns)}::int[]))`;

    const [towns, districtRows, addressRows] = await Promise.all([
      db
        .select({
          istat: municipalities.istatCode,
          name: municipalities.name,
          slug: municipalities.slug,
          sigla: provinces.sigla,
          provinceSlug: provinces.slug,
          latitude: municipalities.latitude,
          longitude: municipalities.longitude,
          isMain: isMainTown,
        })
        .from(municipalities)
        .innerJoin(provinces, eq(provinces.id, municipalities.provinceId))
        .where(sql`${municipalities.searchName} like ${likePrefix(q)}`)
        // The town named exactly what was typed, then among equals a province's main town, then the most populous.
        .orderBy(sql`(${municipalities.searchName} = ${q}) desc`, sql`${isMainTown} desc`, sql`${municipalities.population} desc nulls last`, municipalities.name)
        .limit(limit),
      db
        .select({
          id: districts.id,
          name: districts.name,
          slug: districts.slug,
          town: municipalities.name,
          sigla: provinces.sigla,
          provinceSlug: provinces.slug,
          latitude: districts.latitude,
          longitude: districts.longitude,
        })
        .from(districts)
        .innerJoin(municipalities, eq(municipalities.id, districts.municipalityId))
        .innerJoin(provinces, eq(provinces.id, municipalities.provinceId))
        .where(sql`(${districts.searchName} like ${likePrefix(q)} or ${districts.searchName} like ${`% ${likePrefix(q)}`})`)
        .orderBy(sql`${municipalities.population} desc nulls last`, districts.name)
        .limit(limit),
      streetQ.length >= 3
        ? db
            .select({
              street: properties.street,
              town: municipalities.name,
              istat: municipalities.istatCode,
              sigla: provinces.sigla,
              latitude: sql<number>`avg(${properties.latitude})`.mapWith(Number),
              longitude: sql<number>`avg(${properties.longitude})`.mapWith(Number),
              listings: sql<number>`count(*)::int`.mapWith(Number),
              south: sql<number>`min(${properties.latitude})`.mapWith(Number),
              north: sql<number>`max(${properties.latitude})`.mapWith(Number),
              west: sql<number>`min(${properties.longitude})`.mapWith(Number),
              east: sql<number>`max(${properties.longitude})`.mapWith(Number),
            })
            .from(properties)
            .innerJoin(municipalities, eq(municipalities.id, properties.municipalityId))
            .innerJoin(provinces, eq(provinces.id, municipalities.provinceId))
            .where(
              and(
                eq(properties.statusId, PROPERTY_STATUS.published),
                // Only streets the advertisers show: a hidden address is never suggested.
                eq(properties.showAddress, true),
                sql`${properties.latitude} is not null and ${properties.longitude} is not null`,
                sql`lower(${properties.street}) like ${likePrefix(streetPart.toLowerCase())}`,
                townQ ? sql`${municipalities.searchName} like ${likePrefix(townQ)}` : undefined,
              ),
            )
            .groupBy(properties.street, municipalities.name, municipalities.istatCode, provinces.sigla, municipalities.population)
            .orderBy(sql`count(*) desc`, sql`${municipalities.population} desc nulls last`, properties.street)
            .limit(limit)
        : Promise.resolve([]),
    ]);

    const groups: Record<PlaceKind, PlaceItemRow[]> = {
      town: towns.map((t) => ({
        Kind: 'town',
        Id: t.istat,
        Name: t.name,
        Detail: t.sigla,
        Latitude: t.latitude,
        Longitude: t.longitude,
        Params: { SearchType: 'town', Town: t.istat },
        IsMainTown: t.isMain === true,
        Slug: t.slug,
        ProvinceSlug: t.provinceSlug,
      })),
      district: districtRows.map((d) => ({
        Kind: 'district',
        Id: String(d.id),
        Name: d.name,
        Detail: `${d.town} (${d.sigla})`,
        Latitude: d.latitude,
        Longitude: d.longitude,
        Params: { SearchType: 'district', District: String(d.id) },
        IsMainTown: false,
        Slug: d.slug,
        ProvinceSlug: d.provinceSlug,
      })),
      province: provinceList
        .filter((p) => p.searchName.startsWith(q) || p.slug === q)
        .slice(0, limit)
        .map((p) => ({
          Kind: 'province',
          Id: p.slug,
          Name: `Provincia di ${p.name}`,
          Detail: p.detail,
          Latitude: p.latitude,
          Longitude: p.longitude,
          Params: { SearchType: 'province', Province: p.slug },
          IsMainTown: false,
          Slug: p.slug,
          ProvinceSlug: p.slug,
        })),
      region: regionList
        .filter((r) => r.searchName.startsWith(q))
        .slice(0, limit)
        .map((r) => ({ Kind: 'region', Id: r.slug, Name: r.name, Detail: r.detail, Latitude: r.latitude, Longitude: r.longitude, Params: { SearchType: 'region', Region: r.slug }, IsMainTown: false, Slug: null, ProvinceSlug: null })),
      address: addressRows
        .filter((a) => a.street)
        .map((a) => {
          const name = `${a.street}, ${a.town}`;
          return {
            Kind: 'address',
            Id: `${a.istat}:${toSlug(a.street ?? '')}`,
            Name: name,
            Detail: `${a.town} (${a.sigla})`,
            Latitude: a.latitude,
            Longitude: a.longitude,
            Params: { SearchType: 'place', Lat: coordinate(a.latitude), Lng: coordinate(a.longitude), Radius: String(addressRadius(a)), Place: name.slice(0, 120) },
            IsMainTown: false,
            Slug: null,
            ProvinceSlug: null,
          };
        }),
    };

    // Each kind its share first, then the rest in the same order, up to the limit.
    const chosen: PlaceItemRow[] = [];
    const taken = new Map<PlaceKind, number>();
    for (const [kind, quota] of PLACE_QUOTA) {
      const items = groups[kind].slice(0, quota);
      taken.set(kind, items.length);
      chosen.push(...items);
    }
    for (const [kind] of PLACE_QUOTA) chosen.push(...groups[kind].slice(taken.get(kind)));
    const order = new Map(PLACE_QUOTA.map(([kind], index) => [kind, index]));
    return chosen.slice(0, limit).sort((a, b) => order.get(a.Kind)! - order.get(b.Kind)!);
  };
}
