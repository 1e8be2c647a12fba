import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../server/db/testing';
import { countRequest, purgeRateLimitCounters } from '../../server/plugins/rate-limit-store';
import { BACKENDS, buildTestApp, openTestDatabase } from './helpers';

// The limits that ban count in the database: two app instances over one database stand for
// two servers, and a client banned through one is banned on the other.

for (const backend of BACKENDS) {
  describe(`Rate limits that ban, shared by every server (${backend.name})`, () => {
    let testDb: TestDatabase;
    let first: FastifyInstance;
    let second: FastifyInstance;

    beforeAll(async () => {
      testDb = await openTestDatabase(backend);
      const env = { CAPTCHA: 'off', LOGIN_RATE_LIMIT_MAX: '2' };
      first = await buildTestApp(testDb, { env });
      second = await buildTestApp(testDb, { env });
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await testDb?.cleanup();
    });

    it('counts one window per key across servers, and starts again when it ends', async () => {
      expect(await countRequest(testDb.database.db, 'test one', 60_000)).toMatchObject({ current: 1 });
      expect(await countRequest(testDb.database.db, 'test one', 60_000)).toMatchObject({ current: 2 });
      const short = await countRequest(testDb.database.db, 'test short', 1);
      expect(short.current).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await countRequest(testDb.database.db, 'test short', 60_000)).toMatchObject({ current: 1 });
      expect(await purgeRateLimitCounters(testDb.database.db, new Date(Date.now() + 120_000))).toBeGreaterThanOrEqual(2);
    });

    it('bans on both servers a client that went past the login limit, spread over them', async () => {
      const attempt = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: '/api/Account/Login', remoteAddress: '203.0.113.9', payload: { username: 'nessuno@example.com', password: 'Sbagliata#1', RecaptchaToken: 'x' } });
      // max 2 a minute, ban after 10 more: the 13th request is banned.
      for (let index = 0; index < 12; index++) {
        const res = await attempt(index % 2 === 0 ? first : second);
        expect(res.json().ExceptionTypeString).not.toBe('IPBanned');
      }
      for (const app of [first, second]) expect((await attempt(app)).json().ExceptionTypeString).toBe('IPBanned');
      // Another client is not concerned.
      const other = await first.inject({ method: 'POST', url: '/api/Account/Login', remoteAddress: '203.0.113.10', payload: { username: 'nessuno@example.com', password: 'Sbagliata#1', RecaptchaToken: 'x' } });
      expect(other.json().ExceptionTypeString).not.toBe('IPBanned');
    });
  });
}
