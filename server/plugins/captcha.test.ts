import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase, type Database } from '../db/database';
import { CHALLENGE_TTL_S, purgeSpentChallenges, spentChallengesIn } from './captcha';

describe('spent challenges, kept in the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPgliteDatabase({ dataDir: '', inMemory: true });
  });
  afterAll(() => database.close());

  it('refuse a challenge the second time, whichever server asks, until it could no longer verify anyway', async () => {
    let clock = Date.UTC(2026, 10, 24, 9);
    // Two stores over one database: two servers.
    const first = spentChallengesIn(database.db, () => clock);
    const second = spentChallengesIn(database.db, () => clock);
    expect(await first.setIfAbsent('challenge-a')).toBe(true);
    expect(await second.setIfAbsent('challenge-a')).toBe(false);
    expect(await second.get('challenge-a')).toBe(true);
    clock += CHALLENGE_TTL_S * 1000;
    expect(await second.get('challenge-a')).toBe(false);
  });

  it('accepts exactly one of many verifications racing on the same solution', async () => {
    const stores = Array.from({ length: 8 }, () => spentChallengesIn(database.db));
    const answers = await Promise.all(stores.map((store) => store.setIfAbsent('challenge-race')));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('forgets only the challenges that expired', async () => {
    const now = Date.now();
    const store = spentChallengesIn(database.db, () => now - CHALLENGE_TTL_S * 1000 - 1000);
    await store.setIfAbsent('challenge-old');
    const fresh = spentChallengesIn(database.db, () => now);
    await fresh.setIfAbsent('challenge-new');
    expect(await purgeSpentChallenges(database.db, new Date(now))).toBeGreaterThanOrEqual(1);
    expect(await fresh.get('challenge-new')).toBe(true);
    expect(await fresh.setIfAbsent('challenge-new')).toBe(false);
  });
});
