import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';
import { isInternalCall } from './internal-call';
import { sharedBanStore } from './rate-limit-store';

/**
 * A global limit per client IP (RATE_LIMIT_MAX a minute; 0 switches it off for
 * benchmarks), and `config.rateLimit` on routes that need a tighter one (contact form,
 * job applications). The client IP honours TRUST_PROXY. Exceeding answers 429 with the
 * error body and Retry-After. Limits with a `ban` (login, registration, recovery,
 * re-authentication) count in the database, the others in this process.
 */
export default fp(
  async function rateLimitPlugin(fastify) {
    const max = fastify.config.rateLimitMax;
    await fastify.register(rateLimit, {
      global: max > 0,
      max: max > 0 ? max : 1000,
      timeWindow: '1 minute',
      // The calls of a page rendering on the server were counted with the page's own request:
      // reads only, and never on a route with a limit of its own (login, forms, the searches),
      // which the global option would otherwise reach too. Those limits count the calls against
      // the page's visitor, whose address the calls carry (pages.ts).
      allowList: (request) =>
        isInternalCall(request) &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.routeOptions.config?.rateLimit,
      // Limits with a ban count in the database: the ban holds on every server.
      store: sharedBanStore(fastify.db) as unknown as FastifyRateLimitStoreCtor,
      errorResponseBuilder: (_request, context) =>
        new AppError(context.ban ? 'IPBanned' : 'TooManyRequests', {
          message: `rate limit of ${context.max} exceeded, retry in ${context.after}`,
        }),
    });
  },
  { name: 'rate-limit', dependencies: ['context'], fastify: '5.x' },
);
