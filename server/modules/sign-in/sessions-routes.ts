import Bowser from 'bowser';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { assertPassword } from '../../auth/password-check';
import { listUserSessions, recordAuthentication, revokeOtherTokens, revokeUserSession } from '../../auth/repository';
import { EndOthersResponse, OkResponse, ReauthenticateRequest, SessionIdParams, SessionsResponse } from './schemas';
import { requireUser } from '../../auth/require-user';

/** What a user agent says of the device: browser, model or system, and kind. */
export function describeDevice(userAgent: string | null): {
  Browser: string | null;
  System: string | null;
  DeviceType: 'desktop' | 'mobile' | 'tablet' | 'unknown';
} {
  if (!userAgent?.trim()) return { Browser: null, System: null, DeviceType: 'unknown' };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  return {
    Browser: parsed.browser.name || null,
    System: parsed.platform.model || parsed.os.name || null,
    DeviceType: type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'unknown',
  };
}

/**
 * The user's sessions (ASVS 7.5.2): one per login on a device, with what its user agent says,
 * ended one by one or all but this one; and the password typed again before a sensitive change.
 */
const sessionsRoutes: FastifyPluginAsyncZod = async function sessionsRoutes(fastify) {
  const reauthenticateRateLimit = { max: fastify.config.loginRateLimitMax, timeWindow: '1 minute', ban: 10 };

  fastify.get(
    '/api/User/Sessions',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['User'],
        summary: 'The devices where the user is logged in',
        response: { 200: SessionsResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      const now = new Date();
      const { user, userSession: session } = request;
      const rows = await listUserSessions(fastify.db, user.id, now);
      return {
        Sessions: rows.map((row) => ({
          Id: row.id,
          ...describeDevice(row.userAgent),
          Ip: row.ip,
          CreatedAt: row.createdAt.toISOString(),
          LastUsedAt: (row.lastUsedAt ?? row.createdAt).toISOString(),
          Current: row.id === session.userTokenId,
        })),
      };
    },
  );

  fastify.delete(
    '/api/User/Sessions/:id',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['User'],
        summary: 'End one of the user’s other sessions (this one ends with the logout)',
        params: SessionIdParams,
        response: { 200: OkResponse, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const now = new Date();
      const { user, userSession: session } = request;
      if (request.params.id === session.userTokenId)
        throw new AppError('Conflict', { message: 'the current session ends with the logout' });
      // Another user's session is as unknown as one that does not exist.
      if (!(await revokeUserSession(fastify.db, user.id, request.params.id, now))) throw new AppError('NotFound');
      return { Ok: true as const };
    },
  );

  fastify.post(
    '/api/User/Sessions/EndOthers',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['User'],
        summary: 'End every session of the user but this one',
        response: { 200: EndOthersResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      const now = new Date();
      const { user, userSession: session } = request;
      return { Ok: true as const, Ended: await revokeOtherTokens(fastify.db, user.id, session.userTokenId, now) };
    },
  );

  fastify.post(
    '/api/User/Reauthenticate',
    {
      preHandler: requireUser(),
      config: { rateLimit: reauthenticateRateLimit },
      schema: {
        tags: ['User'],
        summary: 'Type the password again before deleting the account or changing the phone',
        body: ReauthenticateRequest,
        response: { 200: OkResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const now = new Date();
      const { user, userSession: session } = request;
      // A social-only account (EmailIsUsedInSocialLogin) proves itself with a fresh social login instead.
      await assertPassword(fastify.db, user, request.body.password, now);
      await recordAuthentication(fastify.db, session.userTokenId, now);
      return { Ok: true as const };
    },
  );
};

export default sessionsRoutes;
