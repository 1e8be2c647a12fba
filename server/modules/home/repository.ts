import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { HOME_PROPERTY_TYPES, MEDIA_TYPE, PROPERTY_STATUS } from '../../db/reference-ids';
import { media, municipalities, properties, propertyTypes, provinces } from '../../db/schema';
import type { HomeListingType } from './schemas';

export interface HomeRepository {
  recentListings(options: { sellType?: 1 | 2; limit: number }): Promise<HomeListingType[]>;
}

const COVER_TYPES = [MEDIA_TYPE.property_image, MEDIA_TYPE.room_image];

export function createHomeRepository(db: Db): HomeRepository {
  return {
    async recentListings({ sellType, limit }) {
      // The cover: the first listing image by position (the same rule as the detail page).
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
        .leftJoin(propertyTypes, eq(propertyTypes.id, sql`coalesce(${properties.publicationPropertyTypeId}, ${properties.propertyTypeId})`))
        .leftJoinLateral(cover, sql`true`)
        .where(
          and(
            eq(properties.statusId, PROPERTY_STATUS.published),
            // «Le case più recenti»: homes only, never a garage or a shop under that title.
            inArray(sql`coalesce(${properties.publicationPropertyTypeId}, ${properties.propertyTypeId})`, [...HOME_PROPERTY_TYPES]),
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
        ImageUrl: row.imageUrl,
        ThumbnailUrl: row.thumbnailUrl,
      }));
    },
  };
}
