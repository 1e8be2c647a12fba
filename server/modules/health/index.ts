import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { API_VERSION } from '../../plugins/openapi';

export const HealthStatus = z
  .object({ Status: z.literal('Healthy'), Database: z.literal('Up'), Version: z.string() })
  .meta({ id: 'HealthStatus' });

/** How long the database may take to answer before the check fails. */
const PING_TIMEOUT_MS = 3000;

/** GET /healthcheck: 200 when the database answers, 503 with the error body when not. */
const healthModule: FastifyPluginAsyncZod = async function healthModule(fastify) {
  fastify.get(
    '/healthcheck',
    {
      schema: {
        tags: ['Health'],
        summary: 'Readiness: the API and its database answer',
        response: { 200: HealthStatus, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          fastify.database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`database ping timed out after ${PING_TIMEOUT_MS} ms`)),
              PING_TIMEOUT_MS,
            );
          }),
        ]);
      } catch (error) {
        request.log.error({ err: error }, 'healthcheck: database down');
        throw new AppError('ServiceUnavailable', { message: 'database down', cause: error });
      } finally {
        clearTimeout(timer);
      }
      return { Status: 'Healthy' as const, Database: 'Up' as const, Version: API_VERSION };
    },
  );
};

export default healthModule;
