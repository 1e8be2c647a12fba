import {
  ANSWER_BOUNDS,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  reviewTextProblem,
  type ReviewTextProblem,
} from '@domain/review';

// What the review form says before it sends, and after the server answered: the same rules
// as the server (domain/review.ts), each with its sentence (locales/it/agency-reviews.json).

export interface ReviewDraft {
  rating: number;
  text: string;
}

export interface ReviewFormErrors {
  rating?: 'ratingMissing';
  text?: `text.${ReviewTextProblem}`;
}

export function reviewFormErrors(draft: ReviewDraft): ReviewFormErrors {
  const errors: ReviewFormErrors = {};
  if (draft.rating < 1 || draft.rating > 5) errors.rating = 'ratingMissing';
  const problem = reviewTextProblem(draft.text);
  if (problem) errors.text = `text.${problem}`;
  return errors;
}

export function answerProblem(text: string): `text.${ReviewTextProblem}` | null {
  const problem = reviewTextProblem(text, ANSWER_BOUNDS);
  return problem ? `text.${problem}` : null;
}

export const TEXT_BOUNDS = { min: REVIEW_TEXT_MIN, max: REVIEW_TEXT_MAX } as const;

/** The sentence for a server's refusal of a write (a key of the namespace's `failed` group). */
export function failureKey(errorName: string | null): string {
  switch (errorName) {
    case 'ReviewNotAllowed':
    case 'ReviewExists':
    case 'ReviewTextRefused':
    case 'ReviewNotFound':
    case 'ReviewOwnNotReportable':
    case 'TooManyRequests':
      return `failed.${errorName}`;
    default:
      return 'failed.generic';
  }
}
