import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF defence: a state-changing call sent by a browser from another site is refused. The
 * browser says where a request comes from (Origin, and Sec-Fetch-Site in every current
 * browser); it must be this server or the configured PUBLIC_URL. Clients that are not
 * browsers send neither header and are judged by their token alone.
 */
export default fp(
  async function sameOrigin(fastify) {
    const publicOrigin = originOf(fastify.config.publicUrl);
    fastify.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site') throw new AppError('Forbidden', { message: 'cross-site state-changing request' });
      const origin = request.headers.origin;
      if (origin === undefined) return;
      const own = `${request.protocol}://${request.host}`;
      if (origin === 'null' || (origin !== own && origin !== publicOrigin)) {
        throw new AppError('Forbidden', { message: `state-changing request from origin ${origin}` });
      }
    });
  },
  { name: 'same-origin', fastify: '5.x' },
);
