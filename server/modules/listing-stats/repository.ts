import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { TYPE_SLUG_MEANING } from '@domain/search';
import type { Db } from '../../db/database';
import { PROPERTY_STATUS, SELL_TYPE } from '../../db/reference-ids';
import { municipalities, properties, provinces, regions } from '../../db/schema';

/** A municipality with published listings, and how many of each kind. */
export interface MunicipalityListingCount {
  municipalityId: number;
  istatCode: string;
  name: string;
  slug: string;
  latitude: number | null;
  longitude: number | null;
  provinceId: number;
  provinceCode: string;
  provinceName: string;
  provinceSlug: string;
  regionName: string;
  sale: number;
  rent: number;
}

export interface ListingStatsRepository {
  /** Every municipality with at least one published home (the «case» types), most first. */
  countsByMunicipality(): Promise<MunicipalityListingCount[]>;
  /** Published homes of one kind per municipality of a province (municipalities without any are absent). */
  countsInProvince(provinceId: number, sellType: 1 | 2): Promise<Map<number, number>>;
}

/**
 * What the counts count: the homes a town's results page shows. Every count links to a «case» page
 * (/vendita/case/…, /comprocasa/case/…/comuni), so a garage or a shop counted here would be a listing the
 * page it leads to does not show.
 */
const homes = inArray(sql`coalesce(${properties.publicationPropertyTypeId}, ${properties.propertyTypeId})`, [
  ...(TYPE_SLUG_MEANING.case.propertyTypes ?? []),
]);

/** How long aggregate counts are reused: home and footer blocks need not be real-time. */
export const STATS_TTL_MS = 60_000;

/**
 * Counts of published listings per municipality, shared by the home page's cities and
 * the SEO links. The aggregate scans every published listing, so it is computed at most
 * once a minute (concurrent callers share the running query).
 */
export function createListingStatsRepository(db: Db, ttlMs = STATS_TTL_MS): ListingStatsRepository {
  let cached: { at: number; value: Promise<MunicipalityListingCount[]> } | undefined;

  async function load(): Promise<MunicipalityListingCount[]> {
    const counts = db
      .select({
        municipalityId: properties.municipalityId,
        sale: sql<number>`count(*) filter (where ${properties.sellTypeId} = ${SELL_TYPE.sale})`
          .mapWith(Number)
          .as('sale'),
        rent: sql<number>`count(*) filter (where ${properties.sellTypeId} = ${SELL_TYPE.rent})`
          .mapWith(Number)
          .as('rent'),
      })
      .from(properties)
      .where(
        and(eq(properties.statusId, PROPERTY_STATUS.published), sql`${properties.municipalityId} is not null`, homes),
      )
      .groupBy(properties.municipalityId)
      .as('counts');
    const rows = await db
      .select({
        municipalityId: municipalities.id,
        istatCode: municipalities.istatCode,
        name: municipalities.name,
        slug: municipalities.slug,
        latitude: municipalities.latitude,
        longitude: municipalities.longitude,
        provinceId: provinces.id,
        provinceCode: provinces.sigla,
        provinceName: provinces.name,
        provinceSlug: provinces.slug,
        regionName: regions.name,
        sale: counts.sale,
        rent: counts.rent,
      })
      .from(counts)
      .innerJoin(municipalities, eq(municipalities.id, counts.municipalityId))
      .innerJoin(provinces, eq(provinces.id, municipalities.provinceId))
      .innerJoin(regions, eq(regions.id, provinces.regionId));
    return rows
      .filter((row) => row.sale + row.rent > 0)
      .sort(
        (a, b) =>
          b.sale + b.rent - (a.sale + a.rent) ||
          a.name.localeCompare(b.name, 'it') ||
          a.municipalityId - b.municipalityId,
      );
  }

  return {
    countsByMunicipality() {
      const now = Date.now();
      if (!cached || now - cached.at > ttlMs) {
        const value = load();
        cached = { at: now, value };
        // A failed query is not cached: the next caller tries again.
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      return cached.value;
    },

    async countsInProvince(provinceId, sellType) {
      const rows = await db
        .select({ municipalityId: municipalities.id, listings: count() })
        .from(properties)
        .innerJoin(municipalities, eq(municipalities.id, properties.municipalityId))
        .where(
          and(
            eq(municipalities.provinceId, provinceId),
            eq(properties.statusId, PROPERTY_STATUS.published),
            eq(properties.sellTypeId, sellType),
            homes,
          ),
        )
        .groupBy(municipalities.id)
        .orderBy(asc(municipalities.id));
      return new Map(rows.map((row) => [row.municipalityId, row.listings]));
    },
  };
}
