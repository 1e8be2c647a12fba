import { index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** A file sent with a mail (a visit's .ics invitation): small text files, kept with the row. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text (UTF-8). */
  content: string;
}

/**
 * Every mail the app sends is written here first: the table is the mail queue. Without
 * SMTP_URL this is where mail ends (the app can show it); with SMTP the sender delivers each
 * row and records sentAt, or the error and when to try again (a restart loses nothing).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Files sent with the mail (null: none). */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** What the mail is for (confirm-email, reset-password ...), for tests and the outbox view. */
    template: varchar('template', { length: 64 }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last delivery failure, if any. */
    error: text('error'),
    /** Delivery attempts so far; the sender gives up after a few. */
    attempts: smallint('attempts').notNull().default(0),
    /** When the sender may try again after a failure (null: at once). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.toAddress, t.id),
    index('mail_outbox_pending_idx').on(t.sentAt, t.nextAttemptAt),
  ],
);
