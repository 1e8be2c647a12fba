import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  agencies,
  agencyReviewReports,
  agencyReviews,
  appointmentEvents,
  appointments,
  appointmentSlots,
  favorites,
  listingVisitWindows,
  media,
  messages,
  messageThreadReads,
  messageThreads,
  orderItems,
  orders,
  properties,
  propertyAmenities,
  propertyPriceChanges,
  propertyRooms,
  savedSearches,
  sessionTokens,
  siteReviews,
  userActionTokens,
  userAddresses,
  userConsents,
  users,
  userTokens,
  valuations,
} from '../../db/schema';
import { resolveMediaUrl } from '../shared/media-url';

// "Scarica i tuoi dati" (GDPR articles 15 and 20): everything the product keeps about an
// account, read by the account's id only. Other people appear by first name only; no password
// hash, token, session secret or other person's address or phone leaves here.

/** The version of the document's shape, written into it. */
export const DATA_EXPORT_FORMAT = 1;

type Row = Record<string, unknown>;

/**
 * Every table with a foreign key to a listing (properties), and where the export puts its rows:
 * `listing` under each listing (its key), `section` in a section of its own, or `leftOut` with
 * why. tests/api/data-export.test.ts compares it with the catalogue: a new table hanging off a
 * listing fails there until it is listed here.
 */
export const LISTING_EXPORT_COVERAGE = {
  media: { listing: 'photos' },
  property_rooms: { listing: 'rooms' },
  property_amenities: { listing: 'amenities' },
  listing_visit_windows: { listing: 'visitWindows' },
  property_price_changes: { listing: 'priceChanges' },
  appointments: { section: 'visits' },
  message_threads: { section: 'messageThreads' },
  orders: { section: 'orders' },
  favorites: { leftOut: 'other people’s favourites of the listing: theirs, not the owner’s' },
  anonymous_favorites: { leftOut: 'favourites of browsers without an account: nobody’s account' },
  saved_search_matches: { leftOut: 'other people’s saved searches that matched the listing' },
  property_views: { leftOut: 'counts of anonymous visitors by day, not entered by the owner' },
  property_view_visitors: { leftOut: 'keyed hashes of the day’s visitors, deleted once the day is over' },
} as const satisfies Record<string, { listing: string } | { section: string } | { leftOut: string }>;

/** A row as JSON: dates as ISO strings, the named columns left out. */
function plain<T extends Row>(row: T, omit: readonly (keyof T)[] = []): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (omit.includes(key as keyof T)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** The largest rendition of a photo, as the site serves it. */
const photoAddress = (url: string) => resolveMediaUrl(url, 'FULL', 'jpg');

/** The first names of some users (what the export shows of another person). */
async function firstNames(db: Db, ids: number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The user's read mark of a thread, null when none was kept. */
const readMarkOf = (row: { lastReadMessageId: number; lastMailedAt: Date | null } | undefined) =>
  row === undefined ? null : { lastReadMessageId: row.lastReadMessageId, lastMailedAt: iso(row.lastMailedAt) };

/** The export of one account: a plain object, ready for JSON. */
export async function exportAccountData(db: Db, userId: number, now: Date) {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account) throw new Error(`no user ${userId}`);

  const [addresses, consents, favourites, searches, avatars, ownValuations, devices, sessions, links] =
    await Promise.all([
      db.select().from(userAddresses).where(eq(userAddresses.userId, userId)),
      db.select().from(userConsents).where(eq(userConsents.userId, userId)).orderBy(asc(userConsents.id)),
      db
        .select({ propertyId: favorites.propertyId, title: properties.title })
        .from(favorites)
        .innerJoin(properties, eq(properties.id, favorites.propertyId))
        .where(eq(favorites.userId, userId))
        .orderBy(asc(favorites.propertyId)),
      db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.id)),
      db.select({ url: media.url, createdAt: media.createdAt }).from(media).where(eq(media.userId, userId)),
      db.select().from(valuations).where(eq(valuations.ownerUserId, userId)).orderBy(asc(valuations.id)),
      db.select().from(userTokens).where(eq(userTokens.userId, userId)).orderBy(asc(userTokens.id)),
      db.select().from(sessionTokens).where(eq(sessionTokens.userId, userId)).orderBy(asc(sessionTokens.id)),
      db.select().from(userActionTokens).where(eq(userActionTokens.userId, userId)).orderBy(asc(userActionTokens.id)),
    ]);

  // The user's review of Rexer (one at most), with where it stands; who moderated it is Rexer's record.
  const ownSiteReviews = await db.select().from(siteReviews).where(eq(siteReviews.authorUserId, userId));

  const listings = await db
    .select()
    .from(properties)
    .where(eq(properties.ownerUserId, userId))
    .orderBy(asc(properties.id));
  const listingIds = listings.map((row) => row.id);
  const photos =
    listingIds.length === 0
      ? []
      : await db
          .select({ propertyId: media.propertyId, url: media.url, mediaTypeId: media.mediaTypeId })
          .from(media)
          .where(inArray(media.propertyId, listingIds))
          .orderBy(asc(media.propertyId), asc(media.position), asc(media.id));

  const [rooms, listingAmenities, visitWindows, priceChanges] =
    listingIds.length === 0
      ? [[], [], [], []]
      : await Promise.all([
          db
            .select()
            .from(propertyRooms)
            .where(inArray(propertyRooms.propertyId, listingIds))
            .orderBy(asc(propertyRooms.propertyId), asc(propertyRooms.roomTypeId)),
          db
            .select()
            .from(propertyAmenities)
            .where(inArray(propertyAmenities.propertyId, listingIds))
            .orderBy(asc(propertyAmenities.propertyId), asc(propertyAmenities.amenityId)),
          db
            .select()
            .from(listingVisitWindows)
            .where(inArray(listingVisitWindows.propertyId, listingIds))
            .orderBy(
              asc(listingVisitWindows.propertyId),
              asc(listingVisitWindows.weekday),
              asc(listingVisitWindows.startsMinute),
            ),
          db
            .select()
            .from(propertyPriceChanges)
            .where(inArray(propertyPriceChanges.propertyId, listingIds))
            .orderBy(asc(propertyPriceChanges.propertyId), asc(propertyPriceChanges.id)),
        ]);
  const ofListing = <T extends { propertyId: number }>(rows: T[], id: number) =>
    rows.filter((row) => row.propertyId === id).map((row) => plain(row, ['propertyId']));

  // The user's reviews of agencies, with the agency's answer, and the reviews they reported.
  const [agencyReviewRows, reportRows] = await Promise.all([
    db
      .select({ review: agencyReviews, agencyName: agencies.name })
      .from(agencyReviews)
      .innerJoin(agencies, eq(agencies.id, agencyReviews.agencyId))
      .where(eq(agencyReviews.authorUserId, userId))
      .orderBy(asc(agencyReviews.id)),
    db
      .select()
      .from(agencyReviewReports)
      .where(eq(agencyReviewReports.reporterUserId, userId))
      .orderBy(asc(agencyReviewReports.createdAt)),
  ]);

  const ownOrders = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
  const items =
    ownOrders.length === 0
      ? []
      : await db
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              ownOrders.map((o) => o.id),
            ),
          );

  const visits = await db
    .select()
    .from(appointments)
    .where(or(eq(appointments.requesterUserId, userId), eq(appointments.ownerUserId, userId)))
    .orderBy(asc(appointments.id));
  const visitIds = visits.map((v) => v.id);
  const [slots, events] =
    visitIds.length === 0
      ? [[], []]
      : await Promise.all([
          db.select().from(appointmentSlots).where(inArray(appointmentSlots.appointmentId, visitIds)),
          db
            .select()
            .from(appointmentEvents)
            .where(inArray(appointmentEvents.appointmentId, visitIds))
            .orderBy(asc(appointmentEvents.id)),
        ]);

  const threads = await db
    .select()
    .from(messageThreads)
    .where(or(eq(messageThreads.buyerUserId, userId), eq(messageThreads.ownerUserId, userId)))
    .orderBy(asc(messageThreads.id));
  const threadIds = threads.map((t) => t.id);
  const [threadMessages, reads] =
    threadIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(messages)
            .where(inArray(messages.threadId, threadIds))
            .orderBy(asc(messages.threadId), asc(messages.id)),
          // The user's own read marks (the other party's are theirs).
          db
            .select()
            .from(messageThreadReads)
            .where(and(inArray(messageThreadReads.threadId, threadIds), eq(messageThreadReads.userId, userId))),
        ]);

  const others = await firstNames(db, [
    ...visits.map((v) => (v.requesterUserId === userId ? v.ownerUserId : v.requesterUserId)),
    ...threads.map((t) => (t.buyerUserId === userId ? t.ownerUserId : t.buyerUserId)),
  ]);
  const otherName = (id: number) => others.get(id) ?? null;

  return {
    format: DATA_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    account: plain(account, ['passwordHash', 'suspendedPasswordHash', 'passwordSetByTokenId', 'providerSubject']),
    addresses: addresses.map((row) => plain(row, ['userId'])),
    consents: consents.map((row) => plain(row, ['userId'])),
    profileImages: avatars.map((row) => ({ address: photoAddress(row.url), createdAt: iso(row.createdAt) })),
    favourites,
    savedSearches: searches.map((row) => plain(row, ['userId'])),
    listings: listings.map((row) => ({
      ...plain(row, ['ownerUserId', 'geo', 'searchVector']),
      photos: photos
        .filter((photo) => photo.propertyId === row.id)
        .map((photo) => ({ address: photoAddress(photo.url), mediaTypeId: photo.mediaTypeId })),
      rooms: ofListing(rooms, row.id),
      amenities: ofListing(listingAmenities, row.id),
      visitWindows: ofListing(visitWindows, row.id),
      priceChanges: ofListing(priceChanges, row.id),
    })),
    valuations: ownValuations.map((row) => plain(row, ['ownerUserId', 'ownerUserTokenId'])),
    orders: ownOrders.map((row) => ({
      ...plain(row, ['userId', 'idempotencyKey', 'requestHash', 'checkoutClaimedAt']),
      items: items.filter((item) => item.orderId === row.id).map((item) => plain(item, ['orderId'])),
    })),
    visits: visits.map((row) => {
      const requester = row.requesterUserId === userId;
      return {
        id: row.id,
        role: requester ? ('requester' as const) : ('owner' as const),
        propertyId: row.propertyId,
        otherPartyFirstName: otherName(requester ? row.ownerUserId : row.requesterUserId),
        statusId: row.statusId,
        refusalReasonId: row.refusalReasonId,
        scheduledAt: iso(row.scheduledAt),
        // The phone is the requester's: the owner's export does not carry it.
        phone: requester ? row.phone : null,
        message: row.message,
        requestedSlots: slots.filter((s) => s.appointmentId === row.id).map((s) => s.startsAt.toISOString()),
        history: events.filter((e) => e.appointmentId === row.id).map((e) => plain(e, ['id', 'appointmentId'])),
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
      };
    }),
    messageThreads: threads.map((row) => {
      const buyer = row.buyerUserId === userId;
      const other = buyer ? row.ownerUserId : row.buyerUserId;
      return {
        id: row.id,
        role: buyer ? ('buyer' as const) : ('owner' as const),
        propertyId: row.propertyId,
        // A thread with an agency («Contatta l'agenzia») has the agency instead of a listing.
        agencyId: row.agencyId,
        otherPartyFirstName: otherName(other),
        createdAt: iso(row.createdAt),
        // Where the user's reading of the thread is: the newest message read, the last mail of a new one.
        readMark: readMarkOf(reads.find((r) => r.threadId === row.id)),
        messages: threadMessages
          .filter((m) => m.threadId === row.id)
          .map((m) => ({
            from: m.senderUserId === userId ? ('me' as const) : ('otherParty' as const),
            text: m.text,
            sentAt: m.createdAt.toISOString(),
          })),
      };
    }),
    siteReviews: ownSiteReviews.map((row) => plain(row, ['authorUserId', 'moderatedByUserId', 'isExample'])),
    agencyReviews: agencyReviewRows.map(({ review, agencyName }) => ({
      ...plain(review, ['authorUserId', 'moderatedByUserId', 'answeredByUserId']),
      agencyName,
    })),
    reviewReports: reportRows.map((row) => plain(row, ['reporterUserId'])),
    devices: devices.map((row) => plain(row, ['userId', 'tokenHash'])),
    sessions: sessions.map((row) => plain(row, ['userId', 'tokenHash'])),
    singleUseLinks: links.map((row) => plain(row, ['userId', 'tokenHash'])),
  };
}

export type AccountDataExport = Awaited<ReturnType<typeof exportAccountData>>;

/** The sections every export has (the route's schema and the tests list them). */
export const DATA_EXPORT_SECTIONS = [
  'account',
  'addresses',
  'consents',
  'profileImages',
  'favourites',
  'savedSearches',
  'listings',
  'valuations',
  'orders',
  'visits',
  'messageThreads',
  'siteReviews',
  'agencyReviews',
  'reviewReports',
  'devices',
  'sessions',
  'singleUseLinks',
] as const satisfies readonly (keyof AccountDataExport)[];
