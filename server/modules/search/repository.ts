import { and, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { LIMITS, TYPE_SLUG_MEANING, type Bounds, type LatLng, type SearchParams, type SearchType } from '../../../domain/search';
import type { Db } from '../../db/database';
import { MEDIA_TYPE, PROPERTY_CONDITION, PROPERTY_STATUS } from '../../db/reference-ids';
import { agencies, districts, media, municipalities, properties, propertyAmenities, provinces, regions } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { boundsOf, circleBounds, fromPgPolygon, polygonProblem, toPgBox, toPgPolygon } from './geometry';

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

/** The type the listing is published as (the wizard's publication type wins over the plain one). */
export const listingType = sql<number>`coalesce(${properties.publicationPropertyTypeId}, ${properties.propertyTypeId})`;

/**
 * The circle condition in exactly the form of the index properties_earth_gist (its
 * expression and its partial predicate), then the exact distance.
 */
export function withinCircle(center: LatLng, radiusM: number): SQL {
  const here = sql`ll_to_earth(${center.latitude}::float8, ${center.longitude}::float8)`;
  const position = sql`ll_to_earth(${properties.latitude}, ${properties.longitude})`;
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
        area: { ...area, name: p.Place ?? null, center, radiusM: radius, bounds: circleBounds(center, radius) },
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
    out.push(sql`exists (select 1 from ${propertyAmenities} where ${propertyAmenities.propertyId} = ${properties.id} and ${propertyAmenities.amenityId} = ${amenity})`);
  }
  if (p.EnergyClasses?.length) out.push(inArray(properties.energyClassId, p.EnergyClasses));
  if (p.Conditions?.length) out.push(inArray(properties.conditionId, p.Conditions));
  if (p.NewBuild) out.push(sql`(${properties.developmentId} is not null or ${properties.conditionId} = ${PROPERTY_CONDITION.new})`);
  if (p.WithPhotos) {
    out.push(sql`exists (select 1 from ${media} where ${media.propertyId} = ${properties.id} and ${media.mediaTypeId} = ${MEDIA_TYPE.property_image})`);
  }
  if (p.PublishedWithin !== undefined) out.push(sql`${properties.publishedAt} >= now() - make_interval(days => ${p.PublishedWithin}::int)`);
  if (p.Text) out.push(sql`${properties.searchVector} @@ websearch_to_tsquery('italian', ${p.Text})`);
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
