import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, userTokens, users } from '../../server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { LOCK_AFTER_FAILURES } from '../../server/modules/sign-in';
import { decodeRecord, sessionCookieNames } from '../../server/plugins/browser-session';
import { issueActionToken } from '../../server/auth/repository';
import { hashToken } from '../../server/auth/tokens';
import {
  applyCookies,
  buildTestApp,
  expectError,
  type CookieJar,
  describeOnBackends,
  confirmedAccount,
} from './helpers';

// The findings of the security review of the accounts (issue 8), each shown failing before
// its fix: the account-takeover path, the raced lock-out, the outbox view, the session rules.

const COOKIE_MODE = { 'x-token-transport': 'cookie' };
const { session: SESSION, temporary: TEMP_USER } = sessionCookieNames(true);
const STRONG = 'Cortile.Glicine#1974';

describeOnBackends(
  'Security review of the accounts',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    let address = 0;
    const nextIp = () => `10.8.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      suite.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextIp() });
    const login = (username: string, password: string) =>
      post('/api/Account/Login', { username, password, RecaptchaToken: 'x' });
    const bearerOf = async (userToken: string) =>
      (await post('/api/Account/Session', { userToken, portal: 5 })).json().Token as string;
    const db = () => suite.db;
    const userId = async (email: string) =>
      (
        await db()
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      )[0].id;
    const register = (email: string) =>
      post('/api/Account/Register', {
        name: 'Marta',
        surname: 'Ferri',
        email,
        phone: '3471234567',
        password: STRONG,
        TermsAndConditions: true,
        InfoPrivacy: true,
        PartnerConsent: false,
        commercialPartnerConsent: false,
        RecaptchaToken: 'x',
      });
    const mailedConfirmTokens = async (email: string) =>
      (await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)))
        .map((mail) => /\/mailconfermata\/([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1])
        .filter(Boolean);

    describe('confirming an address needs its mailbox', () => {
      it('refuses the token of a UserNotConfirmed login at Confirm; it only asks for a new mail, whose link confirms', async () => {
        const email = `squatter.${backend.name}@example.com`;
        expect((await register(email)).statusCode).toBe(200);
        const refused = await login(email, STRONG);
        expect(refused.json()).toMatchObject({ ExceptionTypeString: 'UserNotConfirmed', Token: expect.any(String) });
        const loginToken = refused.json().Token as string;

        // Whoever typed the password cannot confirm the address with what the login answered.
        expectError(await suite.app.inject({ url: `/api/Account/Confirm/${loginToken}` }), 'InvalidToken');
        expect((await db().select().from(users).where(eq(users.email, email)))[0].registrationConfirmed).toBe(false);

        // It is good for «Invia di nuovo»: a new mail goes to the address itself.
        const before = await mailedConfirmTokens(email);
        expect(
          (await suite.app.inject({ url: `/api/Account/RequestNewConfirmationMail/${loginToken}` })).statusCode,
        ).toBe(200);
        const after = await mailedConfirmTokens(email);
        expect(after).toHaveLength(before.length + 1);
        const mailed = after.find((token) => !before.includes(token))!;
        expect((await suite.app.inject({ url: `/api/Account/Confirm/${mailed}` })).statusCode).toBe(200);
        expect((await db().select().from(users).where(eq(users.email, email)))[0].registrationConfirmed).toBe(true);
      });

      it('sends a mailbox at most five confirmation mails an hour', async () => {
        const email = `tante.mail.${backend.name}@example.com`;
        await register(email);
        const token = (await login(email, STRONG)).json().Token as string;
        const answers = [];
        for (let i = 0; i < 5; i++)
          answers.push(
            (
              await suite.app.inject({
                url: `/api/Account/RequestNewConfirmationMail/${token}`,
                remoteAddress: nextIp(),
              })
            ).statusCode,
          );
        // The registration's mail counts: four more are sent, the fifth ask is refused.
        expect(answers).toEqual([200, 200, 200, 200, 429]);
      });
    });

    describe('the lock-out', () => {
      it('holds after 30 parallel wrong passwords: the right one afterwards is still refused', async () => {
        const email = `assedio.${backend.name}@example.com`;
        await confirmedAccount(suite.app, suite.db, {
          email,
          password: STRONG,
          name: 'Marta',
          surname: 'Ferri',
          remoteAddress: nextIp(),
        });
        const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(email, `Sbagliata#${i}x`)));
        expect(answers.every((res) => res.statusCode === 400)).toBe(true);
        expect(answers.some((res) => res.json().ExceptionTypeString === 'PasswordAttemptsExceeded')).toBe(true);
        expectError(await login(email, STRONG), 'PasswordAttemptsExceeded');
        const [row] = await db().select().from(users).where(eq(users.email, email));
        expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
      });

      it('counts every wrong password once, whatever the concurrency', async () => {
        const email = `conteggio.${backend.name}@example.com`;
        await confirmedAccount(suite.app, suite.db, {
          email,
          password: STRONG,
          name: 'Marta',
          surname: 'Ferri',
          remoteAddress: nextIp(),
        });
        await Promise.all(Array.from({ length: LOCK_AFTER_FAILURES - 1 }, (_, i) => login(email, `Sbagliata#${i}y`)));
        expect((await db().select().from(users).where(eq(users.email, email)))[0].failedLoginAttempts).toBe(
          LOCK_AFTER_FAILURES - 1,
        );
        expectError(await login(email, 'Sbagliata#ultima1'), 'PasswordAttemptsExceeded');
      });
    });

    it('counts a wrong current password at a password change toward the same lock', async () => {
      const email = `cambio.${backend.name}@example.com`;
      await confirmedAccount(suite.app, suite.db, {
        email,
        password: STRONG,
        name: 'Marta',
        surname: 'Ferri',
        remoteAddress: nextIp(),
      });
      const bearer = await bearerOf((await login(email, STRONG)).json().UserToken);
      const change = (oldPassword: string) =>
        suite.app.inject({
          method: 'PUT',
          url: '/api/user/updatePassword',
          headers: { authorization: `Bearer ${bearer}` },
          payload: { username: email, oldPassword, newPassword: 'Altra.Password#2031' },
        });
      const answers = [];
      for (let i = 0; i < LOCK_AFTER_FAILURES; i++)
        answers.push((await change(`Sbagliata#${i}z`)).json().ExceptionTypeString);
      expect(answers.at(0)).toBe('WrongCredentials');
      expect(answers.at(-1)).toBe('PasswordAttemptsExceeded');
      expectError(await change(STRONG), 'PasswordAttemptsExceeded');
    });

    describe('single-use tokens', () => {
      it('lets exactly one of two racing uses of an auto-login link log in', async () => {
        const token = await issueActionToken(db(), await userId(DEMO_ACCOUNTS.buyer.email), 'auto_login', new Date());
        const answers = await Promise.all(
          [1, 2, 3].map(() =>
            suite.app.inject({ url: `/api/Account/Autologin?token=${token}`, remoteAddress: nextIp() }),
          ),
        );
        expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400]);
      });

      it('revokes the outstanding reset, set-password and auto-login links when the password changes', async () => {
        const email = DEMO_ACCOUNTS.seller.email;
        const id = await userId(email);
        const now = new Date();
        const reset = await issueActionToken(db(), id, 'reset_password', now);
        const setLink = await issueActionToken(db(), id, 'set_password', now);
        const auto = await issueActionToken(db(), id, 'auto_login', now);
        const logged = await login(email, DEMO_PASSWORD);
        const bearer = await bearerOf(logged.json().UserToken);
        const changed = await suite.app.inject({
          method: 'PUT',
          url: '/api/user/updatePassword',
          headers: { authorization: `Bearer ${bearer}` },
          payload: { username: email, oldPassword: DEMO_PASSWORD, newPassword: STRONG },
        });
        expect(changed.statusCode).toBe(200);
        expectError(await post('/api/Account/NewPassword/Confirm', { token: reset }), 'InvalidToken');
        expectError(
          await post('/api/Account/NewPassword/Change', { Token: setLink, NewPassword: 'Altra.Password#2031' }),
          'InvalidToken',
        );
        expectError(await suite.app.inject({ url: `/api/Account/Autologin?token=${auto}` }), 'InvalidToken');
      });
    });

    describe('new passwords', () => {
      it('refuses common and easily guessed passwords at registration, recovery and change, with their own error', async () => {
        const email = `debole.${backend.name}@example.com`;
        const weak = (password: string) =>
          post('/api/Account/Register', {
            name: 'Marta',
            surname: 'Ferri',
            email,
            phone: '3471234567',
            password,
            TermsAndConditions: true,
            InfoPrivacy: true,
            PartnerConsent: false,
            commercialPartnerConsent: false,
            RecaptchaToken: 'x',
          });
        expectError(await weak('Qwerty123!'), 'PasswordTooWeak');
        expectError(await weak('Marta.Ferri#1'), 'PasswordTooWeak');
        // The spec's rule still answers with its own error.
        expectError(await weak('senzamaiuscole1!'), 'InvalidPassword');
        expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);

        const id = await userId(DEMO_ACCOUNTS.agency.email);
        const reset = await issueActionToken(db(), id, 'reset_password', new Date());
        expectError(
          await post('/api/Account/NewPassword/Change', { Token: reset, NewPassword: 'Password1!' }),
          'PasswordTooWeak',
        );
        // The link is not spent by a refused password: the user tries again with a better one.
        expect((await post('/api/Account/NewPassword/Change', { Token: reset, NewPassword: STRONG })).statusCode).toBe(
          200,
        );

        const bearer = await bearerOf((await login(DEMO_ACCOUNTS.agency.email, STRONG)).json().UserToken);
        const change = (newPassword: string) =>
          suite.app.inject({
            method: 'PUT',
            url: '/api/user/updatePassword',
            headers: { authorization: `Bearer ${bearer}` },
            payload: { username: DEMO_ACCOUNTS.agency.email, oldPassword: STRONG, newPassword },
          });
        expectError(await change('Roma2024!'), 'PasswordTooWeak');
      });
    });

    describe('sessions', () => {
      it('ends the anonymous session when the visitor logs in', async () => {
        const jar: CookieJar = {};
        applyCookies(
          jar,
          await suite.app.inject({
            method: 'POST',
            url: '/api/Account/AnonymousLogin',
            payload: { AnonymousToken: crypto.randomUUID(), portal: 5 },
            headers: COOKIE_MODE,
          }),
        );
        const anonymous = decodeRecord(jar[SESSION])!.userdata;
        applyCookies(
          jar,
          await suite.app.inject({
            method: 'POST',
            url: '/api/Account/Login',
            payload: { username: DEMO_ACCOUNTS.buyer.email, password: DEMO_PASSWORD, RecaptchaToken: 'x' },
            headers: COOKIE_MODE,
            cookies: jar,
            remoteAddress: nextIp(),
          }),
        );
        const [row] = await db()
          .select()
          .from(userTokens)
          .where(eq(userTokens.tokenHash, hashToken(anonymous)));
        expect(row.revokedAt).not.toBeNull();
        expectError(await post('/api/Account/Session', { userToken: anonymous, portal: 5 }), 'InvalidSessionToken');

        // A client that is not a browser: its anonymous bearer goes the same way.
        const other = (
          await post('/api/Account/AnonymousLogin', { AnonymousToken: crypto.randomUUID(), portal: 5 })
        ).json().Token as string;
        const bearer = await bearerOf(other);
        await post(
          '/api/Account/Login',
          { username: DEMO_ACCOUNTS.buyer.email, password: DEMO_PASSWORD, RecaptchaToken: 'x' },
          { authorization: `Bearer ${bearer}` },
        );
        expectError(await post('/api/Account/Session', { userToken: other, portal: 5 }), 'InvalidSessionToken');
      });

      it('ends a login still waiting for the terms at logout', async () => {
        const jar: CookieJar = {};
        const email = DEMO_ACCOUNTS.returning.email;
        applyCookies(
          jar,
          await suite.app.inject({
            method: 'POST',
            url: '/api/Account/Login',
            payload: { username: email, password: DEMO_PASSWORD, RecaptchaToken: 'x' },
            headers: COOKIE_MODE,
            remoteAddress: nextIp(),
          }),
        );
        const pending = decodeRecord(jar[TEMP_USER])!.userdata;
        expect(jar[SESSION]).toBeUndefined();
        const out = await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Logout',
          headers: COOKIE_MODE,
          cookies: jar,
        });
        expect(out.statusCode).toBe(204);
        const [row] = await db()
          .select()
          .from(userTokens)
          .where(eq(userTokens.tokenHash, hashToken(pending)));
        expect(row.revokedAt).not.toBeNull();
      });

      it('ends a login at its absolute lifetime, whatever the daily refreshes', async () => {
        const short = await buildTestApp(suite.testDb, {
          env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', SESSION_MAX_AGE_DAYS: '2' },
        });
        try {
          const jar: CookieJar = {};
          applyCookies(
            jar,
            await short.inject({
              method: 'POST',
              url: '/api/Account/Login',
              payload: { username: DEMO_ACCOUNTS.buyer.email, password: DEMO_PASSWORD, RecaptchaToken: 'x' },
              headers: COOKIE_MODE,
              remoteAddress: nextIp(),
            }),
          );
          const record = decodeRecord(jar[SESSION])!;
          const [issued] = await db()
            .select()
            .from(userTokens)
            .where(eq(userTokens.tokenHash, hashToken(record.userdata)));
          const twoDays = 2 * 24 * 60 * 60 * 1000;
          expect(Math.abs(issued.absoluteExpiresAt!.getTime() - (issued.createdAt.getTime() + twoDays))).toBeLessThan(
            5_000,
          );
          expect(issued.expiresAt.getTime()).toBeLessThanOrEqual(issued.absoluteExpiresAt!.getTime());
          expect(issued.authenticatedAt).not.toBeNull();

          // A day-old record is refreshed: 30 more days of inactivity, but never past the end.
          await db()
            .update(userTokens)
            .set({ expiresAt: new Date(Date.now() + 60_000) })
            .where(eq(userTokens.id, issued.id));
          const stale = {
            ...jar,
            [SESSION]: Buffer.from(JSON.stringify({ ...record, stamp: '2020-01-01' })).toString('base64url'),
          };
          expect(
            (await short.inject({ method: 'GET', url: '/api/config', headers: COOKIE_MODE, cookies: stale }))
              .statusCode,
          ).toBe(200);
          const [refreshed] = await db().select().from(userTokens).where(eq(userTokens.id, issued.id));
          expect(refreshed.expiresAt.getTime()).toBe(issued.absoluteExpiresAt!.getTime());

          // Past the end, the session call says the user token expired: log in again.
          await db()
            .update(userTokens)
            .set({ absoluteExpiresAt: new Date(Date.now() - 1000), expiresAt: new Date(Date.now() - 1000) })
            .where(eq(userTokens.id, issued.id));
          await short.inject({ method: 'GET', url: '/api/config', headers: COOKIE_MODE, cookies: { ...stale } });
          expectError(
            await short.inject({
              method: 'POST',
              url: '/api/Account/Session',
              payload: { portal: 5 },
              headers: COOKIE_MODE,
              cookies: stale,
            }),
            'ExpiredUserToken',
          );
        } finally {
          await short.close();
        }
      });

      it('names the session cookies with the __Host- prefix when they are Secure, and plainly when not', async () => {
        const secure = await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Login',
          payload: { username: DEMO_ACCOUNTS.buyer.email, password: DEMO_PASSWORD, RecaptchaToken: 'x' },
          headers: COOKIE_MODE,
          remoteAddress: nextIp(),
        });
        // Set cookies only (a clearing of the temporary-user cookie goes along with them).
        const names = (
          secure.cookies as { name: string; value: string; secure?: boolean; path?: string; domain?: string }[]
        ).filter((c) => c.name.startsWith('__Host-') && c.value !== '');
        expect(names.map((c) => c.name).sort()).toEqual(['__Host-rexer_auth', '__Host-rexer_session']);
        for (const cookie of names) expect(cookie).toMatchObject({ secure: true, path: '/' });
        for (const cookie of names) expect(cookie.domain).toBeUndefined();

        const plainApp = await buildTestApp(suite.testDb, {
          env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', COOKIE_SECURE: 'false' },
        });
        try {
          const plain = await plainApp.inject({
            method: 'POST',
            url: '/api/Account/Login',
            payload: { username: DEMO_ACCOUNTS.buyer.email, password: DEMO_PASSWORD, RecaptchaToken: 'x' },
            headers: COOKIE_MODE,
            remoteAddress: nextIp(),
          });
          const set = (plain.cookies as { name: string; value: string }[]).filter((c) => c.value !== '');
          expect(set.map((c) => c.name).sort()).toEqual(['rexer_auth', 'rexer_session', 'rexer_user']);
        } finally {
          await plainApp.close();
        }
      });
    });

    describe('the sessions of a user (ASVS 7.5.2) and recent authentication', () => {
      const IPHONE =
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
      const WINDOWS =
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
      const loginFrom = async (email: string, password: string, userAgent: string) => {
        const res = await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Login',
          payload: { username: email, password, RecaptchaToken: 'x' },
          headers: { 'user-agent': userAgent },
          remoteAddress: nextIp(),
        });
        const userToken = res.json().UserToken as string;
        return { userToken, bearer: await bearerOf(userToken) };
      };
      const as = (bearer: string) => ({ authorization: `Bearer ${bearer}` });
      const fresh = async (label: string) => {
        const email = `${label}.${backend.name}@example.com`;
        await confirmedAccount(suite.app, suite.db, {
          email,
          password: STRONG,
          name: 'Marta',
          surname: 'Ferri',
          phone: '3471234567',
          remoteAddress: nextIp(),
        });
        return email;
      };

      it('lists the devices with browser and system, marks this one, and ends another', async () => {
        const email = await fresh('dispositivi');
        const phone = await loginFrom(email, STRONG, IPHONE);
        const laptop = await loginFrom(email, STRONG, WINDOWS);
        const list = await suite.app.inject({ url: '/api/User/Sessions', headers: as(laptop.bearer) });
        expect(list.statusCode).toBe(200);
        const sessions = list.json().Sessions as {
          Id: number;
          Browser: string;
          System: string;
          DeviceType: string;
          Current: boolean;
        }[];
        // The silent session of the registration is one too.
        expect(sessions.filter((s) => s.Browser !== null)).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ Browser: 'Chrome', System: 'Windows', DeviceType: 'desktop', Current: true }),
            expect.objectContaining({ Browser: 'Safari', System: 'iPhone', DeviceType: 'mobile', Current: false }),
          ]),
        );
        const other = sessions.find((s) => s.System === 'iPhone')!;
        const current = sessions.find((s) => s.Current)!;
        expectError(
          await suite.app.inject({
            method: 'DELETE',
            url: `/api/User/Sessions/${current.Id}`,
            headers: as(laptop.bearer),
          }),
          'Conflict',
        );
        expect(
          (
            await suite.app.inject({
              method: 'DELETE',
              url: `/api/User/Sessions/${other.Id}`,
              headers: as(laptop.bearer),
            })
          ).statusCode,
        ).toBe(200);
        expectError(
          await suite.app.inject({ url: '/api/Account/Me', headers: as(phone.bearer) }),
          'InvalidSessionToken',
        );
        expectError(
          await post('/api/Account/Session', { userToken: phone.userToken, portal: 5 }),
          'InvalidSessionToken',
        );
        expect((await suite.app.inject({ url: '/api/Account/Me', headers: as(laptop.bearer) })).statusCode).toBe(200);
      });

      it('ends every other session at once', async () => {
        const email = await fresh('tutti.fuori');
        const a = await loginFrom(email, STRONG, IPHONE);
        const b = await loginFrom(email, STRONG, IPHONE);
        const c = await loginFrom(email, STRONG, WINDOWS);
        const ended = await suite.app.inject({
          method: 'POST',
          url: '/api/User/Sessions/EndOthers',
          headers: as(c.bearer),
        });
        expect(ended.json()).toMatchObject({ Ok: true });
        expect(ended.json().Ended).toBeGreaterThanOrEqual(2);
        for (const gone of [a, b])
          expectError(
            await suite.app.inject({ url: '/api/Account/Me', headers: as(gone.bearer) }),
            'InvalidSessionToken',
          );
        const left = (await suite.app.inject({ url: '/api/User/Sessions', headers: as(c.bearer) })).json().Sessions;
        expect(left).toHaveLength(1);
        expect(left[0].Current).toBe(true);
      });

      it('never shows or ends another user’s session', async () => {
        const mine = await loginFrom(await fresh('mia'), STRONG, WINDOWS);
        const theirs = await loginFrom(await fresh('sua'), STRONG, IPHONE);
        const theirIds = (
          (await suite.app.inject({ url: '/api/User/Sessions', headers: as(theirs.bearer) })).json().Sessions as {
            Id: number;
          }[]
        ).map((s) => s.Id);
        const myIds = (
          (await suite.app.inject({ url: '/api/User/Sessions', headers: as(mine.bearer) })).json().Sessions as {
            Id: number;
          }[]
        ).map((s) => s.Id);
        expect(myIds.some((id) => theirIds.includes(id))).toBe(false);
        for (const id of theirIds)
          expectError(
            await suite.app.inject({ method: 'DELETE', url: `/api/User/Sessions/${id}`, headers: as(mine.bearer) }),
            'NotFound',
          );
        expect((await suite.app.inject({ url: '/api/Account/Me', headers: as(theirs.bearer) })).statusCode).toBe(200);
        expectError(await suite.app.inject({ url: '/api/User/Sessions' }), 'MissingToken');
      });

      it('asks for the password again before deleting the account or changing the phone of an older login', async () => {
        const email = await fresh('conferma.identita');
        const { userToken, bearer } = await loginFrom(email, STRONG, WINDOWS);
        const id = await userId(email);
        // The login is 11 minutes old.
        await db()
          .update(userTokens)
          .set({ authenticatedAt: new Date(Date.now() - 11 * 60_000) })
          .where(eq(userTokens.tokenHash, hashToken(userToken)));
        expectError(
          await suite.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: as(bearer) }),
          'RecentLoginRequired',
        );
        expectError(await post('/api/user/updatePhone', { phone: '3339876543' }, as(bearer)), 'RecentLoginRequired');
        expectError(
          await suite.app.inject({
            method: 'PUT',
            url: '/api/user/UpdatePrivateData',
            headers: as(bearer),
            payload: { name: 'Marta', surname: 'Ferri', phone: '3339876543' },
          }),
          'RecentLoginRequired',
        );
        // The same phone again is no change; other data needs no new proof.
        expect((await post('/api/user/updatePhone', { phone: '347 123 4567' }, as(bearer))).statusCode).toBe(200);
        expect(
          (
            await suite.app.inject({
              method: 'PUT',
              url: '/api/user/UpdatePrivateData',
              headers: as(bearer),
              payload: { name: 'Marta', surname: 'Ferri Bassi' },
            })
          ).statusCode,
        ).toBe(200);

        expectError(
          await post('/api/User/Reauthenticate', { password: 'Sbagliata#1x' }, as(bearer)),
          'WrongCredentials',
        );
        expect((await db().select().from(users).where(eq(users.id, id)))[0].failedLoginAttempts).toBe(1);
        expect((await post('/api/User/Reauthenticate', { password: STRONG }, as(bearer))).statusCode).toBe(200);
        expect((await post('/api/user/updatePhone', { phone: '3339876543' }, as(bearer))).statusCode).toBe(200);
        expect(
          (await suite.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: as(bearer) })).statusCode,
        ).toBe(200);
      });

      it('does not count a mailed or CRM auto-login link as a proof of identity', async () => {
        const email = await fresh('link.rubato');
        const id = await userId(email);
        const token = await issueActionToken(db(), id, 'auto_login', new Date());
        const linked = await suite.app.inject({
          url: `/api/Account/Autologin?token=${token}`,
          remoteAddress: nextIp(),
        });
        const bearer = await bearerOf(linked.json().UserToken);
        expectError(
          await suite.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: as(bearer) }),
          'RecentLoginRequired',
        );
        expect((await post('/api/User/Reauthenticate', { password: STRONG }, as(bearer))).statusCode).toBe(200);
        expect(
          (await suite.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: as(bearer) })).statusCode,
        ).toBe(200);
      });

      it('lets a fresh login delete at once, and refuses the re-authentication of a locked account', async () => {
        const email = await fresh('appena.entrata');
        const { bearer } = await loginFrom(email, STRONG, WINDOWS);
        await db()
          .update(users)
          .set({ lockedUntil: new Date(Date.now() + 60_000) })
          .where(eq(users.email, email));
        expectError(
          await post('/api/User/Reauthenticate', { password: STRONG }, as(bearer)),
          'PasswordAttemptsExceeded',
        );
        expect(
          (await suite.app.inject({ method: 'DELETE', url: `/api/user/${await userId(email)}`, headers: as(bearer) }))
            .statusCode,
        ).toBe(200);
      });
    });

    describe('the mail outbox view', () => {
      const outbox = (target: FastifyInstance, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
        target.inject({ method: 'GET', url: '/api/Mail/Outbox', headers, remoteAddress });

      it('answers only a request from this machine with a loopback Host', async () => {
        expect((await outbox(suite.app, { host: '127.0.0.1:3000' })).statusCode).toBe(200);
        expect((await outbox(suite.app, { host: 'localhost' })).statusCode).toBe(200);
        // A reverse proxy on this machine forwarding a public name.
        expectError(await outbox(suite.app, { host: 'www.rexer.it' }), 'NotFound');
        expectError(await outbox(suite.app, { host: 'rexer.example:3000' }), 'NotFound');
        // A peer elsewhere, whatever Host it writes.
        expectError(await outbox(suite.app, { host: '127.0.0.1:3000' }, '192.0.2.10'), 'NotFound');
      });

      it('is never shown behind a proxy (TRUST_PROXY set), whatever the request says', async () => {
        const proxied = await buildTestApp(suite.testDb, {
          env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', TRUST_PROXY: '127.0.0.1', MAIL_OUTBOX_VIEW: 'true' },
        });
        try {
          expectError(await outbox(proxied, { host: '127.0.0.1:3000' }), 'NotFound');
          expectError(await outbox(proxied, { host: '127.0.0.1:3000', 'x-forwarded-for': '127.0.0.1' }), 'NotFound');
        } finally {
          await proxied.close();
        }
      });
    });
  },
);
