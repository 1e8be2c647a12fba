import { and, asc, count, desc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { MEDIA_TYPE, PROPERTY_STATUS } from '../../db/reference-ids';
import {
  agencies,
  appointments,
  media,
  municipalities,
  orderItems,
  orders,
  properties,
  propertyAmenities,
  provinces,
  propertyRooms,
  propertyViews,
  users,
} from '../../db/schema';
import { PHOTO_MEDIA_TYPES } from '../listing-media/repository';
import { favoritesCountOf } from '../shared/favorites-count';
import { LISTING_IMAGE_TYPES } from '../shared/search-listing';
import type { MediaCounts, PaidOrderSummary, PropertyChanges, PropertyRow } from './wizard';
import { AGENCY_OFFER_MAX, AGENCY_OFFER_RADII_M, type AgencyNear } from '@domain/listing/agency-offer';

// The queries of the drafts and listings of an owner. Every read and change is scoped to the
// owner and leaves deleted listings out: another user's id reads as missing.

type Conn = Db | Tx;

/** At most this many listings of one user in the incomplete status. */
export const DRAFT_LIMIT = 20;

const own = (userId: number, id: number) =>
  and(eq(properties.id, id), eq(properties.ownerUserId, userId), ne(properties.statusId, PROPERTY_STATUS.deleted));

/** The caller's listing (not deleted), locked for the rest of the transaction: saves on any number of servers go one at a time. */
export async function lockOwnListing(tx: Tx, userId: number, id: number): Promise<PropertyRow | undefined> {
  const [row] = await tx.select().from(properties).where(own(userId, id)).for('update');
  return row;
}

export async function findOwnListing(db: Conn, userId: number, id: number): Promise<PropertyRow | undefined> {
  const [row] = await db.select().from(properties).where(own(userId, id));
  return row;
}

export async function cityOf(db: Conn, municipalityId: number | null): Promise<string | null> {
  if (municipalityId === null) return null;
  const [row] = await db
    .select({ name: municipalities.name })
    .from(municipalities)
    .where(eq(municipalities.id, municipalityId));
  return row?.name ?? null;
}

export async function municipalityOf(
  db: Conn,
  istat: string,
): Promise<{ id: number; latitude: number | null; longitude: number | null } | undefined> {
  const [row] = await db
    .select({ id: municipalities.id, latitude: municipalities.latitude, longitude: municipalities.longitude })
    .from(municipalities)
    .where(eq(municipalities.istatCode, istat));
  return row;
}

/** A partner agency near a home, as step 44 offers it. */
export interface PartnerAgencyNear extends AgencyNear {
  name: string;
  slug: string;
  town: string | null;
  province: string | null;
  logoUrl: string | null;
}

/**
 * The partner agencies with a position within the widest radius of the offer (120 km) of
 * `position`, nearest first (ties by id), at most AGENCY_OFFER_MAX: agencyOfferOf cuts them to
 * the first radius that holds one. Distances on earthdistance's sphere, as the search's.
 */
export async function partnerAgenciesNear(
  db: Conn,
  position: { latitude: number; longitude: number },
): Promise<PartnerAgencyNear[]> {
  const here = sql`ll_to_earth(${position.latitude}::float8, ${position.longitude}::float8)`;
  const distance = sql<number>`earth_distance(${here}, ll_to_earth(${agencies.latitude}, ${agencies.longitude}))`;
  const widest = AGENCY_OFFER_RADII_M[AGENCY_OFFER_RADII_M.length - 1];
  const rows = await db
    .select({
      id: agencies.id,
      name: agencies.name,
      slug: agencies.slug,
      town: municipalities.name,
      province: provinces.sigla,
      logoUrl: media.url,
      rating: agencies.rating,
      reviewsCount: agencies.reviewsCount,
      distanceM: distance.mapWith(Number),
    })
    .from(agencies)
    .leftJoin(municipalities, eq(municipalities.id, agencies.municipalityId))
    .leftJoin(provinces, eq(provinces.id, municipalities.provinceId))
    .leftJoin(media, eq(media.id, agencies.logoMediaId))
    .where(
      and(
        eq(agencies.isPartner, true),
        isNotNull(agencies.latitude),
        isNotNull(agencies.longitude),
        sql`${distance} <= ${widest}::float8`,
      ),
    )
    .orderBy(distance, asc(agencies.id))
    .limit(AGENCY_OFFER_MAX);
  // The rating is the reviews' (null without any): the count is the truth of both.
  return rows.map((row) => ({ ...row, rating: row.reviewsCount > 0 ? row.rating : null }));
}

export async function mediaCountsOf(db: Conn, propertyId: number): Promise<MediaCounts> {
  const rows = await db
    .select({ type: media.mediaTypeId, n: count() })
    .from(media)
    .where(eq(media.propertyId, propertyId))
    .groupBy(media.mediaTypeId);
  const of = (types: readonly number[]) =>
    rows.filter((r) => types.includes(r.type)).reduce((sum, r) => sum + Number(r.n), 0);
  return {
    photos: of(PHOTO_MEDIA_TYPES),
    floorPlans: of([MEDIA_TYPE.floor_plan, MEDIA_TYPE.floor_plan_image]),
    energyCertificates: of([MEDIA_TYPE.energy_certificate]),
  };
}

/** What a listing holds beside its row: its town's ISTAT code, rooms, amenities and media counts. */
export async function extrasOf(db: Conn, row: PropertyRow) {
  // One after the other: `db` may be a transaction (one connection, one query at a time).
  const town =
    row.municipalityId === null
      ? []
      : await db
          .select({ istat: municipalities.istatCode })
          .from(municipalities)
          .where(eq(municipalities.id, row.municipalityId));
  const rooms = await db
    .select({ roomTypeId: propertyRooms.roomTypeId, count: propertyRooms.count })
    .from(propertyRooms)
    .where(eq(propertyRooms.propertyId, row.id))
    .orderBy(asc(propertyRooms.roomTypeId));
  const amenities = await db
    .select({ amenityId: propertyAmenities.amenityId })
    .from(propertyAmenities)
    .where(eq(propertyAmenities.propertyId, row.id))
    .orderBy(asc(propertyAmenities.amenityId));
  const mediaCounts = await mediaCountsOf(db, row.id);
  return { istat: town[0]?.istat ?? null, rooms, amenityIds: amenities.map((a) => a.amenityId), media: mediaCounts };
}

/** The paid orders of a listing, with their products. */
export async function paidOrdersOf(db: Conn, propertyId: number): Promise<PaidOrderSummary[]> {
  const paid = await db
    .select({ id: orders.id, planTypeId: orders.planTypeId })
    .from(orders)
    .where(and(eq(orders.propertyId, propertyId), eq(orders.status, 'paid')));
  if (paid.length === 0) return [];
  const items = await db
    .select({ orderId: orderItems.orderId, productId: orderItems.serviceProductId })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        paid.map((o) => o.id),
      ),
    );
  return paid.map((o) => ({
    planTypeId: o.planTypeId,
    serviceProductIds: items.filter((i) => i.orderId === o.id).map((i) => i.productId),
  }));
}

export async function latestOrderOf(db: Conn, propertyId: number) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.propertyId, propertyId))
    .orderBy(desc(orders.id))
    .limit(1);
  return row ?? null;
}

export async function userOf(db: Conn, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/**
 * A new draft (status 1) of the user, unless they keep DRAFT_LIMIT already: the user's row is
 * locked for the count and the insert, so two servers cannot both pass the limit.
 */
export async function insertDraft(
  db: Db,
  userId: number,
  values: Pick<PropertyChanges, 'sellTypeId' | 'wizardPage'>,
): Promise<PropertyRow | 'limit'> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(properties)
      .where(and(eq(properties.ownerUserId, userId), eq(properties.statusId, PROPERTY_STATUS.incomplete)));
    if (Number(n) >= DRAFT_LIMIT) return 'limit' as const;
    const [row] = await tx
      .insert(properties)
      .values({
        ownerUserId: userId,
        origin: 'listing',
        statusId: PROPERTY_STATUS.incomplete,
        wizardAnswers: {},
        wizardHistory: [],
        ...values,
      })
      .returning();
    return row;
  });
}

/** Writes a listing's changes, and replaces its rooms or amenities when given. */
export async function updateListing(
  tx: Tx,
  id: number,
  changes: PropertyChanges,
  extra: { rooms?: Array<{ roomTypeId: number; count: number }>; amenityIds?: number[] } = {},
): Promise<PropertyRow> {
  const [row] = await tx
    .update(properties)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(properties.id, id))
    .returning();
  if (extra.rooms) {
    await tx.delete(propertyRooms).where(eq(propertyRooms.propertyId, id));
    if (extra.rooms.length > 0)
      await tx
        .insert(propertyRooms)
        .values(extra.rooms.map((r) => ({ propertyId: id, roomTypeId: r.roomTypeId, count: r.count })));
  }
  if (extra.amenityIds) {
    await tx.delete(propertyAmenities).where(eq(propertyAmenities.propertyId, id));
    if (extra.amenityIds.length > 0)
      await tx.insert(propertyAmenities).values(extra.amenityIds.map((amenityId) => ({ propertyId: id, amenityId })));
  }
  return row;
}

export interface MyListingRow {
  row: PropertyRow;
  city: string | null;
  cover: string | null;
  favorites: number;
  visitRequests: number;
  /** People who opened the public page, all days together. */
  views: number;
}

/** The user's listings (every status but deleted, or one), newest first, by keyset on the id. */
export async function myListings(
  db: Db,
  userId: number,
  query: { status?: number; afterId?: number; limit: number },
): Promise<MyListingRow[]> {
  const conditions = [eq(properties.ownerUserId, userId), ne(properties.statusId, PROPERTY_STATUS.deleted)];
  if (query.status !== undefined) conditions.push(eq(properties.statusId, query.status));
  if (query.afterId !== undefined) conditions.push(lt(properties.id, query.afterId));
  const rows = await db
    .select({
      row: properties,
      city: municipalities.name,
      // The search's cover rule (search-listing.ts): the first listing image by position.
      cover: sql<
        string | null
      >`(select ${media.url} from ${media} where ${media.propertyId} = ${properties.id} and ${inArray(media.mediaTypeId, LISTING_IMAGE_TYPES)} order by ${media.position}, ${media.id} limit 1)`,
      // The same figure as the public page's (shared/favorites-count.ts): confirmed accounts only.
      favorites: favoritesCountOf(properties.id).mapWith(Number),
      visitRequests:
        sql<number>`(select count(*) from ${appointments} where ${appointments.propertyId} = ${properties.id})`.mapWith(
          Number,
        ),
      views:
        sql<number>`(select coalesce(sum(${propertyViews.views}), 0) from ${propertyViews} where ${propertyViews.propertyId} = ${properties.id})`.mapWith(
          Number,
        ),
    })
    .from(properties)
    .leftJoin(municipalities, eq(municipalities.id, properties.municipalityId))
    .where(and(...conditions))
    .orderBy(desc(properties.id))
    .limit(query.limit);
  return rows;
}

/** The listing's row locked, whoever owns it (the effects of a paid order). */
export async function lockListing(tx: Tx, id: number): Promise<PropertyRow | undefined> {
  const [row] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
  return row;
}

export async function orderItemsOf(tx: Tx, orderId: number): Promise<Array<{ productId: number; quantity: number }>> {
  return tx
    .select({ productId: orderItems.serviceProductId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}
