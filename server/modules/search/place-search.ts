import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { PROPERTY_STATUS } from '../../db/reference-ids';
import { districts, municipalities, properties, provinces, regions } from '../../db/schema';
import { toSearchName, toSlug } from '../../db/search-text';
import { cleanText, nullableNumber } from './columns';
import { provinceAreaName } from './words';

// The place search (autocomplete): towns, districts, provinces, regions and the streets of
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
        latitude: sql<
          number | null
        >`(select avg(${municipalities.latitude}) from ${municipalities} where ${municipalities.provinceId} = "provinces"."id")`.mapWith(
          nullableNumber,
        ),
        longitude: sql<
          number | null
        >`(select avg(${municipalities.longitude}) from ${municipalities} where ${municipalities.provinceId} = "provinces"."id")`.mapWith(
          nullableNumber,
        ),
      })
      .from(provinces)
      .innerJoin(regions, eq(regions.id, provinces.regionId));
    const regionRows = await db
      .select({
        id: regions.id,
        name: regions.name,
        slug: regions.slug,
        area: regions.area,
        latitude: sql<
          number | null
        >`(select avg(m.latitude) from ${municipalities} m join ${provinces} p on p.id = m.province_id where p.region_id = "regions"."id")`.mapWith(
          nullableNumber,
        ),
        longitude: sql<
          number | null
        >`(select avg(m.longitude) from ${municipalities} m join ${provinces} p on p.id = m.province_id where p.region_id = "regions"."id")`.mapWith(
          nullableNumber,
        ),
      })
      .from(regions);
    const mainTownRows = await db
      .selectDistinctOn([municipalities.provinceId], { id: municipalities.id })
      .from(municipalities)
      .orderBy(municipalities.provinceId, sql`${municipalities.population} desc nulls last`, municipalities.id);
    return {
      mainTowns: mainTownRows.map((r) => r.id),
      provinces: provinceRows.map((r) => ({
        id: r.id,
        name: r.name,
        slug: r.slug,
        searchName: toSearchName(r.name),
        detail: `${r.sigla}, ${r.regionName}`,
        latitude: r.latitude,
        longitude: r.longitude,
      })),
      regions: regionRows.map((r) => ({
        id: r.id,
        name: r.name,
        slug: r.slug,
        searchName: toSearchName(r.name),
        detail: r.area,
        latitude: r.latitude,
        longitude: r.longitude,
      })),
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
        .orderBy(
          sql`(${municipalities.searchName} = ${q}) desc`,
          sql`${isMainTown} desc`,
          sql`${municipalities.population} desc nulls last`,
          municipalities.name,
        )
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
        .where(
          sql`(${districts.searchName} like ${likePrefix(q)} or ${districts.searchName} like ${`% ${likePrefix(q)}`})`,
        )
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
            .groupBy(
              properties.street,
              municipalities.name,
              municipalities.istatCode,
              provinces.sigla,
              municipalities.population,
            )
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
          Name: provinceAreaName(p.name),
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
        .map((r) => ({
          Kind: 'region',
          Id: r.slug,
          Name: r.name,
          Detail: r.detail,
          Latitude: r.latitude,
          Longitude: r.longitude,
          Params: { SearchType: 'region', Region: r.slug },
          IsMainTown: false,
          Slug: null,
          ProvinceSlug: null,
        })),
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
            Params: {
              SearchType: 'place',
              Lat: coordinate(a.latitude),
              Lng: coordinate(a.longitude),
              Radius: String(addressRadius(a)),
              Place: name.slice(0, 120),
            },
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
