import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailOutbox } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import type { FastifyRequest } from 'fastify';
import { isLoopbackHost, type AppConfig } from '../../config';
import { isInternalCall } from '../../plugins/internal-call';

/**
 * GET /api/Mail/Outbox: the mails the app has written, for a laptop or a test run without
 * SMTP (docs/architecture.md: "an outbox table the app can show"). The page /visualizzamail shows
 * them. Mails carry confirmation and reset links, so the outbox is shown only when no SMTP
 * server delivers mail and the server listens on this machine alone with a loopback PUBLIC_URL
 * (or MAIL_OUTBOX_VIEW=true says so), and never behind a proxy (TRUST_PROXY set); otherwise the
 * call answers 404.
 */
export function outboxViewEnabled(config: AppConfig): boolean {
  if (config.trustProxy !== false) return false;
  if (config.mailOutboxView !== undefined) return config.mailOutboxView;
  // A public PUBLIC_URL means a proxy in front, even one on this machine that sends a loopback
  // Host (nginx's default): the requests would all look local, so the view stays off.
  return (
    config.smtpUrl === undefined && isLoopbackHost(config.host) && isLoopbackHost(new URL(config.publicUrl).hostname)
  );
}

/** The host name of a Host header (`[::1]:3000` -> `::1`), lower-cased. */
function hostNameOf(host: string | undefined): string {
  if (!host) return '';
  const bracketed = /^\[([^\]]+)\]/.exec(host);
  return (bracketed ? bracketed[1] : host.replace(/:\d+$/, '')).toLowerCase();
}

/**
 * A request from this machine to this machine: its peer address (the socket's, not one a
 * proxy header claims) and its Host are loopback. A reverse proxy on the same machine passes
 * the first test, never the second for a public name.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  // A page rendering on the server calls from this process for any visitor (with that visitor's
  // address, which may be this machine's): never "local".
  if (isInternalCall(request)) return false;
  const peer = request.socket.remoteAddress ?? '';
  return isLoopbackHost(peer) && isLoopbackHost(hostNameOf(request.headers.host));
}

const OutboxQuery = z.object({
  to: z.email().max(254).optional().describe('Only the mails sent to this address'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

const OutboxMail = z.object({
  Id: z.number().int(),
  To: z.string(),
  Subject: z.string(),
  Text: z.string(),
  Template: z.string().nullable(),
  CreatedAt: z.string(),
  SentAt: z.string().nullable(),
  Attachments: z
    .array(
      z.object({
        Filename: z.string(),
        ContentType: z.string(),
        Content: z.string().describe('The file as text (UTF-8): an invitation .ics'),
      }),
    )
    .describe('The files attached to the mail, as sent'),
});

export const OutboxResponse = z.object({ Mails: z.array(OutboxMail) }).meta({ id: 'OutboxResponse' });

const mailOutboxModule: FastifyPluginAsyncZod = async function mailOutboxModule(fastify) {
  const enabled = outboxViewEnabled(fastify.config);
  fastify.get(
    '/api/Mail/Outbox',
    {
      schema: {
        tags: ['Mail'],
        summary: 'The latest mails of the outbox (only without SMTP, on a local server)',
        querystring: OutboxQuery,
        response: { 200: OutboxResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      if (!enabled || !isLocalRequest(request)) throw new AppError('NotFound');
      const { to, limit } = request.query;
      const rows = await fastify.db
        .select()
        .from(mailOutbox)
        .where(to ? and(eq(sql`lower(${mailOutbox.toAddress})`, to.toLowerCase())) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
      return {
        Mails: rows.map((row) => ({
          Id: row.id,
          To: row.toAddress,
          Subject: row.subject,
          Text: row.textBody,
          Template: row.template,
          CreatedAt: row.createdAt.toISOString(),
          SentAt: row.sentAt?.toISOString() ?? null,
          Attachments: (row.attachments ?? []).map((file) => ({
            Filename: file.filename,
            ContentType: file.contentType,
            Content: file.content,
          })),
        })),
      };
    },
  );
};

export default mailOutboxModule;
