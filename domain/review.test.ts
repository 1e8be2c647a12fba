import { describe, expect, it } from 'vitest';
import { averageRating, isReviewRating, reviewerDisplayName, reviewTextProblem, ANSWER_BOUNDS } from './review';

const good = 'Agente preciso e disponibile, visita puntuale e ben organizzata.';

describe('reviewTextProblem', () => {
  it('accepts a plain review', () => {
    expect(reviewTextProblem(good)).toBeNull();
  });
  it('refuses a text too short or too long', () => {
    expect(reviewTextProblem('Ottimo')).toBe('tooShort');
    expect(reviewTextProblem('a'.repeat(2001))).toBe('tooLong');
  });
  it('refuses links, e-mail addresses and phone numbers as the ads do', () => {
    expect(reviewTextProblem(`${good} Scrivetemi su www.esempio.it`)).toBe('link');
    expect(reviewTextProblem(`${good} mario.rossi@gmail.com`)).toBe('email');
    expect(reviewTextProblem(`${good} chiamate il 347 123 4567`)).toBe('phone');
  });
  it('refuses characters that hide or reorder the text', () => {
    expect(reviewTextProblem(`${good}\u202e`)).toBe('characters');
  });
  it('judges an answer with its own bounds', () => {
    expect(reviewTextProblem('Grazie!', ANSWER_BOUNDS)).toBeNull();
    expect(reviewTextProblem('x'.repeat(1001), ANSWER_BOUNDS)).toBe('tooLong');
  });
});

describe('isReviewRating', () => {
  it('takes whole stars from 1 to 5', () => {
    expect([1, 5].every(isReviewRating)).toBe(true);
    expect([0, 6, 3.5, '4', null].some(isReviewRating)).toBe(false);
  });
});

describe('reviewerDisplayName', () => {
  it('signs with the first name and the initial', () => {
    expect(reviewerDisplayName('Giulia Maria', 'bianchi')).toBe('Giulia B.');
    expect(reviewerDisplayName('Luca', null)).toBe('Luca');
  });
});

describe('averageRating', () => {
  it('rounds to one decimal, null without ratings', () => {
    expect(averageRating([5, 4, 4])).toBe(4.3);
    expect(averageRating([])).toBeNull();
  });
});
