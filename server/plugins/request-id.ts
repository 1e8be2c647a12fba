import fp from 'fastify-plugin';

/** Every answer names its request id, so a user's report can be found in the logs. */
export default fp(
  async function requestId(fastify) {
    fastify.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'request-id', fastify: '5.x' },
);
