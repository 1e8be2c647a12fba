import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import {
  findUserByEmail,
  findUserById,
  findUserToken,
  issueResendConfirmationToken,
  issueSessionToken,
  issueUserToken,
  revokeUserToken,
  spendActionToken,
} from '../../auth/repository';
import { assertPassword } from '../../auth/password-check';
import { passwordProblem } from '../../auth/password-rule';
import { assertActive, requireSession } from '../../auth/require-user';
import { wantsCookieTransport } from '../../plugins/browser-session';
import { assertCaptcha } from '../../plugins/captcha';
import { decryptAnalyticsToken } from './analytics-token';
import { completeLogin, requestMeta } from './login';
import { anonymousRateLimit, loginRateLimit } from './rate-limits';
import {
  AnalyticsTokenParams,
  AnonymousLoginRequest,
  ConfirmResponse,
  AutoLoginQuery,
  LoginRequest,
  LoginResponse,
  SessionRequest,
  TokenResponse,
} from './schemas';

/**
 * Whether a Login body failed its schema on the password alone, the password being a string
 * (empty, or longer than the rule's 256 characters): the answer is then InvalidPassword, as for
 * any other password outside the rule, rather than a ValidationError.
 */
function failsOnPasswordLengthOnly(error: { validation?: unknown }, body: unknown): boolean {
  const issues = Array.isArray(error.validation) ? (error.validation as { instancePath?: unknown }[]) : [];
  return (
    issues.length > 0 &&
    issues.every((issue) => issue.instancePath === '/password') &&
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { password?: unknown }).password === 'string'
  );
}

/** The Account calls of the session (docs/spec.md §7): anonymous login, session, login, single-use links, logout. */
const loginRoutes: FastifyPluginAsyncZod = async function loginRoutes(fastify) {
  /** The row of a cookie's user token when it is still valid (not revoked, not expired). */
  const liveUserToken = async (given: string, now: Date) => {
    const row = await findUserToken(fastify.db, given);
    return row !== undefined && row.expiresAt > now ? row : undefined;
  };

  fastify.post(
    '/api/Account/AnonymousLogin',
    {
      config: { rateLimit: anonymousRateLimit(fastify) },
      schema: {
        tags: ['Account'],
        summary: 'A user token for a visitor without an account',
        body: AnonymousLoginRequest,
        response: { 200: TokenResponse, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const m = requestMeta(request);
      if (!wantsCookieTransport(request)) {
        const { token } = await issueUserToken(fastify.db, {
          userId: null,
          maxAgeMs: fastify.config.sessionMaxAgeMs,
          ...m,
        });
        return { Token: token };
      }
      // A returning visitor's anonymous session (its favourites) stays: the browser cannot tell
      // whether its HttpOnly cookie still holds one, so it asks here rather than trying Session first.
      const record = fastify.browserSession.recordOf(request);
      const live = record ? await liveUserToken(record.userdata, m.now) : undefined;
      if (record && live) {
        // An anonymous token under an account's name is written back as anonymous: the login
        // adopts an anonymous session (its favourites) by its record's empty name.
        if (live.userId === null && record.username !== '')
          fastify.browserSession.setAnonymous(reply, record.userdata, m.now);
        // An account's session (a login made in another tab since this page loaded) stays as well:
        // Session trades it next, as it would have without this call; nothing is left orphaned.
        return {};
      }
      const { token } = await issueUserToken(fastify.db, {
        userId: null,
        maxAgeMs: fastify.config.sessionMaxAgeMs,
        ...m,
      });
      fastify.browserSession.setAnonymous(reply, token, m.now);
      return {};
    },
  );

  fastify.post(
    '/api/Account/Session',
    {
      schema: {
        tags: ['Account'],
        summary: 'Trade a user token for a session token',
        body: SessionRequest,
        response: { 200: TokenResponse, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      // A browser sends no token: its user token is in its HttpOnly session cookie.
      const given =
        request.body.userToken ??
        (wantsCookieTransport(request) ? fastify.browserSession.userTokenOf(request) : undefined);
      if (given === undefined) throw new AppError('MissingToken');
      const userToken = await findUserToken(fastify.db, given);
      if (!userToken) throw new AppError('InvalidSessionToken');
      if (userToken.expiresAt <= now) throw new AppError('ExpiredUserToken');
      if (userToken.userId !== null) {
        const user = await findUserById(fastify.db, userToken.userId);
        assertActive(user);
      }
      const token = await issueSessionToken(fastify.db, userToken, now, fastify.config.sessionTokenTtlMs);
      if (!wantsCookieTransport(request)) return { Token: token };
      // A silent login's bearer stays a session cookie when it is renewed.
      fastify.browserSession.setAuth(reply, token, { silent: userToken.silent });
      return {};
    },
  );

  fastify.post(
    '/api/Account/Login',
    {
      config: { rateLimit: loginRateLimit(fastify) },
      // A password outside the schema's bounds is answered InvalidPassword below, not ValidationError.
      attachValidation: true,
      schema: {
        tags: ['Account'],
        summary: 'Log in with e-mail and password',
        body: LoginRequest,
        response: { 200: LoginResponse, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { ip, userAgent, now } = requestMeta(request);
      const invalid = request.validationError;
      if (invalid) {
        if (!failsOnPasswordLengthOnly(invalid, request.body)) throw invalid;
        await assertCaptcha(fastify, request.body.RecaptchaToken, ip);
        throw new AppError('InvalidPassword');
      }
      await assertCaptcha(fastify, request.body.RecaptchaToken, ip);
      // Every password Rexer keeps follows the rule (registration, step 30, recovery and the
      // profile all enforce it), so one that breaks it can never be right: it is answered
      // InvalidPassword (docs/spec.md §8) from the password alone, before the account is looked
      // up, which tells nothing about the address (docs/decisions.md, "Login answers InvalidPassword").
      if (passwordProblem(request.body.password) !== null) throw new AppError('InvalidPassword');
      const user = await assertPassword(
        fastify.db,
        await findUserByEmail(fastify.db, request.body.username),
        request.body.password,
        now,
      );
      assertActive(user);
      if (!user.registrationConfirmed) {
        // This token only asks for a new mail: the address is confirmed from the mailbox alone.
        throw new AppError('UserNotConfirmed', {
          extra: { Token: await issueResendConfirmationToken(fastify.db, user.id, now) },
        });
      }
      return completeLogin(
        fastify,
        reply,
        user,
        { ip, userAgent, now, proof: 'password' },
        wantsCookieTransport(request),
      );
    },
  );

  // Links from the CRM and from mails log the user in once (spec: AutoLoginSalesForce, Autologin).
  for (const path of ['/api/Account/AutoLoginSalesForce/', '/api/Account/Autologin']) {
    fastify.get(
      path,
      {
        config: { rateLimit: loginRateLimit(fastify) },
        schema: {
          tags: ['Account'],
          summary: 'Log in from a single-use link',
          querystring: AutoLoginQuery,
          response: { 200: LoginResponse, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const { ip, userAgent, now } = requestMeta(request);
        const spent = await spendActionToken(fastify.db, request.query.token, ['auto_login'], now);
        if (!spent.ok) throw new AppError(spent.error);
        const user = await findUserById(fastify.db, spent.row.userId);
        assertActive(user);
        return completeLogin(
          fastify,
          reply,
          user,
          { ip, userAgent, now, proof: 'link' },
          wantsCookieTransport(request),
        );
      },
    );
  }

  fastify.post(
    '/api/Account/Logout',
    {
      schema: {
        tags: ['Account'],
        summary: 'Revoke the session and the user token behind it',
        response: { 204: z.null().describe('Logged out'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      if (wantsCookieTransport(request)) {
        // A browser is logged out whatever state its bearer is in: the user token of its record goes too.
        fastify.browserSession.clear(reply);
        // The session and a login still waiting for the terms both end.
        for (const record of [
          fastify.browserSession.recordOf(request),
          fastify.browserSession.temporaryRecordOf(request),
        ]) {
          const userToken = record ? await findUserToken(fastify.db, record.userdata) : undefined;
          if (userToken) await revokeUserToken(fastify.db, userToken.id, now);
        }
        const session = await requireSession(fastify, request.headers.authorization, now).catch(() => undefined);
        if (session) await revokeUserToken(fastify.db, session.userTokenId, now);
        return reply.code(204).send(null);
      }
      const session = await requireSession(fastify, request.headers.authorization, now);
      await revokeUserToken(fastify.db, session.userTokenId, now);
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    '/api/Account/DecryptAnalyticsToken/:token',
    {
      config: { rateLimit: loginRateLimit(fastify) },
      schema: {
        tags: ['Account'],
        summary: 'The e-mail address an analytics link carries (to fill in the login form)',
        params: AnalyticsTokenParams,
        response: { 200: ConfirmResponse, ...errorResponses() },
      },
    },
    async (request) => {
      const email = decryptAnalyticsToken(fastify.secrets.analyticsTokenKey, request.params.token);
      if (email === undefined) throw new AppError('InvalidToken');
      return { Email: email };
    },
  );
};

export default loginRoutes;
