import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { HOME_PROPERTY_TYPES, PROPERTY_STATUS } from '../../db/reference-ids';
import { municipalities, properties, propertyTypes, provinces } from '../../db/schema';
import { resolveMediaUrlOrNull } from '../shared/media-url';
import { coverSubquery, listingTypeId } from '../shared/search-listing';
import type { HomeListingType } from './schemas';

export interface HomeRepository {
  recentListings(options: { sellType?: 1 | 2; limit: number }): Promise<HomeListingType[]>;
}

export function createHomeRepository(db: Db): HomeRepository {
  return {
    async recentListings({ sellType, limit }) {
      const cover = coverSubquery(db);
      const rows = await db
        .select({
          id: properties.id,
          title: properties.title,
          cityName: municipalities.name,
          provinceCode: provinces.sigla,
          sellType: properties.sellTypeId,
          price: properties.price,
          surfaceM2: properties.surfaceM2,
          rooms: properties.rooms,
          bathrooms: properties.bathrooms,
          propertyTypeName: propertyTypes.name,
          imageUrl: cover.url,
          thumbnailUrl: cover.thumbnailUrl,
        })
        .from(properties)
        .leftJoin(municipalities, eq(municipalities.id, properties.municipalityId))
        .leftJoin(provinces, eq(provinces.id, municipalities.provinceId))
        .leftJoin(propertyTypes, eq(propertyTypes.id, listingTypeId))
        .leftJoinLateral(cover, sql`true`)
        .where(
          and(
            eq(properties.statusId, PROPERTY_STATUS.published),
            // «Le case più recenti»: homes only, never a garage or a shop under that title.
            inArray(listingTypeId, [...HOME_PROPERTY_TYPES]),
            sellType ? eq(properties.sellTypeId, sellType) : inArray(properties.sellTypeId, [1, 2]),
          ),
        )
        .orderBy(desc(properties.publishedAt), desc(properties.id))
        .limit(limit);
      return rows.map((row) => ({
        Id: row.id,
        Title: row.title ?? '',
        CityName: row.cityName,
        ProvinceCode: row.provinceCode,
        SellType: row.sellType as 1 | 2,
        Price: row.price,
        SurfaceM2: row.surfaceM2,
        Rooms: row.rooms,
        Bathrooms: row.bathrooms,
        PropertyTypeName: row.propertyTypeName,
        ImageUrl: resolveMediaUrlOrNull(row.imageUrl),
        ThumbnailUrl: row.thumbnailUrl,
      }));
    },
  };
}
