import { and, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_ZOOM, LIMITS, TYPE_SLUG_MEANING, type Bounds, type LatLng, type SearchParams, type SearchType } from '../../../domain/search';
import type { Db } from '../../db/database';
import { MEDIA_TYPE, PROPERTY_CONDITION, PROPERTY_STATUS } from '../../db/reference-ids';
import { agencies, districts, energyClasses, media, municipalities, properties, propertyAmenities, propertyTypes, provinces, regions } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { toSearchName, toSlug } from '../../db/search-text';
import { formatAddress } from '../shared/search-listing';
import { boundsOf, circleBounds, clusterCellDeg, fromPgPolygon, polygonProblem, toPgBox, toPgPolygon, zoomForBounds } from './geometry';

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
}

/**
 * Columns of the outer `properties` row inside correlated subqueries, always qualified:
 * Drizzle leaves the columns of a single-table select unqualified, and an unqualified "id"
 * inside `exists (select 1 from media ...)` would be media's own.
 */
const outer = {
  id: sql.raw('"properties"."id"'),
  municipalityId: sql.raw('"properties"."municipality_id"'),
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
 * The circle condition in exactly the form of the index properties_earth_gist (its
 * expression and its partial predicate), then the exact distance.
 */
export function withinCircle(center: LatLng, radiusM: number): SQL {
  const here = sql`ll_to_earth(${center.latitude}::float8, ${center.longitude}::float8)`;
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

async function resolvePlace(db: Db, p: SearchParams): Promise<{ where: SQL | undefined; area: ResolvedArea }> {
  const area: ResolvedArea = { kind: p.SearchType, name: null, center: null, radiusM: null, polygon: null, bounds: null };
  switch (p.SearchType) {
    case 'free':
      return { where: undefined, area: { ...area, bounds: p.Bounds ?? null } };
    case 'circle':
    case 'place':
    case 'proximity': {
      if (p.Lat === undefined || p.Lng === undefined) throw new AppError('InvalidSearch');
      const center = { latitude: p.Lat, longitude: p.Lng };
      const radius = p.Radius ?? LIMITS.radiusDefault;
      return {
        where: withinCircle(center, radius),
        area: { ...area, name: p.Place ? cleanText(p.Place) : null, center, radiusM: radius, bounds: circleBounds(center, radius) },
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

/** The filters of a search beyond its place: sell type, kind, ranges, amenities, text ... */
function filterConditions(p: SearchParams): SQL[] {
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
  if (p.PublishedWithin !== undefined) out.push(sql`${properties.publishedAt} >= now() - make_interval(days => ${p.PublishedWithin}::int)`);
  if (p.Text) out.push(sql`${properties.searchVector} @@ websearch_to_tsquery('italian', ${cleanText(p.Text)})`);
  if (p.Bounds) out.push(withinBounds(p.Bounds));
  return out;
}

/** The whole search (place and filters), with what its area is. Throws UnknownPlace, InvalidPolygon, InvalidSearch. */
export async function resolveSearch(db: Db, p: SearchParams): Promise<ResolvedSearch> {
  const place = await resolvePlace(db, p);
  const where = and(eq(properties.statusId, PROPERTY_STATUS.published), place.where, ...filterConditions(p))!;
  return { where, area: place.area };
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

/** At most this many marker points: a fine zoom over a whole country would otherwise answer every listing. */
export const MAX_MARKER_POINTS = 5000;
/** Without a zoom, the markers of an area are clustered at the zoom that fits it, at most this one. */
const DEFAULT_ZOOM_MAX = 16;

/**
 * One page of SearchListings (server/modules/shared/search-listing.ts), with the sort keys of each row as text for the cursor (`extra`); also measured by tests/bench/search.ts.
 *
 * The page's ids first, then their rows: the inner query sorts the result set on what the
 * covering GiST indexes carry (migration 0005: id, price, published_at, highlighted_until ...),
 * an index-only scan for the common sorts, and keeps `limit` ids; only those rows are read
 * from the heap, joined and decorated, and sorted again by the same keys (the same order:
 * the keys end with the id). Sorting the decorated rows of the whole result set read every
 * matching row from the heap (a city viewport: ~24,000 rows, 200-400 ms at 1M listings).
 */
export async function selectSearchListings(db: Db, where: SQL, order: SQL[], limit: number, extra: Record<string, SQL> = {}) {
  const pageIds = db.select({ id: properties.id }).from(properties).where(where).orderBy(...order).limit(limit);
  const cover = db
    .select({ url: media.url, thumbnailUrl: media.thumbnailUrl })
    .from(media)
    .where(and(eq(media.propertyId, properties.id), inArray(media.mediaTypeId, COVER_TYPES)))
    .orderBy(media.position, media.id)
    .limit(1)
    .as('cover');
  const rows = await db
    .select({
      id: properties.id,
      title: properties.title,
      sellType: properties.sellTypeId,
      price: properties.price,
      pricePerM2: properties.pricePerM2,
      previousPrice: properties.previousPrice,
      priceChangedAt: properties.priceChangedAt,
      surfaceM2: properties.surfaceM2,
      rooms: properties.rooms,
      bathrooms: properties.bathrooms,
      floor: properties.floor,
      propertyTypeId: listingType,
      propertyTypeName: propertyTypes.name,
      cityName: municipalities.name,
      provinceCode: provinces.sigla,
      districtName: sql<string | null>`(select ${districts.name} from ${districts} where ${districts.municipalityId} = ${outer.municipalityId} and ${outer.geo} <@ ${districts.area} order by ${districts.id} limit 1)`,
      showAddress: properties.showAddress,
      street: properties.street,
      streetNumber: properties.streetNumber,
      latitude: shownLatitude.mapWith(nullableNumber),
      longitude: shownLongitude.mapWith(nullableNumber),
      imageUrl: cover.url,
      thumbnailUrl: cover.thumbnailUrl,
      photoCount: sql<number>`(select count(*) from ${media} where ${media.propertyId} = ${outer.id} and ${media.mediaTypeId} in (${sql.join(COVER_TYPES.map((t) => sql`${t}`), sql`, `)}))::int`.mapWith(Number),
      energyClass: energyClasses.code,
      conditionId: properties.conditionId,
      developmentId: properties.developmentId,
      publishedAt: properties.publishedAt,
      createdAt: properties.createdAt,
      agencyName: agencies.name,
      highlighted: isHighlighted,
      ...extra,
    })
    .from(properties)
    .leftJoin(municipalities, eq(municipalities.id, properties.municipalityId))
    .leftJoin(provinces, eq(provinces.id, municipalities.provinceId))
    .leftJoin(propertyTypes, eq(propertyTypes.id, listingType))
    .leftJoin(energyClasses, eq(energyClasses.id, properties.energyClassId))
    .leftJoin(agencies, eq(agencies.id, properties.agencyId))
    .leftJoinLateral(cover, sql`true`)
    .where(inArray(properties.id, pageIds))
    .orderBy(...order);
  return rows.map((row) => ({
    row,
    listing: {
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
      PropertyTypeId: row.propertyTypeId === null ? null : Number(row.propertyTypeId),
      PropertyTypeName: row.propertyTypeName,
      CityName: row.cityName,
      ProvinceCode: row.provinceCode,
      DistrictName: row.districtName,
      Address: formatAddress(row.street, row.streetNumber, row.showAddress),
      Latitude: row.latitude,
      Longitude: row.longitude,
      ImageUrl: row.imageUrl,
      ThumbnailUrl: row.thumbnailUrl,
      PhotoCount: row.photoCount,
      EnergyClass: row.energyClass,
      IsNewBuild: row.developmentId !== null || row.conditionId === PROPERTY_CONDITION.new,
      DevelopmentId: row.developmentId,
      PublishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
      AgencyName: row.agencyName,
      Highlighted: Boolean(row.highlighted),
    } satisfies SearchListingRow,
  }));
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
      latitude: sql<number | null>`avg(${shownLatitude})`.mapWith(nullableNumber),
      longitude: sql<number | null>`avg(${shownLongitude})`.mapWith(nullableNumber),
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

export async function searchListings(db: Db, p: SearchParams): Promise<SearchResultRow> {
  const { where, area } = await resolveSearch(db, p);
  const keys = sortKeys(p);
  const cursor = p.Cursor ? decodeCursor(p.Cursor, p, keys) : null;
  const pageSize = Math.min(p.PageSize ?? LIMITS.pageSizeDefault, LIMITS.pageSizeMax);

  const keyColumns = Object.fromEntries(keys.map((k, index) => [`k${index}`, sql<string | null>`(${k.expr})::text`]));
  const pageWhere = cursor ? and(where, afterCursor(keys, cursor))! : where;
  const pageQuery = selectSearchListings(db, pageWhere, orderBy(keys), pageSize + 1, keyColumns);

  // The markers, the exact total and (when the area does not bound the map) the result set's
  // extent. When the zoom is known before the extent (asked for, or fitted to the area's own
  // bounds) they are one pass over the result set, run beside the page query; otherwise the
  // extent comes first, to fit the zoom to it.
  let overview: Overview;
  let page: Awaited<typeof pageQuery>;
  if (p.Zoom !== undefined || area.bounds) {
    const zoom = p.Zoom ?? zoomForBounds(area.bounds, LIMITS.zoomMin, DEFAULT_ZOOM_MAX, DEFAULT_ZOOM);
    [overview, page] = await Promise.all([markersWithTotal(db, where, zoom, !area.bounds), pageQuery]);
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

  const items = page.slice(0, pageSize);
  const last = items.at(-1);
  const nextCursor =
    page.length > pageSize && last
      ? encodeCursor({ s: p.Sort, k: keys.map((_, index) => (last.row as unknown as Record<string, string | null>)[`k${index}`] ?? null), i: last.listing.Id })
      : null;
  const { zoom, markers } = overview;

  const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    Total: overview.total,
    Items: items.map((i) => i.listing),
    NextCursor: nextCursor,
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
  // Provinces and regions: 127 rows that change only with a seed, read once per process.
  let areas: Promise<{ provinces: AreaPlace[]; regions: AreaPlace[] }> | undefined;
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
    return {
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

    const [towns, districtRows, addressRows] = await Promise.all([
      db
        .select({
          istat: municipalities.istatCode,
          name: municipalities.name,
          sigla: provinces.sigla,
          latitude: municipalities.latitude,
          longitude: municipalities.longitude,
        })
        .from(municipalities)
        .innerJoin(provinces, eq(provinces.id, municipalities.provinceId))
        .where(sql`${municipalities.searchName} like ${likePrefix(q)}`)
        .orderBy(sql`${municipalities.population} desc nulls last`, municipalities.name)
        .limit(limit),
      db
        .select({ id: districts.id, name: districts.name, town: municipalities.name, sigla: provinces.sigla, latitude: districts.latitude, longitude: districts.longitude })
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
    const { provinces: provinceList, regions: regionList } = await (areas ??= loadAreas().catch((error: unknown) => {
      areas = undefined;
      throw error;
    }));

    const groups: Record<PlaceKind, PlaceItemRow[]> = {
      town: towns.map((t) => ({
        Kind: 'town',
        Id: t.istat,
        Name: t.name,
        Detail: t.sigla,
        Latitude: t.latitude,
        Longitude: t.longitude,
        Params: { SearchType: 'town', Town: t.istat },
      })),
      district: districtRows.map((d) => ({
        Kind: 'district',
        Id: String(d.id),
        Name: d.name,
        Detail: `${d.town} (${d.sigla})`,
        Latitude: d.latitude,
        Longitude: d.longitude,
        Params: { SearchType: 'district', District: String(d.id) },
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
        })),
      region: regionList
        .filter((r) => r.searchName.startsWith(q))
        .slice(0, limit)
        .map((r) => ({ Kind: 'region', Id: r.slug, Name: r.name, Detail: r.detail, Latitude: r.latitude, Longitude: r.longitude, Params: { SearchType: 'region', Region: r.slug } })),
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
