import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { userActionTokens, users } from '../../server/db/schema';
import { verifyPassword } from '../../server/db/password-hash';
import { expectError, setCookies, describeOnBackends } from './helpers';

// PUT /api/User/SetFirstPassword: the listing wizard's step 30. A silent account (registered at
// steps 0-1 without a password) chooses its password; the silent session becomes a full login.

const PASSWORD = 'Girasoli.Rossi#Molo58';

describeOnBackends('The first password of a silent account', { env: { CAPTCHA: 'off' } }, (suite) => {
  const { backend } = suite;

  let people = 0;

  const db = () => suite.db;
  const nextIp = () => `10.77.${Math.floor(++people / 250)}.${(people % 250) + 1}`;

  async function sessionOf(userToken: string): Promise<string> {
    return (
      await suite.app.inject({ method: 'POST', url: '/api/Account/Session', payload: { userToken, portal: 5 } })
    ).json().Token as string;
  }

  /** A seller of the wizard's steps 0-1: registered without a password, with the silent session's bearer. */
  async function silentSeller(extra: object = {}) {
    const email = `primo.${backend.name}.${randomUUID().slice(0, 8)}@example.com`;
    const registered = await suite.app.inject({
      method: 'POST',
      url: '/api/Account/Register',
      remoteAddress: nextIp(),
      payload: { name: 'Nina', surname: 'Greco', email, TermsAndConditions: true, InfoPrivacy: true, ...extra },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const id = (await db().select().from(users).where(eq(users.email, email)))[0]!.id;
    return { id, email, bearer: await sessionOf(registered.json().Token as string) };
  }

  const setFirst = (
    bearer: string | null,
    NewPassword: string,
    remoteAddress = nextIp(),
    headers: Record<string, string> = {},
  ) =>
    suite.app.inject({
      method: 'PUT',
      url: '/api/User/SetFirstPassword',
      remoteAddress,
      payload: { NewPassword },
      headers: { ...headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    });
  const draftOf = (bearer: string) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/Property/Draft',
      payload: { SellType: 1 },
      headers: { authorization: `Bearer ${bearer}` },
    });

  it('sets the password of a silent account, ends its silent session and starts a full login', async () => {
    const seller = await silentSeller();
    expect((await draftOf(seller.bearer)).json()).toMatchObject({ Account: 'silent' });

    const res = await setFirst(seller.bearer, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ IsConfirmed: false, TermsAndPrivacyConfirmed: true });
    expect(typeof body.UserToken).toBe('string');

    const [user] = await db().select().from(users).where(eq(users.id, seller.id));
    expect(user!.isSilent).toBe(false);
    // The address is still to be confirmed from the mailbox.
    expect(user!.registrationConfirmed).toBe(false);
    expect(await verifyPassword(user!.passwordHash!, PASSWORD)).toBe(true);
    // The registration mail's set-password link is spent; its confirmation link is not.
    const links = await db().select().from(userActionTokens).where(eq(userActionTokens.userId, seller.id));
    expect(links.find((link) => link.kind === 'set_password')?.revokedAt).not.toBeNull();
    expect(links.find((link) => link.kind === 'confirm_email')?.revokedAt).toBeNull();

    // The silent session is over; the new one is a full account's (the wizard publishes the basic plan).
    expectError(await draftOf(seller.bearer), 'InvalidSessionToken');
    const full = await sessionOf(body.UserToken as string);
    expect((await draftOf(full)).json()).toMatchObject({ Account: 'loggedIn' });
  });

  it('refuses a second first password, an account registered with a password, and a weak or breached-looking one', async () => {
    const seller = await silentSeller();
    expectError(await setFirst(seller.bearer, 'corta'), 'InvalidPassword');
    expectError(await setFirst(seller.bearer, 'Password1!'), 'PasswordTooWeak');
    // Nothing changed by the refusals: the account is still silent, without a password.
    const [before] = await db().select().from(users).where(eq(users.id, seller.id));
    expect(before).toMatchObject({ isSilent: true, passwordHash: null });

    const full = await sessionOf((await setFirst(seller.bearer, PASSWORD)).json().UserToken as string);
    expectError(await setFirst(full, 'Un.Altra#Password99'), 'PasswordAlreadySet');
    const [after] = await db().select().from(users).where(eq(users.id, seller.id));
    expect(await verifyPassword(after!.passwordHash!, PASSWORD)).toBe(true);

    const withPassword = await silentSeller({ password: PASSWORD });
    expectError(await setFirst(withPassword.bearer, 'Un.Altra#Password99'), 'PasswordAlreadySet');
  });

  it('needs a signed-in session: none, or an anonymous one, is refused', async () => {
    expectError(await setFirst(null, PASSWORD), 'MissingToken');
    const anonymous = (
      await suite.app.inject({
        method: 'POST',
        url: '/api/Account/AnonymousLogin',
        payload: { AnonymousToken: randomUUID(), portal: 5 },
      })
    ).json().Token as string;
    expectError(await setFirst(await sessionOf(anonymous), PASSWORD), 'Unauthorized');
  });

  it('answers a browser with its new session in cookies, no longer silent', async () => {
    const seller = await silentSeller();
    const res = await setFirst(seller.bearer, PASSWORD, nextIp(), { 'x-token-transport': 'cookie' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().UserToken).toBeUndefined();
    const cookies = setCookies(res);
    const mirror = cookies.find((cookie) => cookie.name === 'rexer_user');
    expect(mirror).toBeDefined();
    const record = JSON.parse(Buffer.from(decodeURIComponent(mirror!.value), 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(record).toMatchObject({ username: seller.email, isConfirmed: false, terms_privacy: true });
    expect(record.silent).not.toBe(true);
  });

  it('is rate-limited per client address', async () => {
    const seller = await silentSeller();
    const ip = '198.51.100.23';
    for (let index = 0; index < 10; index++) expectError(await setFirst(seller.bearer, 'corta', ip), 'InvalidPassword');
    expectError(await setFirst(seller.bearer, PASSWORD, ip), 'TooManyRequests');
    // Another address is not concerned.
    expect((await setFirst(seller.bearer, PASSWORD)).statusCode).toBe(200);
  });
});
