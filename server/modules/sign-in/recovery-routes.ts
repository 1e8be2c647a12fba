import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword } from '../../db/password-hash';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import {
  countRecentActionTokens,
  findActionToken,
  findUserByEmail,
  findUserById,
  issueActionToken,
  revokeAllTokens,
  setPassword,
  spendActionToken,
} from '../../auth/repository';
import { assertAcceptablePassword } from '../../auth/password-strength';
import { mailConfirmationAgain } from './confirmation-mail';
import { queuePasswordResetMail } from './mail';
import { RECOVERY_MAILS_PER_ACCOUNT, RECOVERY_RATE_LIMIT } from './rate-limits';
import {
  ConfirmResponse,
  NewPasswordChangeRequest,
  NewPasswordConfirmRequest,
  NewPasswordRequest,
  OkResponse,
} from './schemas';

/** Password recovery (docs/spec.md §8): the mailed link, its check, the new password. */
const recoveryRoutes: FastifyPluginAsyncZod = async function recoveryRoutes(fastify) {
  fastify.post(
    '/api/Account/NewPassword/',
    {
      config: { rateLimit: RECOVERY_RATE_LIMIT },
      schema: {
        tags: ['Account'],
        summary: 'Mail a password-recovery link',
        body: NewPasswordRequest,
        response: { 200: OkResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const now = new Date();
      const user = await findUserByEmail(fastify.db, request.body.email);
      // docs/spec.md §8: an unconfirmed address answers 403 with type 10, an unknown one "no user".
      if (!user || user.deletedAt) throw new AppError('UserNotFound');
      if (!user.registrationConfirmed) {
        // The recovery of an address nobody confirmed yet is its owner's way in (it may have been
        // registered by someone else): a new confirmation link goes to it, capped per hour.
        await mailConfirmationAgain(fastify, user, now);
        throw new AppError('EmailNotConfirmed');
      }
      if (
        (await countRecentActionTokens(
          fastify.db,
          user.id,
          'reset_password',
          new Date(now.getTime() - 60 * 60 * 1000),
        )) >= RECOVERY_MAILS_PER_ACCOUNT
      ) {
        throw new AppError('TooManyRequests');
      }
      const token = await issueActionToken(fastify.db, user.id, 'reset_password', now);
      await queuePasswordResetMail(fastify, {
        to: user.email,
        name: user.name,
        link: `${fastify.config.publicUrl}/recuperaPassword/${token}`,
      });
      return { Ok: true as const };
    },
  );

  fastify.post(
    '/api/Account/NewPassword/Confirm',
    {
      config: { rateLimit: RECOVERY_RATE_LIMIT },
      schema: {
        tags: ['Account'],
        summary: 'Check a recovery or set-password link before showing the form',
        body: NewPasswordConfirmRequest,
        response: { 200: ConfirmResponse, ...errorResponses() },
      },
    },
    async (request) => {
      const found = await findActionToken(
        fastify.db,
        request.body.token,
        ['reset_password', 'set_password'],
        new Date(),
      );
      if (!found.ok) throw new AppError(found.error);
      const user = await findUserById(fastify.db, found.row.userId);
      if (!user) throw new AppError('InvalidToken');
      return { Email: user.email };
    },
  );

  fastify.post(
    '/api/Account/NewPassword/Change',
    {
      config: { rateLimit: RECOVERY_RATE_LIMIT },
      schema: {
        tags: ['Account'],
        summary: 'Set a new password from a recovery or set-password link',
        body: NewPasswordChangeRequest,
        response: { 200: OkResponse, ...errorResponses() },
      },
    },
    async (request) => {
      const now = new Date();
      const found = await findActionToken(fastify.db, request.body.Token, ['reset_password', 'set_password'], now);
      if (!found.ok) throw new AppError(found.error);
      const owner = await findUserById(fastify.db, found.row.userId);
      await assertAcceptablePassword(fastify, request, request.body.NewPassword, [
        owner?.email,
        owner?.name,
        owner?.surname,
      ]);
      const hash = await hashPassword(request.body.NewPassword);
      // Spent only once the new password is acceptable, and by one statement: of two racing uses, one wins.
      const spent = await spendActionToken(fastify.db, request.body.Token, ['reset_password', 'set_password'], now);
      if (!spent.ok) throw new AppError(spent.error);
      // A set-password link comes with the registration mail: it proves the address too.
      await setPassword(fastify.db, spent.row.userId, hash, { confirm: spent.row.kind === 'set_password', now });
      await revokeAllTokens(fastify.db, spent.row.userId, now);
      return { Ok: true as const };
    },
  );
};

export default recoveryRoutes;
