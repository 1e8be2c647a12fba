import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { PROPERTY_STATUS, SELL_TYPE } from '../../db/reference-ids';
import { agencies, agencyPhoneReveals, media, municipalities, properties, provinces, users } from '../../db/schema';
import { italianDay } from '../../lib/italian-day';
import type { AgencyPageType, AgencyType } from './schemas';

export interface AgencyRepository {
  /** Agencies, partners first then by name; only those of municipalities with this slug when given. */
  list(options: { citySlug?: string }): Promise<AgencyType[]>;
  /** The agency's page by its slug, with its published listings counted; undefined for an unknown slug. */
  page(slug: string): Promise<AgencyPageType | undefined>;
  /** The agency's id and phone by its slug; undefined for an unknown slug. */
  phone(slug: string): Promise<{ id: number; phone: string | null } | undefined>;
  /** Counts one reveal of the agency's phone today (Italian time). */
  recordPhoneReveal(agencyId: number): Promise<void>;
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
        Description: row.description,
        LogoUrl: row.logoUrl,
        Partner: row.partner,
      }));
    },
    async page(slug) {
      const [row] = await db
        .select({
          id: agencies.id,
          slug: agencies.slug,
          name: agencies.name,
          logoUrl: media.url,
          description: agencies.description,
          street: agencies.street,
          streetNumber: agencies.streetNumber,
          postalCode: agencies.postalCode,
          town: municipalities.name,
          province: provinces.sigla,
          latitude: agencies.latitude,
          longitude: agencies.longitude,
          isPartner: agencies.isPartner,
          rating: agencies.rating,
          reviewsCount: agencies.reviewsCount,
          // An active account receives its messages (the rule of agencyAccount in server/modules/messages).
          acceptsMessages:
            sql<boolean>`exists (select 1 from ${users} where ${users.agencyId} = ${agencies.id} and ${users.suspendedAt} is null and ${users.deletedAt} is null)`.mapWith(
              Boolean,
            ),
        })
        .from(agencies)
        .leftJoin(municipalities, eq(municipalities.id, agencies.municipalityId))
        .leftJoin(provinces, eq(provinces.id, municipalities.provinceId))
        .leftJoin(media, eq(media.id, agencies.logoMediaId))
        .where(eq(agencies.slug, slug))
        .limit(1);
      if (!row) return undefined;
      // properties_agency_idx: the agency's own listings, whatever their number elsewhere.
      const counts = await db
        .select({ sellType: properties.sellTypeId, n: count() })
        .from(properties)
        .where(and(eq(properties.agencyId, row.id), eq(properties.statusId, PROPERTY_STATUS.published)))
        .groupBy(properties.sellTypeId);
      const published = (sellType: number) => Number(counts.find((c) => c.sellType === sellType)?.n ?? 0);
      return {
        Id: row.id,
        Slug: row.slug,
        Name: row.name,
        LogoUrl: row.logoUrl,
        Description: row.description,
        Address: {
          Street: row.street,
          StreetNumber: row.streetNumber,
          PostalCode: row.postalCode,
          Town: row.town,
          Province: row.province,
          Latitude: row.latitude,
          Longitude: row.longitude,
        },
        IsPartner: row.isPartner,
        Rating: row.reviewsCount > 0 ? row.rating : null,
        ReviewsCount: row.reviewsCount,
        AcceptsMessages: row.acceptsMessages,
        PublishedListings: { Sale: published(SELL_TYPE.sale), Rent: published(SELL_TYPE.rent) },
        Search: { SearchType: 'agency', Agency: row.id },
      };
    },
    async phone(slug) {
      const [row] = await db
        .select({ id: agencies.id, phone: agencies.phone })
        .from(agencies)
        .where(eq(agencies.slug, slug))
        .limit(1);
      return row;
    },
    async recordPhoneReveal(agencyId) {
      await db
        .insert(agencyPhoneReveals)
        .values({ agencyId, day: italianDay(new Date()), count: 1 })
        .onConflictDoUpdate({
          target: [agencyPhoneReveals.agencyId, agencyPhoneReveals.day],
          set: { count: sql`${agencyPhoneReveals.count} + 1` },
        });
    },
  };
}

function formatAddress(street: string | null, number: string | null, postalCode: string | null): string | null {
  if (!street) return null;
  const line = number ? `${street} ${number}` : street;
  return postalCode ? `${line}, ${postalCode}` : line;
}
