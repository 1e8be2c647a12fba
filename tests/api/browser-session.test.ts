import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, userTokens, users } from '../../server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import type { TestDatabase } from '../../server/db/testing';
import { encryptAnalyticsToken } from '../../server/modules/sign-in/analytics-token';
import {
  dayStamp,
  decodeRecord,
  encodeRecord,
  SESSION_COOKIE_MAX_AGE_S,
  sessionCookieNames,
} from '../../server/plugins/browser-session';
import { hashToken } from '../../server/auth/tokens';
import {
  applyCookies,
  buildTestApp,
  expectError,
  openTestDatabase,
  setCookies,
  type CookieJar,
  describeOnBackends,
} from './helpers';

const { session: SESSION, auth: AUTH, temporary: TEMP_USER } = sessionCookieNames(true);

const COOKIE_MODE = { 'x-token-transport': 'cookie' };

const analyticsKey = 'chiave-di-prova-per-i-link-analytics';

describeOnBackends(
  'Browser sessions in HttpOnly cookies',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', ANALYTICS_TOKEN_KEY: analyticsKey } },
  (suite) => {
    const { backend } = suite;

    let address = 0;
    const nextIp = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
    /** A browser call: cookie transport, the jar's cookies sent and updated. */
    const browser = async (
      jar: CookieJar,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) => {
      const res = await suite.app.inject({
        method,
        url,
        payload,
        headers: COOKIE_MODE,
        cookies: { ...jar },
        remoteAddress: nextIp(),
      });
      applyCookies(jar, res);
      return res;
    };
    const loginBody = (username: string, password: string) => ({ username, password, RecaptchaToken: 'x' });

    it('keeps a login in HttpOnly, Secure, SameSite=Lax cookies of 30 days, with no token in the body', async () => {
      const jar: CookieJar = {};
      const res = await browser(jar, 'POST', '/api/Account/Login', loginBody(DEMO_ACCOUNTS.buyer.email, DEMO_PASSWORD));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ IsConfirmed: true, TermsAndPrivacyConfirmed: true });
      const byName = Object.fromEntries(setCookies(res).map((c) => [c.name, c]));
      for (const name of [SESSION, AUTH, 'rexer_user']) {
        expect(byName[name], name).toMatchObject({
          secure: true,
          sameSite: 'Lax',
          maxAge: SESSION_COOKIE_MAX_AGE_S,
          path: '/',
        });
      }
      expect(byName[SESSION].httpOnly).toBe(true);
      expect(byName[AUTH].httpOnly).toBe(true);
      // The page can read who is logged in, never the token.
      expect(byName.rexer_user.httpOnly).toBeFalsy();
      const mirror = JSON.parse(Buffer.from(jar.rexer_user, 'base64url').toString('utf8'));
      expect(mirror).toEqual({
        username: DEMO_ACCOUNTS.buyer.email,
        isConfirmed: true,
        terms_privacy: true,
        silent: false,
        stamp: dayStamp(new Date()),
      });
      expect(JSON.stringify(mirror)).not.toContain(jar[AUTH]);
      expect(decodeRecord(jar[SESSION])).toMatchObject({
        username: DEMO_ACCOUNTS.buyer.email,
        isConfirmed: true,
        terms_privacy: true,
      });
      // The bearer cookie authenticates the calls.
      const me = await browser(jar, 'GET', '/api/Account/Me');
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(DEMO_ACCOUNTS.buyer.email);
    });

    it('renews an expired session token from the session cookie, and logs out clearing every cookie', async () => {
      const jar: CookieJar = {};
      await browser(jar, 'POST', '/api/Account/Login', loginBody(DEMO_ACCOUNTS.seller.email, DEMO_PASSWORD));
      const userToken = decodeRecord(jar[SESSION])!.userdata;
      // Every session token of this login expires.
      const [row] = await suite.db
        .select()
        .from(userTokens)
        .where(eq(userTokens.tokenHash, hashToken(userToken)));
      await suite.db.execute(
        sql`update session_tokens set expires_at = now() - interval '1 minute' where user_token_id = ${row.id}`,
      );
      expectError(await browser(jar, 'GET', '/api/Account/Me'), 'ExpiredSessionToken');
      const renewed = await browser(jar, 'POST', '/api/Account/Session', { portal: 5 });
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json()).toEqual({});
      expect((await browser(jar, 'GET', '/api/Account/Me')).statusCode).toBe(200);

      const out = await browser(jar, 'POST', '/api/Account/Logout');
      expect(out.statusCode).toBe(204);
      expect(jar).toEqual({});
      // The user token is revoked: an old copy of the cookie signs nobody in.
      const replay = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/Session',
        payload: { portal: 5 },
        headers: COOKIE_MODE,
        cookies: {
          [SESSION]: encodeRecord({
            username: 'x',
            userdata: userToken,
            isConfirmed: true,
            terms_privacy: true,
            stamp: dayStamp(new Date()),
          }),
        },
      });
      expectError(replay, 'InvalidSessionToken');
    });

    it('answers ExpiredUserToken when the 30 days are over, and the session call needs a token', async () => {
      const jar: CookieJar = {};
      await browser(jar, 'POST', '/api/Account/Login', loginBody(DEMO_ACCOUNTS.agency.email, DEMO_PASSWORD));
      const userToken = decodeRecord(jar[SESSION])!.userdata;
      await suite.db
        .update(userTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(userTokens.tokenHash, hashToken(userToken)));
      expectError(await browser(jar, 'GET', '/api/Account/Me'), 'ExpiredUserToken');
      expectError(await browser(jar, 'POST', '/api/Account/Session', { portal: 5 }), 'ExpiredUserToken');
      expectError(
        await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Session',
          payload: { portal: 5 },
          headers: COOKIE_MODE,
        }),
        'MissingToken',
      );
    });

    it('refreshes a record stamped on another day, extending its user token, and leaves today’s alone', async () => {
      const jar: CookieJar = {};
      await browser(jar, 'POST', '/api/Account/Login', loginBody(DEMO_ACCOUNTS.buyer.email, DEMO_PASSWORD));
      const record = decodeRecord(jar[SESSION])!;
      const hash = hashToken(record.userdata);
      const soon = new Date(Date.now() + 24 * 3600 * 1000);
      await suite.db.update(userTokens).set({ expiresAt: soon }).where(eq(userTokens.tokenHash, hash));

      const today = await suite.app.inject({
        method: 'GET',
        url: '/api/config',
        headers: COOKIE_MODE,
        cookies: { ...jar },
      });
      expect(setCookies(today).map((c) => c.name)).not.toContain(SESSION);

      const stale = { ...jar, [SESSION]: encodeRecord({ ...record, stamp: '2020-01-01' }) };
      const res = await suite.app.inject({ method: 'GET', url: '/api/config', headers: COOKIE_MODE, cookies: stale });
      const refreshed = setCookies(res).find((c) => c.name === SESSION);
      expect(refreshed).toMatchObject({
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
        maxAge: SESSION_COOKIE_MAX_AGE_S,
      });
      expect(decodeRecord(refreshed!.value)).toMatchObject({ stamp: dayStamp(new Date()), userdata: record.userdata });
      const [row] = await suite.db.select().from(userTokens).where(eq(userTokens.tokenHash, hash));
      expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
      // A forged cookie is ignored, not an error.
      expect(
        (await suite.app.inject({ method: 'GET', url: '/api/config', cookies: { [SESSION]: 'non-un-record' } }))
          .statusCode,
      ).toBe(200);
    });

    it('holds a login with pending terms in the temporary-user cookie until the terms are accepted', async () => {
      const email = `termini.${backend.name}@example.com`;
      const jar: CookieJar = {};
      await browser(jar, 'POST', '/api/Account/Register', {
        name: 'Ada',
        surname: 'Neri',
        email,
        phone: '3471234567',
        TermsAndConditions: true,
        InfoPrivacy: true,
        PartnerConsent: false,
        commercialPartnerConsent: false,
        RecaptchaToken: 'x',
        password: 'Termini#Ponte.Vecchio26',
      });
      const [user] = await suite.db.select().from(users).where(eq(users.email, email));
      await suite.db.update(users).set({ registrationConfirmed: true }).where(eq(users.id, user.id));
      // The terms of the registration are withdrawn: a newer text version would do the same.
      await suite.db.execute(
        sql`delete from user_consents where user_id = ${user.id} and kind in ('terms', 'privacy')`,
      );

      const fresh: CookieJar = {};
      const res = await browser(fresh, 'POST', '/api/Account/Login', loginBody(email, 'Termini#Ponte.Vecchio26'));
      expect(res.json()).toEqual({ IsConfirmed: true, TermsAndPrivacyConfirmed: false });
      expect(decodeRecord(fresh[TEMP_USER])).toMatchObject({ username: email, terms_privacy: false });
      expect(fresh[SESSION]).toBeUndefined();
      const accept = await browser(fresh, 'POST', '/api/User/UpdateRexerTermsAndConditions', {
        RexerTermsAndConditions: true,
        RexerPrivacy: true,
      });
      expect(accept.statusCode).toBe(200);
      expect(fresh[TEMP_USER]).toBeUndefined();
      expect(decodeRecord(fresh[SESSION])).toMatchObject({ username: email, terms_privacy: true });
      expect((await browser(fresh, 'POST', '/api/Account/Session', { portal: 5 })).statusCode).toBe(200);
      expect((await browser(fresh, 'GET', '/api/Account/Me')).json()).toMatchObject({
        email,
        termsAndPrivacyConsent: true,
      });
    });

    it("keeps a browser's live session at an anonymous login: an anonymous one as it is, an account's for Session to trade", async () => {
      // A login made in another tab since this page loaded: the cookie holds the account's session.
      const jar: CookieJar = {};
      await browser(jar, 'POST', '/api/Account/Login', loginBody(DEMO_ACCOUNTS.seller.email, DEMO_PASSWORD));
      const account = jar[SESSION];
      delete jar[AUTH];
      expect(
        (
          await browser(jar, 'POST', '/api/Account/AnonymousLogin', { AnonymousToken: crypto.randomUUID(), portal: 5 })
        ).json(),
      ).toEqual({});
      expect(jar[SESSION]).toBe(account);
      await browser(jar, 'POST', '/api/Account/Session', { portal: 5 });
      expect((await browser(jar, 'GET', '/api/Account/Me')).json()).toMatchObject({
        email: DEMO_ACCOUNTS.seller.email,
      });

      // An anonymous token under an account's name is written back as anonymous, so a login adopts it.
      const visitor: CookieJar = {};
      await browser(visitor, 'POST', '/api/Account/AnonymousLogin', { AnonymousToken: crypto.randomUUID(), portal: 5 });
      const anonymous = decodeRecord(visitor[SESSION])!;
      visitor[SESSION] = encodeRecord({
        ...anonymous,
        username: DEMO_ACCOUNTS.buyer.email,
        isConfirmed: true,
        terms_privacy: true,
      });
      await browser(visitor, 'POST', '/api/Account/AnonymousLogin', { AnonymousToken: crypto.randomUUID(), portal: 5 });
      expect(decodeRecord(visitor[SESSION])).toMatchObject({ username: '', userdata: anonymous.userdata });

      // A revoked or unknown token is not revived: a new one is issued.
      const gone: CookieJar = { [SESSION]: encodeRecord({ ...anonymous, userdata: 'A'.repeat(43) }) };
      await browser(gone, 'POST', '/api/Account/AnonymousLogin', { AnonymousToken: crypto.randomUUID(), portal: 5 });
      expect(decodeRecord(gone[SESSION])!.userdata).not.toBe('A'.repeat(43));
    });

    it('opens a silent session at registration; the rapid registration may read but not change the account', async () => {
      const email = `silente.${backend.name}@example.com`;
      const jar: CookieJar = {};
      const res = await browser(jar, 'POST', '/api/Account/Register', {
        name: 'Bruno',
        surname: 'Riva',
        email,
        phone: '3471234567',
        TermsAndConditions: true,
        InfoPrivacy: true,
        PartnerConsent: false,
        commercialPartnerConsent: true,
        RecaptchaToken: 'x',
      });
      expect(res.json()).toEqual({ Email: email });
      expect(decodeRecord(jar[SESSION])).toMatchObject({ username: email, isConfirmed: false, silent: true });
      expect((await browser(jar, 'GET', '/api/Account/Me')).json()).toMatchObject({
        email,
        RegistrationConfirmed: false,
      });
      const [user] = await suite.db.select().from(users).where(eq(users.email, email));
      expectError(
        await browser(jar, 'PUT', '/api/User/ChangeBusinessName', { businessName: 1 }),
        'InvalidAccessForRapidRegistration',
      );
      expectError(await browser(jar, 'DELETE', `/api/user/${user.id}`), 'InvalidAccessForRapidRegistration');
      // The anonymous visitor before it: a record without a name, and no readable mirror.
      const anonymous: CookieJar = {};
      await browser(anonymous, 'POST', '/api/Account/AnonymousLogin', {
        AnonymousToken: crypto.randomUUID(),
        portal: 5,
      });
      expect(decodeRecord(anonymous[SESSION])).toMatchObject({ username: '' });
      expect(anonymous.rexer_user).toBeUndefined();
      expect((await browser(anonymous, 'POST', '/api/Account/Session', { portal: 5 })).json()).toEqual({});
      expectError(await browser(anonymous, 'GET', '/api/Account/Me'), 'Unauthorized');
    });

    it("keeps a silent login's cookies for the browser session only (no Max-Age, no Expires), and a full login's for 30 days", async () => {
      /** The raw Set-Cookie line of a cookie: its lifetime attributes are read from it, not from a parser. */
      const setCookieLine = (res: Awaited<ReturnType<typeof browser>>, name: string) => {
        const header = res.headers['set-cookie'];
        const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
        const line = lines.find((l) => l.startsWith(`${name}=`));
        expect(line, name).toBeDefined();
        return line!;
      };
      const email = `sessione.silente.${backend.name}@example.com`;
      const password = 'Silenzio#Ponte.Rialto58';
      const jar: CookieJar = {};
      const registered = await browser(jar, 'POST', '/api/Account/Register', {
        name: 'Carla',
        surname: 'Neri',
        email,
        TermsAndConditions: true,
        InfoPrivacy: true,
        PartnerConsent: false,
        commercialPartnerConsent: false,
        RecaptchaToken: 'x',
        password,
      });
      expect(registered.statusCode, registered.body).toBe(200);
      expect(decodeRecord(jar[SESSION])).toMatchObject({ username: email, silent: true });
      for (const name of [SESSION, AUTH, 'rexer_user']) {
        const line = setCookieLine(registered, name);
        expect(line, name).not.toMatch(/;\s*max-age=/i);
        expect(line, name).not.toMatch(/;\s*expires=/i);
        expect(line, name).toMatch(/;\s*secure/i);
      }

      // Renewing its bearer, and the daily rewrite of its record, keep them session cookies.
      await suite.db.execute(
        sql`update session_tokens set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = ${email})`,
      );
      const renewed = await browser(jar, 'POST', '/api/Account/Session', { portal: 5 });
      expect(renewed.statusCode).toBe(200);
      expect(setCookieLine(renewed, AUTH)).not.toMatch(/;\s*(max-age|expires)=/i);
      expect((await browser(jar, 'GET', '/api/Account/Me')).json()).toMatchObject({ email });
      const stale = { ...jar, [SESSION]: encodeRecord({ ...decodeRecord(jar[SESSION])!, stamp: '2020-01-01' }) };
      const rewritten = await suite.app.inject({
        method: 'GET',
        url: '/api/config',
        headers: COOKIE_MODE,
        cookies: stale,
      });
      expect(decodeRecord(setCookies(rewritten).find((c) => c.name === SESSION)!.value)).toMatchObject({
        silent: true,
      });
      for (const name of [SESSION, 'rexer_user'])
        expect(setCookieLine(rewritten, name), name).not.toMatch(/;\s*(max-age|expires)=/i);

      // The same account's full login, once the address is confirmed: persistent cookies.
      await suite.db.update(users).set({ registrationConfirmed: true, isSilent: false }).where(eq(users.email, email));
      const fresh: CookieJar = {};
      const login = await browser(fresh, 'POST', '/api/Account/Login', loginBody(email, password));
      expect(login.statusCode, login.body).toBe(200);
      expect(decodeRecord(fresh[SESSION])).toMatchObject({ username: email, silent: false });
      for (const name of [SESSION, AUTH, 'rexer_user'])
        expect(setCookieLine(login, name), name).toMatch(
          new RegExp(`;\\s*max-age=${SESSION_COOKIE_MAX_AGE_S}(;|$)`, 'i'),
        );
      const renewedFull = await browser(fresh, 'POST', '/api/Account/Session', { portal: 5 });
      expect(setCookieLine(renewedFull, AUTH)).toMatch(
        new RegExp(`;\\s*max-age=${SESSION_COOKIE_MAX_AGE_S}(;|$)`, 'i'),
      );
    });

    it('refuses 96 for an address of another portal and 97 for a disposable address', async () => {
      await suite.db.insert(users).values({
        email: `altro.portale.${backend.name}@example.com`,
        name: 'Altro',
        surname: 'Portale',
        portal: 3,
        registrationConfirmed: true,
      });
      const body = (email: string) => ({
        name: 'Ada',
        surname: 'Neri',
        email,
        phone: '3471234567',
        TermsAndConditions: true,
        InfoPrivacy: true,
        PartnerConsent: false,
        commercialPartnerConsent: false,
        RecaptchaToken: 'x',
      });
      expectError(
        await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Register',
          payload: body(`altro.portale.${backend.name}@example.com`),
          remoteAddress: nextIp(),
        }),
        'WebAccountExists',
      );
      expectError(
        await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Register',
          payload: body('qualcuno@yopmail.com'),
          remoteAddress: nextIp(),
        }),
        'WebAccountCreationFailed',
      );
      expect(await suite.db.select().from(users).where(eq(users.email, 'qualcuno@yopmail.com'))).toHaveLength(0);
    });

    it('decrypts the analytics token of a marketing link, and refuses a forged one', async () => {
      const token = encryptAnalyticsToken(analyticsKey, DEMO_ACCOUNTS.buyer.email);
      const res = await suite.app.inject({ url: `/api/Account/DecryptAnalyticsToken/${token}` });
      expect(res.json()).toEqual({ Email: DEMO_ACCOUNTS.buyer.email });
      const forged = encryptAnalyticsToken('un-altra-chiave', DEMO_ACCOUNTS.buyer.email);
      expectError(await suite.app.inject({ url: `/api/Account/DecryptAnalyticsToken/${forged}` }), 'InvalidToken');
      const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
      expectError(await suite.app.inject({ url: `/api/Account/DecryptAnalyticsToken/${tampered}` }), 'InvalidToken');
      expectError(await suite.app.inject({ url: '/api/Account/DecryptAnalyticsToken/..%2F..' }), 'ValidationError');
    });

    it('sends at most five recovery mails an hour to one account, whatever the IP', async () => {
      const email = DEMO_ACCOUNTS.seller.email;
      const codes: number[] = [];
      for (let i = 0; i < 7; i++)
        codes.push(
          (
            await suite.app.inject({
              method: 'POST',
              url: '/api/Account/NewPassword/',
              payload: { email },
              remoteAddress: nextIp(),
            })
          ).statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const mails = await suite.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      expect(mails.filter((m) => m.textBody.includes('/recuperaPassword/'))).toHaveLength(5);
    });
  },
);

describe('Login rate limit and ban per IP', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await openTestDatabase({ postgres: false });
    app = await buildTestApp(testDb, { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '3' } });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('answers 429 TooManyRequests past the limit, then 429 IPBanned for an address that keeps going', async () => {
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { username: 'nessuno@rexer.example', password: 'Sbagliata#1', RecaptchaToken: 'x' },
        remoteAddress: '10.66.0.1',
      });
    const names: string[] = [];
    for (let i = 0; i < 16; i++) names.push((await attempt()).json().ExceptionTypeString);
    expect(names.slice(0, 3)).toEqual(['WrongCredentials', 'WrongCredentials', 'WrongCredentials']);
    expect(names[3]).toBe('TooManyRequests');
    expectError(await attempt(), 'IPBanned');
    // Another address is not affected.
    expectError(
      await app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { username: 'nessuno@rexer.example', password: 'Sbagliata#1', RecaptchaToken: 'x' },
        remoteAddress: '10.66.0.2',
      }),
      'WrongCredentials',
    );
  });
});
