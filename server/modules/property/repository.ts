import { aliasedTable, and, asc, eq, inArray, isNotNull, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { roomPlural } from '../../db/room-plural';
import { HOME_PROPERTY_TYPES, MEDIA_TYPE, PROPERTY_CONDITION, PROPERTY_STATUS } from '../../db/reference-ids';
import {
  agencies,
  amenities,
  energyClasses,
  furnishingTypes,
  heatingTypes,
  media,
  mediaTypes,
  municipalities,
  newDevelopments,
  occupancySituations,
  properties,
  propertyAmenities,
  propertyConditions,
  propertyPriceChanges,
  propertyRooms,
  propertyTypes,
  propertyViews,
  propertyViewVisitors,
  provinces,
  roomTypes,
  users,
} from '../../db/schema';
import { favoritesCountOf } from '../shared/favorites-count';
import {
  districtNameOf,
  formatAddress,
  listingTypeId,
  publicCoordinate,
  searchListingFrom,
  toSearchListing,
  type SearchListingType,
} from '../shared/search-listing';
import { resolveMediaUrl } from '../shared/media-url';
import type { NewDevelopmentDetailType, PropertyDetailType } from './schemas';

export type PropertyLookup = { kind: 'found'; detail: PropertyDetailType } | { kind: 'deleted' } | { kind: 'missing' };

export interface PropertyRepository {
  /** The public detail of a published, suspended or sold listing; deleted and missing (or draft) apart. */
  detail(id: number): Promise<PropertyLookup>;
  /** Published listings like this one; null when the id is unknown or a draft. */
  similar(id: number, limit: number): Promise<SearchListingType[] | null>;
  /** A new development with its published units; null when unknown. */
  development(id: number): Promise<NewDevelopmentDetailType | null>;
  /**
   * Adds one view to a published listing's day (`YYYY-MM-DD`) when `visitor` (view-visitor.ts)
   * was not counted for it that day yet and is not its owner; nothing otherwise.
   */
  countView(id: number, viewerUserId: number | null, day: string, visitor: string): Promise<void>;
}

const PHOTO_TYPES = [MEDIA_TYPE.property_image, MEDIA_TYPE.room_image];
const FLOOR_PLAN_TYPES = [MEDIA_TYPE.floor_plan, MEDIA_TYPE.floor_plan_image];
const PUBLIC_STATUSES = [PROPERTY_STATUS.published, PROPERTY_STATUS.suspended, PROPERTY_STATUS.sold] as const;

const iso = (value: Date | string): string => new Date(value).toISOString();
const ref = (id: number | null, name: string | null) => (id === null || name === null ? null : { Id: id, Name: name });

interface MediaRow {
  mediaTypeId: number;
  url: string;
  thumbnailUrl: string | null;
  width: number | null;
  height: number | null;
  caption: string | null;
}

/** A picture as the page shows it: an owner's upload has a URL template (listing-media), filled here with the gallery's JPEG. */
const mediaItem = (m: Omit<MediaRow, 'mediaTypeId'>) => ({
  Url: resolveMediaUrl(m.url),
  ThumbnailUrl: m.thumbnailUrl,
  Width: m.width,
  Height: m.height,
  Caption: m.caption,
});

export function createPropertyRepository(db: Db): PropertyRepository {
  const agencyLogo = aliasedTable(media, 'agency_logo');
  const ownerAgency = aliasedTable(agencies, 'owner_agency');

  async function detail(id: number): Promise<PropertyLookup> {
    const [row] = await db
      .select({
        id: properties.id,
        statusId: properties.statusId,
        sellTypeId: properties.sellTypeId,
        title: properties.title,
        description: properties.description,
        price: properties.price,
        pricePerM2: properties.pricePerM2,
        previousPrice: properties.previousPrice,
        priceChangedAt: properties.priceChangedAt,
        propertyTypeId: listingTypeId,
        propertyTypeName: propertyTypes.name,
        surfaceM2: properties.surfaceM2,
        rooms: properties.rooms,
        bathrooms: properties.bathrooms,
        floor: properties.floor,
        buildingFloors: properties.buildingFloors,
        hasLift: properties.hasLift,
        conditionId: properties.conditionId,
        conditionName: propertyConditions.name,
        buildYear: properties.buildYear,
        renovationYear: properties.renovationYear,
        energyClassId: properties.energyClassId,
        energyClassCode: energyClasses.code,
        energyClassName: energyClasses.name,
        energyPerformance: properties.energyPerformance,
        heatingTypeId: properties.heatingTypeId,
        heatingTypeName: heatingTypes.name,
        condoFees: properties.condoFees,
        occupancyId: properties.occupancyId,
        occupancyName: occupancySituations.name,
        availableFrom: properties.availableFrom,
        furnishingId: properties.furnishingId,
        furnishingName: furnishingTypes.name,
        contractTypeId: properties.contractTypeId,
        petsAllowed: properties.petsAllowed,
        securityDeposit: properties.securityDeposit,
        cityName: municipalities.name,
        citySlug: municipalities.slug,
        istat: municipalities.istatCode,
        provinceCode: provinces.sigla,
        provinceSlug: provinces.slug,
        districtName: districtNameOf,
        street: properties.street,
        streetNumber: properties.streetNumber,
        postalCode: properties.postalCode,
        showAddress: properties.showAddress,
        latitude: properties.latitude,
        longitude: properties.longitude,
        developmentId: properties.developmentId,
        developmentName: newDevelopments.name,
        // The advertiser: the listing's agency, else the owner's own agency, else the private owner.
        agencyId: sql<number | null>`coalesce(${agencies.id}, ${ownerAgency.id})`,
        agencyName: sql<string | null>`coalesce(${agencies.name}, ${ownerAgency.name})`,
        agencySlug: sql<string | null>`coalesce(${agencies.slug}, ${ownerAgency.slug})`,
        agencyPhone: sql<
          string | null
        >`case when ${agencies.id} is not null then ${agencies.phone} else ${ownerAgency.phone} end`,
        agencyLogoUrl: agencyLogo.url,
        ownerFirstName: users.name,
        highlighted: sql<boolean>`coalesce(${properties.highlightedUntil} > now(), false)`,
        publishedAt: properties.publishedAt,
        updatedAt: properties.updatedAt,
      })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerUserId))
      .leftJoin(propertyTypes, eq(propertyTypes.id, listingTypeId))
      .leftJoin(propertyConditions, eq(propertyConditions.id, properties.conditionId))
      .leftJoin(energyClasses, eq(energyClasses.id, properties.energyClassId))
      .leftJoin(heatingTypes, eq(heatingTypes.id, properties.heatingTypeId))
      .leftJoin(occupancySituations, eq(occupancySituations.id, properties.occupancyId))
      .leftJoin(furnishingTypes, eq(furnishingTypes.id, properties.furnishingId))
      .leftJoin(municipalities, eq(municipalities.id, properties.municipalityId))
      .leftJoin(provinces, eq(provinces.id, municipalities.provinceId))
      .leftJoin(newDevelopments, eq(newDevelopments.id, properties.developmentId))
      .leftJoin(agencies, eq(agencies.id, properties.agencyId))
      .leftJoin(ownerAgency, eq(ownerAgency.id, users.agencyId))
      .leftJoin(agencyLogo, eq(agencyLogo.id, sql`coalesce(${agencies.logoMediaId}, ${ownerAgency.logoMediaId})`))
      .where(eq(properties.id, id));
    if (!row || row.statusId === PROPERTY_STATUS.incomplete) return { kind: 'missing' };
    if (row.statusId === PROPERTY_STATUS.deleted) return { kind: 'deleted' };
    if (!(PUBLIC_STATUSES as readonly number[]).includes(row.statusId)) return { kind: 'missing' };

    const [mediaRows, roomRows, amenityRows, history, favoriteRows] = await Promise.all([
      db
        .select({
          mediaTypeId: media.mediaTypeId,
          url: media.url,
          thumbnailUrl: media.thumbnailUrl,
          width: media.width,
          height: media.height,
          caption: media.caption,
        })
        .from(media)
        .innerJoin(mediaTypes, eq(mediaTypes.id, media.mediaTypeId))
        // Pictures only: the galleries show images (an uploaded PDF floor plan is not one).
        .where(and(eq(media.propertyId, id), eq(mediaTypes.public, true), like(media.contentType, 'image/%')))
        .orderBy(asc(media.position), asc(media.id)),
      db
        .select({
          roomTypeId: propertyRooms.roomTypeId,
          code: roomTypes.code,
          name: roomTypes.name,
          count: propertyRooms.count,
        })
        .from(propertyRooms)
        .innerJoin(roomTypes, eq(roomTypes.id, propertyRooms.roomTypeId))
        .where(eq(propertyRooms.propertyId, id))
        .orderBy(asc(roomTypes.position), asc(roomTypes.id)),
      db
        .select({ id: amenities.id, name: amenities.name })
        .from(propertyAmenities)
        .innerJoin(amenities, eq(amenities.id, propertyAmenities.amenityId))
        .where(eq(propertyAmenities.propertyId, id))
        .orderBy(asc(amenities.position), asc(amenities.id)),
      db
        .select({ price: propertyPriceChanges.newPrice, changedAt: propertyPriceChanges.changedAt })
        .from(propertyPriceChanges)
        .where(and(eq(propertyPriceChanges.propertyId, id), isNotNull(propertyPriceChanges.newPrice)))
        .orderBy(asc(propertyPriceChanges.changedAt), asc(propertyPriceChanges.id)),
      // The people keeping it: confirmed accounts only (shared/favorites-count.ts).
      db.execute<{ count: number }>(sql`select ${favoritesCountOf(id)} as count`),
    ]);

    const reduced =
      row.previousPrice !== null && row.price !== null && row.price < row.previousPrice && row.priceChangedAt !== null;
    const isAgency = row.agencyId !== null;
    return {
      kind: 'found',
      detail: {
        Id: row.id,
        SellType: row.sellTypeId === 2 ? 2 : 1,
        Status: row.statusId as 2 | 3 | 4,
        Title: row.title ?? '',
        Description: row.description,
        Price: row.price,
        PricePerM2: row.pricePerM2 === null ? null : Math.round(row.pricePerM2),
        PreviousPrice: row.previousPrice,
        PriceReducedAt: reduced ? iso(row.priceChangedAt!) : null,
        PriceHistory: history.map((h) => ({ Date: iso(h.changedAt), Price: h.price! })),
        PropertyTypeId: row.propertyTypeId,
        PropertyTypeName: row.propertyTypeName,
        SurfaceM2: row.surfaceM2,
        Rooms: row.rooms,
        Bathrooms: row.bathrooms,
        Floor: row.floor,
        BuildingFloors: row.buildingFloors,
        HasLift: row.hasLift,
        Condition: ref(row.conditionId, row.conditionName),
        BuildYear: row.buildYear,
        RenovationYear: row.renovationYear,
        EnergyClass:
          row.energyClassId === null || row.energyClassCode === null || row.energyClassName === null
            ? null
            : { Id: row.energyClassId, Code: row.energyClassCode, Name: row.energyClassName },
        EnergyPerformance: row.energyPerformance,
        HeatingType: ref(row.heatingTypeId, row.heatingTypeName),
        CondoFees: row.condoFees,
        Occupancy: ref(row.occupancyId, row.occupancyName),
        AvailableFrom: row.availableFrom,
        Furnishing: ref(row.furnishingId, row.furnishingName),
        SecurityDeposit: row.securityDeposit,
        ContractTypeId: row.contractTypeId,
        PetsAllowed: row.petsAllowed,
        Amenities: amenityRows.map((a) => ({ Id: a.id, Name: a.name })),
        RoomList: roomRows.map((r) => ({
          RoomTypeId: r.roomTypeId,
          Name: r.name,
          PluralName: roomPlural(r.code, r.name),
          Count: r.count,
        })),
        Photos: mediaRows.filter((m) => PHOTO_TYPES.includes(m.mediaTypeId as 1 | 3)).map(mediaItem),
        FloorPlans: mediaRows.filter((m) => FLOOR_PLAN_TYPES.includes(m.mediaTypeId as 4 | 8)).map(mediaItem),
        EnergyCertificates: mediaRows.filter((m) => m.mediaTypeId === MEDIA_TYPE.energy_certificate).map(mediaItem),
        City:
          row.cityName !== null &&
          row.citySlug !== null &&
          row.istat !== null &&
          row.provinceCode !== null &&
          row.provinceSlug !== null
            ? {
                Name: row.cityName,
                Slug: row.citySlug,
                Istat: row.istat,
                ProvinceCode: row.provinceCode,
                ProvinceSlug: row.provinceSlug,
              }
            : null,
        CityName: row.cityName,
        ProvinceCode: row.provinceCode,
        District: row.districtName,
        Address: formatAddress(row.street, row.streetNumber, row.showAddress),
        // The postal code narrows a hidden address to a few streets in a city: shown with the address only.
        PostalCode: row.showAddress ? row.postalCode : null,
        Latitude: publicCoordinate(row.latitude, row.showAddress),
        Longitude: publicCoordinate(row.longitude, row.showAddress),
        IsNewBuild: row.developmentId !== null || row.conditionId === PROPERTY_CONDITION.new,
        Development: ref(row.developmentId, row.developmentName),
        Advertiser: isAgency
          ? {
              Kind: 'agency',
              Name: row.agencyName ?? '',
              AgencyId: row.agencyId,
              AgencySlug: row.agencySlug,
              LogoUrl: row.agencyLogoUrl,
              Phone: row.agencyPhone,
            }
          : {
              Kind: 'private',
              Name: row.ownerFirstName ?? '',
              AgencyId: null,
              AgencySlug: null,
              LogoUrl: null,
              Phone: null,
            },
        Highlighted: Boolean(row.highlighted),
        PublishedAt: row.publishedAt === null ? null : iso(row.publishedAt),
        UpdatedAt: iso(row.updatedAt),
        FavoritesCount: Number(favoriteRows.rows[0]?.count ?? 0),
      },
    };
  }

  async function similar(id: number, limit: number): Promise<SearchListingType[] | null> {
    const [base] = await db
      .select({
        statusId: properties.statusId,
        sellTypeId: properties.sellTypeId,
        typeId: listingTypeId,
        municipalityId: properties.municipalityId,
        provinceId: municipalities.provinceId,
        price: properties.price,
        surfaceM2: properties.surfaceM2,
      })
      .from(properties)
      .leftJoin(municipalities, eq(municipalities.id, properties.municipalityId))
      .where(eq(properties.id, id));
    if (!base || base.statusId === PROPERTY_STATUS.incomplete) return null;
    if (base.sellTypeId === null || base.municipalityId === null || base.provinceId === null) return [];

    // Homes are like homes (a flat and a penthouse compete); a shop, a garage, an office only like its own type.
    const kind =
      base.typeId !== null && HOME_PROPERTY_TYPES.includes(base.typeId)
        ? sql`coalesce(p.publication_property_type_id, p.property_type_id) in (${sql.join(
            [...HOME_PROPERTY_TYPES].map((t) => sql`${t}`),
            sql`, `,
          )})`
        : base.typeId !== null
          ? sql`coalesce(p.publication_property_type_id, p.property_type_id) = ${base.typeId}`
          : sql`true`;
    // The same town first, then the rest of its province; in each, nearest in price, then in
    // surface. Each town's nearest prices are read off the search index (municipality, sell
    // type, price) from the base price up and down, `limit` each way: the call costs the same
    // at a million listings as on the demo, where sorting the whole province did not.
    const price = base.price;
    const surface = base.surfaceM2;
    const nearest = (municipality: SQL) => {
      const where = sql`p.municipality_id = ${municipality} and p.sell_type_id = ${base.sellTypeId} and p.status_id = ${PROPERTY_STATUS.published} and p.id <> ${id} and ${kind}`;
      if (price === null) {
        return sql`(select p.id, p.price, p.surface_m2 from ${properties} p where ${where} order by abs(coalesce(p.surface_m2, 0) - ${surface ?? 0}), p.id limit ${limit})`;
      }
      return sql`(select p.id, p.price, p.surface_m2 from ${properties} p where ${where} and p.price >= ${price} order by p.price asc, p.id asc limit ${limit})
        union all (select p.id, p.price, p.surface_m2 from ${properties} p where ${where} and p.price < ${price} order by p.price desc, p.id desc limit ${limit})
        union all (select p.id, p.price, p.surface_m2 from ${properties} p where ${where} and p.price is null order by p.id limit ${limit})`;
    };
    const closeness = sql`abs(coalesce(c.price, 0) - ${price ?? 0}), abs(coalesce(c.surface_m2, 0) - ${surface ?? 0}), c.id`;
    const inTown = await db.execute<{ id: number }>(
      sql`select c.id from (${nearest(sql`${base.municipalityId}`)}) c order by ${closeness} limit ${limit}`,
    );
    const ids = inTown.rows.map((row) => Number(row.id));
    if (ids.length < limit) {
      const inProvince = await db.execute<{ id: number }>(sql`
        select c.id from ${municipalities} m cross join lateral (${nearest(sql`m.id`)}) c
        where m.province_id = ${base.provinceId} and m.id <> ${base.municipalityId}
        order by ${closeness} limit ${limit - ids.length}`);
      ids.push(...inProvince.rows.map((row) => Number(row.id)));
    }
    if (ids.length === 0) return [];
    const rows = await searchListingFrom(db).where(inArray(properties.id, ids));
    const order = new Map(ids.map((listingId, index) => [listingId, index]));
    rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return rows.map(toSearchListing);
  }

  async function development(id: number): Promise<NewDevelopmentDetailType | null> {
    const [row] = await db
      .select({
        id: newDevelopments.id,
        name: newDevelopments.name,
        builderName: newDevelopments.builderName,
        description: newDevelopments.description,
        completion: newDevelopments.completion,
        street: newDevelopments.street,
        latitude: newDevelopments.latitude,
        longitude: newDevelopments.longitude,
        energyClassId: newDevelopments.energyClassId,
        energyClassCode: energyClasses.code,
        energyClassName: energyClasses.name,
        agencyName: agencies.name,
        cityName: municipalities.name,
        citySlug: municipalities.slug,
        istat: municipalities.istatCode,
        provinceCode: provinces.sigla,
        provinceSlug: provinces.slug,
      })
      .from(newDevelopments)
      .innerJoin(municipalities, eq(municipalities.id, newDevelopments.municipalityId))
      .innerJoin(provinces, eq(provinces.id, municipalities.provinceId))
      .leftJoin(energyClasses, eq(energyClasses.id, newDevelopments.energyClassId))
      .leftJoin(agencies, eq(agencies.id, newDevelopments.agencyId))
      .where(eq(newDevelopments.id, id));
    if (!row) return null;

    const published = and(eq(properties.developmentId, id), eq(properties.statusId, PROPERTY_STATUS.published));
    const [units, photos] = await Promise.all([
      searchListingFrom(db)
        .where(published)
        .orderBy(sql`${properties.price} asc nulls last`, asc(properties.id))
        .limit(100),
      // The development's images: the listing images (not the rooms) of its units, each once.
      db
        .selectDistinctOn([media.url], {
          url: media.url,
          thumbnailUrl: media.thumbnailUrl,
          width: media.width,
          height: media.height,
          caption: media.caption,
          propertyId: media.propertyId,
          position: media.position,
        })
        .from(media)
        .innerJoin(properties, eq(properties.id, media.propertyId))
        .where(and(published, eq(media.mediaTypeId, MEDIA_TYPE.property_image)))
        .orderBy(asc(media.url), asc(media.propertyId), asc(media.position)),
    ]);
    const items = units.map(toSearchListing);
    const prices = items.map((u) => u.Price).filter((p): p is number => p !== null);
    return {
      Id: row.id,
      Name: row.name,
      BuilderName: row.builderName,
      Description: row.description,
      Completion: row.completion,
      CityName: row.cityName,
      ProvinceCode: row.provinceCode,
      City: {
        Name: row.cityName,
        Slug: row.citySlug,
        Istat: row.istat,
        ProvinceCode: row.provinceCode,
        ProvinceSlug: row.provinceSlug,
      },
      Address: row.street,
      Latitude: row.latitude,
      Longitude: row.longitude,
      EnergyClass:
        row.energyClassId === null || row.energyClassCode === null || row.energyClassName === null
          ? null
          : { Id: row.energyClassId, Code: row.energyClassCode, Name: row.energyClassName },
      AgencyName: row.agencyName,
      PriceFrom: prices.length > 0 ? Math.min(...prices) : null,
      Photos: photos
        .sort((a, b) => (a.propertyId ?? 0) - (b.propertyId ?? 0) || a.position - b.position)
        .slice(0, 12)
        .map(mediaItem),
      Units: items,
    };
  }

  async function countView(id: number, viewerUserId: number | null, day: string, visitor: string): Promise<void> {
    // One statement: the listing's status and owner are read where the visitor is recorded, so
    // a draft, another status or the owner's own view adds nothing (and no row); the day's
    // count goes up only when the visitor's row for the listing and day is new (the primary
    // key decides, on any number of servers).
    await db.execute(sql`
      with counted as (
        insert into ${propertyViewVisitors} (property_id, day, visitor)
        select ${properties.id}, ${day}::date, ${visitor} from ${properties}
        where ${properties.id} = ${id} and ${properties.statusId} = ${PROPERTY_STATUS.published}
          and ${properties.ownerUserId} is distinct from ${viewerUserId}::integer
        on conflict do nothing
        returning property_id, day
      )
      insert into ${propertyViews} (property_id, day, views)
      select property_id, day, 1 from counted
      on conflict (property_id, day) do update set views = ${propertyViews.views} + 1`);
  }

  return { detail, similar, development, countView };
}

/**
 * Deletes the visitors of the days before `day` (`YYYY-MM-DD`, the housekeeping job passes
 * yesterday): a view only asks whether its visitor came the same day, so older hashes serve
 * nothing and are not kept.
 */
export async function purgeViewVisitors(db: Db, day: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`with gone as (delete from ${propertyViewVisitors} where ${propertyViewVisitors.day} < ${day}::date returning 1) select count(*)::int as n from gone`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
