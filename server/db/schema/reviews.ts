import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { agencies } from './agencies';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * Where a review stands. Every new or edited review waits (pending) until a moderator approves or
 * rejects it; a report sends an approved one back to pending, hidden, unless a moderator already
 * kept it after an earlier report (reports_cleared).
 */
export const reviewStatusEnum = pgEnum('review_status', ['pending', 'approved', 'rejected']);

/** The interaction recorded by the product that lets a user review an agency. */
export const reviewBasisEnum = pgEnum('review_basis', ['visit', 'valuation', 'mandate']);

/**
 * Verified reviews of an agency (server/modules/reviews): one per user and agency, 1-5 stars and a
 * plain text with no link, e-mail address or phone number, written only after an interaction
 * (basis). The agency's shown rating and count are computed from the approved ones
 * (agencies.rating, agencies.reviews_count, kept in the same transaction as each change).
 */
export const agencyReviews = pgTable(
  'agency_reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    /** The name the review is signed with («Giulia B.»), kept as it was when written or edited. */
    authorName: varchar('author_name', { length: 120 }).notNull().default(''),
    basis: reviewBasisEnum('basis').notNull(),
    /** When its author last changed it («modificata»); null when never. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    status: reviewStatusEnum('status').notNull().default('pending'),
    /** The first report a moderator has not looked at yet: the review is in their queue until they decide. */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    /** Set once a moderator approved the review after a report: later reports no longer hide it. */
    reportsCleared: boolean('reports_cleared').notNull().default(false),
    /** Why a moderator rejected it (shown to its author only). */
    rejectionReason: varchar('rejection_reason', { length: 300 }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedByUserId: integer('moderated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The agency's public answer, plain text under the same rules. */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredByUserId: integer('answered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When a moderator let the answer show: until then it waits in the queue, unseen by the public. */
    answerApprovedAt: timestamp('answer_approved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('agency_reviews_agency_author_uq').on(t.agencyId, t.authorUserId),
    index('agency_reviews_agency_status_idx').on(t.agencyId, t.status, t.id),
    index('agency_reviews_author_idx').on(t.authorUserId),
    /** The moderators' queue: waiting, published with reports not looked at yet, or with an answer to let show. */
    index('agency_reviews_queue_idx')
      .on(t.id)
      .where(
        sql`${t.status} = 'pending' or ${t.reportedAt} is not null or (${t.answer} is not null and ${t.answerApprovedAt} is null)`,
      ),
    check('agency_reviews_rating', sql`${t.rating} between 1 and 5`),
    check('agency_reviews_text_length', sql`char_length(${t.text}) between 1 and 2000`),
    check('agency_reviews_answer_length', sql`${t.answer} is null or char_length(${t.answer}) between 1 and 1000`),
  ],
);

/** Who reported a review, once per user and review. */
export const agencyReviewReports = pgTable(
  'agency_review_reports',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => agencyReviews.id, { onDelete: 'cascade' }),
    reporterUserId: integer('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 300 }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.reporterUserId] }),
    index('agency_review_reports_reporter_idx').on(t.reporterUserId),
  ],
);

/** The reviewer's part in the product, shown next to a review of Rexer. */
export const siteReviewRoleEnum = pgEnum('site_review_role', ['seller', 'buyer', 'landlord', 'renter']);

/**
 * Reviews of Rexer itself, shown on /diconodinoi once a moderator approved them: one per user,
 * written from MyRexer with consent to publish the first name and town (kept as given then).
 * The demo data's own reviews have no author and are marked is_example; they are seeded only
 * when DEMO_DATA is on.
 */
export const siteReviews = pgTable(
  'site_reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    text: text('text').notNull(),
    role: siteReviewRoleEnum('role').notNull(),
    /** The first name and town published with the review. */
    displayName: varchar('display_name', { length: 100 }).notNull(),
    town: varchar('town', { length: 120 }).notNull(),
    /** When the author consented to publishing the first name and town. */
    publishConsentAt: timestamp('publish_consent_at', { withTimezone: true }),
    isExample: boolean('is_example').notNull().default(false),
    status: reviewStatusEnum('status').notNull().default('pending'),
    rejectionReason: varchar('rejection_reason', { length: 300 }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedByUserId: integer('moderated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('site_reviews_author_uq')
      .on(t.authorUserId)
      .where(sql`${t.authorUserId} is not null`),
    index('site_reviews_status_idx').on(t.status, t.id),
    check('site_reviews_rating', sql`${t.rating} between 1 and 5`),
    check('site_reviews_text_length', sql`char_length(${t.text}) between 1 and 2000`),
    check(
      'site_reviews_author_or_example',
      sql`(${t.authorUserId} is not null and ${t.publishConsentAt} is not null) or ${t.isExample}`,
    ),
  ],
);
