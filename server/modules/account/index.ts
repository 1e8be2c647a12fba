import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword } from '../../db/password-hash';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { PORTAL_ID } from '../../plugins/portal';
import {
  currentConsents,
  findActionToken,
  findTokenOfKind,
  findUserByEmail,
  findUserById,
  findUserToken,
  issueActionToken,
  issueResendConfirmationToken,
  issueSessionToken,
  issueUserToken,
  revokeAllTokens,
  revokeOtherTokens,
  countRecentActionTokens,
  revokeUserToken,
  setPassword,
  spendActionToken,
} from './repository';
import { and, eq } from 'drizzle-orm';
import { userAddresses, userConsents, users } from '../../db/schema';
import { queueConfirmationMail, queuePasswordResetMail } from './mail';
import { passwordRefusal, userWords } from './password-strength';
import {
  ActionTokenParams,
  AnalyticsTokenParams,
  AutoLoginQuery,
  AnonymousLoginRequest,
  ConfirmResponse,
  NewPasswordChangeRequest,
  NewPasswordConfirmRequest,
  NewPasswordRequest,
  OkResponse,
  UpdatePasswordRequest,
  LoginRequest,
  LoginResponse,
  MeResponse,
  RegisterRequest,
  RegisterResponse,
  SessionRequest,
  TokenResponse,
} from './schemas';
import { assertActive, CONSENT_TEXT_VERSION, requireSession, requireUser, requireUserSession } from './session';
import { wantsCookieTransport } from './browser-session';
import { decryptAnalyticsToken } from './analytics-token';
import { isDisposableAddress } from './disposable-domains';
import captcha, { assertCaptcha } from './captcha';
import { completeLogin, startBearer } from './login';
import userRoutes from './user-routes';
import socialLogin from './social';
import sessionsRoutes from './sessions-routes';
import { assertPassword, LOCK_AFTER_FAILURES, LOCK_MS } from './password-check';
import profileRoutes, { avatarOf } from './profile-routes';

export { CONSENT_TEXT_VERSION, requireSession };

/** The social provider as the user knows it: the configured name (Google ...) for the configured OpenID provider. */
export function providerLabel(provider: string, configuredName: string | undefined): string {
  if (configuredName && (provider === 'oidc' || provider === configuredName.toLowerCase())) return configuredName;
  return provider;
}

/** Registrations per client IP; an address that keeps going past it is banned for the window (429 IPBanned). */
export const REGISTER_RATE_LIMIT = { max: 10, timeWindow: '1 hour', ban: 10 } as const;
/** Password-recovery requests per client IP. */
export const RECOVERY_RATE_LIMIT = { max: 10, timeWindow: '1 hour', ban: 10 } as const;
/** Recovery mails per account an hour, whatever the IP. */
export const RECOVERY_MAILS_PER_ACCOUNT = 5;
export { LOCK_AFTER_FAILURES, LOCK_MS };

/** The Account calls of the session (spec section 7): anonymous login, session, login, me, logout. */
const accountModule: FastifyPluginAsyncZod = async function accountModule(fastify) {
  await fastify.register(captcha);
  await fastify.register(userRoutes);
  await fastify.register(profileRoutes);
  await fastify.register(socialLogin);
  await fastify.register(sessionsRoutes);
  const { browserSession } = fastify;
  /** Login attempts per client IP (LOGIN_RATE_LIMIT_MAX a minute); the per-account lock-out holds whatever the IP. */
  const loginRateLimit = { max: fastify.config.loginRateLimitMax, timeWindow: '1 minute', ban: 10 };
  /** Anonymous logins per client IP: every new browser makes one. */
  const anonymousRateLimit = { max: Math.max(60, fastify.config.loginRateLimitMax), timeWindow: '1 minute' };

  /** Refuses a new password against the spec's rule, its guessability and (when configured) known breaches. */
  const assertAcceptablePassword = async (request: FastifyRequest, password: string, details: (string | null | undefined)[]) => {
    const refusal = await passwordRefusal(password, {
      userInputs: userWords(details),
      pwnedPasswordsUrl: fastify.config.pwnedPasswordsUrl,
      onServiceDown: () => request.log.warn('password breach check: the range service did not answer, the password was not checked against it'),
    });
    if (refusal) throw new AppError(refusal);
  };

  const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    now: new Date(),
  });

  fastify.post(
    '/api/Account/AnonymousLogin',
    {
      config: { rateLimit: anonymousRateLimit },
      schema: { tags: ['Account'], summary: 'A user token for a visitor without an account', body: AnonymousLoginRequest, response: { 200: TokenResponse, ...errorResponses() } },
    },
    async (request, reply) => {
      const m = meta(request);
      const { token } = await issueUserToken(fastify.db, { userId: null, maxAgeMs: fastify.config.sessionMaxAgeMs, ...m });
      if (!wantsCookieTransport(request)) return { Token: token };
      browserSession.setAnonymous(reply, token, m.now);
      return {};
    },
  );

  fastify.post(
    '/api/Account/Session',
    {
      schema: { tags: ['Account'], summary: 'Trade a user token for a session token', body: SessionRequest, response: { 200: TokenResponse, ...errorResponses(401) } },
    },
    async (request, reply) => {
      const now = new Date();
      // A browser sends no token: its user token is in its HttpOnly session cookie.
      const given = request.body.userToken ?? (wantsCookieTransport(request) ? browserSession.userTokenOf(request) : undefined);
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
      browserSession.setAuth(reply, token);
      return {};
    },
  );

  fastify.post(
    '/api/Account/Login',
    {
      config: { rateLimit: loginRateLimit },
      schema: { tags: ['Account'], summary: 'Log in with e-mail and password', body: LoginRequest, response: { 200: LoginResponse, ...errorResponses(401) } },
    },
    async (request, reply) => {
      const { ip, userAgent, now } = meta(request);
      await assertCaptcha(fastify, request.body.RecaptchaToken, ip);
      const user = await assertPassword(fastify.db, await findUserByEmail(fastify.db, request.body.username), request.body.password, now);
      assertActive(user);
      if (!user.registrationConfirmed) {
        // This token only asks for a new mail: the address is confirmed from the mailbox alone.
        throw new AppError('UserNotConfirmed', { extra: { Token: await issueResendConfirmationToken(fastify.db, user.id, now) } });
      }
      return completeLogin(fastify, reply, user, { ip, userAgent, now, proof: 'password' }, wantsCookieTransport(request));
    },
  );


  fastify.post(
    '/api/Account/Register',
    {
      config: { rateLimit: REGISTER_RATE_LIMIT },
      schema: { tags: ['Account'], summary: 'Create an account; answers a user token for the silent login', body: RegisterRequest, response: { 200: RegisterResponse, ...errorResponses() } },
    },
    async (request, reply) => {
      const { ip, userAgent, now } = meta(request);
      const body = request.body;
      await assertCaptcha(fastify, body.RecaptchaToken, ip);
      if (!body.TermsAndConditions || !body.InfoPrivacy) throw new AppError('TermsNotAccepted');
      if (body.password !== undefined) await assertAcceptablePassword(request, body.password, [body.email, body.name, body.surname]);
      if (isDisposableAddress(body.email)) throw new AppError('WebAccountCreationFailed');
      const existing = await findUserByEmail(fastify.db, body.email);
      if (existing && existing.portal !== PORTAL_ID && !existing.deletedAt) throw new AppError('WebAccountExists');
      if (existing) throw new AppError(existing.passwordHash === null && existing.provider !== 'local' ? 'EmailIsUsedInSocialLogin' : 'MailAlreadyRegistered');
      const passwordHash = body.password === undefined ? null : await hashPassword(body.password);
      const created = await fastify.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ email: body.email, name: body.name, surname: body.surname, phone: body.phone ?? null, passwordHash, isSilent: true, registrationConfirmed: false })
          .returning({ id: users.id });
        const consent = (kind: 'terms' | 'privacy' | 'commercial' | 'partner', granted: boolean) => ({ userId: user.id, kind, granted, textVersion: CONSENT_TEXT_VERSION, source: 'registration', ip: ip.slice(0, 45), recordedAt: now });
        await tx.insert(userConsents).values([consent('terms', true), consent('privacy', true), consent('commercial', body.commercialPartnerConsent), consent('partner', body.PartnerConsent)]);
        return user;
      });
      const confirm = await issueActionToken(fastify.db, created.id, 'confirm_email', now);
      const setPassword = passwordHash === null ? await issueActionToken(fastify.db, created.id, 'set_password', now) : undefined;
      await queueConfirmationMail(fastify, {
        to: body.email,
        name: body.name,
        link: `${fastify.config.publicUrl}/mailconfermata/${confirm}`,
        setPasswordLink: setPassword ? `${fastify.config.publicUrl}/inserisciPassword/${setPassword}` : undefined,
      });
      // A password chosen right now proves the person as a login does.
      const issued = await issueUserToken(fastify.db, { userId: created.id, silent: true, authenticated: passwordHash !== null, ip, userAgent, now, maxAgeMs: fastify.config.sessionMaxAgeMs });
      if (!wantsCookieTransport(request)) return { Email: body.email, Token: issued.token };
      // The silent login (spec section 4): isConfirmed false, silent true.
      browserSession.setUser(reply, { username: body.email, userdata: issued.token, isConfirmed: false, terms_privacy: true, silent: true }, { temporary: false, now });
      await startBearer(fastify, reply, issued, now);
      return { Email: body.email };
    },
  );

  fastify.get(
    '/api/Account/Confirm/:token',
    { schema: { tags: ['Account'], summary: 'Confirm an e-mail address from the link in the mail', params: ActionTokenParams, response: { 200: ConfirmResponse, ...errorResponses() } } },
    async (request) => {
      const now = new Date();
      // Only the token that was mailed confirms: not the one a login answers with UserNotConfirmed.
      const row = await findTokenOfKind(fastify.db, request.params.token, ['confirm_email']);
      if (!row) throw new AppError('InvalidToken');
      const user = await findUserById(fastify.db, row.userId);
      if (!user) throw new AppError('InvalidToken');
      if (user.registrationConfirmed) throw new AppError('AlreadyConfirmedUser');
      const spent = await spendActionToken(fastify.db, request.params.token, ['confirm_email'], now);
      if (!spent.ok) throw new AppError(spent.error);
      await fastify.db.update(users).set({ registrationConfirmed: true, confirmedAt: now, isSilent: false }).where(eq(users.id, user.id));
      return { Email: user.email };
    },
  );


  fastify.post(
    '/api/Account/NewPassword/',
    {
      config: { rateLimit: RECOVERY_RATE_LIMIT },
      schema: { tags: ['Account'], summary: 'Mail a password-recovery link', body: NewPasswordRequest, response: { 200: OkResponse, ...errorResponses(403, 404) } },
    },
    async (request) => {
      const now = new Date();
      const user = await findUserByEmail(fastify.db, request.body.email);
      // Spec section 8: an unconfirmed address answers 403 with type 10, an unknown one "no user".
      if (!user || user.deletedAt) throw new AppError('UserNotFound');
      if (!user.registrationConfirmed) throw new AppError('EmailNotConfirmed');
      if ((await countRecentActionTokens(fastify.db, user.id, 'reset_password', new Date(now.getTime() - 60 * 60 * 1000))) >= RECOVERY_MAILS_PER_ACCOUNT) {
        throw new AppError('TooManyRequests');
      }
      const token = await issueActionToken(fastify.db, user.id, 'reset_password', now);
      await queuePasswordResetMail(fastify, { to: user.email, name: user.name, link: `${fastify.config.publicUrl}/recuperaPassword/${token}` });
      return { Ok: true as const };
    },
  );

  fastify.post(
    '/api/Account/NewPassword/Confirm',
    {
      config: { rateLimit: RECOVERY_RATE_LIMIT },
      schema: { tags: ['Account'], summary: 'Check a recovery or set-password link before showing the form', body: NewPasswordConfirmRequest, response: { 200: ConfirmResponse, ...errorResponses() } },
    },
    async (request) => {
      const found = await findActionToken(fastify.db, request.body.token, ['reset_password', 'set_password'], new Date());
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
      schema: { tags: ['Account'], summary: 'Set a new password from a recovery or set-password link', body: NewPasswordChangeRequest, response: { 200: OkResponse, ...errorResponses() } },
    },
    async (request) => {
      const now = new Date();
      const found = await findActionToken(fastify.db, request.body.Token, ['reset_password', 'set_password'], now);
      if (!found.ok) throw new AppError(found.error);
      const owner = await findUserById(fastify.db, found.row.userId);
      await assertAcceptablePassword(request, request.body.NewPassword, [owner?.email, owner?.name, owner?.surname]);
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

  fastify.put(
    '/api/user/updatePassword',
    { schema: { tags: ['User'], summary: 'Change the password of the logged-in user', body: UpdatePasswordRequest, response: { 200: OkResponse, ...errorResponses(401, 403) } } },
    async (request) => {
      const now = new Date();
      const { user, session } = await requireUserSession(fastify, request.headers.authorization, now);
      if (user.email.toLowerCase() !== request.body.username.toLowerCase()) throw new AppError('Forbidden');
      // The current password is guessed under the login's lock-out, like any other try.
      await assertPassword(fastify.db, user, request.body.oldPassword, now);
      await assertAcceptablePassword(request, request.body.newPassword, [user.email, user.name, user.surname]);
      await setPassword(fastify.db, user.id, await hashPassword(request.body.newPassword), { confirm: false, now });
      // Every other device is logged out; this one stays.
      await revokeOtherTokens(fastify.db, user.id, session.userTokenId, now);
      return { Ok: true as const };
    },
  );


  // Links from the CRM and from mails log the user in once (spec: AutoLoginSalesForce, Autologin).
  for (const path of ['/api/Account/AutoLoginSalesForce/', '/api/Account/Autologin']) {
    fastify.get(
      path,
      {
        config: { rateLimit: loginRateLimit },
        schema: { tags: ['Account'], summary: 'Log in from a single-use link', querystring: AutoLoginQuery, response: { 200: LoginResponse, ...errorResponses(401) } },
      },
      async (request, reply) => {
        const { ip, userAgent, now } = meta(request);
        const spent = await spendActionToken(fastify.db, request.query.token, ['auto_login'], now);
        if (!spent.ok) throw new AppError(spent.error);
        const user = await findUserById(fastify.db, spent.row.userId);
        assertActive(user);
        return completeLogin(fastify, reply, user, { ip, userAgent, now, proof: 'link' }, wantsCookieTransport(request));
      },
    );
  }

  fastify.get(
    '/api/Account/Me',
    { schema: { tags: ['Account'], summary: 'The current user', response: { 200: MeResponse, ...errorResponses(401) } } },
    async (request) => {
      const user = await requireUser(fastify, request.headers.authorization, new Date(), { allowRapidRegistration: true });
      // The user's consents, address of its kind and photo are independent reads: at once.
      const [consents, [address], avatar] = await Promise.all([
        currentConsents(fastify.db, user.id),
        fastify.db
          .select()
          .from(userAddresses)
          .where(and(eq(userAddresses.userId, user.id), eq(userAddresses.type, user.businessName === 1 ? 'legal' : 'residential')))
          .limit(1),
        avatarOf(fastify.db, user.id),
      ]);
      return {
        id: user.id,
        email: user.email,
        username: user.email,
        name: user.name,
        surname: user.surname,
        phone: user.phone,
        phonePrefix: user.phonePrefix,
        portal: user.portal,
        AccessType: user.accessType,
        // A generic OpenID Connect identity shows the provider's configured name (Google, ...).
        Provider: providerLabel(user.provider, fastify.config.oidc?.providerName),
        RegistrationConfirmed: user.registrationConfirmed,
        CanChangePassword: user.passwordHash !== null,
        businessName: user.businessName,
        companyName: user.companyName,
        pecAddress: user.pecAddress,
        VATNumber: user.vatNumber,
        uniqueCode: user.uniqueCode,
        referentName: user.referentName,
        referentSurname: user.referentSurname,
        referentPhone: user.referentPhone,
        birthdayDate: user.birthdayDate,
        birthdayCity: user.birthdayCity,
        birthdayCountry: user.birthdayCountry,
        sex: user.sex,
        fiscalCode: user.fiscalCode,
        address: address?.street ?? null,
        number: address?.number ?? null,
        city: address?.city ?? null,
        postalCode: address?.postalCode ?? null,
        province: address?.province ?? null,
        country: address?.country ?? null,
        termsConsent: consents.terms,
        privacyConsent: consents.privacy,
        termsAndPrivacyConsent: consents.terms && consents.privacy,
        commercialConsent: consents.commercial,
        partnerConsent: consents.partner,
        avatar,
      };
    },
  );

  fastify.post(
    '/api/Account/Logout',
    { schema: { tags: ['Account'], summary: 'Revoke the session and the user token behind it', response: { 204: z.null().describe('Logged out'), ...errorResponses(401) } } },
    async (request, reply) => {
      const now = new Date();
      if (wantsCookieTransport(request)) {
        // A browser is logged out whatever state its bearer is in: the user token of its record goes too.
        browserSession.clear(reply);
        // The session and a login still waiting for the terms both end.
        for (const record of [browserSession.recordOf(request), browserSession.temporaryRecordOf(request)]) {
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
      config: { rateLimit: loginRateLimit },
      schema: { tags: ['Account'], summary: 'The e-mail address an analytics link carries (to fill in the login form)', params: AnalyticsTokenParams, response: { 200: ConfirmResponse, ...errorResponses() } },
    },
    async (request) => {
      const email = decryptAnalyticsToken(fastify.config.analyticsTokenKey, request.params.token);
      if (email === undefined) throw new AppError('InvalidToken');
      return { Email: email };
    },
  );
};

export default accountModule;
