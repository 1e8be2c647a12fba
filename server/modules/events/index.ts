import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/require-user';
import { errorResponses } from '../../errors/error-body';
import { EVENT_HEARTBEAT_MS, EVENT_STREAMS_PER_USER } from '../../lib/user-events';

/**
 * GET /api/Events: the logged-in user's live updates as Server-Sent Events
 * (server/lib/user-events.ts). Authenticated like every call (the bearer, or the browser's
 * session cookie, which EventSource sends by itself). Never compressed or buffered.
 */
const eventsModule: FastifyPluginAsyncZod = async function eventsModule(fastify) {
  fastify.get(
    '/api/Events',
    {
      preHandler: requireUser({ allowRapidRegistration: true }),
      // text/event-stream is never compressed by @fastify/compress; said here too.
      compress: false,
      schema: {
        tags: ['Events'],
        summary: "The user's live updates (Server-Sent Events, text/event-stream)",
        description: `A stream of \`event: message\` (data \`{ "ThreadId", "Id" }\`: a new message in one of the user's threads, theirs included) and \`event: appointment\` (data \`{ "AppointmentId", "Status" }\`: a visit changed), from whichever server the change was made on, with a comment every ${EVENT_HEARTBEAT_MS / 1000} s. Events are not kept: on (re)connecting, read the state again (GET /api/Message/Unread ...). The stream ends when the session token expires, with an \`event: expired\` just before (renew the session and reconnect at once), at the heartbeat after the session ends (a logout), when the server stops or when its database connection breaks; the client reconnects after the \`retry\` it was given. At most ${EVENT_STREAMS_PER_USER} streams per user on one server (429 EventStreamLimitReached).`,
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses(401, 503) },
      },
    },
    async (request, reply) => {
      const stream = await fastify.userEvents.open(
        request.user.id,
        request.userSession.expiresAt,
        request.userSession.id,
      );
      // The client going away closes the response: the stream ends with it.
      reply.raw.once('close', () => stream.destroy());
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          // No proxy (nginx and the like) holds the events back to fill a buffer.
          .header('x-accel-buffering', 'no')
          // A stream is sent as it is written, never serialised (the schema's string documents it).
          .send(stream as unknown as string)
      );
    },
  );
};

export default eventsModule;
