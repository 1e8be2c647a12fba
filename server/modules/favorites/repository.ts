import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { PROPERTY_STATUS } from '../../db/reference-ids';
import { anonymousFavorites, favorites, properties, users, userTokens } from '../../db/schema';
import { selectSearchListings, type SearchListingType } from '../shared/search-listing';

// The favourites of /myrexer/preferiti: a logged-in user's in `favorites`, an anonymous
// visitor's in `anonymous_favorites` under the anonymous session's user token; they move to
// the account at login (`adoptAnonymousFavorites`).

/** Whose favourites: the account, or the anonymous session's user token. */
export type FavoriteOwner = { userId: number } | { userTokenId: number };

/** A visitor keeps at most this many favourites (FavoriteLimitReached). */
export const FAVORITE_LIMIT = 500;

/** The statuses a favourite is still shown in: published, suspended, sold (deleted ones drop out). */
const SHOWN_STATUSES = [PROPERTY_STATUS.published, PROPERTY_STATUS.suspended, PROPERTY_STATUS.sold];

function ownedBy(owner: FavoriteOwner) {
  return 'userId' in owner
    ? { table: favorites, where: eq(favorites.userId, owner.userId) }
    : { table: anonymousFavorites, where: eq(anonymousFavorites.userTokenId, owner.userTokenId) };
}

/** The asking price of a published listing; undefined when it is not published (draft, sold, deleted, unknown). */
export async function publishedListingPrice(db: Db, propertyId: number): Promise<{ price: number | null } | undefined> {
  const [row] = await db
    .select({ price: properties.price })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.statusId, PROPERTY_STATUS.published)))
    .limit(1);
  return row;
}

export async function countFavorites(db: Db | Tx, owner: FavoriteOwner): Promise<number> {
  const { table, where } = ownedBy(owner);
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

export async function hasFavorite(db: Db | Tx, owner: FavoriteOwner, propertyId: number): Promise<boolean> {
  const { table, where } = ownedBy(owner);
  const [row] = await db
    .select({ id: table.propertyId })
    .from(table)
    .where(and(where, eq(table.propertyId, propertyId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Adds a favourite with the price it has now, within the limit; a second add changes nothing
 * (the first price stays). The owner's row (account or anonymous token) is locked for the
 * count and the insert, so concurrent adds on any number of servers cannot pass the limit.
 */
export async function addFavorite(
  db: Db,
  owner: FavoriteOwner,
  propertyId: number,
  priceAtSave: number | null,
): Promise<'added' | 'kept' | 'limit'> {
  return db.transaction(async (tx) => {
    if ('userId' in owner)
      await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
    else
      await tx.select({ id: userTokens.id }).from(userTokens).where(eq(userTokens.id, owner.userTokenId)).for('update');
    if (await hasFavorite(tx, owner, propertyId)) return 'kept';
    if ((await countFavorites(tx, owner)) >= FAVORITE_LIMIT) return 'limit';
    if ('userId' in owner)
      await tx.insert(favorites).values({ userId: owner.userId, propertyId, priceAtSave }).onConflictDoNothing();
    else
      await tx
        .insert(anonymousFavorites)
        .values({ userTokenId: owner.userTokenId, propertyId, priceAtSave })
        .onConflictDoNothing();
    return 'added';
  });
}

export async function removeFavorite(db: Db, owner: FavoriteOwner, propertyId: number): Promise<void> {
  const { table, where } = ownedBy(owner);
  await db.delete(table).where(and(where, eq(table.propertyId, propertyId)));
}

export interface FavoriteItem {
  listing: SearchListingType;
  savedAt: Date;
  priceAtSave: number | null;
  statusId: number;
}

/** The favourites, newest first, with their listing as it is now (sold and suspended ones included, deleted ones not). */
export async function listFavorites(db: Db, owner: FavoriteOwner): Promise<FavoriteItem[]> {
  const { table, where } = ownedBy(owner);
  const rows = await db
    .select({
      propertyId: table.propertyId,
      savedAt: table.createdAt,
      priceAtSave: table.priceAtSave,
      statusId: properties.statusId,
    })
    .from(table)
    .innerJoin(properties, eq(properties.id, table.propertyId))
    .where(and(where, inArray(properties.statusId, SHOWN_STATUSES)))
    .orderBy(desc(table.createdAt), desc(table.propertyId));
  if (rows.length === 0) return [];
  const listings = await selectSearchListings(
    db,
    inArray(
      properties.id,
      rows.map((row) => row.propertyId),
    ),
    [],
    rows.length,
  );
  const byId = new Map(listings.map((listing) => [listing.Id, listing]));
  return rows.flatMap((row) => {
    const listing = byId.get(row.propertyId);
    return listing ? [{ listing, savedAt: row.savedAt, priceAtSave: row.priceAtSave, statusId: row.statusId }] : [];
  });
}

/** The ids of the user's favourites that are still shown (Me.favorites), newest first. */
export async function favoriteIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: favorites.propertyId })
    .from(favorites)
    .innerJoin(properties, eq(properties.id, favorites.propertyId))
    .where(and(eq(favorites.userId, userId), inArray(properties.statusId, SHOWN_STATUSES)))
    .orderBy(desc(favorites.createdAt), desc(favorites.propertyId));
  return rows.map((row) => row.id);
}

/**
 * At login: the anonymous session's favourites become the account's (a listing the account
 * already keeps keeps its own date and price), and the anonymous rows go. Run in the
 * transaction that ends the anonymous session.
 */
export async function adoptAnonymousFavorites(tx: Db | Tx, userTokenId: number, userId: number): Promise<void> {
  await tx.execute(sql`
    insert into ${favorites} (user_id, property_id, price_at_save, created_at)
    select ${userId}, a.property_id, a.price_at_save, a.created_at from ${anonymousFavorites} a where a.user_token_id = ${userTokenId}
    on conflict do nothing`);
  await tx.delete(anonymousFavorites).where(eq(anonymousFavorites.userTokenId, userTokenId));
}
