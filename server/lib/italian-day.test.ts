import { describe, expect, it } from 'vitest';
import { italianDay } from './italian-day';

describe('italianDay', () => {
  it("answers the day in Rome, not UTC's, in winter and in summer", () => {
    expect(italianDay(new Date('2026-11-29T23:30:00Z'))).toBe('2026-11-30');
    expect(italianDay(new Date('2026-11-29T22:59:00Z'))).toBe('2026-11-29');
    expect(italianDay(new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-15');
    expect(italianDay(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
  });
});
