import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
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
  messages,
  messageThreads,
  properties,
  users,
  valuations,
} from '../../db/schema';
import { VISIT_MINUTES } from '../appointments/slots';
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
 * The interaction that lets `userId` review the agency, strongest first, or null:
 * - an exclusive mandate: a listing of theirs, past its draft, entrusted to the agency;
 * - a visit that took place: confirmed, with a listing of the agency's, its half hour over;
 * - a valuation asked through the agency's page that the agency followed up: its account wrote
 *   to the person in a conversation after the valuation (asking for a valuation alone costs
 *   nothing and the agency takes no part in it, so on its own it proves no dealing with it).
 * Nobody who works for an agency reviews one (theirs or a competitor's).
 */
export async function reviewBasisOf(
  db: Db | Tx,
  userId: number,
  agencyId: number,
  now = new Date(),
): Promise<ReviewBasis | null> {
  const visitOver = new Date(now.getTime() - VISIT_MINUTES * 60_000).toISOString();
  const [row] = await db
    .execute<{ member: boolean; mandate: boolean; visit: boolean; valuation: boolean }>(
      sql`
    select
      exists (select 1 from ${users} u where u.id = ${userId} and u.agency_id is not null) as member,
      exists (
        select 1 from ${properties} p
        where p.owner_user_id = ${userId} and p.agency_id = ${agencyId}
          and p.status_id in (${PROPERTY_STATUS.published}, ${PROPERTY_STATUS.suspended}, ${PROPERTY_STATUS.sold})
      ) as mandate,
      exists (
        select 1 from ${appointments} a join ${properties} p on p.id = a.property_id
        where a.requester_user_id = ${userId}
          and a.status_id in (${APPOINTMENT_STATUS.confirmed}, ${APPOINTMENT_STATUS.accepted_with_phone_number})
          and a.scheduled_at <= ${visitOver}::timestamptz
          and (p.agency_id = ${agencyId} or a.owner_user_id in (select m.id from ${users} m where m.agency_id = ${agencyId}))
      ) as visit,
      (
        exists (
          select 1 from ${valuations} v
          join ${messageThreads} t on t.agency_id = v.agency_id and t.buyer_user_id = v.owner_user_id
          join ${messages} m on m.thread_id = t.id
          where v.owner_user_id = ${userId} and v.agency_id = ${agencyId}
            and m.sender_user_id <> ${userId} and m.created_at > v.created_at
        )
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

/** Whether the user works for an agency (they answer reviews of theirs and review none). */
export async function agencyOfUser(db: Db | Tx, userId: number): Promise<number | null> {
  const [row] = await db.select({ agencyId: users.agencyId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.agencyId ?? null;
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
  /** Changed by its author after it was written. */
  edited: boolean;
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
      authorName: agencyReviews.authorName,
      createdAt: agencyReviews.createdAt,
      editedAt: agencyReviews.editedAt,
      answer: agencyReviews.answer,
      answeredAt: agencyReviews.answeredAt,
      answerApprovedAt: agencyReviews.answerApprovedAt,
    })
    .from(agencyReviews)
    .where(and(eq(agencyReviews.agencyId, agencyId), eq(agencyReviews.status, 'approved')))
    .orderBy(desc(agencyReviews.createdAt), desc(agencyReviews.id))
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
      authorName: row.authorName,
      createdAt: row.createdAt,
      edited: row.editedAt !== null,
      answer:
        row.answer && row.answeredAt && row.answerApprovedAt ? { text: row.answer, answeredAt: row.answeredAt } : null,
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
    const authorName = await signatureOf(tx, input.userId);
    const [row] = await tx
      .insert(agencyReviews)
      .values({
        agencyId: input.agencyId,
        authorUserId: input.userId,
        rating: input.rating,
        text: input.text,
        basis,
        authorName,
      })
      .onConflictDoNothing({ target: [agencyReviews.agencyId, agencyReviews.authorUserId] })
      .returning({ id: agencyReviews.id });
    if (!row) throw new AppError('ReviewExists');
    return { id: row.id, basis };
  });
}

/** The name a review is signed with, as the author's profile has it now. */
async function signatureOf(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx.select({ name: users.name, surname: users.surname }).from(users).where(eq(users.id, userId));
  return reviewerDisplayName(row?.name ?? null, row?.surname ?? null);
}

/**
 * The author's edit: the review waits for a moderator again (and leaves the rating if it
 * counted); the agency's answer goes, as it answered another text.
 */
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
        authorName: await signatureOf(tx, input.userId),
        editedAt: new Date(),
        answer: null,
        answeredAt: null,
        answeredByUserId: null,
        answerApprovedAt: null,
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

/** Reports from distinct people (none of them working for an agency) that take a review off the page. */
export const REPORTS_TO_HIDE = 3;
/** How old an account must be for its report to count towards hiding (fresh accounts are cheap). */
export const REPORTER_MIN_AGE_DAYS = 7;

/** Reports made on the review's current text (after its author's last edit). */
const onCurrentText = sql`${agencyReviewReports.createdAt} > coalesce(${agencyReviews.editedAt}, ${agencyReviews.createdAt})`;

/**
 * A report of a published review by somebody else, once per person. Every report puts the
 * review in the moderators' queue; it leaves the page only once REPORTS_TO_HIDE people who work
 * for no agency, with accounts older than REPORTER_MIN_AGE_DAYS, reported its current text (one
 * account, or a few made for it, cannot take a competitor's good review down, nor the agency its
 * bad ones), and never again after a moderator kept that text following reports.
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
    await tx
      .update(agencyReviews)
      .set({ reportedAt: sql`coalesce(${agencyReviews.reportedAt}, now())` })
      .where(eq(agencyReviews.id, review.id));
    if (review.reportsCleared) return { hidden: false };
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(agencyReviewReports)
      .innerJoin(users, eq(users.id, agencyReviewReports.reporterUserId))
      .innerJoin(agencyReviews, eq(agencyReviews.id, agencyReviewReports.reviewId))
      .where(
        and(
          eq(agencyReviewReports.reviewId, review.id),
          isNull(users.agencyId),
          sql`${users.createdAt} < now() - make_interval(days => ${REPORTER_MIN_AGE_DAYS})`,
          onCurrentText,
        ),
      );
    if ((counted?.n ?? 0) < REPORTS_TO_HIDE) return { hidden: false };
    await tx
      .update(agencyReviews)
      .set({ status: 'pending' })
      .where(and(eq(agencyReviews.id, review.id), eq(agencyReviews.status, 'approved')));
    await recomputeAgencyRating(tx, review.agencyId);
    return { hidden: true };
  });
}

/**
 * The agency's answer to a published review of it (null removes it); only its own accounts
 * answer. It shows once a moderator let it (it may name the reviewer, who cannot answer back).
 */
export async function answerReview(
  db: Db,
  input: { agencyId: number | null; userId: number; reviewId: number; text: string | null },
): Promise<void> {
  if (input.agencyId === null) throw new AppError('ReviewNotFound');
  const done = await db
    .update(agencyReviews)
    .set(
      input.text === null
        ? { answer: null, answeredAt: null, answeredByUserId: null, answerApprovedAt: null }
        : { answer: input.text, answeredAt: new Date(), answeredByUserId: input.userId, answerApprovedAt: null },
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
  /** Published (reported) or waiting. */
  status: ReviewStatus;
  /** What a decision must name: the version the moderator read (its author's last edit, or its writing). */
  version: string;
  createdAt: Date;
  editedAt: Date | null;
  answer: string | null;
  /** The agency's answer waits for a moderator (its version: when it was written). */
  answerPending: { version: string } | null;
  /** When the author's account was made. */
  authorSince: Date;
  reports: { reason: string | null; createdAt: Date; fromAgency: 'reviewed' | 'other' | null; new: boolean }[];
}

const versionOf = (row: { createdAt: Date; editedAt: Date | null }) => (row.editedAt ?? row.createdAt).toISOString();

/**
 * The moderators' queue, oldest first: reviews waiting (new, edited, hidden by reports), published
 * ones reported since the last decision, and published ones whose agency's answer waits.
 */
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
      authorName: agencyReviews.authorName,
      status: agencyReviews.status,
      createdAt: agencyReviews.createdAt,
      editedAt: agencyReviews.editedAt,
      moderatedAt: agencyReviews.moderatedAt,
      answer: agencyReviews.answer,
      answeredAt: agencyReviews.answeredAt,
      answerApprovedAt: agencyReviews.answerApprovedAt,
      authorSince: users.createdAt,
    })
    .from(agencyReviews)
    .innerJoin(agencies, eq(agencies.id, agencyReviews.agencyId))
    .innerJoin(users, eq(users.id, agencyReviews.authorUserId))
    .where(
      and(
        sql`(${agencyReviews.status} = 'pending' or ${agencyReviews.reportedAt} is not null or (${agencyReviews.answer} is not null and ${agencyReviews.answerApprovedAt} is null))`,
        gt(agencyReviews.id, afterId),
      ),
    )
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
            reporterAgencyId: users.agencyId,
          })
          .from(agencyReviewReports)
          .innerJoin(users, eq(users.id, agencyReviewReports.reporterUserId))
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
    authorName: row.authorName,
    status: row.status,
    version: versionOf(row),
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    answer: row.answer,
    answerPending:
      row.answer !== null && row.answerApprovedAt === null && row.answeredAt !== null
        ? { version: row.answeredAt.toISOString() }
        : null,
    authorSince: row.authorSince,
    reports: reports
      .filter((r) => r.reviewId === row.id)
      .map((r) => ({
        reason: r.reason,
        createdAt: r.createdAt,
        fromAgency: r.reporterAgencyId === null ? null : r.reporterAgencyId === row.agencyId ? 'reviewed' : 'other',
        new: row.moderatedAt === null || r.createdAt > row.moderatedAt,
      })),
  }));
}

/**
 * A moderator's decision on a review of the queue, for the version they read: one its author
 * edited meanwhile answers ReviewChanged, one no longer in the queue (another moderator decided)
 * ReviewNotFound. Approving a reported review keeps it published from then on whatever new
 * reports say (they still reach the queue).
 */
export async function moderateReview(
  db: Db,
  input: {
    moderatorId: number;
    reviewId: number;
    version: string;
    decision: 'approve' | 'reject';
    reason: string | null;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const review = await reviewFor(tx, input.reviewId);
    if (!review) throw new AppError('ReviewNotFound');
    await lockAgency(tx, review.agencyId);
    const [current] = await tx
      .select({
        status: agencyReviews.status,
        reportedAt: agencyReviews.reportedAt,
        createdAt: agencyReviews.createdAt,
        editedAt: agencyReviews.editedAt,
      })
      .from(agencyReviews)
      .where(eq(agencyReviews.id, review.id));
    if (!current || (current.status !== 'pending' && current.reportedAt === null)) throw new AppError('ReviewNotFound');
    if (versionOf(current) !== input.version) throw new AppError('ReviewChanged');
    // Kept after reports on this very text: later reports reach the queue, never hide it (an edit undoes it).
    const reported = sql<boolean>`exists (select 1 from ${agencyReviewReports} where ${agencyReviewReports.reviewId} = ${review.id} and ${onCurrentText})`;
    await tx
      .update(agencyReviews)
      .set({
        status: input.decision === 'approve' ? 'approved' : 'rejected',
        rejectionReason: input.decision === 'reject' ? input.reason : null,
        reportsCleared:
          input.decision === 'approve'
            ? sql`${agencyReviews.reportsCleared} or ${reported}`
            : agencyReviews.reportsCleared,
        reportedAt: null,
        moderatedAt: new Date(),
        moderatedByUserId: input.moderatorId,
      })
      .where(eq(agencyReviews.id, review.id));
    await recomputeAgencyRating(tx, review.agencyId);
  });
}

/**
 * A moderator's decision on an agency's answer waiting to show, for the version read (the answer
 * rewritten meanwhile: ReviewChanged): approve lets it show, reject removes it.
 */
export async function moderateAnswer(
  db: Db,
  input: { reviewId: number; version: string; decision: 'approve' | 'reject' },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ answeredAt: agencyReviews.answeredAt, answerApprovedAt: agencyReviews.answerApprovedAt })
      .from(agencyReviews)
      .where(and(eq(agencyReviews.id, input.reviewId), isNotNull(agencyReviews.answer)))
      .for('update');
    if (!row || row.answerApprovedAt !== null || row.answeredAt === null) throw new AppError('ReviewNotFound');
    if (row.answeredAt.toISOString() !== input.version) throw new AppError('ReviewChanged');
    await tx
      .update(agencyReviews)
      .set(
        input.decision === 'approve'
          ? { answerApprovedAt: new Date() }
          : { answer: null, answeredAt: null, answeredByUserId: null, answerApprovedAt: null },
      )
      .where(eq(agencyReviews.id, input.reviewId));
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
