import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { mailOutbox, sessionTokens, userActionTokens, userConsents, userTokens, users } from '../../server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { LOCK_AFTER_FAILURES } from '../../server/modules/sign-in';
import { issueActionToken } from '../../server/auth/repository';
import { hashToken } from '../../server/auth/tokens';
import { expectError, isErrorBody, describeOnBackends } from './helpers';

const buyer = DEMO_ACCOUNTS.buyer.email;

describeOnBackends('Account session calls', { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0' } }, (suite) => {
  const { backend } = suite;

  // Each call from its own address, so the per-IP login limit does not mix into other checks.
  let address = 0;
  const nextIp = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
    suite.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
  const login = (username: string, password: string) =>
    post('/api/Account/Login', { username, password, RecaptchaToken: 'x' });
  const session = async (userToken: string) =>
    (await post('/api/Account/Session', { userToken, portal: 5 })).json().Token as string;
  const me = (token: string) =>
    suite.app.inject({ method: 'GET', url: '/api/Account/Me', headers: { authorization: `Bearer ${token}` } });

  it('gives an anonymous visitor a user token, traded for a session token of at least 128 random bits', async () => {
    const anonymous = await post('/api/Account/AnonymousLogin', { AnonymousToken: crypto.randomUUID(), portal: 5 });
    expect(anonymous.statusCode).toBe(200);
    const userToken = anonymous.json().Token as string;
    expect(userToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const first = await session(userToken);
    const second = await session(userToken);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    // Only hashes are stored.
    const stored = await suite.db
      .select()
      .from(sessionTokens)
      .where(eq(sessionTokens.tokenHash, hashToken(first)));
    expect(stored).toHaveLength(1);
    const plain = await suite.db.select().from(sessionTokens).where(eq(sessionTokens.tokenHash, first));
    expect(plain).toHaveLength(0);
  });

  it('refuses bad anonymous-login and session bodies with the error body', async () => {
    expectError(
      await post('/api/Account/AnonymousLogin', { AnonymousToken: 'not-a-uuid', portal: 5 }),
      'ValidationError',
    );
    expectError(
      await post('/api/Account/AnonymousLogin', { AnonymousToken: crypto.randomUUID(), portal: 4 }),
      'ValidationError',
    );
    expectError(await post('/api/Account/Session', { userToken: 'x'.repeat(43), portal: 5 }), 'InvalidSessionToken');
    expectError(await post('/api/Account/Session', { userToken: '../../etc', portal: 5 }), 'ValidationError');
  });

  it('logs in a demo account and answers the profile with the bearer', async () => {
    const res = await login(buyer, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ IsConfirmed: true, TermsAndPrivacyConfirmed: true });
    const token = await session(res.json().UserToken);
    const profile = await me(token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email: buyer,
      name: DEMO_ACCOUNTS.buyer.name,
      RegistrationConfirmed: true,
      CanChangePassword: true,
      IsModerator: false,
      businessName: 0,
      portal: 5,
    });
    // The demo moderator is told so (MyRexer shows «Moderazione»).
    const moderator = await login(DEMO_ACCOUNTS.moderator.email, DEMO_PASSWORD);
    expect((await me(await session(moderator.json().UserToken))).json()).toMatchObject({ IsModerator: true });
    // Matching the e-mail ignores its case.
    expect((await login(buyer.toUpperCase(), DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('asks again for terms accepted in an older text version', async () => {
    const res = await login(DEMO_ACCOUNTS.returning.email, DEMO_PASSWORD);
    expect(res.json()).toMatchObject({ IsConfirmed: true, TermsAndPrivacyConfirmed: false });
    const token = await session(res.json().UserToken);
    expect((await me(token)).json()).toMatchObject({ termsConsent: false, termsAndPrivacyConsent: false });
    const accept = await suite.app.inject({
      method: 'POST',
      url: '/api/User/UpdateRexerTermsAndConditions',
      payload: { RexerTermsAndConditions: true, RexerPrivacy: true },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(accept.statusCode).toBe(200);
    expect((await login(DEMO_ACCOUNTS.returning.email, DEMO_PASSWORD)).json()).toMatchObject({
      TermsAndPrivacyConfirmed: true,
    });
  });

  it('answers an unknown user and a wrong password alike', async () => {
    const unknown = await login('nessuno@rexer.example', DEMO_PASSWORD);
    const wrong = await login(DEMO_ACCOUNTS.seller.email, 'Sbagliata#2025');
    expectError(unknown, 'WrongCredentials');
    expectError(wrong, 'WrongCredentials');
    expect(unknown.body).toBe(wrong.body);
  });

  it('answers InvalidPassword for a password that breaks the rule, the same for any address, and never locks for it', async () => {
    // Passwords no account can have (docs/spec.md §5): empty, short, over 256 characters, or
    // without a capital letter, a digit or a symbol.
    const malformed = [
      '',
      'Corta#1',
      'senzamaiuscole#2026',
      'SenzaNumeri#Casa',
      'SenzaSimboli2026',
      `Lunghissima#1${'a'.repeat(256)}`,
    ];
    const bodies = new Set<string>();
    for (const password of malformed) {
      for (const username of [DEMO_ACCOUNTS.buyer.email, 'nessuno@rexer.example']) {
        const res = await login(username, password);
        expectError(res, 'InvalidPassword');
        bodies.add(res.body);
      }
    }
    // Whether the address has an account is not told: one answer for all.
    expect(bodies.size).toBe(1);
    // They can never be right, so they do not count toward the lock-out: the right password still logs in.
    for (let i = 0; i <= LOCK_AFTER_FAILURES; i++)
      expectError(await login(DEMO_ACCOUNTS.buyer.email, `corta${i}`), 'InvalidPassword');
    expect((await login(DEMO_ACCOUNTS.buyer.email, DEMO_PASSWORD)).statusCode).toBe(200);
    // A well-formed wrong password is WrongCredentials; a body wrong elsewhere stays a ValidationError.
    expectError(await login(DEMO_ACCOUNTS.buyer.email, 'Sbagliata#2026'), 'WrongCredentials');
    expectError(await login('non-una-mail', ''), 'ValidationError');
    expectError(
      await post('/api/Account/Login', { username: DEMO_ACCOUNTS.buyer.email, password: 42 }),
      'ValidationError',
    );
  });

  it('tells an unconfirmed user so, with a confirmation token', async () => {
    const email = 'non.confermato@example.com';
    const [seller] = await suite.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_ACCOUNTS.seller.email}`);
    await suite.db
      .insert(users)
      .values({ email, passwordHash: seller.passwordHash, registrationConfirmed: false, userTypeId: 2 });
    const res = await login(email, DEMO_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ExceptionTypeString: 'UserNotConfirmed' });
    const token = res.json().Token as string;
    const [row] = await suite.db
      .select()
      .from(userActionTokens)
      .where(eq(userActionTokens.tokenHash, hashToken(token)));
    expect(row.kind).toBe('resend_confirmation');
  });

  it('locks an account after repeated wrong passwords, even with the right one afterwards', async () => {
    const email = DEMO_ACCOUNTS.agency.email;
    let last;
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) last = await login(email, `Sbagliata#${i}`);
    expectError(last!, 'PasswordAttemptsExceeded');
    expectError(await login(email, DEMO_PASSWORD), 'PasswordAttemptsExceeded');
    await suite.db
      .update(users)
      .set({ lockedUntil: null })
      .where(sql`lower(${users.email}) = ${email}`);
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('says a social-login e-mail has no password here', async () => {
    await suite.db.insert(users).values({
      email: 'social@example.com',
      provider: 'oidc',
      providerSubject: 'sub-1',
      registrationConfirmed: true,
      userTypeId: 2,
    });
    expectError(await login('social@example.com', 'Qualsiasi#2025'), 'EmailIsUsedInSocialLogin');
  });

  it('refuses a suspended account with type 68 after a right password', async () => {
    const email = 'sospeso@example.com';
    const [seller] = await suite.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_ACCOUNTS.seller.email}`);
    await suite.db.insert(users).values({
      email,
      passwordHash: seller.passwordHash,
      registrationConfirmed: true,
      userTypeId: 2,
      suspendedAt: new Date(),
    });
    expectError(await login(email, DEMO_PASSWORD), 'UserIsSuspendedOrDeleted');
  });

  it('tells the client which token expired, and revokes both at logout', async () => {
    const res = await login(buyer, DEMO_PASSWORD);
    const userToken = res.json().UserToken as string;
    const token = await session(userToken);
    expectError(await suite.app.inject({ method: 'GET', url: '/api/Account/Me' }), 'MissingToken');
    expectError(await me('x'.repeat(43)), 'InvalidSessionToken');

    await suite.db
      .update(sessionTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionTokens.tokenHash, hashToken(token)));
    expectError(await me(token), 'ExpiredSessionToken');
    const renewed = await session(userToken);
    expect((await me(renewed)).statusCode).toBe(200);

    const logout = await suite.app.inject({
      method: 'POST',
      url: '/api/Account/Logout',
      headers: { authorization: `Bearer ${renewed}` },
    });
    expect(logout.statusCode).toBe(204);
    expectError(await me(renewed), 'InvalidSessionToken');
    expectError(await post('/api/Account/Session', { userToken, portal: 5 }), 'InvalidSessionToken');
  });

  it('answers ExpiredUserToken when the user token itself has expired', async () => {
    const userToken = (await login(buyer, DEMO_PASSWORD)).json().UserToken as string;
    const token = await session(userToken);
    await suite.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashToken(userToken)));
    expectError(await me(token), 'ExpiredUserToken');
    expectError(await post('/api/Account/Session', { userToken, portal: 5 }), 'ExpiredUserToken');
  });

  it('limits login attempts per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (
          await post(
            '/api/Account/Login',
            { username: `limite${i}@example.com`, password: 'x', RecaptchaToken: 'x' },
            {},
            '192.0.2.7',
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('answers random and hostile bodies with a 4xx error body, never a 5xx, and stores no token', async () => {
    const hostile = fc.oneof(
      fc.anything(),
      fc.record({ username: fc.string(), password: fc.string(), RecaptchaToken: fc.anything() }, { requiredKeys: [] }),
      fc.record({ AnonymousToken: fc.oneof(fc.uuid(), fc.string()), portal: fc.anything() }, { requiredKeys: [] }),
      fc.record(
        { userToken: fc.string({ maxLength: 300 }), portal: fc.oneof(fc.constant(5), fc.anything()) },
        { requiredKeys: [] },
      ),
    );
    const count = async () => (await suite.db.select({ n: sql<number>`count(*)::int` }).from(userTokens))[0].n;
    const before = await count();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/Account/AnonymousLogin', '/api/Account/Session', '/api/Account/Login'),
        hostile,
        async (url, body) => {
          const res = await suite.app.inject({
            method: 'POST',
            url,
            payload: JSON.stringify(body) ?? 'null',
            headers: { 'content-type': 'application/json' },
            remoteAddress: nextIp(),
          });
          const valid = res.statusCode === 200;
          if (!valid) {
            expect(res.statusCode).toBeGreaterThanOrEqual(400);
            expect(res.statusCode).toBeLessThan(500);
            expect(isErrorBody(res.json())).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
    // Only a well-formed anonymous login may store a token; hostile bodies almost never are.
    const after = await count();
    expect(after - before).toBeLessThanOrEqual(5);
  });

  const registration = (email: string, extra: Record<string, unknown> = {}) => ({
    name: 'Laura',
    surname: 'Esposito',
    email,
    phone: '3471234567',
    TermsAndConditions: true,
    InfoPrivacy: true,
    PartnerConsent: false,
    commercialPartnerConsent: true,
    RecaptchaToken: 'x',
    password: 'Nuova#Casa2025',
    ...extra,
  });

  it('stores a phone typed with its prefix as prefix and number, so the profile shows the prefix once', async () => {
    const email = `prefisso.${backend.name}@example.com`;
    const res = await post('/api/Account/Register', registration(email, { phone: '+39 347 1234567' }));
    expect(res.statusCode).toBe(200);
    const profile = (await me(await session(res.json().Token))).json();
    expect(profile).toMatchObject({ phonePrefix: '+39', phone: '347 1234567' });
  });

  it('registers, silently logs in, mails a confirmation link that confirms the address, then lets the user log in', async () => {
    const email = `laura.${backend.name}@example.com`;
    const res = await post('/api/Account/Register', registration(email));
    expect(res.statusCode).toBe(200);
    expect(res.json().Email).toBe(email);
    // The silent session works at once, unconfirmed.
    const silent = await session(res.json().Token);
    const profile = await me(silent);
    expect(profile.json()).toMatchObject({
      email,
      RegistrationConfirmed: false,
      commercialConsent: true,
      partnerConsent: false,
      termsAndPrivacyConsent: true,
    });
    // Consents are records with the text version.
    const [user] = await suite.db.select().from(users).where(eq(users.email, email));
    const consents = await suite.db.select().from(userConsents).where(eq(userConsents.userId, user.id));
    expect(consents.map((c) => [c.kind, c.granted, c.textVersion]).sort()).toEqual([
      ['commercial', true, '2025-01'],
      ['partner', false, '2025-01'],
      ['privacy', true, '2025-01'],
      ['terms', true, '2025-01'],
    ]);
    expect((await login(email, 'Nuova#Casa2025')).json()).toMatchObject({
      ExceptionTypeString: 'UserNotConfirmed',
      Token: expect.any(String),
    });

    const [mail] = await suite.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const token = /\/mailconfermata\/([A-Za-z0-9_-]+)/.exec(mail.textBody)![1];
    // Opened in the session that registered with the password: it stays (elsewhere it would be
    // suspended until typed again, confirmation-password.test.ts).
    const confirmed = await suite.app.inject({
      url: `/api/Account/Confirm/${token}`,
      headers: { authorization: `Bearer ${silent}` },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ Email: email, SessionKept: true });
    expectError(await suite.app.inject({ url: `/api/Account/Confirm/${token}` }), 'AlreadyConfirmedUser');
    expect((await login(email, 'Nuova#Casa2025')).json()).toMatchObject({
      IsConfirmed: true,
      TermsAndPrivacyConfirmed: true,
    });
  });

  it('refuses a second account for an address, missing consents and a weak password', async () => {
    expectError(await post('/api/Account/Register', registration(buyer.toUpperCase())), 'MailAlreadyRegistered');
    expectError(
      await post('/api/Account/Register', registration('senza.termini@example.com', { InfoPrivacy: false })),
      'TermsNotAccepted',
    );
    expectError(
      await post('/api/Account/Register', registration('debole@example.com', { password: 'password' })),
      'InvalidPassword',
    );
    expectError(
      await post('/api/Account/Register', registration('comune@example.com', { password: 'Password1!' })),
      'PasswordTooWeak',
    );
    expectError(await post('/api/Account/Register', registration('not-an-email')), 'ValidationError');
    const stored = await suite.db
      .select()
      .from(users)
      .where(sql`${users.email} in ('senza.termini@example.com', 'debole@example.com', 'comune@example.com')`);
    expect(stored).toEqual([]);
  });

  it('accepts a 64-character password', async () => {
    const email = `lunga.${backend.name}@example.com`;
    const password = 'Aa1! la casa gialla sul canale di Burano ha imposte verdi, 1987!';
    expect(password).toHaveLength(64);
    expect((await post('/api/Account/Register', registration(email, { password }))).statusCode).toBe(200);
  });

  it('mails a set-password link when the registration has no password', async () => {
    const email = `rapida.${backend.name}@example.com`;
    expect((await post('/api/Account/Register', registration(email, { password: undefined }))).statusCode).toBe(200);
    const [mail] = await suite.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail.textBody).toMatch(/\/inserisciPassword\/[A-Za-z0-9_-]{43}/);
    expectError(await suite.app.inject({ url: `/api/Account/Confirm/${'x'.repeat(43)}` }), 'InvalidToken');
  });

  it('keeps the session the confirmation link is opened in, and hands an account without a password the way to choose one', async () => {
    const email = `senzapassword.${backend.name}@example.com`;
    const res = await post('/api/Account/Register', registration(email, { password: undefined }));
    const silent = await session(res.json().Token);
    const [mail] = await suite.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const token = /\/mailconfermata\/([A-Za-z0-9_-]+)/.exec(mail.textBody)![1];
    const confirmed = await suite.app.inject({
      url: `/api/Account/Confirm/${token}`,
      headers: { authorization: `Bearer ${silent}` },
    });
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json();
    expect(body).toEqual({
      Email: email,
      SessionKept: true,
      ChoosePasswordToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    // The browser that opened the link is still in.
    expect((await me(silent)).statusCode).toBe(200);
    // The token chooses the first password, once; then the account logs in with it.
    expect(
      (
        await post('/api/Account/NewPassword/Change', {
          Token: body.ChoosePasswordToken,
          NewPassword: 'Prima#Scelta2026',
        })
      ).statusCode,
    ).toBe(200);
    expectError(
      await post('/api/Account/NewPassword/Change', {
        Token: body.ChoosePasswordToken,
        NewPassword: 'Seconda#Scelta2026',
      }),
      'InvalidToken',
    );
    expect((await login(email, 'Prima#Scelta2026')).json()).toMatchObject({ IsConfirmed: true });
  });

  it('gives a suspended account nothing from its confirmation link', async () => {
    const email = `sospesa.${backend.name}@example.com`;
    await post('/api/Account/Register', registration(email, { password: undefined }));
    await suite.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.email, email));
    const [mail] = await suite.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const token = /\/mailconfermata\/([A-Za-z0-9_-]+)/.exec(mail.textBody)![1];
    expectError(await suite.app.inject({ url: `/api/Account/Confirm/${token}` }), 'UserIsSuspendedOrDeleted');
  });

  it('ends the sessions of an account confirmed in another browser, and says so', async () => {
    const email = `altrobrowser.${backend.name}@example.com`;
    const res = await post('/api/Account/Register', registration(email, { password: undefined }));
    const silent = await session(res.json().Token);
    const [mail] = await suite.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const token = /\/mailconfermata\/([A-Za-z0-9_-]+)/.exec(mail.textBody)![1];
    const confirmed = (await suite.app.inject({ url: `/api/Account/Confirm/${token}` })).json();
    expect(confirmed).toMatchObject({ Email: email, SessionKept: false, ChoosePasswordToken: expect.any(String) });
    expect((await me(silent)).statusCode).toBe(401);
  });

  const mailLink = async (email: string, path: string) => {
    const mails = await suite.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const text = mails.map((m) => m.textBody).join('\n');
    return new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(text)?.[1];
  };

  it('recovers a password by mail: the link checks, the new password works, the old one and every session stop', async () => {
    const email = DEMO_ACCOUNTS.seller.email;
    const before = await login(email, DEMO_PASSWORD);
    const oldSession = await session(before.json().UserToken);
    expect((await post('/api/Account/NewPassword/', { email })).statusCode).toBe(200);
    const token = (await mailLink(email, 'recuperaPassword'))!;
    expect((await post('/api/Account/NewPassword/Confirm', { token })).json()).toEqual({ Email: email });
    expectError(
      await post('/api/Account/NewPassword/Change', { Token: token, NewPassword: 'corta' }),
      'InvalidPassword',
    );
    expect(
      (await post('/api/Account/NewPassword/Change', { Token: token, NewPassword: 'Ritrovata#2026' })).statusCode,
    ).toBe(200);
    expectError(
      await post('/api/Account/NewPassword/Change', { Token: token, NewPassword: 'Ancora#2026' }),
      'InvalidToken',
    );
    expectError(await me(oldSession), 'InvalidSessionToken');
    expectError(await login(email, DEMO_PASSWORD), 'WrongCredentials');
    expect((await login(email, 'Ritrovata#2026')).statusCode).toBe(200);
  });

  it('answers recovery for an unknown or unconfirmed address as the spec says', async () => {
    expectError(await post('/api/Account/NewPassword/', { email: 'nessuno@rexer.example' }), 'UserNotFound');
    const email = `non.confermata.${backend.name}@example.com`;
    await post('/api/Account/Register', registration(email));
    const res = await post('/api/Account/NewPassword/', { email });
    expectError(res, 'EmailNotConfirmed');
    expect(res.json().ExceptionType).toBe(10);
    expectError(await post('/api/Account/NewPassword/Confirm', { token: 'x'.repeat(43) }), 'InvalidToken');
  });

  it('sets the password from the registration link of a rapid registration, confirming the address', async () => {
    const email = `rapida2.${backend.name}@example.com`;
    await post('/api/Account/Register', registration(email, { password: undefined }));
    const token = (await mailLink(email, 'inserisciPassword'))!;
    expect(
      (await post('/api/Account/NewPassword/Change', { Token: token, NewPassword: 'Scelta#Mia2026' })).statusCode,
    ).toBe(200);
    expect((await login(email, 'Scelta#Mia2026')).json()).toMatchObject({ IsConfirmed: true });
  });

  it('changes the password of the logged-in user, keeping this session and revoking the others', async () => {
    const email = `cambio.${backend.name}@example.com`;
    const registered = await session(
      (await post('/api/Account/Register', registration(email, { password: 'Prima#Pass2026' }))).json().Token,
    );
    await suite.app.inject({
      url: `/api/Account/Confirm/${await mailLink(email, 'mailconfermata')}`,
      headers: { authorization: `Bearer ${registered}` },
    });
    const otherDevice = await session((await login(email, 'Prima#Pass2026')).json().UserToken);
    const token = await session((await login(email, 'Prima#Pass2026')).json().UserToken);
    const change = (body: Record<string, string>, bearer = token) =>
      suite.app.inject({
        method: 'PUT',
        url: '/api/user/updatePassword',
        payload: body,
        headers: { authorization: `Bearer ${bearer}` },
      });
    expectError(
      await change({ username: email, oldPassword: 'Sbagliata#1', newPassword: 'Seconda#Pass2026' }),
      'WrongCredentials',
    );
    expectError(
      await change({ username: buyer, oldPassword: 'Prima#Pass2026', newPassword: 'Seconda#Pass2026' }),
      'Forbidden',
    );
    expectError(
      await change({ username: email, oldPassword: 'Prima#Pass2026', newPassword: 'debole' }),
      'InvalidPassword',
    );
    expect(
      (await change({ username: email, oldPassword: 'Prima#Pass2026', newPassword: 'Seconda#Pass2026' })).statusCode,
    ).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    expectError(await me(otherDevice), 'InvalidSessionToken');
    expectError(await login(email, 'Prima#Pass2026'), 'WrongCredentials');
    expect((await login(email, 'Seconda#Pass2026')).statusCode).toBe(200);
  });

  it('updates phone, terms and consents as records, and deletes an account by anonymising it', async () => {
    const email = `profilo.${backend.name}@example.com`;
    const reg = await post('/api/Account/Register', registration(email));
    const userId = (await suite.db.select().from(users).where(eq(users.email, email)))[0].id;
    const token = await session(reg.json().Token);
    const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, bearer = token) =>
      suite.app.inject({ method, url, payload, headers: { authorization: `Bearer ${bearer}` } });

    expect((await call('POST', '/api/user/updatePhone', { phone: '+39 333 1234567' })).statusCode).toBe(200);
    expectError(await call('POST', '/api/user/updatePhone', { phone: 'chiamami' }), 'ValidationError');
    expectError(
      await call('POST', '/api/User/UpdateRexerTermsAndConditions', {
        RexerTermsAndConditions: true,
        RexerPrivacy: false,
      }),
      'TermsNotAccepted',
    );
    expect(
      (
        await call('POST', '/api/User/UpdateRexerTermsAndConditions', {
          RexerTermsAndConditions: true,
          RexerPrivacy: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('PUT', '/api/User/ChangeCommercialConsent', { CommercialConsent: false })).statusCode).toBe(200);
    expect((await call('PUT', '/api/user/ChangePartnerConsent', { PartnerConsent: true })).statusCode).toBe(200);
    expect((await me(token)).json()).toMatchObject({
      phonePrefix: '+39',
      phone: '333 1234567',
      commercialConsent: false,
      partnerConsent: true,
    });
    const history = await suite.db.select().from(userConsents).where(eq(userConsents.userId, userId));
    expect(
      history
        .filter((c) => c.kind === 'commercial')
        .map((c) => c.granted)
        .sort(),
    ).toEqual([false, true]);
    expectError(
      await call('POST', '/api/user/updatePhone', { phone: '3331234567' }, 'x'.repeat(43)),
      'InvalidSessionToken',
    );

    // The rapid registration (silent session, address not confirmed yet) may not close the account.
    expectError(await call('DELETE', `/api/user/${userId}`), 'InvalidAccessForRapidRegistration');
    await suite.db.update(users).set({ registrationConfirmed: true }).where(eq(users.id, userId));
    // Nobody deletes another account.
    const buyerId = (
      await suite.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${buyer}`)
    )[0].id;
    expectError(await call('DELETE', `/api/user/${buyerId}`), 'Forbidden');
    expect((await call('DELETE', `/api/user/${userId}`)).statusCode).toBe(200);
    const [deleted] = await suite.db.select().from(users).where(eq(users.id, userId));
    expect(deleted).toMatchObject({ name: null, surname: null, phone: null, passwordHash: null });
    expect(deleted.email).not.toContain('profilo');
    expect(deleted.deletedAt).not.toBeNull();
    expectError(await me(token), 'InvalidSessionToken');
    expectError(await login(email, 'Nuova#Casa2025'), 'WrongCredentials');
  });

  it('mails a new confirmation link with the token that comes with UserNotConfirmed', async () => {
    const email = `riconferma.${backend.name}@example.com`;
    await post('/api/Account/Register', registration(email));
    const token = (await login(email, 'Nuova#Casa2025')).json().Token as string;
    const before = (await suite.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).length;
    expect((await suite.app.inject({ url: `/api/Account/RequestNewConfirmationMail/${token}` })).statusCode).toBe(200);
    const after = (await suite.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).length;
    expect(after).toBe(before + 1);
    expectError(
      await suite.app.inject({ url: `/api/Account/RequestNewConfirmationMail/${'x'.repeat(43)}` }),
      'InvalidToken',
    );
  });

  it('logs in once from a CRM or mail auto-login link', async () => {
    const userId = (
      await suite.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${buyer}`)
    )[0].id;
    for (const path of ['/api/Account/AutoLoginSalesForce/', '/api/Account/Autologin']) {
      const token = await issueActionToken(suite.db, userId, 'auto_login', new Date());
      const res = await suite.app.inject({ url: `${path}?token=${token}` });
      expect(res.statusCode).toBe(200);
      expect((await me(await session(res.json().UserToken))).json().email).toBe(buyer);
      expectError(await suite.app.inject({ url: `${path}?token=${token}` }), 'InvalidToken');
    }
    const expired = await issueActionToken(suite.db, userId, 'auto_login', new Date(Date.now() - 2 * 24 * 3600 * 1000));
    expectError(await suite.app.inject({ url: `/api/Account/Autologin?token=${expired}` }), 'ExpiredToken');
    expectError(await suite.app.inject({ url: '/api/Account/Autologin?token=corto' }), 'ValidationError');
  });

  it('saves private then company data, and the profile reads the address of its kind', async () => {
    const email = `dati.${backend.name}@example.com`;
    const token = await session((await post('/api/Account/Register', registration(email))).json().Token);
    const put = (url: string, payload: object) =>
      suite.app.inject({ method: 'PUT', url, payload, headers: { authorization: `Bearer ${token}` } });
    const residential = {
      address: 'Via Padova',
      number: '45',
      city: 'Milano',
      postalCode: '20127',
      province: 'MI',
      country: 'IT',
    };
    expectError(
      await put('/api/user/UpdatePrivateData', { name: 'Laura', surname: 'Esposito' }),
      'InvalidAccessForRapidRegistration',
    );
    // Confirmed in the browser of this session (a link opened elsewhere ends the sessions opened before it).
    await suite.app.inject({
      url: `/api/Account/Confirm/${await mailLink(email, 'mailconfermata')}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(
      (
        await put('/api/user/UpdatePrivateData', {
          name: 'Laura',
          surname: 'Esposito',
          birthdayDate: '1990-04-12',
          sex: 'F',
          fiscalCode: 'spslra90d52f205x',
          residentialAddress: residential,
        })
      ).statusCode,
    ).toBe(200);
    expect((await me(token)).json()).toMatchObject({
      businessName: 0,
      fiscalCode: 'SPSLRA90D52F205X',
      birthdayDate: '1990-04-12',
      address: 'Via Padova',
      city: 'Milano',
      province: 'MI',
    });
    expectError(
      await put('/api/user/UpdatePrivateData', { name: 'Laura', surname: 'Esposito', fiscalCode: 'corto' }),
      'ValidationError',
    );

    const legal = { address: 'Corso Buenos Aires', number: '1', city: 'Milano', postalCode: '20124', province: 'MI' };
    expect(
      (
        await put('/api/user/UpdateCorporateData', {
          companyName: 'Esposito Immobili S.r.l.',
          VATNumber: '12345678901',
          pecAddress: 'esposito@pec.example',
          uniqueCode: 'abc1234',
          referentName: 'Laura',
          referentSurname: 'Esposito',
          legalAddress: legal,
        })
      ).statusCode,
    ).toBe(200);
    expect((await put('/api/User/ChangeBusinessName', { businessName: 1 })).statusCode).toBe(200);
    expect((await me(token)).json()).toMatchObject({
      businessName: 1,
      companyName: 'Esposito Immobili S.r.l.',
      VATNumber: '12345678901',
      uniqueCode: 'ABC1234',
      address: 'Corso Buenos Aires',
      postalCode: '20124',
    });
    expectError(await put('/api/User/ChangeBusinessName', { businessName: 2 }), 'ValidationError');
    expectError(
      await put('/api/user/UpdateCorporateData', {
        companyName: 'X',
        VATNumber: '123',
        referentName: 'A',
        referentSurname: 'B',
        legalAddress: legal,
      }),
      'ValidationError',
    );
  });

  it('refuses an anonymous session on the profile', async () => {
    const anonymous = await post('/api/Account/AnonymousLogin', { AnonymousToken: crypto.randomUUID(), portal: 5 });
    expectError(await me(await session(anonymous.json().Token)), 'Unauthorized');
  });
});
