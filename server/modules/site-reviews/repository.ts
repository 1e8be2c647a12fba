import { and, asc, avg, count, desc, eq, sql } from 'drizzle-orm';
import type { SiteReviewRole } from '@domain/site-review';
import type { Db } from '../../db/database';
import { siteReviews, userAddresses, users } from '../../db/schema';

// Reviews of Rexer: the approved ones for /diconodinoi, the author's own (one per user, by the
// partial unique index site_reviews_author_uq) and the moderators' queue. A new or edited review
// waits (pending). Its updated_at is its version: every edit moves it forward (by a millisecond at
// least, whatever the clock of the server that writes it), and a moderator's decision names the
// version the moderator read and applies only to a review still waiting at that version, so an
// edit made meanwhile is never approved unseen.

export type SiteReviewRow = typeof siteReviews.$inferSelect;

export interface SiteReviewInput {
  rating: number;
  title: string;
  text: string;
  role: SiteReviewRole;
  displayName: string;
  town: string;
}

/** One page of the approved reviews, newest first (by approval), with their count and average. */
export async function listApproved(db: Db, page: number, pageSize: number) {
  const approved = eq(siteReviews.status, 'approved');
  const [totals] = await db
    .select({ n: count(), average: avg(siteReviews.rating) })
    .from(siteReviews)
    .where(approved);
  const rows = await db
    .select()
    .from(siteReviews)
    .where(approved)
    .orderBy(desc(sql`coalesce(${siteReviews.moderatedAt}, ${siteReviews.createdAt})`), desc(siteReviews.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const n = totals?.n ?? 0;
  const average = n === 0 || totals?.average == null ? null : Math.round(Number(totals.average) * 10) / 10;
  return { rows, count: n, average };
}

export async function findByAuthor(db: Db, userId: number): Promise<SiteReviewRow | undefined> {
  const [row] = await db.select().from(siteReviews).where(eq(siteReviews.authorUserId, userId)).limit(1);
  return row;
}

/** The first name of the profile and the town of its residential address: what the form starts from. */
export async function suggestionsFor(db: Db, userId: number): Promise<{ name: string | null; town: string | null }> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  const [address] = await db
    .select({ city: userAddresses.city })
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.type, 'residential')))
    .limit(1);
  const firstName = user?.name?.trim().split(/\s+/)[0] ?? null;
  return { name: firstName || null, town: address?.city?.trim() || null };
}

/** Writes the user's first review, waiting for moderation; 'exists' when they already have one. */
export async function createReview(
  db: Db,
  userId: number,
  input: SiteReviewInput,
  now: Date,
): Promise<SiteReviewRow | 'exists'> {
  const [row] = await db
    .insert(siteReviews)
    .values({
      ...input,
      authorUserId: userId,
      publishConsentAt: now,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: siteReviews.authorUserId, where: sql`${siteReviews.authorUserId} is not null` })
    .returning();
  return row ?? 'exists';
}

/** Milliseconds: what the API gives as the review's UpdatedAt, and so its version. */
const version = sql`date_trunc('milliseconds', ${siteReviews.updatedAt})`;

/** An edit's updated_at: now, or a millisecond after the version replaced when a clock lags behind it. */
const nextVersion = (now: Date) =>
  sql`greatest(${now.toISOString()}::timestamptz, ${version} + interval '1 millisecond')`;

/** Replaces the user's review and sends it back to moderation; undefined when they have none. */
export async function updateReview(
  db: Db,
  userId: number,
  input: SiteReviewInput,
  now: Date,
): Promise<SiteReviewRow | undefined> {
  const [row] = await db
    .update(siteReviews)
    .set({
      ...input,
      publishConsentAt: now,
      status: 'pending',
      rejectionReason: null,
      moderatedAt: null,
      moderatedByUserId: null,
      updatedAt: nextVersion(now),
    })
    .where(eq(siteReviews.authorUserId, userId))
    .returning();
  return row;
}

/** The reviews waiting for a moderator, the longest waiting first. */
export async function listPending(db: Db, limit = 100): Promise<SiteReviewRow[]> {
  return db
    .select()
    .from(siteReviews)
    .where(eq(siteReviews.status, 'pending'))
    .orderBy(asc(siteReviews.updatedAt), asc(siteReviews.id))
    .limit(limit);
}

/**
 * A moderator's decision on the review the moderator read (`seen`: its UpdatedAt in the pending
 * list), in one statement: 'missing' when no review has the id, 'notPending' when it is no longer
 * waiting, 'changed' when it waits again with another text (its author edited it since).
 */
export async function moderateReview(
  db: Db,
  id: number,
  seen: Date,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
  moderatorId: number,
  now: Date,
): Promise<SiteReviewRow | 'missing' | 'notPending' | 'changed'> {
  const [row] = await db
    .update(siteReviews)
    .set({
      status: decision.status,
      rejectionReason: decision.status === 'rejected' ? decision.reason : null,
      moderatedAt: now,
      moderatedByUserId: moderatorId,
    })
    .where(
      and(
        eq(siteReviews.id, id),
        eq(siteReviews.status, 'pending'),
        sql`${version} = ${seen.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  if (row) return row;
  const [current] = await db.select({ status: siteReviews.status }).from(siteReviews).where(eq(siteReviews.id, id));
  if (!current) return 'missing';
  return current.status === 'pending' ? 'changed' : 'notPending';
}
