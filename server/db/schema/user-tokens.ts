import { relations } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

// Only hashes of tokens are stored (SHA-256, hex): a copy of the database does not
// let anyone sign in. Revocation sets revoked_at; rows are never reused.

/**
 * Long-lived user tokens, from a login or an anonymous login (userId null). Traded for
 * short-lived session tokens by /api/Account/Session.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: varchar('token_hash', { length: 128 }).notNull().unique(),
    /** Null for an anonymous visitor's token. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    portal: smallint('portal').notNull().default(5),
    /** Silent logins (wizard, registration) are not treated as confirmed sessions. */
    silent: boolean('silent').notNull().default(false),
    userAgent: varchar('user_agent', { length: 350 }),
    ip: varchar('ip', { length: 45 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The latest proof of identity on this token: the login itself (password, single-use
     * link, social provider), or the password typed again. Sensitive changes (deleting the
     * account, a new phone) need one from the last 10 minutes.
     */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
    /**
     * The absolute end of the session, fixed at login (SESSION_MAX_AGE_DAYS, 90 days by
     * default): the daily refresh of the 30 days of inactivity never goes past it.
     */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId), index('user_tokens_expires_idx').on(t.expiresAt)],
);

/** Short-lived bearer tokens, each derived from a user token. */
export const sessionTokens = pgTable(
  'session_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: varchar('token_hash', { length: 128 }).notNull().unique(),
    userTokenId: integer('user_token_id')
      .notNull()
      .references(() => userTokens.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('session_tokens_user_token_idx').on(t.userTokenId),
    index('session_tokens_expires_idx').on(t.expiresAt),
  ],
);

export const userActionTokenKindEnum = pgEnum('user_action_token_kind', [
  'confirm_email',
  'reset_password',
  'set_password',
  'auto_login',
  /**
   * Answered with UserNotConfirmed to a login on an unconfirmed account: it only asks for a
   * new confirmation mail (RequestNewConfirmationMail) and never confirms the address.
   */
  'resend_confirmation',
]);

/** Single-use tokens sent by mail: confirm an address, reset or set a password, auto-login links. */
export const userActionTokens = pgTable(
  'user_action_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: varchar('token_hash', { length: 128 }).notNull().unique(),
    kind: userActionTokenKindEnum('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('user_action_tokens_user_kind_idx').on(t.userId, t.kind)],
);

export const userTokensRelations = relations(userTokens, ({ one, many }) => ({
  user: one(users, { fields: [userTokens.userId], references: [users.id] }),
  sessions: many(sessionTokens),
}));

export const sessionTokensRelations = relations(sessionTokens, ({ one }) => ({
  userToken: one(userTokens, { fields: [sessionTokens.userTokenId], references: [userTokens.id] }),
  user: one(users, { fields: [sessionTokens.userId], references: [users.id] }),
}));

export const userActionTokensRelations = relations(userActionTokens, ({ one }) => ({
  user: one(users, { fields: [userActionTokens.userId], references: [users.id] }),
}));
