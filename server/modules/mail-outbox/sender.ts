import { and, asc, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../../db/schema';
import { redactText } from '../../plugins/log-redaction';
import { oneLineSubject } from '../shared/mail-text';

/**
 * Delivers the mail outbox through SMTP when SMTP_URL is set (docs/architecture.md: nodemailer,
 * SMTP when configured). Every mail is a row first; the delivery job takes the rows not sent
 * yet, records sentAt, or the error and when to try again, so a restart or an SMTP outage
 * loses nothing. Several servers may run it: a row is claimed with FOR UPDATE SKIP LOCKED.
 */

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
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    attachments?: { filename: string; content: string; contentType: string }[];
  }): Promise<unknown>;
}

/** Sends what is due now; answers how many were sent and how many failed. */
export async function deliverDueMail(
  fastify: FastifyInstance,
  transport: MailTransport,
  from: string,
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const before = { sent, failed };
    const claimed = await fastify.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
            lt(mailOutbox.attempts, MAIL_MAX_ATTEMPTS),
            or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now)),
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        try {
          await transport.sendMail({
            from,
            to: row.toAddress,
            subject: oneLineSubject(row.subject),
            text: row.textBody,
            html: row.htmlBody ?? undefined,
            // A visit's invitation (.ics): small text files kept with the row.
            ...(row.attachments && row.attachments.length > 0
              ? {
                  attachments: row.attachments.map((a) => ({
                    filename: a.filename,
                    content: a.content,
                    contentType: a.contentType,
                  })),
                }
              : {}),
          });
          // Delivered: the copy kept here loses its working links (confirmation, reset, login).
          await tx
            .update(mailOutbox)
            .set({
              sentAt: new Date(),
              error: null,
              attempts: row.attempts + 1,
              textBody: withoutLinks(row.textBody),
              htmlBody: row.htmlBody === null ? null : withoutLinks(row.htmlBody),
            })
            .where(sql`${mailOutbox.id} = ${row.id}`);
          sent++;
        } catch (error) {
          const attempts = row.attempts + 1;
          await tx
            .update(mailOutbox)
            .set({
              attempts,
              error: String(error instanceof Error ? error.message : error).slice(0, 1000),
              nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
            })
            .where(sql`${mailOutbox.id} = ${row.id}`);
          failed++;
        }
      }
      return rows.length;
    });
    // Counted once the batch's rows say so (a rolled-back batch is tried again, and counted then).
    fastify.metrics.mailsSent.inc(sent - before.sent);
    fastify.metrics.mailsFailed.inc(failed - before.failed);
    if (claimed < BATCH) return { sent, failed };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Asks for a delivery now (after a mail is queued) instead of at the next scheduled sweep. */
    wakeMailSender: () => void;
  }
}

/** The job that delivers the outbox; one at a time runs, one more may wait (pg-boss 'stately'). */
export const MAIL_DELIVERY_JOB = 'mail-delivery';

/**
 * Mail delivery on the job queue (SMTP_URL set): a mail queued on any server asks for a
 * delivery job; a schedule sweeps every minute for the mails whose retry is due. Whichever
 * server takes the job, the rows are claimed with FOR UPDATE SKIP LOCKED, so each mail goes
 * out once.
 */
export default fp(
  async function mailSender(fastify) {
    const smtpUrl = fastify.config.smtpUrl;
    if (!smtpUrl || !fastify.jobs.enabled) {
      if (smtpUrl) fastify.log.warn('SMTP_URL is set but JOB_QUEUE=false: mail stays in the outbox');
      fastify.decorate('wakeMailSender', () => {});
      return;
    }
    const transport: MailTransport = nodemailer.createTransport(smtpUrl);
    const from = fastify.config.mailFrom;
    await fastify.jobs.work(
      MAIL_DELIVERY_JOB,
      { policy: 'stately', retryLimit: 3, retryDelay: 30, retryBackoff: true },
      async () => {
        const { sent, failed } = await deliverDueMail(fastify, transport, from);
        if (sent + failed > 0) fastify.log.info({ sent, failed }, 'mail delivery');
      },
    );
    await fastify.jobs.schedule(MAIL_DELIVERY_JOB, '* * * * *');
    fastify.decorate('wakeMailSender', () => {
      fastify.jobs
        .send(MAIL_DELIVERY_JOB)
        .catch((error: unknown) => fastify.log.error({ err: error }, 'could not queue a mail delivery'));
    });
    // Whatever was queued while no server was running goes out now.
    fastify.addHook('onReady', async () => fastify.wakeMailSender());
  },
  { name: 'mail-sender', dependencies: ['context', 'job-queue'], fastify: '5.x' },
);
