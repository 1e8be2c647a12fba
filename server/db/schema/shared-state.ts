import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// What must hold across requests whichever server answers them: every server of the app
// reads and writes these rows, none keeps its own copy (docs/scaling.md).

/**
 * Keys that sign or encrypt what one server issues and another checks (captcha challenges,
 * analytics links, the social login's flow cookie) when the configuration gives none: made
 * once by the first server to start, then shared by all.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Captcha solutions already accepted: one solution, one login or registration, on any server. */
export const captchaSpentChallenges = pgTable(
  'captcha_spent_challenges',
  {
    challengeId: varchar('challenge_id', { length: 128 }).primaryKey(),
    /** After this the challenge no longer verifies, so the row can go. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_spent_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * Request counters of the rate limits that ban (login, registration, recovery,
 * re-authentication): counted here, so a client is counted, and banned, on every server.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: varchar('key', { length: 300 }).primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowEndsAt)],
);
