// Verified reviews of an agency (server/modules/reviews, the agency's page): what a review and
// the agency's answer may hold. Pure, imported by the server (which enforces it) and the form
// (which says why before sending). A review is read by anybody on the agency's page, so it
// follows the ads' rule (domain/listing/contact-details.ts): no link, e-mail address or phone
// number; and the messages' rule for characters (domain/message-text.ts): plain text lines,
// nothing that hides or reorders a part of it.

import { contactDetailIn, type ContactKind } from './listing/contact-details';
import { isMessageText, normalizeMessageText } from './message-text';

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** A review says something: at least a sentence. */
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_ANSWER_MAX = 1000;
/** A moderator's reason for a rejection, shown to the author. */
export const REVIEW_REJECTION_MAX = 300;
/** A report's optional reason, read by the moderators. */
export const REVIEW_REPORT_REASON_MAX = 300;

/** The interaction that lets a user review an agency. */
export const REVIEW_BASES = ['visit', 'valuation', 'mandate'] as const;
export type ReviewBasis = (typeof REVIEW_BASES)[number];

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export type ReviewTextProblem = 'tooShort' | 'tooLong' | 'characters' | ContactKind;

export function isReviewRating(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= REVIEW_RATING_MIN && (value as number) <= REVIEW_RATING_MAX;
}

/** What is wrong with a review's text (or an answer's, with its own bounds), or null when it may be published. */
export function reviewTextProblem(
  raw: string,
  bounds: { min: number; max: number } = { min: REVIEW_TEXT_MIN, max: REVIEW_TEXT_MAX },
): ReviewTextProblem | null {
  const text = normalizeMessageText(raw);
  if (text.length < bounds.min) return 'tooShort';
  if (text.length > bounds.max) return 'tooLong';
  if (!isMessageText(text)) return 'characters';
  return contactDetailIn(text);
}

export const ANSWER_BOUNDS = { min: 1, max: REVIEW_ANSWER_MAX } as const;

/** The name a review is signed with: the first name and the surname's initial («Giulia B.»). */
export function reviewerDisplayName(name: string | null, surname: string | null): string {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  const initial = [...(surname ?? '').trim()][0];
  if (!first) return initial ? `${initial.toUpperCase()}.` : '';
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** The average shown for a set of ratings: one decimal, null for none. */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  return Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10;
}
