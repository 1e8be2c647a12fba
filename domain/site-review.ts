// A review of Rexer itself (/diconodinoi, written from MyRexer): its bounds and text rules, shared
// by the server (server/modules/site-reviews) and the form, so both refuse the same things. The
// text follows the ads' rule (domain/listing/contact-details.ts): no link, e-mail address or
// phone number. Pure and without Italian words: each side says why in its own way.

import { contactDetailIn, type ContactKind } from './listing/contact-details';
import { isMessageText } from './message-text';
import { isOneLineText } from './person-name';

export const SITE_REVIEW_ROLES = ['seller', 'buyer', 'landlord', 'renter'] as const;
export type SiteReviewRole = (typeof SITE_REVIEW_ROLES)[number];

export const SITE_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SiteReviewStatus = (typeof SITE_REVIEW_STATUSES)[number];

export const SITE_REVIEW_RATING_MIN = 1;
export const SITE_REVIEW_RATING_MAX = 5;
export const SITE_REVIEW_TITLE_MIN = 3;
export const SITE_REVIEW_TITLE_MAX = 120;
export const SITE_REVIEW_TEXT_MIN = 20;
export const SITE_REVIEW_TEXT_MAX = 2000;
export const SITE_REVIEW_NAME_MAX = 100;
export const SITE_REVIEW_TOWN_MAX = 120;
export const SITE_REVIEW_REASON_MAX = 300;

/** The fields of a review a person writes and a reader sees. */
export interface SiteReviewText {
  title: string;
  text: string;
  displayName: string;
  town: string;
}

/** Which field holds contact details, and which kind, the first found; null when none does. */
export function contactInSiteReview(review: SiteReviewText): { field: keyof SiteReviewText; kind: ContactKind } | null {
  for (const field of ['title', 'text', 'displayName', 'town'] as const) {
    const kind = contactDetailIn(review[field]);
    if (kind !== null) return { field, kind };
  }
  return null;
}

/** A title: one line of visible text, 3-120 characters once trimmed. */
export function isSiteReviewTitle(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length >= SITE_REVIEW_TITLE_MIN && trimmed.length <= SITE_REVIEW_TITLE_MAX && isOneLineText(trimmed);
}

/** A text: 20-2000 characters of text lines once trimmed, none hidden or reordering (a message's rule). */
export function isSiteReviewBody(value: string): boolean {
  const trimmed = value.replace(/\r\n?/g, '\n').trim();
  return trimmed.length >= SITE_REVIEW_TEXT_MIN && isMessageText(trimmed);
}

export function isSiteReviewRating(value: number): boolean {
  return Number.isInteger(value) && value >= SITE_REVIEW_RATING_MIN && value <= SITE_REVIEW_RATING_MAX;
}
