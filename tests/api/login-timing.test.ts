import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import type { TestDatabase } from '../../server/db/testing';
import { buildTestApp, openTestDatabase } from './helpers';

// Timing must tell nothing the error codes do not: every login answer runs exactly one
// argon2id verification, whether the account exists, is locked, or has no password (social).
// Counting the verifications is what a test can assert; the time itself is never asserted.

const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../server/db/password-hash', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/db/password-hash')>();
  return {
    ...actual,
    verifyPassword: (hash: string, password: string) => {
      verifications.count++;
      return actual.verifyPassword(hash, password);
    },
  };
});

describe('Login answers cost one password hash whatever the account', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await openTestDatabase({ postgres: false });
    app = await buildTestApp(testDb, { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } });
    await testDb.database.db.insert(users).values({
      email: 'solo.social@example.com',
      provider: 'oidc',
      providerSubject: 'sub-timing',
      registrationConfirmed: true,
      userTypeId: 2,
    });
    await testDb.database.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + 15 * 60_000) })
      .where(eq(users.email, DEMO_ACCOUNTS.agency.email));
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });
  beforeEach(() => {
    verifications.count = 0;
  });

  const login = (username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/Account/Login', payload: { username, password, RecaptchaToken: 'x' } });

  it.each([
    ['an unknown address', 'nessuno@example.com', 'Qualsiasi#Password1', 'WrongCredentials'],
    ['a wrong password', DEMO_ACCOUNTS.buyer.email, 'Sbagliata#Password1', 'WrongCredentials'],
    ['a locked account', DEMO_ACCOUNTS.agency.email, DEMO_PASSWORD, 'PasswordAttemptsExceeded'],
    ['a social-only account', 'solo.social@example.com', 'Qualsiasi#Password1', 'EmailIsUsedInSocialLogin'],
  ])('runs one verification for %s', async (_case, username, password, error) => {
    const res = await login(username, password);
    expect(res.json().ExceptionTypeString).toBe(error);
    expect(verifications.count).toBe(1);
  });

  it('runs one verification for a right password too', async () => {
    expect((await login(DEMO_ACCOUNTS.buyer.email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect(verifications.count).toBe(1);
  });
});
