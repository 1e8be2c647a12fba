import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeContactMessage } from './repository';
import { errorResponses } from '../../errors/error-body';
import { ContactRequest, CreatedResponse } from './schemas';

/** Contact-form messages per client IP: enough for a person, too few for a spammer. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

/** POST /api/Contact/Send: a message from /contatti, stored with the sender's IP. */
const contactModule: FastifyPluginAsyncZod = async function contactModule(fastify) {
  fastify.post(
    '/api/Contact/Send',
    {
      config: { rateLimit: CONTACT_RATE_LIMIT },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['Contact'],
        summary: 'Send a message to Rexer',
        body: ContactRequest,
        response: { 201: CreatedResponse, ...errorResponses(413, 415) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const row = await storeContactMessage(fastify.db, {
        name: body.Name,
        email: body.Email,
        phone: body.Phone ?? null,
        subject: body.Subject,
        message: body.Message,
        privacyConsent: body.PrivacyConsent,
        ip: request.ip.slice(0, 45),
      });
      request.log.info({ contactMessageId: row.id }, 'contact message stored');
      return reply.code(201).send({ Id: row.id });
    },
  );
};

export default contactModule;
