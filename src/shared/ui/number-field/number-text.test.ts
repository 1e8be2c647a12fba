import { describe, expect, it } from 'vitest';
import { formatNumberText, numberToText, parseNumberText } from './number-text';

describe('number text (Italian)', () => {
  it('reads whole numbers with or without the dots', () => {
    expect(parseNumberText('120.000', false)).toBe(120000);
    expect(parseNumberText('120000', false)).toBe(120000);
    expect(parseNumberText('€ 1.250', false)).toBe(1250);
    expect(parseNumberText('', false)).toBeNull();
    expect(formatNumberText('1250000', false)).toBe('1.250.000');
  });

  it('reads decimals after a comma, or after a lone dot not followed by three digits', () => {
    expect(parseNumberText('45,5', true)).toBe(45.5);
    expect(parseNumberText('1.234,75', true)).toBe(1234.75);
    expect(parseNumberText('45.5', true)).toBe(45.5);
    expect(parseNumberText('1.234', true)).toBe(1234);
    expect(formatNumberText('1234,5', true)).toBe('1.234,5');
    expect(formatNumberText('45,', true)).toBe('45,');
  });

  it('shows a stored number the Italian way', () => {
    expect(numberToText(120000, false)).toBe('120.000');
    expect(numberToText(45.5, true)).toBe('45,5');
    expect(numberToText(null, true)).toBe('');
  });
});
