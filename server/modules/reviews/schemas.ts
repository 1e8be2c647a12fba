import { z } from 'zod';
import {
  ANSWER_BOUNDS,
  REVIEW_BASES,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REJECTION_MAX,
  REVIEW_REPORT_REASON_MAX,
  REVIEW_STATUSES,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  reviewTextProblem,
} from '@domain/review';
import { isMessageText, normalizeMessageText } from '@domain/message-text';
import { PathId, queryInt } from '../shared/query';

export const ReviewIdParams = z.object({ id: PathId.describe("The review's id.") });

const Rating = z.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX).describe('Whole stars, 1-5.');

/**
 * A review's text: the schema refuses the wrong length and the hidden characters (400
 * ValidationError); a link, e-mail address or phone number is the handler's 400 ReviewTextRefused,
 * which the form tells apart.
 */
const ReviewText = z
  .string()
  .trim()
  .max(REVIEW_TEXT_MAX + 200)
  .refine((value) => {
    const problem = reviewTextProblem(normalizeMessageText(value));
    return problem === null || problem === 'link' || problem === 'email' || problem === 'phone';
  }, `${REVIEW_TEXT_MIN}-${REVIEW_TEXT_MAX} characters of plain text lines`)
  .describe(
    `Plain text, ${REVIEW_TEXT_MIN}-${REVIEW_TEXT_MAX} characters after trimming; no link, e-mail address or phone number (400 ReviewTextRefused).`,
  );

export const ReviewWrite = z
  .object({ Rating, Text: ReviewText })
  .meta({ id: 'AgencyReviewWrite', description: 'A review of an agency: its stars and its text.' });

export const ReviewBasis = z
  .enum(REVIEW_BASES)
  .describe('The interaction that allows the review: an exclusive mandate, a visit that took place, a valuation.');

export const ReviewStatus = z
  .enum(REVIEW_STATUSES)
  .describe(
    'pending: waiting for a moderator (new, edited or reported); approved: published; rejected: not published.',
  );

const AgencyAnswer = z
  .object({ Text: z.string(), AnsweredAt: z.iso.datetime() })
  .meta({ id: 'AgencyReviewAnswer', description: "The agency's public answer." });

export const PublicReview = z
  .object({
    Id: z.number().int(),
    Rating: z.number().int(),
    Text: z.string().describe('Plain text, line breaks kept: shown as text, never HTML.'),
    Basis: ReviewBasis,
    AuthorName: z.string().describe('First name and the initial of the surname.'),
    CreatedAt: z.iso.datetime(),
    Edited: z.boolean().describe('Changed by its author after it was written.'),
    Answer: AgencyAnswer.nullable(),
  })
  .meta({ id: 'AgencyReview' });

export const ReviewsQuery = z.object({
  Page: queryInt(1, 1000).default(1).describe('1-based page of 10 reviews, newest first.'),
});

export const ReviewsPage = z
  .object({
    Rating: z.number().nullable().describe('Average of the approved reviews, one decimal; null without any.'),
    Count: z.number().int().describe('Approved reviews.'),
    Page: z.number().int(),
    PageSize: z.number().int(),
    Reviews: z.array(PublicReview),
  })
  .meta({ id: 'AgencyReviewsPage' });

export const OwnReview = z
  .object({
    Id: z.number().int(),
    Rating: z.number().int(),
    Text: z.string(),
    Basis: ReviewBasis,
    Status: ReviewStatus,
    RejectionReason: z.string().nullable().describe("The moderator's reason, when rejected."),
    CreatedAt: z.iso.datetime(),
    UpdatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AgencyOwnReview' });

export const MyReviewState = z
  .object({
    CanReview: z.boolean().describe('An interaction is recorded and no review was written yet.'),
    Basis: ReviewBasis.nullable().describe('The interaction found; null when none.'),
    IsAgencyMember: z.boolean().describe('The caller works for this agency: they answer its reviews.'),
    WorksForAgency: z.boolean().describe('The caller works for an agency: accounts of agencies review none.'),
    Review: OwnReview.nullable(),
  })
  .meta({ id: 'AgencyMyReview' });

export const ReviewCreated = z
  .object({ Id: z.number().int(), Status: ReviewStatus, Basis: ReviewBasis })
  .meta({ id: 'AgencyReviewCreated' });

const OptionalReason = (max: number) =>
  z
    .string()
    .max(max + 50)
    .transform(normalizeMessageText)
    .refine(
      (value) => value.length <= max && (value === '' || isMessageText(value)),
      `up to ${max} characters of text`,
    );

export const ReportRequest = z
  .object({ Reason: OptionalReason(REVIEW_REPORT_REASON_MAX).optional().describe('Why, for the moderators.') })
  .meta({ id: 'AgencyReviewReport' });

export const ReportResult = z
  .object({ Hidden: z.boolean().describe('The review left the page until a moderator decides.') })
  .meta({ id: 'AgencyReviewReportResult' });

export const AnswerRequest = z
  .object({
    Text: z
      .string()
      .trim()
      .max(ANSWER_BOUNDS.max + 200)
      .refine((value) => {
        const problem = reviewTextProblem(normalizeMessageText(value), ANSWER_BOUNDS);
        return problem === null || problem === 'link' || problem === 'email' || problem === 'phone';
      }, `1-${ANSWER_BOUNDS.max} characters of plain text lines`)
      .describe(
        `Plain text, 1-${ANSWER_BOUNDS.max} characters; no link, e-mail address or phone number (400 ReviewTextRefused).`,
      ),
  })
  .meta({ id: 'AgencyReviewAnswerWrite' });

export const ModerationQuery = z.object({
  After: queryInt(0, 2_147_483_647).default(0).describe('The last id of the previous page (oldest first).'),
});

export const ModerationItem = z
  .object({
    Id: z.number().int(),
    Agency: z.object({ Id: z.number().int(), Slug: z.string(), Name: z.string() }),
    Rating: z.number().int(),
    Text: z.string(),
    Basis: ReviewBasis,
    AuthorName: z.string(),
    Status: ReviewStatus.describe('pending: not on the page; approved: published, with reports not looked at yet.'),
    Version: z.string().describe('What a decision names (Approve, Reject): the version read.'),
    CreatedAt: z.iso.datetime(),
    EditedAt: z.iso.datetime().nullable(),
    Answer: z.string().nullable().describe("The agency's answer (shown, or waiting: AnswerPending)."),
    AnswerPending: z
      .object({ Version: z.string().describe('What the answer decision names.') })
      .nullable()
      .describe("The agency's answer waits for a moderator (Answer/Approve, Answer/Reject)."),
    AuthorSince: z.iso.datetime().describe("When the author's account was made."),
    Reports: z.array(
      z.object({
        Reason: z.string().nullable(),
        CreatedAt: z.iso.datetime(),
        FromAgency: z
          .enum(['reviewed', 'other'])
          .nullable()
          .describe('The reporter works for the reviewed agency, for another one, or for none.'),
        New: z.boolean().describe('Made after the last decision of a moderator.'),
      }),
    ),
  })
  .meta({ id: 'AgencyReviewModerationItem' });

export const ModerationList = z
  .object({ Items: z.array(ModerationItem), More: z.boolean() })
  .meta({ id: 'AgencyReviewModerationList' });

const Version = z
  .string()
  .max(40)
  .describe('The Version of the queue item the moderator read (409 ReviewChanged when edited since).');

export const ApproveRequest = z.object({ Version }).meta({ id: 'AgencyReviewApprove' });

export const RejectRequest = z
  .object({
    Version,
    Reason: OptionalReason(REVIEW_REJECTION_MAX)
      .refine((value) => normalizeMessageText(value).length >= 3, 'a reason of 3-300 characters')
      .describe('Why it is not published: shown to its author.'),
  })
  .meta({ id: 'AgencyReviewReject' });
