import { asc, eq, or, sql } from 'drizzle-orm';
import { PROPERTY_STATUS } from '../../db/reference-ids';
import type { Db } from '../../db/database';
import { agencies, municipalities, newDevelopments, properties, provinces } from '../../db/schema';

export interface ProvinceRow {
  id: number;
  sigla: string;
  name: string;
  slug: string;
}

export interface MunicipalityRow {
  id: number;
  istatCode: string;
  name: string;
  slug: string;
  population: number | null;
}

export interface SeoRepository {
  /** A province by the slug of its name or its sigla, case-insensitive. */
  findProvince(slugOrSigla: string): Promise<ProvinceRow | undefined>;
  municipalitiesOf(provinceId: number): Promise<MunicipalityRow[]>;
  /** Every province, by name: the municipality lists of the sitemap. */
  listProvinces(): Promise<ProvinceRow[]>;
  /** The ids of every published listing, oldest first: the listings' sitemap. */
  publishedListingIds(): Promise<number[]>;
  /** The ids of the new developments with a published unit: the listings' sitemap. */
  developmentIds(): Promise<number[]>;
  /** The slug of every agency, by id: the agencies' sitemap. */
  agencySlugs(): Promise<string[]>;
}

export function createSeoRepository(db: Db): SeoRepository {
  return {
    async findProvince(slugOrSigla) {
      const value = slugOrSigla.toLowerCase();
      const [row] = await db
        .select({ id: provinces.id, sigla: provinces.sigla, name: provinces.name, slug: provinces.slug })
        .from(provinces)
        .where(or(eq(provinces.slug, value), eq(sql`lower(${provinces.sigla})`, value)))
        .orderBy(asc(provinces.id))
        .limit(1);
      return row;
    },
    async municipalitiesOf(provinceId) {
      return db
        .select({
          id: municipalities.id,
          istatCode: municipalities.istatCode,
          name: municipalities.name,
          slug: municipalities.slug,
          population: municipalities.population,
        })
        .from(municipalities)
        .where(eq(municipalities.provinceId, provinceId))
        .orderBy(asc(municipalities.searchName), asc(municipalities.id));
    },
    async listProvinces() {
      return db
        .select({ id: provinces.id, sigla: provinces.sigla, name: provinces.name, slug: provinces.slug })
        .from(provinces)
        .orderBy(asc(provinces.slug), asc(provinces.id));
    },
    async publishedListingIds() {
      const rows = await db
        .select({ id: properties.id })
        .from(properties)
        .where(eq(properties.statusId, PROPERTY_STATUS.published))
        .orderBy(asc(properties.id));
      return rows.map((r) => r.id);
    },
    async developmentIds() {
      const rows = await db
        .select({ id: newDevelopments.id })
        .from(newDevelopments)
        .where(
          sql`exists (select 1 from ${properties} where ${properties.developmentId} = ${newDevelopments.id} and ${properties.statusId} = ${PROPERTY_STATUS.published})`,
        )
        .orderBy(asc(newDevelopments.id));
      return rows.map((r) => r.id);
    },
    async agencySlugs() {
      const rows = await db.select({ slug: agencies.slug }).from(agencies).orderBy(asc(agencies.id));
      return rows.map((r) => r.slug);
    },
  };
}
