import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';
import { PORTAL } from '@domain/session';

/** The one portal this API serves; clients send it in the Portal header. */
export const PORTAL_ID = PORTAL;

/**
 * Requests from the app carry `Portal: 5`. A request without the header is served
 * (browsers loading pages, the API docs, curl); one that names another portal is a
 * client talking to the wrong API and is refused.
 */
export default fp(
  async function portal(fastify) {
    const expected = String(PORTAL_ID);
    // A callback hook: the check is synchronous, and an async hook costs every request a promise.
    fastify.addHook('onRequest', (request, _reply, done) => {
      const value = request.headers.portal;
      if (value === undefined || value === expected || (!Array.isArray(value) && value.trim() === expected)) {
        done();
        return;
      }
      done(new AppError('InvalidPortal', { message: `Portal header ${JSON.stringify(value)}` }));
    });
  },
  { name: 'portal', fastify: '5.x' },
);
