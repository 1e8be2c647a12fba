import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import type { TestDatabase } from '../../server/db/testing';
import { safeReturnTo } from '../../server/modules/social-login';
import { startOidcProvider, subjectOf, type RunningOidcProvider } from '../support/oidc-provider';
import { buildTestApp, describeOnBackends, expectError, openTestDatabase } from './helpers';
import { sessionCookieNames } from '../../server/plugins/browser-session';

const { session: SESSION, auth: AUTH, temporary: TEMP_USER } = sessionCookieNames(true);

const CLIENT_ID = 'rexer-test';
const CLIENT_SECRET = 'segreto-del-client-di-prova';
const APP_ORIGIN = 'http://127.0.0.1:3999';
const REDIRECT_URL = `${APP_ORIGIN}/api/Account/SocialLogin/Callback`;
const ERROR_PATH = '/?login=1&socialError=1';

const NEW_USER = { email: 'Giulia.Social@esempio.it', givenName: 'Giulia', familyName: 'Bianchi' };
const UNVERIFIED = { email: 'non.verificata@esempio.it', emailVerified: false };
const TAMPERED = { email: 'manomessa@esempio.it' };
const SUSPENDED = { email: 'sospesa@esempio.it' };
const PRECLAIMED = { email: 'preregistrata@esempio.it' };
/** A provider lets its users write anything as their name. */
const HOSTILE_NAMES = {
  email: 'nomi.strani@esempio.it',
  givenName: 'Giulia\u2028\u2028Visita evil.com',
  familyName: '\u202eihcnaiB',
};

type Jar = Record<string, string>;

/** Applies the Set-Cookie headers of a provider answer (one host, so names are enough). */
function applyFetch(jar: Jar, res: Response): void {
  for (const header of res.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    const expired =
      attributes.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]).getTime() < Date.now()) ||
      attributes.some((a) => /^\s*max-age=0\b/i.test(a));
    if (value === '' || expired) delete jar[name];
    else jar[name] = value;
  }
}

function applyInject(jar: Jar, res: LightMyRequestResponse): void {
  for (const cookie of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
    if (cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now()))
      delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
}

const cookieHeader = (jar: Jar) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

// One provider for the file, started before the suites' apps (their options read its address) and
// closed after them. Its accounts are the same for every backend; each browser has its own cookies.
let provider: RunningOidcProvider;
beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [REDIRECT_URL],
    accounts: [
      NEW_USER,
      UNVERIFIED,
      TAMPERED,
      SUSPENDED,
      PRECLAIMED,
      HOSTILE_NAMES,
      { email: DEMO_ACCOUNTS.buyer.email, givenName: 'Altro' },
    ],
  });
});
afterAll(async () => {
  await provider?.close();
});

describeOnBackends(
  'Social login through OpenID Connect',
  () => ({
    env: {
      CAPTCHA: 'off',
      RATE_LIMIT_MAX: '0',
      PUBLIC_URL: APP_ORIGIN,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_REDIRECT_URL: REDIRECT_URL,
      OIDC_PROVIDER_NAME: 'google-test',
    },
  }),
  (suite) => {
    interface Browser {
      app: Jar;
      provider: Jar;
    }
    const newBrowser = (): Browser => ({ app: {}, provider: {} });

    /** A navigation to the app (a browser sends no X-Token-Transport header on one). */
    const appGet = async (browser: Browser, url: string) => {
      const res = await suite.app.inject({ method: 'GET', url, cookies: { ...browser.app } });
      applyInject(browser.app, res);
      return res;
    };

    /** Browser calls of the SPA: cookie transport. */
    const appCall = async (browser: Browser, method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await suite.app.inject({
        method,
        url,
        payload,
        headers: { 'x-token-transport': 'cookie' },
        cookies: { ...browser.app },
      });
      applyInject(browser.app, res);
      return res;
    };

    const providerRequest = async (browser: Browser, url: string, form?: Record<string, string>) => {
      const res = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: cookieHeader(browser.provider),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      applyFetch(browser.provider, res);
      return res;
    };

    /**
     * Follows the provider's redirects by hand; on the login page posts the e-mail (or cancels).
     * Answers the app's callback URL the provider finally sends the browser to.
     */
    const throughProvider = async (
      browser: Browser,
      authorizationUrl: string,
      email: string | 'cancel',
    ): Promise<URL> => {
      let url = authorizationUrl;
      for (let hop = 0; hop < 12; hop++) {
        if (url.startsWith(APP_ORIGIN)) return new URL(url);
        let res = await providerRequest(browser, url);
        if (res.status === 200) {
          const page = await res.text();
          const action = new RegExp(`action="([^"]+/${email === 'cancel' ? 'abort' : 'login'})"`).exec(page);
          expect(page).toContain('Accedi');
          expect(action).not.toBeNull();
          res = await providerRequest(browser, new URL(action![1], url).href, email === 'cancel' ? {} : { email });
        }
        expect([302, 303]).toContain(res.status);
        url = new URL(res.headers.get('location')!, url).href;
      }
      throw new Error('too many redirects');
    };

    /** The whole login: SocialLogin, the provider, the callback; answers the callback's answer. */
    const socialLogin = async (
      browser: Browser,
      email: string | 'cancel',
      returnTo?: string,
      tamper?: (callback: URL) => void,
    ) => {
      const start = await appGet(
        browser,
        `/api/Account/SocialLogin${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`,
      );
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
      const callback = await throughProvider(browser, String(start.headers.location), email);
      tamper?.(callback);
      return appGet(browser, `${callback.pathname}${callback.search}`);
    };

    const userByEmail = async (email: string) => {
      const rows = await suite.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return rows[0];
    };

    it('sends the browser to the provider with PKCE S256, state, nonce and the configured scopes, in a sealed short-lived cookie', async () => {
      const res = await suite.app.inject({ method: 'GET', url: '/api/Account/SocialLogin?returnTo=%2Fpreferiti' });
      expect(res.statusCode).toBe(302);
      const target = new URL(String(res.headers.location));
      expect(target.origin + target.pathname).toBe(`${provider.issuer}/auth`);
      expect(Object.fromEntries(target.searchParams)).toMatchObject({
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URL,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge_method: 'S256',
      });
      for (const name of ['state', 'nonce', 'code_challenge'])
        expect(target.searchParams.get(name)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      const cookie = (
        res.cookies as {
          name: string;
          value: string;
          httpOnly?: boolean;
          secure?: boolean;
          sameSite?: string;
          maxAge?: number;
        }[]
      ).find((c) => c.name === 'rexer_oidc');
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', maxAge: 600 });
      // Sealed: neither the verifier nor the return path can be read from it.
      expect(cookie!.value).not.toContain('preferiti');
      expect(cookie!.value).not.toContain(target.searchParams.get('state'));
    });

    it('creates a new account from the claims and sends it to the phone-and-terms page', async () => {
      const browser = newBrowser();
      const res = await socialLogin(browser, NEW_USER.email, '/preferiti?ordine=prezzo');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(
        `/registrazionetelefonosocial?redirect=${encodeURIComponent('/preferiti?ordine=prezzo')}`,
      );
      // The terms are pending: a temporary record, and a bearer.
      expect(browser.app[TEMP_USER]).toBeDefined();
      expect(browser.app[AUTH]).toBeDefined();
      expect(browser.app.rexer_oidc).toBeUndefined();

      const user = await userByEmail(NEW_USER.email);
      expect(user).toMatchObject({
        email: NEW_USER.email.toLowerCase(),
        name: 'Giulia',
        surname: 'Bianchi',
        provider: 'oidc',
        providerSubject: subjectOf(NEW_USER),
        passwordHash: null,
        registrationConfirmed: true,
        isSilent: false,
        phone: null,
      });

      const me = await appCall(browser, 'GET', '/api/Account/Me');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        email: NEW_USER.email.toLowerCase(),
        Provider: 'google-test',
        CanChangePassword: false,
        RegistrationConfirmed: true,
        termsAndPrivacyConsent: false,
      });

      // The phone-and-terms page completes the registration; the temporary record becomes the session.
      const done = await appCall(browser, 'POST', '/api/User/UpdatePhoneAndTermsAndConditions', {
        phone: '3331234567',
        termsAndConditions: true,
        infoPrivacy: true,
      });
      expect(done.statusCode).toBe(200);
      expect(browser.app[SESSION]).toBeDefined();
      expect(browser.app[TEMP_USER]).toBeUndefined();
    });

    it("keeps none of the provider's names that the registration would refuse", async () => {
      const res = await socialLogin(newBrowser(), HOSTILE_NAMES.email, '/');
      expect(res.statusCode).toBe(302);
      expect(await userByEmail(HOSTILE_NAMES.email)).toMatchObject({
        name: null,
        surname: null,
        registrationConfirmed: true,
      });
    });

    it('finds the same account at the next login and goes back to returnTo', async () => {
      const before = await userByEmail(NEW_USER.email);
      const browser = newBrowser();
      const res = await socialLogin(browser, NEW_USER.email, '/preferiti');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/preferiti');
      expect(browser.app[SESSION]).toBeDefined();
      const me = await appCall(browser, 'GET', '/api/Account/Me');
      expect(me.json()).toMatchObject({
        id: before.id,
        phone: '3331234567',
        termsAndPrivacyConsent: true,
        Provider: 'google-test',
        CanChangePassword: false,
      });
      const [{ n }] = await suite.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`lower(${users.email}) = ${NEW_USER.email.toLowerCase()}`);
      expect(n).toBe(1);
    });

    it('answers EmailIsUsedInSocialLogin to a password login of the social account', async () => {
      const res = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { username: NEW_USER.email, password: 'Qualsiasi#Password1', RecaptchaToken: 'x' },
      });
      expectError(res, 'EmailIsUsedInSocialLogin');
    });

    it('refuses a tampered state: error redirect, no account, no session', async () => {
      const browser = newBrowser();
      const res = await socialLogin(browser, TAMPERED.email, '/preferiti', (callback) =>
        callback.searchParams.set('state', 'stato-contraffatto-0123456789'),
      );
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(ERROR_PATH);
      expect(await userByEmail(TAMPERED.email)).toBeUndefined();
      expect(browser.app[AUTH]).toBeUndefined();
      expect(browser.app.rexer_oidc).toBeUndefined();
    });

    it('refuses a callback without its flow cookie, or with a forged one', async () => {
      const browser = newBrowser();
      const start = await appGet(browser, '/api/Account/SocialLogin');
      const callback = await throughProvider(browser, String(start.headers.location), TAMPERED.email);
      const forged = { ...browser.app, rexer_oidc: `${browser.app.rexer_oidc.slice(0, -4)}AAAA` };
      for (const cookies of [{}, forged]) {
        const res = await suite.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, cookies });
        expect(res.headers.location).toBe(ERROR_PATH);
      }
      expect(await userByEmail(TAMPERED.email)).toBeUndefined();
    });

    it('sends a cancelled login back to the error', async () => {
      const res = await socialLogin(newBrowser(), 'cancel', '/preferiti');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(ERROR_PATH);
    });

    it('refuses an open redirect in returnTo and goes to / instead', async () => {
      for (const returnTo of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
        const res = await socialLogin(newBrowser(), NEW_USER.email, returnTo);
        expect(res.statusCode).toBe(302);
        expect(res.headers.location, returnTo).toBe('/');
      }
      expect(safeReturnTo('/annunci?citta=Roma#mappa')).toBe('/annunci?citta=Roma#mappa');
      expect(safeReturnTo('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
      expect(safeReturnTo('/\tevil')).toBe('/');
    });

    it('links an existing account when the provider verified its e-mail, keeping the password', async () => {
      const browser = newBrowser();
      const res = await socialLogin(browser, DEMO_ACCOUNTS.buyer.email, '/preferiti');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/preferiti');
      const me = await appCall(browser, 'GET', '/api/Account/Me');
      expect(me.json()).toMatchObject({
        email: DEMO_ACCOUNTS.buyer.email,
        Provider: 'google-test',
        CanChangePassword: true,
      });
      const user = await userByEmail(DEMO_ACCOUNTS.buyer.email);
      expect(user.providerSubject).toBe(subjectOf({ email: DEMO_ACCOUNTS.buyer.email }));
      const login = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { username: DEMO_ACCOUNTS.buyer.email, password: DEMO_PASSWORD, RecaptchaToken: 'x' },
      });
      expect(login.statusCode).toBe(200);
    });

    it('refuses a suspended account', async () => {
      expect((await socialLogin(newBrowser(), SUSPENDED.email)).headers.location).toBe(
        '/registrazionetelefonosocial?redirect=%2F',
      );
      await suite.db
        .update(users)
        .set({ suspendedAt: new Date() })
        .where(sql`lower(${users.email}) = ${SUSPENDED.email}`);
      const browser = newBrowser();
      const res = await socialLogin(browser, SUSPENDED.email);
      expect(res.headers.location).toBe(ERROR_PATH);
      expect(browser.app[AUTH]).toBeUndefined();
    });

    const register = (email: string) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/Account/Register',
        payload: {
          email,
          name: 'Mario',
          surname: 'Rossi',
          password: 'Rexer#Prova2025',
          TermsAndConditions: true,
          InfoPrivacy: true,
          commercialPartnerConsent: false,
          PartnerConsent: false,
          RecaptchaToken: 'x',
        },
      });

    it('links an unconfirmed account the provider verified, dropping the password and sessions of whoever registered it', async () => {
      const registered = await register(PRECLAIMED.email);
      expect(registered.statusCode).toBe(200);
      const silentToken = registered.json().Token as string;
      const res = await socialLogin(newBrowser(), PRECLAIMED.email, '/preferiti');
      // Terms accepted at registration, but no phone yet.
      expect(res.headers.location).toBe('/registrazionetelefonosocial?redirect=%2Fpreferiti');
      const user = await userByEmail(PRECLAIMED.email);
      expect(user).toMatchObject({
        provider: 'oidc',
        providerSubject: subjectOf(PRECLAIMED),
        passwordHash: null,
        registrationConfirmed: true,
        isSilent: false,
      });
      expectError(
        await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Session',
          payload: { userToken: silentToken, portal: 5 },
        }),
        'InvalidSessionToken',
      );
    });

    it('does not link an existing account to an unverified e-mail', async () => {
      await register(UNVERIFIED.email);
      const before = await userByEmail(UNVERIFIED.email);
      expect(before).toBeDefined();
      const res = await socialLogin(newBrowser(), UNVERIFIED.email, '/preferiti');
      expect(res.headers.location).toBe(ERROR_PATH);
      const after = await userByEmail(UNVERIFIED.email);
      expect({
        provider: after.provider,
        providerSubject: after.providerSubject,
        passwordHash: after.passwordHash,
      }).toEqual({ provider: 'local', providerSubject: null, passwordHash: before.passwordHash });
    });
  },
);

describe('Social login without OIDC configuration', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await openTestDatabase({ postgres: false });
    app = await buildTestApp(testDb, { env: { RATE_LIMIT_MAX: '0' } });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('answers 404 NotFound on both routes', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/Account/SocialLogin?returnTo=%2F' }), 'NotFound');
    expectError(
      await app.inject({ method: 'GET', url: '/api/Account/SocialLogin/Callback?code=x&state=y' }),
      'NotFound',
    );
  });
});
