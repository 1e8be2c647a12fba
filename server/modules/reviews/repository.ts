import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ReviewBasis, ReviewStatus } from '@domain/review';
import { reviewerDisplayName } from '@domain/review';
import { APPOINTMENT_STATUS } from '@domain/appointment';
import type { Db, Tx } from '../../db/database';
import { PROPERTY_STATUS } from '../../db/reference-ids';
import {
  agencies,
  agencyReviewReports,
  agencyReviews,
  appointments,
  properties,
  users,
  valuations,
} from '../../db/schema';
import { AppError } from '../../errors/app-error';

// Verified reviews of an agency. The rules the database holds whatever the number of servers:
// one review per user and agency (a unique index), and the agency's rating and count computed
// from its approved reviews in the transaction of every change, after the agency's row is
// locked, so two moderators approving at once both count.

export const PUBLIC_REVIEWS_PAGE_SIZE = 10;
export const MODERATION_PAGE_SIZE = 20;

export interface AgencyRef {
  id: number;
  slug: string;
  name: string;
}

export async function agencyBySlug(db: Db | Tx, slug: string): Promise<AgencyRef | undefined> {
  const [row] = await db
    .select({ id: agencies.id, slug: agencies.slug, name: agencies.name })
    .from(agencies)
    .where(eq(agencies.slug, slug))
    .limit(1);
  return row;
}

/**
 * The interaction that lets `userId` review the agency, strongest first, or null: an exclusive
 * mandate (a listing of theirs, past its draft, entrusted to the agency), a visit that took
 * place (confirmed, its time passed) of a listing of the agency's, a valuation asked through
 * the agency's page. Somebody who works for the agency never reviews it.
 */
export async function reviewBasisOf(
  db: Db | Tx,
  userId: number,
  agencyId: number,
  now = new Date(),
): Promise<ReviewBasis | null> {
  const [row] = await db
    .execute<{ member: boolean; mandate: boolean; visit: boolean; valuation: boolean }>(
      sql`
    select
      exists (select 1 from ${users} u where u.id = ${userId} and u.agency_id = ${agencyId}) as member,
      exists (
        select 1 from ${properties} p
        where p.owner_user_id = ${userId} and p.agency_id = ${agencyId}
          and p.status_id in (${PROPERTY_STATUS.published}, ${PROPERTY_STATUS.suspended}, ${PROPERTY_STATUS.sold})
      ) as mandate,
      exists (
        select 1 from ${appointments} a join ${properties} p on p.id = a.property_id
        where a.requester_user_id = ${userId}
          and a.status_id in (${APPOINTMENT_STATUS.confirmed}, ${APPOINTMENT_STATUS.accepted_with_phone_number})
          and a.scheduled_at < ${now.toISOString()}::timestamptz
          and (p.agency_id = ${agencyId} or a.owner_user_id in (select m.id from ${users} m where m.agency_id = ${agencyId}))
      ) as visit,
      exists (
        select 1 from ${valuations} v where v.owner_user_id = ${userId} and v.agency_id = ${agencyId}
      ) as valuation
  `,
    )
    .then((result) => result.rows);
  if (!row || row.member) return null;
  if (row.mandate) return 'mandate';
  if (row.visit) return 'visit';
  if (row.valuation) return 'valuation';
  return null;
}

/** Locks the agency's row: every change of its reviews' standing waits for the one before. */
export async function lockAgency(tx: Tx, agencyId: number): Promise<void> {
  await tx.execute(sql`select id from ${agencies} where id = ${agencyId} for update`);
}

/** The agency's rating and count, from its approved reviews (call with its row locked). */
export async function recomputeAgencyRating(tx: Db | Tx, agencyId: number): Promise<void> {
  await tx.execute(sql`
    update ${agencies} set
      rating = s.average,
      reviews_count = s.n
    from (
      select round(avg(r.rating)::numeric, 1) as average, count(*)::int as n
      from ${agencyReviews} r where r.agency_id = ${agencyId} and r.status = 'approved'
    ) s
    where ${agencies.id} = ${agencyId}
  `);
}

export interface PublicReview {
  id: number;
  rating: number;
  text: string;
  basis: ReviewBasis;
  authorName: string;
  createdAt: Date;
  updatedAt: Date;
  answer: { text: string; answeredAt: Date } | null;
}

export async function approvedReviews(
  db: Db,
  agencyId: number,
  page: number,
): Promise<{ items: PublicReview[]; total: number; average: number | null }> {
  const [summary] = await db
    .select({
      total: sql<number>`count(*)::int`,
      average: sql<string | null>`round(avg(${agencyReviews.rating})::numeric, 1)`,
    })
    .from(agencyReviews)
    .where(and(eq(agencyReviews.agencyId, agencyId), eq(agencyReviews.status, 'approved')));
  const rows = await db
    .select({
      id: agencyReviews.id,
      rating: agencyReviews.rating,
      text: agencyReviews.text,
      basis: agencyReviews.basis,
      name: users.name,
      surname: users.surname,
      createdAt: agencyReviews.createdAt,
      updatedAt: agencyReviews.updatedAt,
      answer: agencyReviews.answer,
      answeredAt: agencyReviews.answeredAt,
    })
    .from(agencyReviews)
    .innerJoin(users, eq(users.id, agencyReviews.authorUserId))
    .where(and(eq(agencyReviews.agencyId, agencyId), eq(agencyReviews.status, 'approved')))
    .orderBy(desc(agencyReviews.id))
    .limit(PUBLIC_REVIEWS_PAGE_SIZE)
    .offset((page - 1) * PUBLIC_REVIEWS_PAGE_SIZE);
  return {
    total: summary?.total ?? 0,
    average: summary?.average == null ? null : Number(summary.average),
    items: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      text: row.text,
      basis: row.basis,
      authorName: reviewerDisplayName(row.name, row.surname),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      answer: row.answer && row.answeredAt ? { text: row.answer, answeredAt: row.answeredAt } : null,
    })),
  };
}

export interface OwnReview {
  id: number;
  rating: number;
  text: string;
  basis: ReviewBasis;
  status: ReviewStatus;
  rejectionReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  answer: string | null;
}

export async function ownReview(db: Db, userId: number, agencyId: number): Promise<OwnReview | undefined> {
  const [row] = await db
    .select({
      id: agencyReviews.id,
      rating: agencyReviews.rating,
      text: agencyReviews.text,
      basis: agencyReviews.basis,
      status: agencyReviews.status,
      rejectionReason: agencyReviews.rejectionReason,
      createdAt: agencyReviews.createdAt,
      updatedAt: agencyReviews.updatedAt,
      answer: agencyReviews.answer,
    })
    .from(agencyReviews)
    .where(and(eq(agencyReviews.authorUserId, userId), eq(agencyReviews.agencyId, agencyId)))
    .limit(1);
  return row;
}

/** A new review, pending; ReviewNotAllowed without an interaction, ReviewExists for a second one. */
export async function createReview(
  db: Db,
  input: { userId: number; agencyId: number; rating: number; text: string; now?: Date },
): Promise<{ id: number; basis: ReviewBasis }> {
  return db.transaction(async (tx) => {
    const basis = await reviewBasisOf(tx, input.userId, input.agencyId, input.now);
    if (!basis) throw new AppError('ReviewNotAllowed');
    const [row] = await tx
      .insert(agencyReviews)
      .values({ agencyId: input.agencyId, authorUserId: input.userId, rating: input.rating, text: input.text, basis })
      .onConflictDoNothing({ target: [agencyReviews.agencyId, agencyReviews.authorUserId] })
      .returning({ id: agencyReviews.id });
    if (!row) throw new AppError('ReviewExists');
    return { id: row.id, basis };
  });
}

/** The author's edit: the review waits for a moderator again (and leaves the rating if it counted). */
export async function updateReview(
  db: Db,
  input: { userId: number; reviewId: number; rating: number; text: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const review = await reviewFor(tx, input.reviewId);
    if (!review || review.authorUserId !== input.userId) throw new AppError('ReviewNotFound');
    await lockAgency(tx, review.agencyId);
    await tx
      .update(agencyReviews)
      .set({
        rating: input.rating,
        text: input.text,
        status: 'pending',
        reportsCleared: false,
        rejectionReason: null,
        moderatedAt: null,
        moderatedByUserId: null,
      })
      .where(eq(agencyReviews.id, review.id));
    await recomputeAgencyRating(tx, review.agencyId);
  });
}

async function reviewFor(tx: Tx, reviewId: number) {
  const [row] = await tx
    .select({
      id: agencyReviews.id,
      agencyId: agencyReviews.agencyId,
      authorUserId: agencyReviews.authorUserId,
      status: agencyReviews.status,
      reportsCleared: agencyReviews.reportsCleared,
    })
    .from(agencyReviews)
    .where(eq(agencyReviews.id, reviewId))
    .limit(1);
  return row;
}

/**
 * A report of a published review by somebody else, once per person: the review leaves the page
 * and waits for a moderator, unless a moderator already kept it after an earlier report (then
 * the report is only recorded for them). Reviews that are not published cannot be reported.
 */
export async function reportReview(
  db: Db,
  input: { userId: number; reviewId: number; reason: string | null },
): Promise<{ hidden: boolean }> {
  return db.transaction(async (tx) => {
    const review = await reviewFor(tx, input.reviewId);
    if (!review || review.status !== 'approved') throw new AppError('ReviewNotFound');
    if (review.authorUserId === input.userId) throw new AppError('ReviewOwnNotReportable');
    await lockAgency(tx, review.agencyId);
    await tx
      .insert(agencyReviewReports)
      .values({ reviewId: review.id, reporterUserId: input.userId, reason: input.reason })
      .onConflictDoNothing();
    if (review.reportsCleared) return { hidden: false };
    const hidden = await tx
      .update(agencyReviews)
      .set({ status: 'pending' })
      .where(and(eq(agencyReviews.id, review.id), eq(agencyReviews.status, 'approved')))
      .returning({ id: agencyReviews.id });
    await recomputeAgencyRating(tx, review.agencyId);
    return { hidden: hidden.length > 0 };
  });
}

/** The agency's public answer to a published review of it (null removes it); only its own accounts answer. */
export async function answerReview(
  db: Db,
  input: { agencyId: number | null; userId: number; reviewId: number; text: string | null },
): Promise<void> {
  if (input.agencyId === null) throw new AppError('ReviewNotFound');
  const done = await db
    .update(agencyReviews)
    .set(
      input.text === null
        ? { answer: null, answeredAt: null, answeredByUserId: null }
        : { answer: input.text, answeredAt: new Date(), answeredByUserId: input.userId },
    )
    .where(
      and(
        eq(agencyReviews.id, input.reviewId),
        eq(agencyReviews.agencyId, input.agencyId),
        eq(agencyReviews.status, 'approved'),
      ),
    )
    .returning({ id: agencyReviews.id });
  if (done.length === 0) throw new AppError('ReviewNotFound');
}

export interface ModerationItem {
  id: number;
  agency: AgencyRef;
  rating: number;
  text: string;
  basis: ReviewBasis;
  authorName: string;
  createdAt: Date;
  updatedAt: Date;
  reports: { reason: string | null; createdAt: Date }[];
}

/** Reviews waiting for a moderator, oldest first (new, edited or reported). */
export async function pendingReviews(db: Db, afterId: number): Promise<ModerationItem[]> {
  const rows = await db
    .select({
      id: agencyReviews.id,
      agencyId: agencies.id,
      agencySlug: agencies.slug,
      agencyName: agencies.name,
      rating: agencyReviews.rating,
      text: agencyReviews.text,
      basis: agencyReviews.basis,
      name: users.name,
      surname: users.surname,
      createdAt: agencyReviews.createdAt,
      updatedAt: agencyReviews.updatedAt,
    })
    .from(agencyReviews)
    .innerJoin(agencies, eq(agencies.id, agencyReviews.agencyId))
    .innerJoin(users, eq(users.id, agencyReviews.authorUserId))
    .where(and(eq(agencyReviews.status, 'pending'), gt(agencyReviews.id, afterId)))
    .orderBy(agencyReviews.id)
    .limit(MODERATION_PAGE_SIZE);
  const reports =
    rows.length === 0
      ? []
      : await db
          .select({
            reviewId: agencyReviewReports.reviewId,
            reason: agencyReviewReports.reason,
            createdAt: agencyReviewReports.createdAt,
          })
          .from(agencyReviewReports)
          .where(
            inArray(
              agencyReviewReports.reviewId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(agencyReviewReports.createdAt);
  return rows.map((row) => ({
    id: row.id,
    agency: { id: row.agencyId, slug: row.agencySlug, name: row.agencyName },
    rating: row.rating,
    text: row.text,
    basis: row.basis,
    authorName: reviewerDisplayName(row.name, row.surname),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    reports: reports.filter((r) => r.reviewId === row.id).map(({ reason, createdAt }) => ({ reason, createdAt })),
  }));
}

/**
 * A moderator's decision on a pending review. Approving one that was reported keeps it published
 * from then on whatever new reports say (they still reach the moderators' list of reports).
 * A review no longer pending (edited meanwhile is still pending; approved by another moderator
 * is not) answers ReviewNotFound.
 */
export async function moderateReview(
  db: Db,
  input: { moderatorId: number; reviewId: number; decision: 'approve' | 'reject'; reason: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const review = await reviewFor(tx, input.reviewId);
    if (!review) throw new AppError('ReviewNotFound');
    await lockAgency(tx, review.agencyId);
    const reported =
      input.decision === 'approve'
        ? sql<boolean>`exists (select 1 from ${agencyReviewReports} where review_id = ${review.id})`
        : sql<boolean>`false`;
    const done = await tx
      .update(agencyReviews)
      .set({
        status: input.decision === 'approve' ? 'approved' : 'rejected',
        rejectionReason: input.decision === 'reject' ? input.reason : null,
        reportsCleared: sql`${agencyReviews.reportsCleared} or ${reported}`,
        moderatedAt: new Date(),
        moderatedByUserId: input.moderatorId,
      })
      .where(and(eq(agencyReviews.id, review.id), eq(agencyReviews.status, 'pending')))
      .returning({ id: agencyReviews.id });
    if (done.length === 0) throw new AppError('ReviewNotFound');
    await recomputeAgencyRating(tx, review.agencyId);
  });
}

/** The agencies a user's reviews count for (read before the account's rows go). */
export async function agenciesReviewedBy(db: Db | Tx, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ agencyId: agencyReviews.agencyId })
    .from(agencyReviews)
    .where(eq(agencyReviews.authorUserId, userId))
    .orderBy(agencyReviews.agencyId);
  return rows.map((row) => row.agencyId);
}
