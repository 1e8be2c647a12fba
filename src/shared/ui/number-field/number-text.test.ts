import { describe, expect, it } from 'vitest';
import { formatNumberText, numberToText, parseNumberText } from './number-text';

describe('number text (Italian)', () => {
  it('reads whole numbers with or without the dots', () => {
    expect(parseNumberText('120.000', 'thousands')).toBe(120000);
    expect(parseNumberText('120000', 'thousands')).toBe(120000);
    expect(parseNumberText('€ 1.250', 'thousands')).toBe(1250);
    expect(parseNumberText('', 'thousands')).toBeNull();
    expect(formatNumberText('1250000', 'thousands')).toBe('1.250.000');
  });

  it('reads decimals after a comma, or after a lone dot not followed by three digits', () => {
    expect(parseNumberText('45,5', 'decimal')).toBe(45.5);
    expect(parseNumberText('1.234,75', 'decimal')).toBe(1234.75);
    expect(parseNumberText('45.5', 'decimal')).toBe(45.5);
    expect(parseNumberText('1.234', 'decimal')).toBe(1234);
    expect(formatNumberText('1234,5', 'decimal')).toBe('1.234,5');
    expect(formatNumberText('45,', 'decimal')).toBe('45,');
  });

  it('shows a stored number the Italian way', () => {
    expect(numberToText(120000, 'thousands')).toBe('120.000');
    expect(numberToText(45.5, 'decimal')).toBe('45,5');
    expect(numberToText(null, 'decimal')).toBe('');
    expect(numberToText(1980, 'plain')).toBe('1980');
    expect(formatNumberText('19.80', 'plain')).toBe('1980');
  });
});
