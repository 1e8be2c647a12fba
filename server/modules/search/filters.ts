import { eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { TYPE_SLUG_MEANING, type SearchParams } from '@domain/search';
import { MEDIA_TYPE, PROPERTY_CONDITION } from '../../db/reference-ids';
import { media, properties, propertyAmenities } from '../../db/schema';
import { withinBounds } from './area-conditions';
import { listingType, outer, textQuery } from './columns';

/**
 * The filters of a search beyond its place: sell type, kind, ranges, amenities, text ... and the map's
 * view (last); `narrowing` counts those other than the sell type and the view.
 */
export function filterConditions(p: SearchParams): { conditions: SQL[]; narrowing: number } {
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
    out.push(
      sql`exists (select 1 from ${propertyAmenities} where ${propertyAmenities.propertyId} = ${outer.id} and ${propertyAmenities.amenityId} = ${amenity})`,
    );
  }
  if (p.EnergyClasses?.length) out.push(inArray(properties.energyClassId, p.EnergyClasses));
  if (p.Conditions?.length) out.push(inArray(properties.conditionId, p.Conditions));
  if (p.NewBuild)
    out.push(sql`(${properties.developmentId} is not null or ${properties.conditionId} = ${PROPERTY_CONDITION.new})`);
  if (p.WithPhotos) {
    out.push(
      sql`exists (select 1 from ${media} where ${media.propertyId} = ${outer.id} and ${media.mediaTypeId} = ${MEDIA_TYPE.property_image})`,
    );
  }
  if (p.PrivateOnly) out.push(isNull(properties.agencyId));
  // A rent's terms: plain columns of the listing's row, read on the rows the place and sort already walk.
  if (p.Furnishing?.length) out.push(inArray(properties.furnishingId, p.Furnishing));
  if (p.Contracts?.length) out.push(inArray(properties.contractTypeId, p.Contracts));
  if (p.Pets) out.push(eq(properties.petsAllowed, true));
  if (p.PublishedWithin !== undefined)
    out.push(sql`${properties.publishedAt} >= now() - make_interval(days => ${p.PublishedWithin}::int)`);
  if (p.Text) out.push(sql`${properties.searchVector} @@ ${textQuery(p.Text)}`);
  const narrowing = out.length - 1;
  if (p.Bounds) out.push(withinBounds(p.Bounds));
  return { conditions: out, narrowing };
}
