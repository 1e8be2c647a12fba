import { describe, expect, it } from 'vitest';
import { CHALLENGE_TTL_S, SpentChallenges } from './captcha';

describe('spent challenges', () => {
  it('refuse a challenge the second time, until it could no longer verify anyway', () => {
    let clock = 0;
    const spent = new SpentChallenges(10, () => clock);
    expect(spent.setIfAbsent('a')).toBe(true);
    expect(spent.setIfAbsent('a')).toBe(false);
    expect(spent.get('a')).toBe(true);
    clock = CHALLENGE_TTL_S * 1000;
    expect(spent.get('a')).toBe(false);
  });

  it('when full of live challenges, refuse rather than forget one', () => {
    let clock = 0;
    const spent = new SpentChallenges(2, () => clock);
    expect(spent.setIfAbsent('a')).toBe(true);
    expect(spent.setIfAbsent('b')).toBe(true);
    expect(spent.setIfAbsent('c')).toBe(false);
    expect(spent.setIfAbsent('a')).toBe(false);
    // Once the first ones have expired their room is reused.
    clock = CHALLENGE_TTL_S * 1000;
    expect(spent.setIfAbsent('c')).toBe(true);
  });
});
