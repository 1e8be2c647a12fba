import { and, asc, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { FAILPOINTS, failpoint } from '../../lib/failpoint';
import { MEDIA_TYPE, PROPERTY_STATUS } from '../../db/reference-ids';
import {
  media,
  municipalities,
  pendingFiles,
  properties,
  propertyAmenities,
  propertyRooms,
  provinces,
  roomTypes,
} from '../../db/schema';

/** Property and room images: the photos of the gallery; the first is the cover. */
export const PHOTO_MEDIA_TYPES: readonly number[] = [MEDIA_TYPE.property_image, MEDIA_TYPE.room_image];

export type MediaGroup = 'photos' | 'documents';

export const groupOf = (mediaTypeId: number): MediaGroup =>
  PHOTO_MEDIA_TYPES.includes(mediaTypeId) ? 'photos' : 'documents';

/** Where the uploads of a listing are stored: only files under it are ever deleted with a row (demo photos share a pool). */
export const listingStoragePrefix = (propertyId: number) => `media/listings/${propertyId}/`;

export type MediaRow = typeof media.$inferSelect;

/** What the owner sees and manages: everything but the back office's own files. */
const ownerVisible = ne(media.mediaTypeId, MEDIA_TYPE.back_office_only);

/** The caller's own listing in any status but deleted, locked for the rest of the transaction. */
async function lockOwnListing(tx: Tx, userId: number, propertyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        eq(properties.ownerUserId, userId),
        ne(properties.statusId, PROPERTY_STATUS.deleted),
      ),
    )
    .for('update');
  return row !== undefined;
}

/** True when the listing is the user's and not deleted. */
export async function ownsListing(db: Db, userId: number, propertyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        eq(properties.ownerUserId, userId),
        ne(properties.statusId, PROPERTY_STATUS.deleted),
      ),
    );
  return row !== undefined;
}

/**
 * Notes storage keys no committed row owns: about to be written by an upload, or whose rows `db`'s
 * transaction deletes (pending-files.ts says why).
 */
export async function notePendingFiles(db: Db | Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(pendingFiles)
    .values(keys.map((storageKey) => ({ storageKey })))
    .onConflictDoNothing();
}

/** Forgets pending keys: their rows are committed, or their files deleted. */
export async function forgetPendingFiles(db: Db | Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(pendingFiles).where(inArray(pendingFiles.storageKey, [...keys]));
}

/** Every media row of a listing the owner sees, in display order. */
export async function mediaOf(db: Db | Tx, propertyId: number): Promise<MediaRow[]> {
  return db
    .select()
    .from(media)
    .where(and(eq(media.propertyId, propertyId), ownerVisible))
    .orderBy(asc(media.position), asc(media.id));
}

/** How many photos and documents the listing holds. */
export async function countsOf(db: Db | Tx, propertyId: number): Promise<Record<MediaGroup, number>> {
  const rows = await db
    .select({ mediaTypeId: media.mediaTypeId })
    .from(media)
    .where(and(eq(media.propertyId, propertyId), ownerVisible));
  const counts: Record<MediaGroup, number> = { photos: 0, documents: 0 };
  for (const row of rows) counts[groupOf(row.mediaTypeId)] += 1;
  return counts;
}

/** The content hashes (the first segment of an upload's name) already stored on the listing, among `hashes`. */
export async function storedHashes(db: Db, propertyId: number, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const prefix = listingStoragePrefix(propertyId);
  const rows = await db
    .select({ storageKey: media.storageKey })
    .from(media)
    .where(
      and(eq(media.propertyId, propertyId), or(...hashes.map((hash) => like(media.storageKey, `${prefix}${hash}%`)))),
    );
  return new Set(rows.map((row) => row.storageKey.slice(prefix.length, prefix.length + 16)));
}

/** Whether a room type exists (room images name the room they show). */
export async function roomTypeExists(db: Db, roomTypeId: number): Promise<boolean> {
  const [row] = await db.select({ id: roomTypes.id }).from(roomTypes).where(eq(roomTypes.id, roomTypeId));
  return row !== undefined;
}

export type NewMedia = Omit<typeof media.$inferInsert, 'id' | 'propertyId' | 'position' | 'createdAt'>;

/**
 * Adds the uploaded files after the listing's last media, in order, within the limits of
 * their group; the listing's row is locked for the count and the inserts, so concurrent
 * uploads on any number of servers cannot pass a limit. Answers, per file, its new row or
 * `limit`; `null` when the listing is no longer the user's (deleted meanwhile).
 */
export async function insertMedia(
  db: Db,
  userId: number,
  propertyId: number,
  items: NewMedia[],
  limits: Record<MediaGroup, number>,
  /** Each item's stored files, noted pending before they were written: forgotten with the rows that own them. */
  keysOf: readonly (readonly string[])[] = [],
): Promise<(MediaRow | 'limit')[] | null> {
  return db.transaction(async (tx) => {
    if (!(await lockOwnListing(tx, userId, propertyId))) return null;
    const counts = await countsOf(tx, propertyId);
    const [last] = await tx
      .select({ position: sql<number | null>`max(${media.position})` })
      .from(media)
      .where(eq(media.propertyId, propertyId));
    let position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
    const out: (MediaRow | 'limit')[] = [];
    for (const item of items) {
      const group = groupOf(item.mediaTypeId);
      if (counts[group] >= limits[group]) {
        out.push('limit');
        continue;
      }
      const [row] = await tx
        .insert(media)
        .values({ ...item, propertyId, position })
        .returning();
      counts[group] += 1;
      position += 1;
      out.push(row);
    }
    // The inserted rows own their files now (the over-limit ones' files are the caller's to delete).
    await forgetPendingFiles(
      tx,
      out.flatMap((row, i) => (row === 'limit' ? [] : (keysOf[i] ?? []))),
    );
    failpoint(FAILPOINTS.mediaRowsBeforeCommit);
    return out;
  });
}

export type ReorderOutcome =
  { kind: 'ok'; rows: MediaRow[] } | { kind: 'listing-missing' } | { kind: 'media-missing' } | { kind: 'not-a-photo' };

/**
 * Gives the listed media the first positions in the order given; the others follow in their
 * present order. With `coverId`, that photo moves first and the rest keep their order.
 */
export async function reorderMedia(
  db: Db,
  userId: number,
  propertyId: number,
  order: { ids: number[] } | { coverId: number },
): Promise<ReorderOutcome> {
  return db.transaction(async (tx) => {
    if (!(await lockOwnListing(tx, userId, propertyId))) return { kind: 'listing-missing' as const };
    const rows = await mediaOf(tx, propertyId);
    const byId = new Map(rows.map((row) => [row.id, row]));
    let first: number[];
    if ('coverId' in order) {
      const cover = byId.get(order.coverId);
      if (!cover) return { kind: 'media-missing' as const };
      if (!PHOTO_MEDIA_TYPES.includes(cover.mediaTypeId)) return { kind: 'not-a-photo' as const };
      first = [order.coverId];
    } else {
      if (order.ids.some((id) => !byId.has(id))) return { kind: 'media-missing' as const };
      first = order.ids;
    }
    const listed = new Set(first);
    const ordered = [...first.map((id) => byId.get(id)!), ...rows.filter((row) => !listed.has(row.id))];
    const changed = ordered
      .map((row, position) => ({ row, position }))
      .filter(({ row, position }) => row.position !== position);
    if (changed.length > 0) {
      // One statement for every moved row: position = the index of its id in the new order.
      await tx
        .update(media)
        .set({
          position: sql`(case ${media.id} ${sql.join(
            changed.map(({ row, position }) => sql`when ${row.id} then ${position}::smallint`),
            sql` `,
          )} end)`,
        })
        .where(
          and(
            eq(media.propertyId, propertyId),
            inArray(
              media.id,
              changed.map(({ row }) => row.id),
            ),
          ),
        );
    }
    return { kind: 'ok' as const, rows: ordered.map((row, position) => ({ ...row, position })) };
  });
}

/** Removes one media row of the user's listing; answers the row (its files are the caller's to delete) or why not. */
export async function deleteMedia(
  db: Db,
  userId: number,
  propertyId: number,
  mediaId: number,
  /** The row's stored files: noted pending in the deletion's transaction (the caller deletes them, then forgets them). */
  keysOf: (row: MediaRow) => string[] = () => [],
): Promise<{ kind: 'ok'; row: MediaRow } | { kind: 'listing-missing' } | { kind: 'media-missing' }> {
  return db.transaction(async (tx) => {
    if (!(await lockOwnListing(tx, userId, propertyId))) return { kind: 'listing-missing' as const };
    const [row] = await tx
      .delete(media)
      .where(and(eq(media.id, mediaId), eq(media.propertyId, propertyId), ownerVisible))
      .returning();
    if (row) await notePendingFiles(tx, keysOf(row));
    return row ? { kind: 'ok' as const, row } : { kind: 'media-missing' as const };
  });
}

/** The user's own listing (any status but deleted) with its rooms and amenities, or null. */
export async function myProperty(db: Db, userId: number, propertyId: number) {
  const [row] = await db
    .select({
      property: properties,
      cityName: municipalities.name,
      istat: municipalities.istatCode,
      provinceCode: provinces.sigla,
    })
    .from(properties)
    .leftJoin(municipalities, eq(municipalities.id, properties.municipalityId))
    .leftJoin(provinces, eq(provinces.id, municipalities.provinceId))
    .where(
      and(
        eq(properties.id, propertyId),
        eq(properties.ownerUserId, userId),
        ne(properties.statusId, PROPERTY_STATUS.deleted),
      ),
    );
  if (!row) return null;
  // One after the other: `db` may be a transaction (one connection, one query at a time).
  const rooms = await db
    .select({ roomTypeId: propertyRooms.roomTypeId, count: propertyRooms.count })
    .from(propertyRooms)
    .where(eq(propertyRooms.propertyId, propertyId))
    .orderBy(asc(propertyRooms.roomTypeId));
  const amenities = await db
    .select({ amenityId: propertyAmenities.amenityId })
    .from(propertyAmenities)
    .where(eq(propertyAmenities.propertyId, propertyId))
    .orderBy(asc(propertyAmenities.amenityId));
  const mediaRows = await mediaOf(db, propertyId);
  return { ...row, rooms, amenities: amenities.map((a) => a.amenityId), media: mediaRows };
}
