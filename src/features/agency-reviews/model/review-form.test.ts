import { describe, expect, it } from 'vitest';
import { answerProblem, failureKey, reviewFormErrors } from './review-form';

describe('reviewFormErrors', () => {
  it('asks for the stars and a text of a sentence at least', () => {
    expect(reviewFormErrors({ rating: 0, text: 'Bene' })).toEqual({ rating: 'ratingMissing', text: 'text.tooShort' });
  });
  it('names the contact detail found, as the server refuses it', () => {
    expect(reviewFormErrors({ rating: 4, text: 'Ottima agenzia, scrivete pure a mario@esempio.it' })).toEqual({
      text: 'text.email',
    });
    expect(reviewFormErrors({ rating: 4, text: 'Ottima agenzia, disponibile e molto precisa.' })).toEqual({});
  });
  it('judges an answer with its own bounds', () => {
    expect(answerProblem('Grazie!')).toBeNull();
    expect(answerProblem('Chiamateci al 02 1234 5678')).toBe('text.phone');
  });
});

describe('failureKey', () => {
  it('has a sentence for each refusal and a general one', () => {
    expect(failureKey('ReviewNotAllowed')).toBe('failed.ReviewNotAllowed');
    expect(failureKey('InternalError')).toBe('failed.generic');
    expect(failureKey(null)).toBe('failed.generic');
  });
});
