import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { isLoopbackHost, type OidcConfig } from '../../config';
import { PORTAL_ID } from '../../plugins/portal';
import { authProviderEnum } from '../../db/schema/users';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { completeLogin } from '../sign-in/login';
import { findUserByEmail, revokeAllTokens, type UserRow } from '../../auth/repository';
import { createSocialUser, findUserByIdentity, linkIdentity } from './repository';
import { assertActive } from '../../auth/require-user';
import { isPersonName } from '@domain/person-name';

/**
 * Social login through an OpenID Connect provider (OIDC_* variables): the authorization-code
 * flow with PKCE, state and nonce. The browser leaves from SocialLogin and comes back to
 * SocialLogin/Callback, which finds, links or creates the account and logs the browser in
 * with the same cookies as the password login.
 *
 * The flow's secrets (PKCE verifier, state, nonce, returnTo) wait in the `rexer_oidc` cookie
 * for 10 minutes, encrypted and authenticated (AES-256-GCM): a forged or altered cookie is
 * refused, and returnTo is checked again when it is read.
 */

export const OIDC_COOKIE = 'rexer_oidc';
const FLOW_TTL_MS = 10 * 60 * 1000;
const COOKIE_PATH = '/api/Account/SocialLogin';
/** Where the browser goes when anything fails (the login modal shows the error). */
export const SOCIAL_ERROR_PATH = '/?login=1&socialError=1';
/** Where a social account without phone or terms completes its registration. */
export const SOCIAL_PHONE_PATH = '/registrazionetelefonosocial';

type AuthProvider = (typeof authProviderEnum.enumValues)[number];

/**
 * The `users.provider` value of the configured provider: its name when the enum knows it
 * (`Google` -> google), `oidc` otherwise (the column is an enum, not the display name).
 */
export function providerColumnOf(providerName: string): AuthProvider {
  const name = providerName.trim().toLowerCase();
  return name !== 'local' && (authProviderEnum.enumValues as readonly string[]).includes(name)
    ? (name as AuthProvider)
    : 'oidc';
}

/** A same-site path to come back to, or `/`: never `//host`, `/\host`, a scheme or control characters. */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//') || hasUnsafeCharacter(value))
    return '/';
  const base = 'http://rexer.invalid';
  const url = URL.canParse(value, base) ? new URL(value, base) : undefined;
  if (!url || url.origin !== base) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A backslash (browsers read `/\host` as `//host`) or a control character. */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

interface Flow {
  /** PKCE code verifier. */
  v: string;
  /** state */
  s: string;
  /** nonce */
  n: string;
  /** returnTo */
  r: string;
  /** Expiry, epoch ms. */
  e: number;
}

/** The key of the flow cookie: from the client secret, or the shared server secret of a public client (every server agrees). */
function flowKey(config: OidcConfig, secretText: string): Buffer {
  const secret = Buffer.from(secretText, 'utf8');
  return Buffer.from(hkdfSync('sha256', secret, 'rexer-oidc-flow-cookie', `${config.issuer}|${config.clientId}`, 32));
}

export function sealFlow(key: Buffer, flow: Flow): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The flow of a cookie, or undefined when it is missing, altered, expired or malformed. */
export function openFlow(key: Buffer, value: string | undefined, now: number): Flow | undefined {
  if (!value || value.length > 4096) return undefined;
  try {
    const raw = Buffer.from(value, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const flow = JSON.parse(
      Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'),
    ) as Partial<Flow>;
    if (
      typeof flow.v !== 'string' ||
      typeof flow.s !== 'string' ||
      typeof flow.n !== 'string' ||
      typeof flow.r !== 'string' ||
      typeof flow.e !== 'number'
    )
      return undefined;
    if (flow.e <= now) return undefined;
    return { v: flow.v, s: flow.s, n: flow.n, r: safeReturnTo(flow.r), e: flow.e };
  } catch {
    return undefined;
  }
}

interface Claims {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
}

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;

/**
 * A name the provider gives, kept only when it passes the registration's rule (a provider lets
 * its users write anything): otherwise the account starts without it and the profile asks.
 */
const personName = (value: unknown) => {
  const name = typeof value === 'string' ? value.trim() : '';
  return name.length <= 100 && isPersonName(name) ? name : undefined;
};

/** Why a social login was refused; logged, never shown (the browser only learns that it failed). */
class SocialLoginRefused extends Error {}

const SocialLoginQuery = z.object({
  returnTo: z.string().optional().describe('Same-site path to come back to (default /)'),
});

const socialLogin: FastifyPluginAsyncZod = async function socialLogin(fastify) {
  const settings = fastify.config.oidc;
  const key = settings ? flowKey(settings, fastify.secrets.oidcFlowSecret) : randomBytes(32);
  const redirectUrl = settings?.redirectUrl ?? `${fastify.config.publicUrl}/api/Account/SocialLogin/Callback`;
  const provider = settings ? providerColumnOf(settings.providerName) : 'oidc';
  const rateLimit = { max: fastify.config.loginRateLimitMax, timeWindow: '1 minute' };

  // Discovery happens at the first use, not at start: the app starts while the issuer is down.
  let discovered: Promise<oidc.Configuration> | undefined;
  const client = (s: OidcConfig) => {
    discovered ??= (() => {
      const issuer = new URL(s.issuer);
      const auth = s.clientSecret ? oidc.ClientSecretPost(s.clientSecret) : oidc.None();
      // Plain http is allowed only for an issuer on this machine (tests, the local stand-in).
      return oidc.discovery(issuer, s.clientId, undefined, auth, {
        timeout: 10,
        execute: isLoopbackHost(issuer.hostname) ? [oidc.allowInsecureRequests] : [],
      });
    })().catch((err: unknown) => {
      discovered = undefined;
      throw err;
    });
    return discovered;
  };

  const cookieOptions = {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: fastify.config.cookieSecure,
    sameSite: 'lax' as const,
  };

  fastify.get(
    '/api/Account/SocialLogin',
    {
      config: { rateLimit },
      schema: {
        tags: ['Account'],
        summary: 'Start a social login: a redirect to the OpenID Connect provider',
        querystring: SocialLoginQuery,
        response: { 302: z.null().describe('To the provider'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      if (!settings) throw new AppError('NotFound');
      const flow: Flow = {
        v: oidc.randomPKCECodeVerifier(),
        s: oidc.randomState(),
        n: oidc.randomNonce(),
        r: safeReturnTo(request.query.returnTo),
        e: Date.now() + FLOW_TTL_MS,
      };
      let target: URL;
      try {
        target = oidc.buildAuthorizationUrl(await client(settings), {
          redirect_uri: redirectUrl,
          scope: settings.scopes,
          code_challenge: await oidc.calculatePKCECodeChallenge(flow.v),
          code_challenge_method: 'S256',
          state: flow.s,
          nonce: flow.n,
        });
      } catch (err) {
        request.log.warn({ err }, 'social login: the provider cannot be reached');
        return reply.redirect(SOCIAL_ERROR_PATH, 302);
      }
      reply.setCookie(OIDC_COOKIE, sealFlow(key, flow), { ...cookieOptions, maxAge: FLOW_TTL_MS / 1000 });
      return reply.redirect(target.href, 302);
    },
  );

  /** The claims of the login: the ID token's, completed from the userinfo endpoint when it lacks the e-mail. */
  const claimsOf = async (
    config: oidc.Configuration,
    tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
  ): Promise<Claims> => {
    const idToken = tokens.claims();
    if (!idToken) throw new SocialLoginRefused('no ID token');
    let all: Record<string, unknown> = { ...idToken };
    if (typeof idToken.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
      all = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
    }
    const email = text(all.email, 254)?.toLowerCase();
    return {
      sub: idToken.sub,
      email: email && /^[^@\s]+@[^@\s]+$/.test(email) ? email : undefined,
      emailVerified: all.email_verified === true,
      givenName: personName(all.given_name),
      familyName: personName(all.family_name),
    };
  };

  /**
   * The account of the identity: the one already linked to it; else the account with its
   * e-mail, linked now when the provider verified the address; else a new account.
   */
  const accountOf = async (claims: Claims, now: Date): Promise<UserRow> => {
    const linked = await findUserByIdentity(fastify.db, provider, claims.sub);
    if (linked) return linked;
    if (!claims.email) throw new SocialLoginRefused('no e-mail claim');
    const existing = await findUserByEmail(fastify.db, claims.email);
    if (existing) {
      assertActive(existing);
      if (existing.portal !== PORTAL_ID) throw new SocialLoginRefused('the account belongs to another portal');
      if (!claims.emailVerified)
        throw new SocialLoginRefused('the e-mail of an existing account is not verified by the provider');
      if (existing.providerSubject !== null) throw new SocialLoginRefused('the account is linked to another identity');
      // The password stays (CanChangePassword, password login). An unconfirmed account's password
      // and sessions were set by someone who never proved the address: they go, the address is proved now.
      const unproved = !existing.registrationConfirmed;
      const updated = await linkIdentity(
        fastify.db,
        existing.id,
        { provider, subject: claims.sub },
        { proveAddress: unproved, now },
      );
      if (unproved) await revokeAllTokens(fastify.db, existing.id, now);
      return updated;
    }
    const created = await createSocialUser(fastify.db, {
      email: claims.email,
      name: claims.givenName ?? null,
      surname: claims.familyName ?? null,
      provider,
      subject: claims.sub,
      emailVerified: claims.emailVerified,
      now,
    });
    return created;
  };

  const fail = (reply: FastifyReply) => reply.redirect(SOCIAL_ERROR_PATH, 302);

  fastify.get(
    '/api/Account/SocialLogin/Callback',
    {
      config: { rateLimit },
      schema: {
        tags: ['Account'],
        summary: 'The redirect URL of the social login: logs the browser in and sends it on',
        response: {
          302: z.null().describe('To the page to come back to, the phone-and-terms page, or the login with an error'),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      if (!settings) throw new AppError('NotFound');
      const now = new Date();
      const flow = openFlow(key, request.cookies[OIDC_COOKIE], now.getTime());
      reply.clearCookie(OIDC_COOKIE, cookieOptions);
      if (!flow) {
        request.log.warn('social login: no valid flow cookie');
        return fail(reply);
      }
      let user: UserRow;
      try {
        const config = await client(settings);
        const currentUrl = new URL(redirectUrl);
        currentUrl.search = new URL(request.url, 'http://rexer.invalid').search;
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: flow.v,
          expectedState: flow.s,
          expectedNonce: flow.n,
          idTokenExpected: true,
        });
        user = await accountOf(await claimsOf(config, tokens), now);
        assertActive(user);
      } catch (err) {
        request.log.warn({ err }, 'social login refused');
        return fail(reply);
      }
      // The browser logs in as with a password.
      const { TermsAndPrivacyConfirmed: termsAndPrivacy } = await completeLogin(
        fastify,
        reply,
        user,
        { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? ''), now, proof: 'social' },
        true,
      );
      if (!user.phone || !termsAndPrivacy)
        return reply.redirect(`${SOCIAL_PHONE_PATH}?redirect=${encodeURIComponent(flow.r)}`, 302);
      return reply.redirect(flow.r, 302);
    },
  );
};

export default socialLogin;
