import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** Cookie parsing and setting (the home-option cookie, session cookies of the auth module). */
export default fp(
  async function cookies(fastify) {
    await fastify.register(cookie, { parseOptions: { sameSite: 'lax', path: '/' } });
  },
  { name: 'cookies', fastify: '5.x' },
);
