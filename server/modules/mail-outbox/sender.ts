import { and, asc, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../../db/schema';
import { FAILPOINTS, failpoint } from '../../lib/failpoint';
import { redactText } from '../../plugins/log-redaction';
import { oneLineSubject } from '../shared/mail-text';

/**
 * Delivers the mail outbox through SMTP when SMTP_URL is set (docs/architecture.md: nodemailer,
 * SMTP when configured). Every mail is a row first; the delivery job takes the rows not sent
 * yet, records sentAt, or the error and when to try again, so a restart or an SMTP outage
 * loses nothing. Several servers may run it: a row is claimed with FOR UPDATE SKIP LOCKED, one
 * mail a transaction (deliverDueMail).
 */

/** Attempts before a mail is left as failed (its error stays on the row). */
export const MAIL_MAX_ATTEMPTS = 8;

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
    /** The mail's Message-ID header, `<…@…>`: the same on every attempt of one outbox row. */
    messageId?: string;
    attachments?: { filename: string; content: string; contentType: string }[];
  }): Promise<unknown>;
}

/**
 * The Message-ID of an outbox row's mail: the same on every attempt (the row's id and creation
 * time, at the sender's domain), so a mail sent again after a server was killed between the SMTP
 * server's acceptance and the row's commit is recognisable as the same mail (docs/decisions.md,
 * "Mail after a killed server").
 */
export function messageIdOf(row: { id: number; createdAt: Date }, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'rexer.invalid';
  return `<outbox-${row.id}.${row.createdAt.getTime()}@${domain}>`;
}

/**
 * Sends what is due now; answers how many were sent and how many failed. One mail a
 * transaction: its row is claimed (FOR UPDATE SKIP LOCKED: another server skips it), sent, and
 * marked sent (or failed) in the same short transaction. A server killed before the SMTP server
 * accepted the mail leaves the row unsent (its lock goes with the connection): it goes out
 * after the restart. The one window left is between the SMTP server's acceptance and the
 * commit of that one row's update, which no sender can close: a mail sent again then carries
 * the same Message-ID.
 */
export async function deliverDueMail(
  fastify: FastifyInstance,
  transport: MailTransport,
  from: string,
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const outcome = await fastify.db.transaction(async (tx): Promise<'sent' | 'failed' | null> => {
      const [row] = await tx
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
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      failpoint(FAILPOINTS.mailBeforeSend);
      try {
        await transport.sendMail({
          from,
          to: row.toAddress,
          subject: oneLineSubject(row.subject),
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          messageId: messageIdOf(row, from),
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
        return 'failed';
      }
      failpoint(FAILPOINTS.mailAcceptedBeforeMark);
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
      return 'sent';
    });
    if (outcome === null) return { sent, failed };
    // Counted once the row says so (a rolled-back attempt is made again, and counted then).
    if (outcome === 'sent') {
      sent++;
      fastify.metrics.mailsSent.inc();
    } else {
      failed++;
      fastify.metrics.mailsFailed.inc();
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Asks for a delivery now (after a mail is queued) instead of at the next scheduled sweep. */
    wakeMailSender: () => void;
  }
}

/**
 * The job that delivers the outbox; one waits at most (pg-boss 'short': a wake while one waits adds
 * nothing). Not 'stately': a server killed while delivering leaves its job active until pg-boss
 * expires it (15 minutes), and a stately queue would deliver nothing meanwhile. Two jobs running
 * at once on two servers are safe: each mail is claimed with FOR UPDATE SKIP LOCKED.
 */
export const MAIL_DELIVERY_JOB = 'mail-delivery';

/**
 * Mail delivery on the job queue (SMTP_URL set): a mail queued on any server asks for a
 * delivery job; a schedule sweeps every minute for the mails whose retry is due. Whichever
 * server takes the job, the rows are claimed with FOR UPDATE SKIP LOCKED, so each mail goes
 * out once (but for a server killed between the SMTP server's acceptance and the row's commit:
 * deliverDueMail).
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
      { policy: 'short', retryLimit: 3, retryDelay: 30, retryBackoff: true },
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
