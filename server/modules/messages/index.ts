import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normalizeMessageText } from '@domain/message-text';
import { requireUser } from '../../auth/require-user';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { publishUserEvent } from '../../lib/user-events';
import {
  chargeMessage,
  findThreadOf,
  listMessages,
  listThreads,
  markThreadRead,
  sendMessage,
  threadSummary,
  unreadCount,
} from './repository';
import {
  SendMessageRequest,
  SendMessageResponse,
  ThreadList,
  ThreadMessages,
  ThreadMessagesQuery,
  ThreadParams,
  ThreadsQuery,
  UnreadResponse,
} from './schemas';

/**
 * Messages between a buyer and a listing's owner (logged-in users): a buyer writes about a
 * listing (PropertyId), or anybody to an agency (AgencySlug, the agency's account receives it),
 * and either person answers in the thread (ThreadId). Only the two people
 * of a thread read or write it: anybody else gets 404 ThreadNotFound, never 403. Each new
 * message is published to both people's live streams (GET /api/Events) at its commit.
 */
const messagesModule: FastifyPluginAsyncZod = async function messagesModule(fastify) {
  // Reading is open to a rapid registration (a seller whose silent account published a listing
  // sees who wrote); sending needs a confirmed account, as every change does.
  const reader = requireUser({ allowRapidRegistration: true });

  fastify.get(
    '/api/Message/Threads',
    {
      preHandler: reader,
      schema: {
        tags: ['Messages'],
        summary: "The caller's message threads, newest activity first",
        querystring: ThreadsQuery,
        response: { 200: ThreadList, ...errorResponses(401) },
      },
    },
    async (request) =>
      listThreads(fastify.db, request.user.id, { cursor: request.query.Cursor, pageSize: request.query.PageSize }),
  );

  fastify.get(
    '/api/Message/Threads/:id',
    {
      preHandler: reader,
      schema: {
        tags: ['Messages'],
        summary: "A thread's messages, oldest first",
        description:
          'Only the two people of the thread read it; anybody else gets 404 ThreadNotFound. Reading does not mark the thread read (PUT …/Read does).',
        params: ThreadParams,
        querystring: ThreadMessagesQuery,
        response: { 200: ThreadMessages, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const thread = await threadSummary(fastify.db, request.params.id, userId);
      if (!thread) throw new AppError('ThreadNotFound');
      const after = request.query.Cursor === undefined ? undefined : Number(request.query.Cursor);
      const page = await listMessages(fastify.db, thread.Id, userId, { after, pageSize: request.query.PageSize });
      return { Thread: thread, ...page };
    },
  );

  fastify.post(
    '/api/Message',
    {
      preHandler: requireUser(),
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['Messages'],
        summary:
          'Send a message: a buyer about a listing (PropertyId), anybody to an agency (AgencySlug), or either person in a thread (ThreadId)',
        description:
          'PropertyId opens the thread with the listing’s owner (the listing must be published) or continues the caller’s thread about it; the owner cannot write about their own listing (400 MessageToOwnListing) and answers by ThreadId. AgencySlug («Contatta l’agenzia» on /agenzie/{slug}) opens the thread with the agency’s account (its oldest active user) or continues the caller’s thread with the agency: unknown slug 404 AgencyNotFound, an agency without an active account 409 AgencyNotReachable (GET /api/Agency/{slug} answers AcceptsMessages false), the caller’s own agency 400 MessageToOwnAgency; the agency answers by ThreadId. A thread the caller is not one of the two people of answers 404 ThreadNotFound. The sender may send MESSAGE_RATE_LIMIT_PER_MINUTE (20) messages a minute and MESSAGE_RATE_LIMIT_PER_DAY (200) a day, counted on every server: past them 429 MessageRateLimited with Retry-After. The other person gets a mail (at most one per thread every 15 minutes) and an event on their live stream.',
        body: SendMessageRequest,
        response: { 201: SendMessageResponse, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const senderId = request.user.id;
      const { config } = fastify;
      await chargeMessage(fastify.db, senderId, {
        perMinute: config.messageRateLimitPerMinute,
        perDay: config.messageRateLimitPerDay,
      });
      const sent = await sendMessage(
        fastify.db,
        {
          senderId,
          propertyId: request.body.PropertyId,
          agencySlug: request.body.AgencySlug,
          threadId: request.body.ThreadId,
          text: normalizeMessageText(request.body.Text),
          publicUrl: config.publicUrl,
        },
        async (tx, message) => {
          const event = { event: 'message' as const, data: { ThreadId: message.threadId, Id: message.messageId } };
          await publishUserEvent(fastify, message.recipientId, event, tx);
          await publishUserEvent(fastify, message.senderId, event, tx);
        },
      );
      fastify.wakeMailSender();
      return reply.code(201).send({ ThreadId: sent.threadId, Id: sent.messageId });
    },
  );

  fastify.put(
    '/api/Message/Threads/:id/Read',
    {
      preHandler: reader,
      schema: {
        tags: ['Messages'],
        summary: 'Mark a thread read up to its newest message',
        description: "Answers the caller's unread count across their threads after the mark.",
        params: ThreadParams,
        response: { 200: UnreadResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const userId = request.user.id;
      if (!(await findThreadOf(fastify.db, request.params.id, userId))) throw new AppError('ThreadNotFound');
      await markThreadRead(fastify.db, request.params.id, userId);
      return { Count: await unreadCount(fastify.db, userId) };
    },
  );

  fastify.get(
    '/api/Message/Unread',
    {
      preHandler: reader,
      schema: {
        tags: ['Messages'],
        summary: "The other people's messages the caller has not read, across their threads",
        response: { 200: UnreadResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ Count: await unreadCount(fastify.db, request.user.id) }),
  );
};

export default messagesModule;
