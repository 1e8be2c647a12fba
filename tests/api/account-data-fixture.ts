import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/database';
import { MEDIA_TYPE, PROPERTY_STATUS, SEARCH_TYPE, SELL_TYPE } from '../../server/db/reference-ids';
import {
  agencies,
  agencyReviewReports,
  agencyReviews,
  appointments,
  amenities,
  favorites,
  listingVisitWindows,
  media,
  messageThreadReads,
  messageThreads,
  messages,
  orders,
  properties,
  propertyAmenities,
  propertyPriceChanges,
  propertyRooms,
  roomTypes,
  savedSearches,
  siteReviews,
  userActionTokens,
  userAddresses,
  valuations,
} from '../../server/db/schema';

// Data in every table that refers to a user, for the deletion and export suites. Each call
// gives `userId` rows of their own and rows shared with `otherUserId` (a visit asked for and a
// conversation begun on the other's listing): called for two users with their listings swapped,
// each of them also receives a visit and a message on their own listing.

export interface AccountDataOptions {
  userId: number;
  otherUserId: number;
  /** A listing that becomes the user's. */
  ownPropertyId: number;
  /** The other user's listing (the user favours it, asks for a visit, writes about it). */
  otherPropertyId: number;
  /** Distinguishes the rows of this call (texts, names). */
  tag: string;
}

/** Two published listings of the seed, not owned by the given users, to hand out with `fillAccountData`. */
export async function twoListings(db: Db, offset = 0): Promise<[number, number]> {
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.statusId, PROPERTY_STATUS.published))
    .orderBy(asc(properties.id))
    .limit(2)
    .offset(offset);
  if (rows.length < 2) throw new Error('the seed has fewer published listings than the fixture needs');
  return [rows[0].id, rows[1].id];
}

export async function fillAccountData(db: Db, o: AccountDataOptions): Promise<void> {
  const { userId, otherUserId, tag } = o;
  await db.update(properties).set({ ownerUserId: userId }).where(eq(properties.id, o.ownPropertyId));
  // What hangs off the listing: rooms, amenities, visiting hours, a price change.
  const [room] = await db.select({ id: roomTypes.id }).from(roomTypes).orderBy(asc(roomTypes.id)).limit(1);
  const [amenity] = await db.select({ id: amenities.id }).from(amenities).orderBy(asc(amenities.id)).limit(1);
  expectId(room?.id);
  expectId(amenity?.id);
  await db
    .insert(propertyRooms)
    .values({ propertyId: o.ownPropertyId, roomTypeId: room.id, count: 2 })
    .onConflictDoNothing();
  await db
    .insert(propertyAmenities)
    .values({ propertyId: o.ownPropertyId, amenityId: amenity.id })
    .onConflictDoNothing();
  await db
    .insert(listingVisitWindows)
    .values({ propertyId: o.ownPropertyId, weekday: 6, startsMinute: 600, endsMinute: 720 });
  await db.insert(propertyPriceChanges).values({ propertyId: o.ownPropertyId, oldPrice: 250_000, newPrice: 240_000 });
  await db.insert(userAddresses).values({
    userId,
    type: 'shipping',
    street: `Via ${tag}`,
    number: '1',
    city: 'Milano',
    postalCode: '20121',
    province: 'MI',
    country: 'Italia',
  });
  await db.insert(userActionTokens).values({
    tokenHash: `fixture-${tag}-${userId}`.padEnd(64, '0'),
    kind: 'reset_password',
    userId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await db.insert(favorites).values({ userId, propertyId: o.otherPropertyId });
  await db.insert(savedSearches).values({
    userId,
    name: `Ricerca ${tag}`,
    searchTypeId: SEARCH_TYPE.place,
    sellTypeId: SELL_TYPE.sale,
    criteria: { municipalityId: '15146' },
  });
  await db.insert(media).values({
    userId,
    mediaTypeId: MEDIA_TYPE.profile_image,
    storageKey: `media/avatars/${userId}/fixture-PING.jpg`,
    url: `/media/media/avatars/${userId}/fixture-{dim}.{ext}`,
    contentType: 'image/jpeg',
    width: 64,
    height: 64,
  });
  await db.insert(media).values({
    propertyId: o.ownPropertyId,
    mediaTypeId: MEDIA_TYPE.property_image,
    storageKey: `media/listings/${o.ownPropertyId}/fixture-${tag}-PING.jpg`,
    url: `/media/media/listings/${o.ownPropertyId}/fixture-${tag}-{dim}.{ext}`,
    contentType: 'image/jpeg',
    width: 400,
    height: 300,
    position: 99,
  });
  await db.insert(valuations).values({
    ownerUserId: userId,
    sellTypeId: SELL_TYPE.sale,
    latitude: 45.46,
    longitude: 9.19,
    address: `Via ${tag} 1, Milano`,
    subject: { surface: 80 },
    outcome: 'noComparables',
    result: {},
    methodVersion: 1,
  });
  const [visit] = await db
    .insert(appointments)
    .values({
      propertyId: o.otherPropertyId,
      requesterUserId: userId,
      ownerUserId: otherUserId,
      message: `Visita ${tag}`,
    })
    .returning({ id: appointments.id });
  expectId(visit?.id);
  const [thread] = await db
    .insert(messageThreads)
    .values({ propertyId: o.otherPropertyId, buyerUserId: userId, ownerUserId: otherUserId })
    .returning({ id: messageThreads.id });
  expectId(thread?.id);
  await db.insert(messages).values([
    { threadId: thread.id, senderUserId: userId, text: `Domanda ${tag}` },
    { threadId: thread.id, senderUserId: otherUserId, text: `Risposta ${tag}` },
  ]);
  await db.insert(messageThreadReads).values([
    { threadId: thread.id, userId, lastReadMessageId: 0 },
    { threadId: thread.id, userId: otherUserId, lastReadMessageId: 0 },
  ]);
  await db.insert(orders).values({ userId, propertyId: o.ownPropertyId, amountCents: 4900, status: 'cancelled' });
  // The user's review of Rexer, decided by the other user as a moderator.
  await db.insert(siteReviews).values({
    authorUserId: userId,
    rating: 4,
    title: `Recensione ${tag}`,
    text: `Esperienza ${tag} con Rexer, raccontata per il fixture.`,
    role: 'buyer',
    displayName: 'Pia',
    town: 'Milano',
    publishConsentAt: new Date(),
    status: 'rejected',
    rejectionReason: `Motivo ${tag}`,
    moderatedAt: new Date(),
    moderatedByUserId: otherUserId,
  });
  // A review of an agency, moderated and answered by the other user, and a report the user made of it.
  const [agency] = await db.select({ id: agencies.id }).from(agencies).orderBy(asc(agencies.id)).limit(1);
  expectId(agency?.id);
  const [review] = await db
    .insert(agencyReviews)
    .values({
      agencyId: agency.id,
      authorUserId: userId,
      rating: 4,
      text: `Agenzia ${tag}: visita puntuale e agente preparato.`,
      basis: 'visit',
      status: 'approved',
      moderatedAt: new Date(),
      moderatedByUserId: otherUserId,
      answer: 'Grazie della fiducia.',
      answeredAt: new Date(),
      answeredByUserId: otherUserId,
    })
    .returning({ id: agencyReviews.id });
  expectId(review?.id);
  await db
    .insert(agencyReviewReports)
    .values({ reviewId: review.id, reporterUserId: userId, reason: `Segnalazione ${tag}` });
}

function expectId(id: number | undefined): asserts id is number {
  if (id === undefined) throw new Error('the fixture could not insert a row');
}

/** How many rows of `table` have `column` = `userId` (names from the catalogue, quoted). */
export async function rowsReferring(db: Db, table: string, column: string, userId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
