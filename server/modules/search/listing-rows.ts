import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { MEDIA_TYPE, PROPERTY_CONDITION } from '../../db/reference-ids';
import { agencies, districts, media, properties } from '../../db/schema';
import { resolveMediaUrlOrNull } from '../shared/media-url';
import { formatAddress } from '../shared/search-listing';
import { isHighlighted, listingType, nullableNumber, outer, shownLatitude, shownLongitude } from './columns';
import { constantLimit } from './drizzle-internals';
import { statementShell, type StatementShell } from './named-statement';
import type { ReferenceNames } from './reference-names';

// A page's rows: the statement around its ids (page-plan.ts) that joins and decorates them, built once per
// database (a statement shell, named-statement.ts), and the rows mapped to the answer's items.

const COVER_TYPES = [MEDIA_TYPE.property_image, MEDIA_TYPE.room_image];
/** The cover's media types written into the text (constants: the page's rows carry no parameter, pageShell). */
const coverTypesList = sql.raw(`(${COVER_TYPES.map((t) => String(Math.trunc(t))).join(', ')})`);

export interface SearchListingRow {
  Id: number;
  Title: string;
  SellType: 1 | 2;
  Price: number | null;
  PricePerM2: number | null;
  PreviousPrice: number | null;
  PriceReducedAt: string | null;
  SurfaceM2: number | null;
  Rooms: number | null;
  Bathrooms: number | null;
  Floor: number | null;
  PropertyTypeId: number | null;
  PropertyTypeName: string | null;
  CityName: string | null;
  ProvinceCode: string | null;
  DistrictName: string | null;
  Address: string | null;
  Latitude: number | null;
  Longitude: number | null;
  ImageUrl: string | null;
  ThumbnailUrl: string | null;
  PhotoCount: number;
  EnergyClass: string | null;
  IsNewBuild: boolean;
  DevelopmentId: number | null;
  PublishedAt: string;
  AgencyName: string | null;
  Highlighted: boolean;
}

const listingRowFieldsOf = new WeakMap<Db, ReturnType<typeof buildListingRowFields>>();

/** The fields of a listing's row and its cover's subquery: the same for every page, built once per database. */
function listingRowFields(db: Db) {
  let built = listingRowFieldsOf.get(db);
  if (!built) {
    built = buildListingRowFields(db);
    listingRowFieldsOf.set(db, built);
  }
  return built;
}

function buildListingRowFields(db: Db) {
  const cover = db
    .select({ url: media.url, thumbnailUrl: media.thumbnailUrl })
    .from(media)
    .where(and(eq(media.propertyId, properties.id), sql`${media.mediaTypeId} in ${coverTypesList}`))
    .orderBy(media.position, media.id)
    // Written into the text (Drizzle writes an SQL limit as it is): the page's rows carry no parameter (pageShell).
    .limit(constantLimit(1))
    .as('cover');
  const fields = {
    id: properties.id,
    title: properties.title,
    sellType: properties.sellTypeId,
    price: properties.price,
    pricePerM2: properties.pricePerM2,
    previousPrice: properties.previousPrice,
    // The date of the last change, sent only where the card says "ribassato" (the price went down).
    priceChangedAt:
      sql<Date | null>`case when ${properties.previousPrice} > ${properties.price} then ${properties.priceChangedAt} end`.mapWith(
        properties.priceChangedAt,
      ),
    surfaceM2: properties.surfaceM2,
    rooms: properties.rooms,
    bathrooms: properties.bathrooms,
    floor: properties.floor,
    propertyTypeId: listingType,
    // Type, town, province and energy class go as ids, named from memory (reference-names.ts).
    municipalityId: properties.municipalityId,
    districtName: sql<
      string | null
    >`(select ${districts.name} from ${districts} where ${districts.municipalityId} = ${outer.municipalityId} and ${outer.geo} <@ ${districts.area} order by ${districts.id} limit 1)`,
    showAddress: properties.showAddress,
    street: properties.street,
    streetNumber: properties.streetNumber,
    latitude: shownLatitude.mapWith(nullableNumber),
    longitude: shownLongitude.mapWith(nullableNumber),
    imageUrl: cover.url,
    thumbnailUrl: cover.thumbnailUrl,
    photoCount:
      sql<number>`(select count(*) from ${media} where ${media.propertyId} = ${outer.id} and ${media.mediaTypeId} in ${coverTypesList})::int`.mapWith(
        Number,
      ),
    energyClassId: properties.energyClassId,
    conditionId: properties.conditionId,
    developmentId: properties.developmentId,
    publishedAt: sql<Date>`coalesce(${properties.publishedAt}, ${properties.createdAt})`.mapWith(
      properties.publishedAt,
    ),
    agencyName: sql<string | null>`(select ${agencies.name} from ${agencies} where ${agencies.id} = ${outer.agencyId})`,
    highlighted: isHighlighted,
  };
  return { fields, cover };
}

type ListingCover = ReturnType<typeof listingRowFields>['cover'];

/**
 * The cover's join. The row's names (town, province, type, energy class, agency) are scalar subqueries of
 * the fields, not joins: the page's statement is planned at every search whose plan is not kept (a circle),
 * and six joins more cost PostgreSQL ~0.45 ms of join-order search there for the same nested lookups.
 */
function withListingJoins<T extends PgSelect>(query: T, cover: ListingCover) {
  return query.leftJoinLateral(cover, sql`true`);
}

/** The statement of a page: its ids in order (pageIdsQuery) joined to their rows, with their sort keys (k0..kn). */
function pageRowsQuery(db: Db, ids: SQL, keyCount: number, withMarkers = false) {
  const { fields, cover } = listingRowFields(db);
  const keyFields = Object.fromEntries(
    Array.from({ length: keyCount }, (_, index) => [`k${index}`, sql<string | null>`${sql.raw(`page.k${index}`)}`]),
  );
  // The markers' JSON (carriedMarkers), read as the driver parses it (selectPage).
  if (withMarkers) keyFields.markers = sql<string | null>`page.markers`;
  return withListingJoins(
    db
      .select({ ...fields, ...keyFields })
      .from(sql`(${ids}) as page`)
      .innerJoin(properties, sql`${properties.id} = page.id`)
      .$dynamic(),
    cover,
  ).orderBy(sql`page.part`, sql`page.ord`);
}

const pageShells = new WeakMap<Db, Map<string, StatementShell<ListingRow>>>();

/**
 * The page statement around its ids (pageRowsQuery with a hole for them), built once per database, number of sort
 * keys and whether the ids carry the markers (carriedMarkers: a column `markers` more).
 */
function pageShell(db: Db, keyCount: number, withMarkers: boolean): StatementShell<ListingRow> {
  let byKeys = pageShells.get(db);
  if (!byKeys) pageShells.set(db, (byKeys = new Map()));
  const key = `${keyCount}:${withMarkers}`;
  let shell = byKeys.get(key);
  if (!shell) byKeys.set(key, (shell = statementShell(db, (ids) => pageRowsQuery(db, ids, keyCount, withMarkers))));
  return shell;
}

/**
 * A page in one statement (one round trip; for a plain search one plan per connection: its text is
 * prepared under a name of its own). Answers the rows in the page's order with their sort keys. The
 * rows' part of the text is built once (pageShell): only the ids' statement is built per page.
 */
export async function selectPage(
  db: Db,
  ids: { query: SQL; named: boolean },
  keyCount: number,
  withMarkers = false,
): Promise<{ row: ListingRow; keys: (string | null)[]; markers: unknown }[]> {
  const rows = await pageShell(db, keyCount, withMarkers).execute(db, ids.query, ids.named);
  return rows.map((row) => ({
    row,
    keys: Array.from(
      { length: keyCount },
      (_, index) => ((row as Record<string, unknown>)[`k${index}`] ?? null) as string | null,
    ),
    markers: withMarkers ? ((row as Record<string, unknown>).markers ?? null) : null,
  }));
}

type ListingRow = Awaited<ReturnType<typeof pageRowsQuery>>[number];

export function toListings(rows: ListingRow[], names: ReferenceNames): SearchListingRow[] {
  return rows.map((row) => {
    const propertyTypeId = row.propertyTypeId === null ? null : Number(row.propertyTypeId);
    const town = names.town(row.municipalityId);
    return {
      Id: row.id,
      Title: row.title ?? '',
      SellType: (row.sellType === 2 ? 2 : 1) as 1 | 2,
      Price: row.price,
      PricePerM2: row.pricePerM2 === null ? null : Math.round(row.pricePerM2),
      PreviousPrice: row.previousPrice,
      PriceReducedAt:
        row.previousPrice !== null && row.price !== null && row.previousPrice > row.price && row.priceChangedAt
          ? row.priceChangedAt.toISOString()
          : null,
      SurfaceM2: row.surfaceM2,
      Rooms: row.rooms,
      Bathrooms: row.bathrooms,
      Floor: row.floor,
      PropertyTypeId: propertyTypeId,
      PropertyTypeName: names.propertyType(propertyTypeId),
      CityName: town?.name ?? null,
      ProvinceCode: town?.province ?? null,
      DistrictName: row.districtName,
      Address: formatAddress(row.street, row.streetNumber, row.showAddress),
      Latitude: row.latitude,
      Longitude: row.longitude,
      ImageUrl: resolveMediaUrlOrNull(row.imageUrl),
      ThumbnailUrl: row.thumbnailUrl,
      PhotoCount: row.photoCount,
      EnergyClass: names.energyClass(row.energyClassId),
      IsNewBuild: row.developmentId !== null || row.conditionId === PROPERTY_CONDITION.new,
      DevelopmentId: row.developmentId,
      PublishedAt: row.publishedAt.toISOString(),
      AgencyName: row.agencyName,
      Highlighted: Boolean(row.highlighted),
    } satisfies SearchListingRow;
  });
}

export type PageEntry = Awaited<ReturnType<typeof selectPage>>[number];
