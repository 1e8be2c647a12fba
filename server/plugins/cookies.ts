import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/**
 * Cookie parsing and setting (the home-option cookie, session cookies of the auth module).
 * An answer that sets a cookie is never stored by a shared cache: a `public` Cache-Control
 * (the reference data of server/lib/reference-cache.ts) becomes `private` on it, so a CDN
 * cannot hand one browser's session cookie to another.
 */
export default fp(
  async function cookies(fastify) {
    await fastify.register(cookie, { parseOptions: { sameSite: 'lax', path: '/' } });
    // After the cookie plugin's own onSend hook, which writes the Set-Cookie header.
    fastify.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.hasHeader('set-cookie')) {
        const cacheControl = reply.getHeader('cache-control');
        if (typeof cacheControl === 'string' && /\bpublic\b/i.test(cacheControl)) {
          reply.header('cache-control', cacheControl.replace(/\bpublic\b/gi, 'private'));
        }
      }
      done(null, payload);
    });
  },
  { name: 'cookies', fastify: '5.x' },
);
