import { describe, expect, it } from 'vitest';
import { formatDate } from './listing-text';

describe('formatDate', () => {
  it('writes the first of a month as Italian does, and the other days as numbers', () => {
    expect(formatDate('2027-02-01')).toBe('1º febbraio 2027');
    expect(formatDate('2026-03-12T10:00:00Z')).toBe('12 marzo 2026');
    expect(formatDate('2026-11-11')).toBe('11 novembre 2026');
    expect(formatDate('non una data')).toBeNull();
    expect(formatDate(null)).toBeNull();
  });
});
