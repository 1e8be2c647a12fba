import { and, asc, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../../db/schema';
import { redactText } from '../../plugins/log-redaction';

/**
 * Delivers the mail outbox through SMTP when SMTP_URL is set (ARCHITECTURE.md: nodemailer,
 * SMTP when configured). The outbox table is the queue: every mail is a row first, the
 * sender takes the rows not sent yet, records sentAt, or the error and when to try again,
 * so a restart or an SMTP outage loses nothing. Several servers may run it: a row is claimed
 * with FOR UPDATE SKIP LOCKED.
 */

/** How often the queue is looked at when nothing woke the sender. */
export const MAIL_POLL_MS = 5_000;
/** Attempts before a mail is left as failed (its error stays on the row). */
export const MAIL_MAX_ATTEMPTS = 8;
const BATCH = 20;

/** Wait before the next attempt: 30 s, 1 min, 2 min ... up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60 * 1000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

const LINK_REMOVED = '[link removed after delivery]';

/** The text with every link that carries a token replaced: a delivered mail's row opens nothing. */
export function withoutLinks(text: string): string {
  return text.replace(/https?:\/\/[^\s"'<>]+/g, (url) => (redactText(url) === url ? url : LINK_REMOVED));
}

export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
}

/** Sends what is due now; answers how many were sent and how many failed. */
export async function deliverDueMail(fastify: FastifyInstance, transport: MailTransport, from: string, now = new Date()): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const claimed = await fastify.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAIL_MAX_ATTEMPTS), or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now))))
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        try {
          await transport.sendMail({ from, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody ?? undefined });
          // Delivered: the copy kept here loses its working links (confirmation, reset, login).
          await tx
            .update(mailOutbox)
            .set({ sentAt: new Date(), error: null, attempts: row.attempts + 1, textBody: withoutLinks(row.textBody), htmlBody: row.htmlBody === null ? null : withoutLinks(row.htmlBody) })
            .where(sql`${mailOutbox.id} = ${row.id}`);
          sent++;
        } catch (error) {
          const attempts = row.attempts + 1;
          await tx
            .update(mailOutbox)
            .set({ attempts, error: String(error instanceof Error ? error.message : error).slice(0, 1000), nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) })
            .where(sql`${mailOutbox.id} = ${row.id}`);
          failed++;
        }
      }
      return rows.length;
    });
    if (claimed < BATCH) return { sent, failed };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Looks at the outbox now (after a mail is queued) instead of at the next poll. */
    wakeMailSender: () => void;
  }
}

export default fp(
  async function mailSender(fastify) {
    const smtpUrl = fastify.config.smtpUrl;
    if (!smtpUrl) {
      fastify.decorate('wakeMailSender', () => {});
      return;
    }
    const transport: MailTransport = nodemailer.createTransport(smtpUrl);
    const from = fastify.config.mailFrom;
    let running: Promise<unknown> | undefined;
    let again = false;
    const run = () => {
      if (running) {
        again = true;
        return;
      }
      running = deliverDueMail(fastify, transport, from)
        .catch((error: unknown) => fastify.log.error({ err: error }, 'mail delivery failed'))
        .finally(() => {
          running = undefined;
          if (again) {
            again = false;
            run();
          }
        });
    };
    fastify.decorate('wakeMailSender', run);
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      run();
      timer = setInterval(run, MAIL_POLL_MS);
      timer.unref();
    });
    fastify.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'mail-sender', dependencies: ['context'], fastify: '5.x' },
);
