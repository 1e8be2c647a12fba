import { and, asc, avg, count, desc, eq, sql } from 'drizzle-orm';
import type { SiteReviewRole } from '@domain/site-review';
import type { Db } from '../../db/database';
import { siteReviews, userAddresses, users } from '../../db/schema';

// Reviews of Rexer: the approved ones for /diconodinoi, the author's own (one per user, by the
// partial unique index site_reviews_author_uq) and the moderators' queue. A new or edited review
// waits (pending); a moderator's decision applies only to a review still waiting, so an edit made
// meanwhile is never approved unseen.

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
      updatedAt: now,
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
 * A moderator's decision on a waiting review: 'missing' when no review has the id, 'notPending'
 * when it is no longer waiting.
 */
export async function moderateReview(
  db: Db,
  id: number,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
  moderatorId: number,
  now: Date,
): Promise<SiteReviewRow | 'missing' | 'notPending'> {
  const [row] = await db
    .update(siteReviews)
    .set({
      status: decision.status,
      rejectionReason: decision.status === 'rejected' ? decision.reason : null,
      moderatedAt: now,
      moderatedByUserId: moderatorId,
    })
    .where(and(eq(siteReviews.id, id), eq(siteReviews.status, 'pending')))
    .returning();
  if (row) return row;
  const [exists] = await db.select({ id: siteReviews.id }).from(siteReviews).where(eq(siteReviews.id, id));
  return exists ? 'notPending' : 'missing';
}
