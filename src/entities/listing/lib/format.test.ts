import { describe, expect, it } from 'vitest';
import { formatPrice, formatPricePerM2, formatSurface } from './format';

const plain = (text: string | null) => text?.replace(/\u00a0/g, ' ') ?? null;

describe('listing formatting', () => {
  it('writes a sale price with Italian thousands and the euro after it', () => {
    expect(plain(formatPrice(245000, 1))).toBe('245.000 €');
    expect(plain(formatPrice(1250000))).toBe('1.250.000 €');
  });

  it('writes a rent per month, grouping four digits too', () => {
    expect(plain(formatPrice(1200, 2))).toBe('1.200 €/mese');
  });

  it('has no price for a missing or zero figure', () => {
    expect(formatPrice(null, 1)).toBeNull();
    expect(formatPrice(0, 1)).toBeNull();
    expect(formatPricePerM2(null)).toBeNull();
    expect(formatSurface(0)).toBeNull();
  });

  it('writes price per square metre and surface with their units on one line', () => {
    expect(formatPricePerM2(3500)).toBe('3.500\u00a0€/m²');
    expect(formatSurface(85)).toBe('85\u00a0m²');
  });
});
