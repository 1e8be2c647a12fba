// A review of Rexer itself (/diconodinoi, written from MyRexer): its bounds and text rules, shared
// by the server (server/modules/site-reviews) and the form, so both refuse the same things. The
// text follows the ads' rule (domain/listing/contact-details.ts): no link, e-mail address or
// phone number. Pure and without Italian words: each side says why in its own way.

import { contactDetailIn, foldForContactCheck, type ContactKind } from './listing/contact-details';
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

// A published name or town that passes for Rexer or its people ('Rexer', 'Staff', 'Il
// moderatore', 'Admin') would sign a review as the brand: refused. Read as a reader sees it:
// folded like the contact check (accents, other scripts' lookalike letters, fullwidth forms), the
// digits and signs that stand for letters ('R3x3r', 'Adm1n', '$taff') and 'rn' for 'm' read as
// letters, repeated letters as one ('Reeexer', 'Stafff'), and words split by case, spaces or
// punctuation joined where it hides one ('R.E.X.E.R', 'Ad min'). The brand and the staff roles are
// refused anywhere in the name; 'staff' and the help desk's words only as a whole word, since
// real names and towns hold them ('Staffan', 'Staffolo', 'Santa Margherita di Staffora').
// Titles are not checked: they speak about Rexer by nature, and a review is signed by its name.

/** Refused anywhere in a name once its words are joined (lookalikes read as letters, doubled letters as one). */
const RESERVED_ANYWHERE = ['rexer', 'moderat', 'moderaz', 'amministra', 'admin', 'redazion'] as const;
/** Refused as a word of their own (or the whole name). */
const RESERVED_WORDS = ['staff', 'support', 'supporto', 'assistenza', 'helpdesk'] as const;

/** Digits, signs and letters that stand for the letters of the reserved words. */
const RESERVED_FROM = '013457$@|!×ıɩɑɛσ';
const RESERVED_TO = 'oieatssaiixiiaeo';
const RESERVED_LOOKALIKE = new RegExp(`[${RESERVED_FROM}]`, 'g');

/** Letters only, each run of one letter as one. */
const squash = (word: string) => word.replace(/[^a-z]/g, '').replace(/([a-z])\1+/g, '$1');

/** The words of a name as a reader takes them: lower-case ASCII letters, lookalikes read as letters. */
function readWords(value: string): string[] {
  const folded = foldForContactCheck(value.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2'))
    .replace(RESERVED_LOOKALIKE, (c) => RESERVED_TO[RESERVED_FROM.indexOf(c)]!)
    .replace(/rn/g, 'm')
    .replace(/l/g, 'i');
  // Letters spelled one by one ('S t a f f', 'S.T.A.F.F') make one word.
  const words: string[] = [];
  let spelled = '';
  for (const word of folded.split(/[^a-z]+/).filter(Boolean)) {
    if (word.length === 1) {
      spelled += word;
      continue;
    }
    if (spelled) words.push(spelled);
    spelled = '';
    words.push(word);
  }
  if (spelled) words.push(spelled);
  return words.map(squash);
}

const ANYWHERE = RESERVED_ANYWHERE.map((word) => squash(word.replace(/l/g, 'i')));
const WORDS = new Set(RESERVED_WORDS.map((word) => squash(word.replace(/l/g, 'i'))));

/** Whether a name passes for Rexer or its staff ('Rexer', 'Staff Rexer', 'Il Moderatore', 'ADM1N', 'Rеxеr' in Cyrillic). */
export function impersonatesRexer(value: string): boolean {
  const words = readWords(value);
  const joined = squash(words.join(''));
  return ANYWHERE.some((word) => joined.includes(word)) || words.some((word) => WORDS.has(word));
}

/** Which published field (the name first, then the town) passes for Rexer or its staff; null when none does. */
export function impersonationInSiteReview(
  review: Pick<SiteReviewText, 'displayName' | 'town'>,
): 'displayName' | 'town' | null {
  if (impersonatesRexer(review.displayName)) return 'displayName';
  if (impersonatesRexer(review.town)) return 'town';
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
