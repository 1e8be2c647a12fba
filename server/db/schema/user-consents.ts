import { relations } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

export const consentKindEnum = pgEnum('consent_kind', ['terms', 'privacy', 'commercial', 'partner']);

/**
 * Consents are an append-only log: each grant or withdrawal is a row with the text
 * version the user saw and where it happened. A user's current consent of a kind is
 * the latest row of that kind.
 */
export const userConsents = pgTable(
  'user_consents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: consentKindEnum('kind').notNull(),
    granted: boolean('granted').notNull(),
    /** Version of the text consented to, e.g. '2025-01'. */
    textVersion: varchar('text_version', { length: 32 }).notNull(),
    /** Where it was given: registration, profile, terms-modal, listing-wizard, seed ... */
    source: varchar('source', { length: 48 }).notNull(),
    ip: varchar('ip', { length: 45 }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_consents_user_kind_idx').on(t.userId, t.kind, t.recordedAt.desc())],
);

export const userConsentsRelations = relations(userConsents, ({ one }) => ({
  user: one(users, { fields: [userConsents.userId], references: [users.id] }),
}));
