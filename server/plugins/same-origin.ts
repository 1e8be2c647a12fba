import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';
import { TOKEN_TRANSPORT_HEADER } from './browser-session';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** Why a state-changing request is refused, or undefined when it comes from this site (or from no browser). */
function refusal(request: FastifyRequest, publicOrigin: string | null): AppError | undefined {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') return new AppError('Forbidden', { message: 'cross-site state-changing request' });
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  const own = `${request.protocol}://${request.host}`;
  if (origin === 'null' || (origin !== own && origin !== publicOrigin)) {
    return new AppError('Forbidden', { message: `state-changing request from origin ${origin}` });
  }
  return undefined;
}

/**
 * The same defence for a read that spends something of the user's (the data export and its
 * hourly limit): a GET a page of another site started (a link, a navigation, which carry the
 * SameSite=Lax cookie) is refused, and one from another origin of the same site (Sec-Fetch-Site
 * `same-site`) unless its Origin is this server or PUBLIC_URL. The app's own fetch is
 * `same-origin`; a typed address or a bookmark is `none`; clients that are not browsers send
 * nothing.
 */
export function assertNotCrossSite(request: FastifyRequest): void {
  const publicOrigin = originOf(request.server.config.publicUrl);
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-site' && request.headers.origin === undefined)
    throw new AppError('Forbidden', { message: 'request from another origin of the site' });
  const refused = refusal(request, publicOrigin);
  if (refused) throw refused;
  // A browser that sends no Sec-Fetch-Site (Safari before 16.4) says nothing of where a GET came
  // from: a request carried by the session cookie must be the app's own fetch, which names the
  // cookie transport in a header no page of another site can add without a CORS preflight.
  const cookieAuth = request.server.browserSession.authOf(request);
  if (
    cookieAuth !== undefined &&
    request.headers.authorization === `Bearer ${cookieAuth}` &&
    request.headers[TOKEN_TRANSPORT_HEADER] !== 'cookie'
  )
    throw new AppError('Forbidden', { message: 'a cookie-authenticated request without the app transport header' });
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
    // A callback hook: most requests are reads, which it lets through without a promise.
    fastify.addHook('onRequest', (request, _reply, done) => {
      done(STATE_CHANGING.has(request.method) ? refusal(request, publicOrigin) : undefined);
    });
  },
  { name: 'same-origin', fastify: '5.x' },
);
