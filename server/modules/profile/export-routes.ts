import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertRecentAuthentication, requireUser } from '../../auth/require-user';
import { errorResponses } from '../../errors/error-body';
import { assertNotCrossSite } from '../../plugins/same-origin';
import { DATA_EXPORT_SECTIONS, exportAccountData } from './data-export';

/** How many exports a user may ask for in an hour (each reads every table of the account). */
export const DATA_EXPORT_PER_HOUR = 5;

const Rows = z.array(z.record(z.string(), z.unknown()));

/** The document's shape as the OpenAPI document shows it: its sections, rows left open. */
export const DataExportResponse = z
  .object({
    format: z.number().int().describe('The version of this shape'),
    exportedAt: z.string(),
    account: z.record(z.string(), z.unknown()),
    ...Object.fromEntries(
      DATA_EXPORT_SECTIONS.filter((section) => section !== 'account').map((section) => [section, Rows]),
    ),
  })
  .describe('Everything Rexer keeps about the account (GDPR articles 15 and 20), sent as a JSON file');

/** "Scarica i tuoi dati": the account's data as a JSON file. */
const exportRoutes: FastifyPluginAsyncZod = async function exportRoutes(fastify) {
  fastify.get(
    '/api/User/Export',
    {
      // A request of another site (a link or a navigation carries the SameSite=Lax cookie) and a
      // session without a recent login are refused before the limit counts: neither spends the
      // owner's exports.
      preHandler: [
        requireUser(),
        async (request) => {
          assertNotCrossSite(request);
          assertRecentAuthentication(request.userSession, new Date());
        },
      ],
      // Counted per user after the checks above (hook: 'preHandler', run after the route's own),
      // whatever the address or session, in the database: the limit holds on every server.
      config: {
        rateLimit: {
          max: DATA_EXPORT_PER_HOUR,
          timeWindow: '1 hour',
          shared: true,
          hook: 'preHandler',
          keyGenerator: (request) => `data-export:${request.user.id}`,
        },
      },
      schema: {
        tags: ['User'],
        summary: 'Download everything kept about the account as a JSON file (needs a recent login; 5 an hour per user)',
        response: { 200: DataExportResponse, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const { user } = request;
      const document = await exportAccountData(fastify.db, user.id, now);
      request.log.info({ audit: 'data-exported', userId: user.id, ip: request.ip }, 'audit: account data exported');
      const day = now.toISOString().slice(0, 10);
      return (
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="rexer-dati-${day}.json"`)
          .header('cache-control', 'no-store')
          // Indented, for a person to read too.
          .serializer((payload) => JSON.stringify(payload, null, 2))
          .send(document)
      );
    },
  );
};

export default exportRoutes;
