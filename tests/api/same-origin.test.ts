import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../server/db/testing';
import { buildTestApp, expectError, openTestDatabase } from './helpers';

// State-changing calls from another site are refused (CSRF); reads and same-origin calls pass.
describe('same-origin rule for state-changing calls', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await openTestDatabase({ postgres: false });
    app = await buildTestApp(testDb, { env: { PUBLIC_URL: 'https://www.rexer.example', RATE_LIMIT_MAX: '0' } });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const anonymousLogin = (headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/Account/AnonymousLogin',
      payload: { AnonymousToken: crypto.randomUUID(), portal: 5 },
      headers: { host: 'localhost:3000', ...headers },
    });

  it('refuses a POST whose Origin is another site, or opaque', async () => {
    expectError(await anonymousLogin({ origin: 'https://evil.example' }), 'Forbidden');
    expectError(await anonymousLogin({ origin: 'null' }), 'Forbidden');
  });

  it('refuses a POST the browser marks as cross-site', async () => {
    expectError(await anonymousLogin({ 'sec-fetch-site': 'cross-site' }), 'Forbidden');
  });

  it('accepts the server itself, the public URL, and clients that are not browsers', async () => {
    expect(
      (await anonymousLogin({ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
    expect(
      (await anonymousLogin({ origin: 'https://www.rexer.example', 'sec-fetch-site': 'same-site' })).statusCode,
    ).toBe(200);
    expect((await anonymousLogin({})).statusCode).toBe(200);
  });

  it('leaves reads alone', async () => {
    const res = await app.inject({
      url: '/api/config',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});
