import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertActive } from '../../auth/require-user';
import { savedSearches } from '../../db/schema';
import { hashPassword } from '../../db/password-hash';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { PORTAL_ID } from '../../plugins/portal';
import { assertPassword } from '../../auth/password-check';
import {
  findActionToken,
  findTokenOfKind,
  findUserByEmail,
  findUserById,
  issueActionToken,
  issueUserToken,
  recordPasswordSetter,
  restoreSuspendedPassword,
  revokeActionTokens,
  revokeAllTokens,
  revokeOtherTokens,
  spendActionToken,
  suspendPassword,
} from '../../auth/repository';
import { assertAcceptablePassword } from '../../auth/password-strength';
import { wantsCookieTransport } from '../../plugins/browser-session';
import { assertCaptcha } from '../../plugins/captcha';
import { splitPhone } from '../../auth/phone';
import { isDisposableAddress } from './disposable-domains';
import { completeLogin, endAnonymousSession, loginOfRequest, requestMeta, startBearer } from './login';
import { mailConfirmationAgain } from './confirmation-mail';
import { queueConfirmationMail } from './mail';
import { loginRateLimit, registerRateLimit } from './rate-limits';
import { createRegisteredUser, markEmailConfirmed } from './repository';
import {
  ActionTokenParams,
  ConfirmMailResponse,
  KeepPasswordRequest,
  LoginResponse,
  OkResponse,
  RegisterRequest,
  RegisterResponse,
} from './schemas';

/**
 * How long the page that confirmed an address has to choose what becomes of a password chosen
 * before the confirmation (ConfirmMailResponse.PasswordToken).
 */
export const CHOOSE_PASSWORD_TTL_MS = 60 * 60 * 1000;

/** Registration and the confirmation of the address (docs/spec.md §4 and §8). */
const registrationRoutes: FastifyPluginAsyncZod = async function registrationRoutes(fastify) {
  fastify.post(
    '/api/Account/Register',
    {
      config: { rateLimit: registerRateLimit(fastify) },
      schema: {
        tags: ['Account'],
        summary: 'Create an account; answers a user token for the silent login',
        body: RegisterRequest,
        response: { 200: RegisterResponse, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const { ip, userAgent, now } = requestMeta(request);
      const body = request.body;
      await assertCaptcha(fastify, body.RecaptchaToken, ip);
      if (!body.TermsAndConditions || !body.InfoPrivacy) throw new AppError('TermsNotAccepted');
      if (body.password !== undefined)
        await assertAcceptablePassword(fastify, request, body.password, [body.email, body.name, body.surname]);
      if (isDisposableAddress(body.email)) throw new AppError('WebAccountCreationFailed');
      const existing = await findUserByEmail(fastify.db, body.email);
      if (existing && existing.portal !== PORTAL_ID && !existing.deletedAt) throw new AppError('WebAccountExists');
      if (existing)
        throw new AppError(
          existing.passwordHash === null && existing.provider !== 'local'
            ? 'EmailIsUsedInSocialLogin'
            : 'MailAlreadyRegistered',
        );
      const passwordHash = body.password === undefined ? null : await hashPassword(body.password);
      const created = await createRegisteredUser(
        fastify.db,
        {
          email: body.email,
          name: body.name,
          surname: body.surname,
          phone: body.phone ? splitPhone(body.phone) : null,
          passwordHash,
        },
        { commercial: body.commercialPartnerConsent, partner: body.PartnerConsent },
        { ip, now },
      );
      const confirm = await issueActionToken(fastify.db, created.id, 'confirm_email', now);
      const setPassword =
        passwordHash === null ? await issueActionToken(fastify.db, created.id, 'set_password', now) : undefined;
      await queueConfirmationMail(fastify, {
        to: body.email,
        name: body.name,
        link: `${fastify.config.publicUrl}/mailconfermata/${confirm}`,
        setPasswordLink: setPassword ? `${fastify.config.publicUrl}/inserisciPassword/${setPassword}` : undefined,
      });
      // A password chosen right now proves the person as a login does.
      // The visitor's anonymous session ends as at a login: its favourites move to the account.
      await endAnonymousSession(fastify, request, created.id, now);
      const issued = await issueUserToken(fastify.db, {
        userId: created.id,
        silent: true,
        authenticated: passwordHash !== null,
        ip,
        userAgent,
        now,
        maxAgeMs: fastify.config.sessionMaxAgeMs,
      });
      // The confirmation keeps this password only when it is opened in this session (Confirm below).
      if (passwordHash !== null) await recordPasswordSetter(fastify.db, created.id, issued.id);
      if (!wantsCookieTransport(request)) return { Email: body.email, Token: issued.token };
      // The silent login (docs/spec.md §4): isConfirmed false, silent true; its cookies are
      // session cookies ("persistent unless silent"), gone when the browser closes.
      fastify.browserSession.setUser(
        reply,
        { username: body.email, userdata: issued.token, isConfirmed: false, terms_privacy: true, silent: true },
        { temporary: false, now },
      );
      await startBearer(fastify, reply, issued, now, { silent: true });
      return { Email: body.email };
    },
  );

  fastify.get(
    '/api/Account/Confirm/:token',
    {
      schema: {
        tags: ['Account'],
        summary: 'Confirm an e-mail address from the link in the mail',
        params: ActionTokenParams,
        response: { 200: ConfirmMailResponse, ...errorResponses() },
      },
    },
    async (request) => {
      const now = new Date();
      // Only the token that was mailed confirms: not the one a login answers with UserNotConfirmed.
      const row = await findTokenOfKind(fastify.db, request.params.token, ['confirm_email']);
      if (!row) throw new AppError('InvalidToken');
      const user = await findUserById(fastify.db, row.userId);
      if (!user) throw new AppError('InvalidToken');
      if (user.registrationConfirmed) throw new AppError('AlreadyConfirmedUser');
      // A suspended or deleted account gets no token from its link.
      assertActive(user);
      const spent = await spendActionToken(fastify.db, request.params.token, ['confirm_email'], now);
      if (!spent.ok) throw new AppError(spent.error);
      // Account pre-hijacking: whoever typed the address holds the sessions opened before it was
      // proven (the silent session of the registration, the login of a first password set at the
      // wizard's step 30), and the confirmation would otherwise hand them the full account. The
      // mailbox's owner ends them all before the account counts as confirmed, but for the session
      // this link is opened in when it is the account's own (a seller confirming in the wizard's
      // browser goes on). A session on another device logs in again.
      const confirmer = await loginOfRequest(fastify, request, now);
      const ownSession = confirmer && confirmer.userId === user.id ? confirmer.userTokenId : undefined;
      if (ownSession !== undefined) await revokeOtherTokens(fastify.db, user.id, ownSession, now);
      else {
        await revokeAllTokens(fastify.db, user.id, now);
        // The searches saved by those sessions (a silent one may save a search) were chosen by
        // whoever typed the address: their alerts stay off until the owner turns them on in MyRexer,
        // so nobody has Rexer mail the owner's mailbox words of their choosing.
        await fastify.db
          .update(savedSearches)
          .set({ alertsEnabled: false, updatedAt: now })
          .where(eq(savedSearches.userId, user.id));
      }
      // The same for a password chosen before this moment (at a registration with a password, at
      // the wizard's step 30, by a change in between): whoever typed the address chose it. It
      // stays only when the link is opened in the session that chose it (the seller confirming in
      // the wizard's browser). Anywhere else it stops logging in, and this answer hands the page
      // a single-use token: the person who opened the link chooses a new password, or types the
      // one they chose, which proves it was theirs (registered on a laptop, confirmed on a phone).
      // Decided on the row after the sessions were ended, not on the read above: a password set
      // in between by a session now ended is suspended too.
      let passwordToken: string | undefined;
      if (await suspendPassword(fastify.db, user.id, now, { unlessChosenIn: ownSession })) {
        passwordToken = await issueActionToken(fastify.db, user.id, 'set_password', now, CHOOSE_PASSWORD_TTL_MS);
      }
      // No password at all (a wizard's sign-up asks none): the person who confirmed chooses one now,
      // or "Ora puoi accedere" would have nothing to log in with.
      let choosePasswordToken: string | undefined;
      if (passwordToken === undefined && user.provider === 'local') {
        const current = await findUserById(fastify.db, user.id);
        if (current && current.passwordHash === null && current.suspendedPasswordHash === null) {
          choosePasswordToken = await issueActionToken(
            fastify.db,
            user.id,
            'set_password',
            now,
            CHOOSE_PASSWORD_TTL_MS,
          );
        }
      }
      await markEmailConfirmed(fastify.db, user.id, now);
      return {
        Email: user.email,
        ...(passwordToken === undefined ? {} : { PasswordToken: passwordToken }),
        ...(choosePasswordToken === undefined ? {} : { ChoosePasswordToken: choosePasswordToken }),
        SessionKept: ownSession !== undefined,
      };
    },
  );

  fastify.post(
    '/api/Account/KeepPassword',
    {
      config: { rateLimit: loginRateLimit(fastify) },
      schema: {
        tags: ['Account'],
        summary:
          'Keep the password chosen before the confirmation: whoever opened the link types it (the PasswordToken of Confirm); logs in',
        body: KeepPasswordRequest,
        response: { 200: LoginResponse, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const { ip, userAgent, now } = requestMeta(request);
      const found = await findActionToken(fastify.db, request.body.Token, ['set_password'], now);
      if (!found.ok) throw new AppError(found.error);
      const user = await findUserById(fastify.db, found.row.userId);
      if (!user || user.suspendedAt || user.deletedAt || user.suspendedPasswordHash === null)
        throw new AppError('InvalidToken');
      // Guessed under the login's lock-out, like any other password typed.
      await assertPassword(
        fastify.db,
        { ...user, passwordHash: user.suspendedPasswordHash },
        request.body.Password,
        now,
      );
      // Spent by one statement: of two racing uses (a keep and a new password), one wins.
      const spent = await spendActionToken(fastify.db, request.body.Token, ['set_password'], now);
      if (!spent.ok) throw new AppError(spent.error);
      if (!(await restoreSuspendedPassword(fastify.db, user.id, now))) throw new AppError('InvalidToken');
      await revokeActionTokens(fastify.db, user.id, ['set_password', 'reset_password'], now);
      const restored = await findUserById(fastify.db, user.id);
      if (!restored) throw new AppError('InvalidToken');
      return completeLogin(
        fastify,
        reply,
        restored,
        { ip, userAgent, now, proof: 'password' },
        wantsCookieTransport(request),
      );
    },
  );

  fastify.get(
    '/api/Account/RequestNewConfirmationMail/:token',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: {
        tags: ['Account'],
        summary: 'Mail a new confirmation link (the token comes with UserNotConfirmed)',
        params: ActionTokenParams,
        response: { 200: OkResponse, ...errorResponses() },
      },
    },
    async (request) => {
      const now = new Date();
      // The token a login answers with UserNotConfirmed, or an earlier mailed link: either only
      // asks for a new mail to the account's own address.
      const row = await findTokenOfKind(fastify.db, request.params.token, ['resend_confirmation', 'confirm_email']);
      if (!row || row.expiresAt <= now) throw new AppError('InvalidToken');
      const user = await findUserById(fastify.db, row.userId);
      if (!user || user.deletedAt) throw new AppError('InvalidToken');
      if (user.registrationConfirmed) throw new AppError('AlreadyConfirmedUser');
      // Whatever the IP: a mailbox gets at most a few confirmation mails an hour.
      if (!(await mailConfirmationAgain(fastify, user, now))) throw new AppError('TooManyRequests');
      return { Ok: true as const };
    },
  );
};

export default registrationRoutes;
