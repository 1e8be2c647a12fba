import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { mailOutbox } from '../../db/schema';

/** How long a sent mail stays in the outbox (the outbox view, a support question about it). */
export const SENT_MAIL_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** How long an unsent mail stays: its links (a reset, a confirmation) have expired by then. */
export const UNSENT_MAIL_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The housekeeping job's part of the outbox: mails sent more than 30 days ago, and mails never
 * sent that are older than 7 days, are deleted (their text holds the person's address and the
 * links of single-use tokens). Answers how many went.
 */
export async function purgeMailOutbox(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(mailOutbox)
    .where(
      or(
        and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, new Date(now.getTime() - SENT_MAIL_KEPT_MS))),
        and(isNull(mailOutbox.sentAt), lt(mailOutbox.createdAt, new Date(now.getTime() - UNSENT_MAIL_KEPT_MS))),
      ),
    )
    .returning({ id: mailOutbox.id });
  return deleted.length;
}
