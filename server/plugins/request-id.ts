import fp from 'fastify-plugin';

/** Every answer names its request id, so a user's report can be found in the logs. */
export default fp(
  async function requestId(fastify) {
    // A callback hook, not an async one: a promise and a microtask per request for one header.
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-id', fastify: '5.x' },
);
