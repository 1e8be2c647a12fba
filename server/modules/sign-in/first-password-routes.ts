import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword } from '../../db/password-hash';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { findUserById, recordPasswordSetter, revokeActionTokens, revokeUserToken } from '../../auth/repository';
import { assertAcceptablePassword } from '../../auth/password-strength';
import { requireUser } from '../../auth/require-user';
import { wantsCookieTransport } from '../../plugins/browser-session';
import { completeLoginIssuing, requestMeta } from './login';
import { FIRST_PASSWORD_RATE_LIMIT } from './rate-limits';
import { setFirstPassword } from './repository';
import { LoginResponse, SetFirstPasswordRequest } from './schemas';

/**
 * The listing wizard's step 30 ("login"): the silent account a seller's steps 0 and 1 created
 * chooses its password before the listing is published. There is no mailed token to prove it
 * here: the proof is the silent session itself, which only the browser that registered holds,
 * and the call is allowed only while the account is silent and has no password (a full account
 * changes its password with the current one, a forgotten one through the recovery link).
 *
 * The password typed now proves the person as a login does: the silent session ends and a full
 * one starts (new user token, `silent: false` in the browser's record), so the wizard goes on to
 * the publication. The address stays unconfirmed until the mail's link is followed; a later
 * login on another device still asks for that confirmation first (UserNotConfirmed). The new
 * session is recorded as the one that chose the password: a confirmation opened anywhere else
 * suspends it (someone else may have typed the address; registration-routes.ts, Confirm).
 */
const firstPasswordRoutes: FastifyPluginAsyncZod = async function firstPasswordRoutes(fastify) {
  fastify.put(
    '/api/User/SetFirstPassword',
    {
      preHandler: requireUser({ allowRapidRegistration: true }),
      config: { rateLimit: FIRST_PASSWORD_RATE_LIMIT },
      schema: {
        tags: ['User'],
        summary:
          'Set the first password of the silent account the listing wizard registered (step 30); the session becomes a full login',
        body: SetFirstPasswordRequest,
        response: { 200: LoginResponse, ...errorResponses(401, 409, 429) },
      },
    },
    async (request, reply) => {
      const { ip, userAgent, now } = requestMeta(request);
      const { user, userSession } = request;
      if (!user.isSilent || user.passwordHash !== null) throw new AppError('PasswordAlreadySet');
      await assertAcceptablePassword(fastify, request, request.body.NewPassword, [user.email, user.name, user.surname]);
      const hash = await hashPassword(request.body.NewPassword);
      if (!(await setFirstPassword(fastify.db, user.id, hash, now))) throw new AppError('PasswordAlreadySet');
      // The registration mail's set-password link has nothing left to do; its confirmation link still confirms the address.
      await revokeActionTokens(fastify.db, user.id, ['set_password'], now);
      const updated = await findUserById(fastify.db, user.id);
      if (!updated) throw new AppError('UserIsSuspendedOrDeleted');
      const { answer, userTokenId } = await completeLoginIssuing(
        fastify,
        reply,
        updated,
        { ip, userAgent, now, proof: 'password' },
        wantsCookieTransport(request),
      );
      await recordPasswordSetter(fastify.db, user.id, userTokenId);
      await revokeUserToken(fastify.db, userSession.userTokenId, now);
      return answer;
    },
  );
};

export default firstPasswordRoutes;
