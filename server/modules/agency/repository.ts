import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { agencies, media, municipalities, provinces } from '../../db/schema';
import type { AgencyType } from './schemas';

export interface AgencyRepository {
  /** Agencies, partners first then by name; only those of municipalities with this slug when given. */
  list(options: { citySlug?: string }): Promise<AgencyType[]>;
}

export function createAgencyRepository(db: Db): AgencyRepository {
  return {
    async list({ citySlug }) {
      const query = db
        .select({
          id: agencies.id,
          name: agencies.name,
          slug: agencies.slug,
          cityName: municipalities.name,
          provinceCode: provinces.sigla,
          street: agencies.street,
          streetNumber: agencies.streetNumber,
          postalCode: agencies.postalCode,
          phone: agencies.phone,
          email: agencies.email,
          description: agencies.description,
          logoUrl: media.url,
          partner: agencies.isPartner,
        })
        .from(agencies)
        .leftJoin(municipalities, eq(municipalities.id, agencies.municipalityId))
        .leftJoin(provinces, eq(provinces.id, municipalities.provinceId))
        .leftJoin(media, eq(media.id, agencies.logoMediaId))
        .$dynamic();
      if (citySlug) query.where(eq(municipalities.slug, citySlug));
      const rows = await query.orderBy(desc(agencies.isPartner), asc(agencies.name), asc(agencies.id)).limit(500);
      return rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        Slug: row.slug,
        CityName: row.cityName,
        ProvinceCode: row.provinceCode,
        Address: formatAddress(row.street, row.streetNumber, row.postalCode),
        Phone: row.phone,
        Email: row.email,
        Description: row.description,
        LogoUrl: row.logoUrl,
        Partner: row.partner,
      }));
    },
  };
}

function formatAddress(street: string | null, number: string | null, postalCode: string | null): string | null {
  if (!street) return null;
  const line = number ? `${street} ${number}` : street;
  return postalCode ? `${line}, ${postalCode}` : line;
}
