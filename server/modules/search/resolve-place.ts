import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { LIMITS, type Bounds, type LatLng, type SearchParams, type SearchType } from '@domain/search';
import type { Db } from '../../db/database';
import { agencies, districts, municipalities, properties, provinces, regions } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { walkBounds, walkCircle, walkPolygon, withinCircle, withinPolygon } from './area-conditions';
import { PUBLISHED } from './cells';
import { cleanText, nullableNumber } from './columns';
import { filterConditions } from './filters';
import { boundsOf, circleBounds, fromPgPolygon, polygonProblem, toPgPolygon } from './geometry';
import { provinceAreaName } from './words';

// The search's place (a town, a province, a circle, a drawn polygon ...) resolved to a condition and the area
// it covers, joined with the other filters: the whole search as one condition on `properties`.

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

interface ResolvedPlace {
  where: SQL | undefined;
  area: ResolvedArea;
  /** The area in walk form and its box; absent when the place is not a shape (a town, a province ...). */
  walk?: { area: ((geo: SQL) => SQL) | null; box: Bounds | null };
}

async function resolvePlace(db: Db, p: SearchParams): Promise<ResolvedPlace> {
  const area: ResolvedArea = {
    kind: p.SearchType,
    name: null,
    center: null,
    radiusM: null,
    polygon: null,
    bounds: null,
  };
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
        area: {
          ...area,
          name: p.Place ? cleanText(p.Place) : null,
          center,
          radiusM: radius,
          bounds: circleBounds(center, radius),
        },
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
        area: {
          ...area,
          polygon: p.Polygon,
          bounds: b,
          center: { latitude: (b.south + b.north) / 2, longitude: (b.west + b.east) / 2 },
        },
        walk: { area: walkPolygon(toPgPolygon(p.Polygon)), box: b },
      };
    }
    case 'province': {
      const key = p.Province ?? '';
      const [province] = await db
        .select({ id: provinces.id, name: provinces.name })
        .from(provinces)
        .where(
          key.length === 2
            ? or(eq(provinces.sigla, key.toUpperCase()), eq(provinces.slug, key.toLowerCase()))
            : eq(provinces.slug, key.toLowerCase()),
        )
        .limit(1);
      if (!province) throw new AppError('UnknownPlace');
      const inProvince = db
        .select({ id: municipalities.id })
        .from(municipalities)
        .where(eq(municipalities.provinceId, province.id));
      return {
        where: inArray(properties.municipalityId, inProvince),
        area: {
          ...area,
          name: provinceAreaName(province.name),
          bounds: await municipalityBounds(db, eq(municipalities.provinceId, province.id)),
        },
      };
    }
    case 'town': {
      const [town] = await db
        .select({
          id: municipalities.id,
          name: municipalities.name,
          latitude: municipalities.latitude,
          longitude: municipalities.longitude,
        })
        .from(municipalities)
        .where(eq(municipalities.istatCode, p.Town ?? ''))
        .limit(1);
      if (!town) throw new AppError('UnknownPlace');
      const center =
        town.latitude !== null && town.longitude !== null
          ? { latitude: town.latitude, longitude: town.longitude }
          : null;
      return { where: eq(properties.municipalityId, town.id), area: { ...area, name: town.name, center } };
    }
    case 'region': {
      const [region] = await db
        .select({ id: regions.id, name: regions.name })
        .from(regions)
        .where(eq(regions.slug, p.Region ?? ''))
        .limit(1);
      if (!region) throw new AppError('UnknownPlace');
      const inRegion = db
        .select({ id: municipalities.id })
        .from(municipalities)
        .innerJoin(provinces, eq(provinces.id, municipalities.provinceId))
        .where(eq(provinces.regionId, region.id));
      return {
        where: inArray(properties.municipalityId, inRegion),
        area: {
          ...area,
          name: region.name,
          bounds: await municipalityBounds(
            db,
            inArray(
              municipalities.provinceId,
              db.select({ id: provinces.id }).from(provinces).where(eq(provinces.regionId, region.id)),
            ),
          ),
        },
      };
    }
    case 'district': {
      const [district] = await db
        .select({
          name: districts.name,
          latitude: districts.latitude,
          longitude: districts.longitude,
          area: sql<string>`${districts.area}::text`,
        })
        .from(districts)
        .where(eq(districts.id, p.District ?? 0))
        .limit(1);
      if (!district) throw new AppError('UnknownPlace');
      const polygon = fromPgPolygon(district.area);
      return {
        // The polygon as a value (not a subquery), so the planner uses properties_geo_gist.
        where: withinPolygon(district.area),
        area: {
          ...area,
          name: district.name,
          center: { latitude: district.latitude, longitude: district.longitude },
          polygon,
          bounds: boundsOf(polygon),
        },
        walk: { area: walkPolygon(district.area), box: boundsOf(polygon) },
      };
    }
    case 'agency': {
      const [agency] = await db
        .select({ id: agencies.id, name: agencies.name })
        .from(agencies)
        .where(eq(agencies.id, p.Agency ?? 0))
        .limit(1);
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

function intersect(a: Bounds | null, b: Bounds | null): Bounds | null {
  if (!a) return b;
  if (!b) return a;
  return {
    south: Math.max(a.south, b.south),
    west: Math.max(a.west, b.west),
    north: Math.min(a.north, b.north),
    east: Math.min(a.east, b.east),
  };
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
