import { z } from 'zod';
import {
  SITE_REVIEW_NAME_MAX,
  SITE_REVIEW_RATING_MAX,
  SITE_REVIEW_RATING_MIN,
  SITE_REVIEW_REASON_MAX,
  SITE_REVIEW_ROLES,
  SITE_REVIEW_STATUSES,
  SITE_REVIEW_TEXT_MAX,
  SITE_REVIEW_TEXT_MIN,
  SITE_REVIEW_TITLE_MAX,
  SITE_REVIEW_TITLE_MIN,
  SITE_REVIEW_TOWN_MAX,
  isSiteReviewBody,
  isSiteReviewTitle,
} from '@domain/site-review';
import { OneLineText, PersonName } from '../shared/schemas';
import { PathId, queryInt } from '../shared/query';

// Reviews of Rexer (/diconodinoi): the public list, the caller's own review (MyRexer, «La tua
// recensione di Rexer») and the moderators' queue. PascalCase fields as in the rest of the API.

export const SiteReviewRole = z
  .enum(SITE_REVIEW_ROLES)
  .describe('The reviewer’s part: seller, buyer, landlord (let a home), renter (rented one)');

export const SiteReviewStatus = z
  .enum(SITE_REVIEW_STATUSES)
  .describe('pending: waiting for a moderator (new or edited); approved: on /diconodinoi; rejected: not shown');

/** A review as /diconodinoi shows it. */
export const PublicSiteReview = z
  .object({
    Id: z.number().int(),
    Rating: z.number().int().min(1).max(5),
    Title: z.string(),
    Text: z.string().describe('Plain text with line breaks (render it as text, never as HTML).'),
    Role: SiteReviewRole,
    DisplayName: z.string().describe('The first name the author chose to publish'),
    Town: z.string(),
    IsExample: z.boolean().describe('A review of the demo data, written by nobody (shown with an «Esempio» badge)'),
    PublishedAt: z.iso.datetime().describe('When a moderator approved it (its writing, for an example)'),
  })
  .meta({ id: 'PublicSiteReview' });

export const SiteReviewListQuery = z.object({
  Page: queryInt(1, 10_000).default(1).describe('Page number from 1 (default 1).'),
  PageSize: queryInt(1, 50).default(12).describe('Reviews per page, 1-50 (default 12).'),
});

export const SiteReviewList = z
  .object({
    Items: z.array(PublicSiteReview).describe('Approved reviews, newest first.'),
    Count: z.number().int().describe('Approved reviews in all (examples included when the demo data has them).'),
    Average: z.number().nullable().describe('Their average rating, one decimal; null when there is none.'),
    Page: z.number().int(),
    PageSize: z.number().int(),
    TotalPages: z.number().int().describe('Pages of PageSize reviews (0 with no review).'),
  })
  .meta({ id: 'SiteReviewList' });

/** The caller's own review, with where it stands. */
export const MySiteReview = z
  .object({
    Id: z.number().int(),
    Rating: z.number().int().min(1).max(5),
    Title: z.string(),
    Text: z.string(),
    Role: SiteReviewRole,
    DisplayName: z.string(),
    Town: z.string(),
    Status: SiteReviewStatus,
    RejectionReason: z.string().nullable().describe('Why a moderator did not publish it (rejected only).'),
    PublishConsentAt: z.iso.datetime(),
    CreatedAt: z.iso.datetime(),
    UpdatedAt: z.iso.datetime(),
  })
  .meta({ id: 'MySiteReview' });

export const MySiteReviewAnswer = z
  .object({
    Review: MySiteReview.nullable().describe('Null until the caller writes one.'),
    Suggested: z
      .object({
        DisplayName: z.string().nullable().describe('The first name of the profile'),
        Town: z.string().nullable().describe('The town of the residential address, when the profile has one'),
      })
      .describe('What the form starts from when there is no review yet.'),
  })
  .meta({ id: 'MySiteReviewAnswer' });

const Title = z
  .string()
  .trim()
  .min(SITE_REVIEW_TITLE_MIN)
  .max(SITE_REVIEW_TITLE_MAX)
  .refine(isSiteReviewTitle, { message: 'one line of visible text' })
  .describe(`${SITE_REVIEW_TITLE_MIN}-${SITE_REVIEW_TITLE_MAX} characters, one line; no link, e-mail or phone number`);

const Text = z
  .string()
  .max(SITE_REVIEW_TEXT_MAX + 200)
  .refine(isSiteReviewBody, {
    message: `${SITE_REVIEW_TEXT_MIN}-${SITE_REVIEW_TEXT_MAX} characters of text lines without hidden characters`,
  })
  .describe(
    `${SITE_REVIEW_TEXT_MIN}-${SITE_REVIEW_TEXT_MAX} characters of plain text (line breaks kept); no link, e-mail or phone number`,
  );

export const SiteReviewRequest = z
  .object({
    Rating: z.number().int().min(SITE_REVIEW_RATING_MIN).max(SITE_REVIEW_RATING_MAX).describe('1-5 stars'),
    Title,
    Text,
    Role: SiteReviewRole,
    DisplayName: PersonName(SITE_REVIEW_NAME_MAX).describe('The first name published with the review'),
    Town: OneLineText(SITE_REVIEW_TOWN_MAX).describe('The town published with the review'),
    PublishConsent: z
      .boolean()
      .optional()
      .describe(
        'Consent to publish the first name and town with the review: must be true (otherwise 400 SiteReviewConsentRequired)',
      ),
  })
  .meta({ id: 'SiteReviewRequest' });

/** A review in the moderators' queue. */
export const ModerationSiteReview = z
  .object({
    Id: z.number().int(),
    Rating: z.number().int().min(1).max(5),
    Title: z.string(),
    Text: z.string(),
    Role: SiteReviewRole,
    DisplayName: z.string(),
    Town: z.string(),
    Status: SiteReviewStatus,
    RejectionReason: z.string().nullable(),
    CreatedAt: z.iso.datetime(),
    UpdatedAt: z.iso
      .datetime()
      .describe('Its last writing or edit: the Version to send with a decision (it changes with every edit)'),
  })
  .meta({ id: 'ModerationSiteReview' });

export const ModerationSiteReviewList = z
  .object({
    Items: z.array(ModerationSiteReview).describe('Waiting reviews, the longest waiting first (at most 100).'),
  })
  .meta({ id: 'ModerationSiteReviewList' });

export const SiteReviewParams = z.object({ id: PathId });

/** The version of the review the moderator read: a decision applies to that text only. */
const Version = z.iso
  .datetime({ offset: true })
  // Years PostgreSQL's timestamptz takes and a review can have: 2000-2999 (year 0 or 10000 would fail the query).
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 2000 && year <= 2999;
  }, 'a time of a review')
  .describe(
    'The UpdatedAt of the review as the pending list gave it: the text the moderator read. When its author edited it since, nothing is decided (409 SiteReviewChanged).',
  );

export const ApproveSiteReviewRequest = z.object({ Version }).meta({ id: 'ApproveSiteReviewRequest' });

export const RejectSiteReviewRequest = z
  .object({
    Reason: OneLineText(SITE_REVIEW_REASON_MAX).describe('Why it is not published: shown to its author only'),
    Version,
  })
  .meta({ id: 'RejectSiteReviewRequest' });
