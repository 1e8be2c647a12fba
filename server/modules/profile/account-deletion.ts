import { eq, gt, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/database';
import {
  agencyReviewReports,
  agencyReviews,
  appointments,
  favorites,
  media,
  messageThreadReads,
  messageThreads,
  messages,
  properties,
  savedSearches,
  sessionTokens,
  siteReviews,
  userActionTokens,
  userAddresses,
  userConsents,
  userTokens,
  users,
  valuations,
} from '../../db/schema';
import { deleteStoredFiles, storedKeysOf } from '../listing-media/media-info';
import { notePendingFiles } from '../listing-media/repository';
import { agenciesReviewedBy, lockAgency, recomputeAgencyRating } from '../reviews/repository';
import { anonymiseAccount } from './repository';
import { profileImageKeysOf } from './address-avatar-routes';

/**
 * What the deletion of an account does with a table that refers to the user:
 * - `deleted`: every row of the user goes (and what hangs on it, by the foreign keys' cascades);
 * - `retained`: the rows stay, pointing at the anonymised account row, for a legal obligation
 *   (GDPR art. 17(3)(b)); they hold no contact data of the person.
 */
export type DeletionHandling = 'deleted' | 'retained';

export interface DeletionRule {
  handling: DeletionHandling;
  why: string;
}

/**
 * Every table column that refers to a user (a foreign key to `users`, or a column named like
 * `user_id`, `owner_id`, `*_user_id`), `table.column`, with what the deletion does to its rows.
 * tests/api/account-deletion-coverage.test.ts reads the database catalogue and fails on any
 * such column missing here, and checks that a deleted account leaves no row in the `deleted` ones.
 * The `users` row itself is kept without any personal data (anonymiseAccount).
 */
export const ACCOUNT_DELETION_COVERAGE = {
  'user_addresses.user_id': { handling: 'deleted', why: 'personal addresses' },
  'user_consents.user_id': { handling: 'deleted', why: 'consents of a person who is gone' },
  'user_tokens.user_id': { handling: 'deleted', why: 'logins and devices (cascades their sessions)' },
  'session_tokens.user_id': { handling: 'deleted', why: 'sessions' },
  'user_action_tokens.user_id': { handling: 'deleted', why: 'single-use links' },
  'favorites.user_id': { handling: 'deleted', why: 'favourites' },
  'saved_searches.user_id': { handling: 'deleted', why: 'saved searches (cascades their matches)' },
  'media.user_id': { handling: 'deleted', why: 'profile images, rows and files' },
  'valuations.owner_user_id': { handling: 'deleted', why: 'valuations with their addresses' },
  'properties.owner_user_id': {
    handling: 'deleted',
    why: 'listings nobody can maintain any more: rows (cascading rooms, photos, views, visits, threads) and photo files',
  },
  'appointments.requester_user_id': { handling: 'deleted', why: 'visits the user asked for (slots and events)' },
  'appointments.owner_user_id': { handling: 'deleted', why: 'visits to the user’s listings' },
  'message_threads.buyer_user_id': {
    handling: 'deleted',
    why: 'conversations the user began: a thread with one party gone cannot go on, and half of it is their words',
  },
  'message_threads.owner_user_id': { handling: 'deleted', why: 'conversations about the user’s listings' },
  'messages.sender_user_id': { handling: 'deleted', why: 'what the user wrote' },
  'message_thread_reads.user_id': { handling: 'deleted', why: 'read marks' },
  'agency_reviews.author_user_id': {
    handling: 'deleted',
    why: 'the user’s reviews of agencies (their reports go with them); the agencies’ ratings are computed again',
  },
  'agency_reviews.moderated_by_user_id': {
    handling: 'retained',
    why: 'which moderator decided on somebody else’s review: a record of Rexer’s staff work, no data of the person',
  },
  'agency_reviews.answered_by_user_id': {
    handling: 'retained',
    why: 'the agency’s answer to a review is the agency’s word and stays; the column names no one to the public',
  },
  'agency_review_reports.reporter_user_id': { handling: 'deleted', why: 'reports the user made' },
  'site_reviews.author_user_id': {
    handling: 'deleted',
    why: 'the user’s review of Rexer, with the first name and town published with it',
  },
  'site_reviews.moderated_by_user_id': {
    handling: 'retained',
    why: 'which moderator decided on somebody else’s review of Rexer: a record of Rexer’s staff work, never shown',
  },
  'orders.user_id': {
    handling: 'retained',
    why: 'purchases are accounting records kept ten years (art. 2220 c.c.); they hold amounts and plans, no contact data',
  },
} as const satisfies Record<string, DeletionRule>;

export type CoveredColumn = keyof typeof ACCOUNT_DELETION_COVERAGE;

/**
 * Deletes an account: in one transaction that starts by locking the users row FOR UPDATE (a
 * login or an upload writing for the user reads it FOR SHARE, so it either finished before and
 * its rows go here, or sees the account deleted and writes nothing), every row of the `deleted`
 * tables above, profile images included, then the users row is anonymised; the stored files of
 * its listings and profile images go after the commit.
 */
export async function deleteAccountData(db: Db, userId: number, now: Date): Promise<{ storageKeys: string[] }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const storageKeys = await deleteRowsOf(tx, userId);
    await anonymiseAccount(tx as unknown as Db, userId, now);
    // A server killed before the files are deleted leaves their keys to the housekeeping job.
    await notePendingFiles(tx, storageKeys);
    return { storageKeys };
  });
}

/** Every row of the user in the `deleted` tables; answers the stored files of those rows. Idempotent. */
async function deleteRowsOf(tx: Tx, userId: number): Promise<string[]> {
  const owned = tx.select({ id: properties.id }).from(properties).where(eq(properties.ownerUserId, userId));
  const listingMedia = await tx
    .select({
      propertyId: media.propertyId,
      storageKey: media.storageKey,
      url: media.url,
      thumbnailKey: media.thumbnailKey,
    })
    .from(media)
    .where(inArray(media.propertyId, owned));
  // The user's own media rows: profile images (a listing's photos go with the listing below).
  const avatars = await tx
    .delete(media)
    .where(eq(media.userId, userId))
    .returning({ url: media.url, propertyId: media.propertyId });
  const threads = tx
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(or(eq(messageThreads.buyerUserId, userId), eq(messageThreads.ownerUserId, userId)));
  await tx.delete(messages).where(or(inArray(messages.threadId, threads), eq(messages.senderUserId, userId)));
  await tx.delete(messageThreadReads).where(eq(messageThreadReads.userId, userId));
  await tx
    .delete(messageThreads)
    .where(or(eq(messageThreads.buyerUserId, userId), eq(messageThreads.ownerUserId, userId)));
  await tx
    .delete(appointments)
    .where(or(eq(appointments.requesterUserId, userId), eq(appointments.ownerUserId, userId)));
  await tx.delete(properties).where(eq(properties.ownerUserId, userId));
  await tx.delete(favorites).where(eq(favorites.userId, userId));
  await tx.delete(agencyReviewReports).where(eq(agencyReviewReports.reporterUserId, userId));
  const reviewed = await agenciesReviewedBy(tx, userId);
  if (reviewed.length > 0) {
    for (const agencyId of reviewed) await lockAgency(tx, agencyId);
    await tx.delete(agencyReviews).where(eq(agencyReviews.authorUserId, userId));
    for (const agencyId of reviewed) await recomputeAgencyRating(tx, agencyId);
  }
  await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
  await tx.delete(valuations).where(eq(valuations.ownerUserId, userId));
  await tx.delete(siteReviews).where(eq(siteReviews.authorUserId, userId));
  await tx.delete(userConsents).where(eq(userConsents.userId, userId));
  await tx.delete(userActionTokens).where(eq(userActionTokens.userId, userId));
  await tx.delete(sessionTokens).where(eq(sessionTokens.userId, userId));
  await tx.delete(userTokens).where(eq(userTokens.userId, userId));
  await tx.delete(userAddresses).where(eq(userAddresses.userId, userId));
  return [
    ...listingMedia.flatMap((row) => storedKeysOf(row)),
    ...avatars.filter((row) => row.propertyId === null).flatMap((row) => profileImageKeysOf(row)),
  ];
}

/** How long after a deletion the housekeeping job deletes the account's rows again. */
export const DELETED_ACCOUNT_SWEEP_MS = 24 * 60 * 60 * 1000;

/**
 * The housekeeping job's catch-all: the accounts deleted in the last day have their deletable
 * rows deleted and their row anonymised again (the same code as the deletion, with the deletion's
 * time kept), so whatever a writer that raced the deletion left (a favourite an anonymous session
 * handed over at the login, a profile update) goes too; then the files of what it deleted.
 * Answers how many accounts it went over.
 */
export async function sweepDeletedAccounts(fastify: FastifyInstance, now = new Date()): Promise<number> {
  const recent = await fastify.db
    .select({ id: users.id })
    .from(users)
    .where(gt(users.deletedAt, new Date(now.getTime() - DELETED_ACCOUNT_SWEEP_MS)));
  for (const { id } of recent) {
    const storageKeys = await fastify.db.transaction(async (tx) => {
      const [row] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, id)).for('update');
      if (!row?.deletedAt) return [];
      const keys = await deleteRowsOf(tx, id);
      await anonymiseAccount(tx as unknown as Db, id, row.deletedAt);
      await notePendingFiles(tx, keys);
      return keys;
    });
    await deleteStoredFiles(fastify, storageKeys);
  }
  return recent.length;
}

/** The whole deletion: the rows (deleteAccountData), then the profile images and listing files. */
export async function deleteAccount(fastify: FastifyInstance, userId: number, now: Date): Promise<void> {
  const { storageKeys } = await deleteAccountData(fastify.db, userId, now);
  await deleteStoredFiles(fastify, storageKeys);
}
