import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts';
import type { TestDatabase } from '../../server/db/testing';
import { issueActionToken } from '../../server/modules/account/repository';
import { redactText } from '../../server/plugins/log-redaction';
import { buildTestApp, openTestDatabase } from './helpers';

describe('Tokens in URLs never reach the log', () => {
  it.each([
    ['/recuperaPassword/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde', '/recuperaPassword/[redacted]'],
    ['/INSERISCIPASSWORD/short-one', '/INSERISCIPASSWORD/[redacted]'],
    ['/api/Account/Confirm/abc?x=1', '/api/Account/Confirm/[redacted]?x=1'],
    ['/mailnonconfermata/mario.rossi@example.com', '/mailnonconfermata/[redacted]'],
    ['/api/Account/Autologin?token=abc&portal=5', '/api/Account/Autologin?token=[redacted]&portal=5'],
    ['/login/LoginLink?analyticsToken=xyz', '/login/LoginLink?analyticsToken=[redacted]'],
    ['/api/Account/SocialLogin/Callback?code=c0de&state=s7at3&iss=x', '/api/Account/SocialLogin/Callback?code=[redacted]&state=[redacted]&iss=x'],
    ['/media/qwertyuiopasdfghjklzxcvbnm1234/photo.jpg', '/media/[redacted]/photo.jpg'],
    ['/comprocasa/appartamenti', '/comprocasa/appartamenti'],
  ])('redacts %s', (url, expected) => {
    expect(redactText(url)).toBe(expected);
  });

  describe('a recovery flow and an auto-login link, logged at info', () => {
    let testDb: TestDatabase;
    let app: FastifyInstance;
    let output = '';

    beforeAll(async () => {
      testDb = await openTestDatabase({ postgres: false });
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          output += chunk.toString();
          done();
        },
      });
      app = await buildTestApp(testDb, { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0' }, logger: { level: 'info', stream } });
    }, 180_000);
    afterAll(async () => {
      await app?.close();
      await testDb?.cleanup();
    });

    it('writes request lines without any of the tokens', async () => {
      const email = DEMO_ACCOUNTS.buyer.email;
      expect((await app.inject({ method: 'POST', url: '/api/Account/NewPassword/', payload: { email } })).statusCode).toBe(200);
      const [mail] = await testDb.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      const reset = /\/recuperaPassword\/([A-Za-z0-9_-]+)/.exec(mail.textBody)![1];

      await app.inject({ url: `/recuperaPassword/${reset}` });
      expect((await app.inject({ method: 'POST', url: '/api/Account/NewPassword/Confirm', payload: { token: reset } })).statusCode).toBe(200);
      // A wrong use too: the refusal is logged with its reason, never the token.
      await app.inject({ method: 'POST', url: '/api/Account/NewPassword/Change', payload: { Token: reset, NewPassword: 'corta' } });
      expect((await app.inject({ method: 'POST', url: '/api/Account/NewPassword/Change', payload: { Token: reset, NewPassword: 'Tetto.Rosso#Vicolo88' } })).statusCode).toBe(200);
      await app.inject({ url: `/api/Account/Confirm/${reset}` });

      const [user] = await testDb.database.db.select().from(users).where(eq(users.email, email));
      const auto = await issueActionToken(testDb.database.db, user.id, 'auto_login', new Date());
      expect((await app.inject({ url: `/api/Account/Autologin?token=${auto}` })).statusCode).toBe(200);
      await app.inject({ url: `/login/AutoLogin/${auto}` });

      const lines = output.trim().split('\n').map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
      const urls = lines.flatMap((line) => (line.req ? [line.req.url] : []));
      expect(urls).toContain('/recuperaPassword/[redacted]');
      expect(urls).toContain('/api/Account/Autologin?token=[redacted]');
      expect(urls).toContain('/login/AutoLogin/[redacted]');
      expect(output).not.toContain(reset);
      expect(output).not.toContain(auto);
    });
  });
});
