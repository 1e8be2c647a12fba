import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { isDraining } from '../../lib/graceful-shutdown';
import { API_VERSION } from '../../plugins/openapi';

export const HealthStatus = z
  .object({ Status: z.literal('Healthy'), Version: z.string() })
  .meta({ id: 'HealthStatus' });

export const ReadyStatus = z
  .object({ Status: z.literal('Ready'), Database: z.literal('Up'), Version: z.string() })
  .meta({ id: 'ReadyStatus' });

/** How long the database may take to answer before the readiness check fails. */
const PING_TIMEOUT_MS = 3000;

/**
 * GET /healthcheck, liveness: 200 while this process answers requests, whatever its database is
 * doing (an orchestrator restarting every server because the database restarts would only make the
 * outage longer). GET /readyz, readiness: 200 when the database answers, 503 with the error body
 * when it does not or while the server shuts down, so that a load balancer sends traffic elsewhere.
 */
const healthModule: FastifyPluginAsyncZod = async function healthModule(fastify) {
  fastify.get(
    '/healthcheck',
    {
      schema: {
        tags: ['Health'],
        summary: 'Liveness: this server answers',
        response: { 200: HealthStatus },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { Status: 'Healthy' as const, Version: API_VERSION };
    },
  );

  fastify.get(
    '/readyz',
    {
      schema: {
        tags: ['Health'],
        summary: 'Readiness: this server and its database answer',
        response: { 200: ReadyStatus, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Shutting down (SIGTERM): the requests under way finish, new ones belong elsewhere.
      if (isDraining(fastify.server)) throw new AppError('ServiceUnavailable', { message: 'shutting down' });
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
        request.log.warn({ err: error }, 'readiness: database down');
        throw new AppError('ServiceUnavailable', { message: 'database down', cause: error });
      } finally {
        clearTimeout(timer);
      }
      return { Status: 'Ready' as const, Database: 'Up' as const, Version: API_VERSION };
    },
  );
};

export default healthModule;
