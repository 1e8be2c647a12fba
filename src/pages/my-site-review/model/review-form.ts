import {
  SITE_REVIEW_TEXT_MAX,
  SITE_REVIEW_TEXT_MIN,
  SITE_REVIEW_TITLE_MAX,
  SITE_REVIEW_TITLE_MIN,
  contactInSiteReview,
  impersonatesRexer,
  isSiteReviewBody,
  isSiteReviewRating,
  isSiteReviewTitle,
} from '@domain/site-review';
import { isPersonName, isOneLineText } from '@domain/person-name';
import type { MySiteReviewAnswer, SiteReviewRequest, SiteReviewRole } from '@/entities/site-review';
import { ApiError } from '@/shared/api';

export { SITE_REVIEW_TEXT_MAX, SITE_REVIEW_TEXT_MIN, SITE_REVIEW_TITLE_MAX, SITE_REVIEW_TITLE_MIN };

/** What the form holds: the rating 0 until a star is chosen, the role '' until one is. */
export interface ReviewDraft {
  rating: number;
  title: string;
  text: string;
  role: SiteReviewRole | '';
  displayName: string;
  town: string;
  consent: boolean;
}

export type DraftField = keyof ReviewDraft;

/** The problem of each field, as a key of the page's translations (`errors.*`). */
export type DraftProblems = Partial<Record<DraftField, string>>;

/** The form's start: the review as written, or the profile's first name and town with an empty review. */
export function draftOf(answer: MySiteReviewAnswer): ReviewDraft {
  const review = answer.Review;
  if (review)
    return {
      rating: review.Rating,
      title: review.Title,
      text: review.Text,
      role: review.Role,
      displayName: review.DisplayName,
      town: review.Town,
      // Consent is asked again with every edit: what is published may change.
      consent: false,
    };
  return {
    rating: 0,
    title: '',
    text: '',
    role: '',
    displayName: answer.Suggested.DisplayName ?? '',
    town: answer.Suggested.Town ?? '',
    consent: false,
  };
}

const CONTACT_PROBLEM = { link: 'contactLink', email: 'contactEmail', phone: 'contactPhone' } as const;

/** What keeps the draft from being sent, field by field (the server's rules, domain/site-review.ts). */
export function problemsOf(draft: ReviewDraft): DraftProblems {
  const problems: DraftProblems = {};
  if (!isSiteReviewRating(draft.rating)) problems.rating = 'rating';
  if (!isSiteReviewTitle(draft.title)) problems.title = draft.title.trim().length === 0 ? 'titleMissing' : 'title';
  if (!isSiteReviewBody(draft.text)) problems.text = draft.text.trim().length === 0 ? 'textMissing' : 'text';
  if (draft.role === '') problems.role = 'role';
  const name = draft.displayName.trim();
  if (name.length === 0 || name.length > 100 || !isPersonName(name)) problems.displayName = 'displayName';
  const town = draft.town.trim();
  if (town.length === 0 || town.length > 120 || !isOneLineText(town)) problems.town = 'town';
  const contact = contactInSiteReview({ title: draft.title, text: draft.text, displayName: name, town });
  if (contact && !problems[contact.field]) problems[contact.field] = CONTACT_PROBLEM[contact.kind];
  // Neither may pass for Rexer or its staff ('Rexer', 'Staff', 'Moderatore').
  if (!problems.displayName && impersonatesRexer(name)) problems.displayName = 'displayNameReserved';
  if (!problems.town && impersonatesRexer(town)) problems.town = 'townReserved';
  if (!draft.consent) problems.consent = 'consent';
  return problems;
}

/** The request of a draft without problems. */
export function requestOf(draft: ReviewDraft): SiteReviewRequest {
  return {
    Rating: draft.rating,
    Title: draft.title.trim(),
    Text: draft.text.trim(),
    Role: draft.role as SiteReviewRole,
    DisplayName: draft.displayName.trim(),
    Town: draft.town.trim(),
    PublishConsent: draft.consent,
  };
}

/** The translation key (`errors.*`) of a refused save. */
export function saveErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'saveFailed';
  switch (error.body?.ExceptionTypeString) {
    case 'SiteReviewHasLink':
      return 'contactLink';
    case 'SiteReviewHasEmail':
      return 'contactEmail';
    case 'SiteReviewHasPhone':
      return 'contactPhone';
    case 'SiteReviewReservedName':
      return 'reservedName';
    case 'SiteReviewConsentRequired':
      return 'consent';
    case 'TooManyRequests':
      return 'tooMany';
    default:
      return 'saveFailed';
  }
}
