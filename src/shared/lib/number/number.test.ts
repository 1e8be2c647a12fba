import { describe, expect, it } from 'vitest';
import { formatThousands, parseThousands, stripNonDigits } from './number';

describe('formatThousands', () => {
  it('puts a dot every three digits', () => {
    expect(formatThousands(0)).toBe('0');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1000)).toBe('1.000');
    expect(formatThousands(1250000)).toBe('1.250.000');
  });

  it('strips non-digits from text first', () => {
    expect(formatThousands('€ 1 250 000,00')).toBe('125.000.000');
    expect(formatThousands('1.250')).toBe('1.250');
    expect(formatThousands('abc')).toBe('');
    expect(formatThousands('007')).toBe('7');
  });

  it('rounds numbers and ignores empty values', () => {
    expect(formatThousands(1234.6)).toBe('1.235');
    expect(formatThousands(null)).toBe('');
    expect(formatThousands(undefined)).toBe('');
    expect(formatThousands(Number.NaN)).toBe('');
  });

  it('parses back', () => {
    expect(stripNonDigits('a1b2')).toBe('12');
    expect(parseThousands('1.250.000')).toBe(1250000);
    expect(parseThousands('—')).toBeUndefined();
  });
});
