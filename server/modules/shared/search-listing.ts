import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { MEDIA_TYPE, PROPERTY_CONDITION } from '../../db/reference-ids';
import { agencies, energyClasses, media, municipalities, properties, propertyTypes, provinces } from '../../db/schema';
import { SellTypeValue } from './query';
import { resolveMediaUrlOrNull } from './media-url';

// One listing in a list (search results, similar listings, a development's units,
// favourites): the `SearchListing` of docs/search.md, defined once with the one query
// that reads it, so every list shows a listing alike.

export const SearchListing = z
  .object({
    Id: z.number().int(),
    Title: z.string(),
    SellType: SellTypeValue,
    Price: z.number().int().nullable().describe('Euros; monthly for rent.'),
    PricePerM2: z.number().int().nullable().describe('Euros per square metre, rounded.'),
    PreviousPrice: z.number().int().nullable().describe('The price before the latest change.'),
    PriceReducedAt: z.iso
      .datetime()
      .nullable()
      .describe('When the price last changed, set only when that change was a reduction.'),
    SurfaceM2: z.number().int().nullable(),
    Rooms: z.number().int().nullable().describe('Number of rooms (locali).'),
    Bathrooms: z.number().int().nullable(),
    Floor: z.number().int().nullable().describe('-1 basement, 0 ground floor, 1 first floor ...'),
    PropertyTypeId: z.number().int().nullable(),
    PropertyTypeName: z.string().nullable(),
    CityName: z.string().nullable(),
    ProvinceCode: z.string().nullable().describe('Province sigla: MI, RM ...'),
    DistrictName: z.string().nullable().describe('The district (quartiere) whose area holds the listing.'),
    Address: z.string().nullable().describe('Street and number; null when the advertiser hides the address.'),
    Latitude: z.number().nullable().describe('Rounded to 3 decimals (~100 m) when the address is hidden.'),
    Longitude: z.number().nullable().describe('Rounded to 3 decimals (~100 m) when the address is hidden.'),
    ImageUrl: z.string().nullable().describe('The cover: the first listing image by position.'),
    ThumbnailUrl: z.string().nullable(),
    PhotoCount: z.number().int(),
    EnergyClass: z.string().nullable().describe('Energy class code: A4 ... G.'),
    IsNewBuild: z.boolean().describe('New construction: condition "new" or a unit of a new development.'),
    DevelopmentId: z.number().int().nullable(),
    PublishedAt: z.iso.datetime().nullable(),
    AgencyName: z.string().nullable(),
    Highlighted: z.boolean().describe('First-row service active: shown first.'),
  })
  .meta({
    id: 'SearchListing',
    description: 'A listing in a list: search results, similar listings, units, favourites.',
  });

export type SearchListingType = z.infer<typeof SearchListing>;

/** Listing images: what the cover and the photo count consider. */
export const LISTING_IMAGE_TYPES = [MEDIA_TYPE.property_image, MEDIA_TYPE.room_image];

/** The property type a listing is published as (the wizard's publication type first). */
export const listingTypeId = sql<
  number | null
>`coalesce(${properties.publicationPropertyTypeId}, ${properties.propertyTypeId})`;

/**
 * The name of the district whose area holds the listing's public position (geo: rounded to ~100 m when the
 * address is hidden), as the search sees it: the exact point would tell which side of a district's border
 * a hidden address lies (null without districts).
 */
export const districtNameOf = sql<
  string | null
>`(select d.name from districts d where d.municipality_id = ${properties.municipalityId} and ${properties.geo} <@ d.area order by d.id limit 1)`;

/** Street and number as shown, or null when hidden or unknown. */
export function formatAddress(street: string | null, streetNumber: string | null, showAddress: boolean): string | null {
  if (!showAddress || !street) return null;
  return streetNumber ? `${street}, ${streetNumber}` : street;
}

/** A coordinate as published: exact, or rounded to ~100 m when the address is hidden. */
export function publicCoordinate(value: number | null, showAddress: boolean): number | null {
  if (value === null) return null;
  return showAddress ? value : Math.round(value * 1000) / 1000;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * The columns of a SearchListing row. They read `properties` and the tables
 * `searchListingFrom` joins (municipalities, provinces, property_types, energy_classes,
 * agencies and the lateral `cover`); photo count and district are correlated subqueries.
 */
function columns(cover: ReturnType<typeof coverSubquery>) {
  return {
    id: properties.id,
    title: properties.title,
    sellTypeId: properties.sellTypeId,
    price: properties.price,
    pricePerM2: properties.pricePerM2,
    previousPrice: properties.previousPrice,
    priceChangedAt: properties.priceChangedAt,
    surfaceM2: properties.surfaceM2,
    rooms: properties.rooms,
    bathrooms: properties.bathrooms,
    floor: properties.floor,
    propertyTypeId: listingTypeId,
    propertyTypeName: propertyTypes.name,
    cityName: municipalities.name,
    provinceCode: provinces.sigla,
    districtName: districtNameOf,
    street: properties.street,
    streetNumber: properties.streetNumber,
    showAddress: properties.showAddress,
    latitude: properties.latitude,
    longitude: properties.longitude,
    imageUrl: cover.url,
    thumbnailUrl: cover.thumbnailUrl,
    photoCount:
      sql<number>`(select count(*)::int from media pm where pm.property_id = ${properties.id} and pm.media_type_id in (${sql.join(
        LISTING_IMAGE_TYPES.map((id) => sql`${id}`),
        sql`, `,
      )}))`.mapWith(Number),
    energyClassCode: energyClasses.code,
    conditionId: properties.conditionId,
    developmentId: properties.developmentId,
    publishedAt: properties.publishedAt,
    agencyName: agencies.name,
    highlighted: sql<boolean>`coalesce(${properties.highlightedUntil} > now(), false)`,
  };
}

/** The cover of the listing in the outer query: its first listing image by position (the detail page's rule). */
export function coverSubquery(db: Db) {
  return db
    .select({ url: media.url, thumbnailUrl: media.thumbnailUrl })
    .from(media)
    .where(and(eq(media.propertyId, properties.id), inArray(media.mediaTypeId, LISTING_IMAGE_TYPES)))
    .orderBy(media.position, media.id)
    .limit(1)
    .as('cover');
}

/**
 * `select <SearchListing columns> from properties <joins>` as a dynamic query: add
 * `.where()`, `.orderBy()`, `.limit()` (and more joins on `properties`) as needed, then
 * map each row with `toSearchListing`.
 */
export function searchListingFrom(db: Db) {
  const cover = coverSubquery(db);
  return db
    .select(columns(cover))
    .from(properties)
    .leftJoin(municipalities, eq(municipalities.id, properties.municipalityId))
    .leftJoin(provinces, eq(provinces.id, municipalities.provinceId))
    .leftJoin(propertyTypes, eq(propertyTypes.id, listingTypeId))
    .leftJoin(energyClasses, eq(energyClasses.id, properties.energyClassId))
    .leftJoin(agencies, eq(agencies.id, properties.agencyId))
    .leftJoinLateral(cover, sql`true`)
    .$dynamic();
}

export type SearchListingRow = Awaited<ReturnType<ReturnType<typeof searchListingFrom>['execute']>>[number];

/** A row of `searchListingFrom` as the API's SearchListing. */
export function toSearchListing(row: SearchListingRow): SearchListingType {
  const reduced =
    row.previousPrice !== null && row.price !== null && row.price < row.previousPrice && row.priceChangedAt !== null;
  return {
    Id: row.id,
    Title: row.title ?? '',
    SellType: row.sellTypeId === 2 ? 2 : 1,
    Price: row.price,
    PricePerM2: row.pricePerM2 === null ? null : Math.round(row.pricePerM2),
    PreviousPrice: row.previousPrice,
    PriceReducedAt: reduced ? iso(row.priceChangedAt) : null,
    SurfaceM2: row.surfaceM2,
    Rooms: row.rooms,
    Bathrooms: row.bathrooms,
    Floor: row.floor,
    PropertyTypeId: row.propertyTypeId,
    PropertyTypeName: row.propertyTypeName,
    CityName: row.cityName,
    ProvinceCode: row.provinceCode,
    DistrictName: row.districtName,
    Address: formatAddress(row.street, row.streetNumber, row.showAddress),
    Latitude: publicCoordinate(row.latitude, row.showAddress),
    Longitude: publicCoordinate(row.longitude, row.showAddress),
    // An owner's upload has a URL template (listing-media): a list item carries the gallery's JPEG.
    ImageUrl: resolveMediaUrlOrNull(row.imageUrl),
    ThumbnailUrl: row.thumbnailUrl,
    PhotoCount: row.photoCount ?? 0,
    EnergyClass: row.energyClassCode,
    IsNewBuild: row.developmentId !== null || row.conditionId === PROPERTY_CONDITION.new,
    DevelopmentId: row.developmentId,
    PublishedAt: iso(row.publishedAt),
    AgencyName: row.agencyName,
    Highlighted: Boolean(row.highlighted),
  };
}

/** The SearchListings matching `where`, in `orderBy` order, at most `limit`. */
export async function selectSearchListings(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
): Promise<SearchListingType[]> {
  const rows = await searchListingFrom(db)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  return rows.map(toSearchListing);
}
