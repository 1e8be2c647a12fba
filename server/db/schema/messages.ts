import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies } from './agencies';
import { createdAt } from './columns';
import { properties } from './properties';
import { users } from './users';

/**
 * A conversation between two people: about one listing, between the buyer (or renter) who wrote
 * first and the listing's owner (one per listing and buyer), or with an agency («Contatta
 * l'agenzia»), between the person who wrote and the agency's account (one per agency and person).
 * Only those two read or write it (server/modules/messages).
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The listing the thread is about; null for a thread with an agency. */
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    /** The agency written to from its page; null for a thread about a listing. */
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The listing's owner (or the agency's account) when the thread began. */
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The time of the newest message: the threads list is ordered by it. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_threads_property_buyer_uq').on(t.propertyId, t.buyerUserId),
    uniqueIndex('message_threads_agency_buyer_uq')
      .on(t.agencyId, t.buyerUserId)
      .where(sql`${t.agencyId} is not null`),
    check('message_threads_one_subject', sql`(${t.propertyId} is null) <> (${t.agencyId} is null)`),
    index('message_threads_buyer_idx').on(t.buyerUserId, t.lastMessageAt, t.id),
    index('message_threads_owner_idx').on(t.ownerUserId, t.lastMessageAt, t.id),
    check('message_threads_two_people', sql`${t.buyerUserId} <> ${t.ownerUserId}`),
  ],
);

/** The messages of a thread: plain text (never HTML), 1-2000 characters, line breaks kept. */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_thread_idx').on(t.threadId, t.id),
    check('messages_text_length', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);

/**
 * Per thread and person: the newest message they have read (0: none) and when a mail last
 * told them of a new message (at most one per thread every 15 minutes, whichever server posts).
 */
export const messageThreadReads = pgTable(
  'message_thread_reads',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] })],
);
