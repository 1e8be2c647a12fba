import { describe, expect, it } from 'vitest';
import { clusterSize, formatClusterCount, formatMarkerPrice, formatRadius } from './format';

describe('formatMarkerPrice', () => {
  it('writes prices the Italian way, euro after the number', () => {
    expect(formatMarkerPrice(245_000)).toBe('245.000 €');
    expect(formatMarkerPrice(850)).toBe('850 €');
    expect(formatMarkerPrice(999_999)).toBe('999.999 €');
  });

  it('shortens millions with a decimal comma', () => {
    expect(formatMarkerPrice(1_000_000)).toBe('1 mln €');
    expect(formatMarkerPrice(1_250_000)).toBe('1,25 mln €');
    expect(formatMarkerPrice(12_345_678)).toBe('12,35 mln €');
  });

  it('gives nothing for a price on request', () => {
    expect(formatMarkerPrice(null)).toBeNull();
    expect(formatMarkerPrice(0)).toBeNull();
    expect(formatMarkerPrice(Number.NaN)).toBeNull();
  });
});

describe('formatClusterCount', () => {
  it('groups thousands with a dot', () => {
    expect(formatClusterCount(8)).toBe('8');
    expect(formatClusterCount(1234)).toBe('1.234');
    expect(formatClusterCount(99_999)).toBe('99.999');
  });

  it('shortens six figures so the bubble holds them', () => {
    expect(formatClusterCount(123_456)).toBe('123k');
    expect(formatClusterCount(1_234_567)).toBe('1.234k');
  });

  it('sizes the bubble by the count', () => {
    expect(clusterSize(2)).toBe('small');
    expect(clusterSize(100)).toBe('medium');
    expect(clusterSize(10_000)).toBe('large');
  });
});

describe('formatRadius', () => {
  it('says metres below a kilometre and kilometres with a comma above', () => {
    expect(formatRadius(850)).toBe('850 m');
    expect(formatRadius(2_500)).toBe('2,5 km');
    expect(formatRadius(2_000)).toBe('2 km');
    expect(formatRadius(12_400)).toBe('12 km');
  });
});
