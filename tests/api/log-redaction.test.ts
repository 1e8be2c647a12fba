import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { DrizzleQueryError, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts';
import type { TestDatabase } from '../../server/db/testing';
import { issueActionToken } from '../../server/auth/repository';
import { redactText, redactValue, serializeError } from '../../server/plugins/log-redaction';
import { buildTestApp, openTestDatabase } from './helpers';

describe('Tokens in URLs never reach the log', () => {
  it.each([
    ['/recuperaPassword/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde', '/recuperaPassword/[redacted]'],
    ['/INSERISCIPASSWORD/short-one', '/INSERISCIPASSWORD/[redacted]'],
    ['/api/Account/Confirm/abc?x=1', '/api/Account/Confirm/[redacted]?x=1'],
    ['/mailnonconfermata/mario.rossi@example.com', '/mailnonconfermata/[redacted]'],
    ['/api/Account/Autologin?token=abc&portal=5', '/api/Account/Autologin?token=[redacted]&portal=5'],
    ['/login/LoginLink?analyticsToken=xyz', '/login/LoginLink?analyticsToken=[redacted]'],
    [
      '/api/Account/SocialLogin/Callback?code=c0de&state=s7at3&iss=x',
      '/api/Account/SocialLogin/Callback?code=[redacted]&state=[redacted]&iss=x',
    ],
    ['/media/qwertyuiopasdfghjklzxcvbnm1234/photo.jpg', '/media/[redacted]/photo.jpg'],
    ['/comprocasa/appartamenti', '/comprocasa/appartamenti'],
    ['/callback#access_token=abc&id_token=def', '/callback#access_token=[redacted]&id_token=[redacted]'],
    // The safety net spares segments made of words: the names of routes stay readable.
    ['/api/Account/RequestNewConfirmationMail/abc', '/api/Account/RequestNewConfirmationMail/[redacted]'],
    ['/api/account/decryptanalyticstoken/abc', '/api/account/decryptanalyticstoken/[redacted]'],
    ['/registrazionetelefonosocial?redirect=%2Fmyrexer', '/registrazionetelefonosocial?redirect=%2Fmyrexer'],
    ['/comprocasa/appartamenti-in-vendita-milano', '/comprocasa/appartamenti-in-vendita-milano'],
    ['/x/Zq8xWm3pLr7vNtkYbcHdfGjsQeuAoiEzyXwabc', '/x/[redacted]'],
    // The signed delete link of a saved search's mail.
    ['/eliminaricerca/42?t=c2lnbmF0dXJl', '/eliminaricerca/42?t=[redacted]'],
    ['/ricerca?Type=case&Text=terrazzo', '/ricerca?Type=case&Text=terrazzo'],
  ])('redacts %s', (url, expected) => {
    expect(redactText(url)).toBe(expected);
  });

  it('takes linear time on a crafted URL (every request line goes through it)', () => {
    const crafted = [
      `/a${'?tokenxtokenxtokenx'.repeat(700)}`,
      `/a${'&tokentoken'.repeat(1400)}`,
      `/${'a'.repeat(15_000)}1/b`,
      `/${'Ab-'.repeat(5000)}1`,
    ];
    const start = performance.now();
    for (const url of crafted) redactText(url);
    expect(performance.now() - start).toBeLessThan(500);
  });

  it("redacts the texts inside a logged error: a failed query's parameters, its cause, nested objects", () => {
    const token = 'Zq8xWm3pLr7vNt2kYb5cHd9fGj4sQe6uAo1iEz0yXw_';
    const mail = `Ciao Rita,\nconferma il tuo indirizzo:\nhttps://www.rexer.example/mailconfermata/${token}\n`;
    const cause = Object.assign(
      new Error(`connection lost while inserting https://www.rexer.example/recuperaPassword/${token}`),
      { code: '57P01' },
    );
    const error = new DrizzleQueryError(
      'insert into "mail_outbox" ("to_address", "text_body") values ($1, $2)',
      ['rita@example.com', mail],
      cause,
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain(token);
    expect(logged).toContain('mailconfermata/[redacted]');
    expect(logged).toContain('57P01');
    const nested = JSON.stringify(
      redactValue({
        links: [{ href: new URL(`https://www.rexer.example/login/AutoLogin/${token}`) }],
        query: new URLSearchParams({ code: token, iss: 'x' }),
      }),
    );
    expect(nested).not.toContain(token);
    expect(nested).toContain('"query":"code=[redacted]&iss=x"');
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
      app = await buildTestApp(testDb, {
        env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0' },
        logger: { level: 'info', stream },
      });
    }, 180_000);
    afterAll(async () => {
      await app?.close();
      await testDb?.cleanup();
    });

    it('writes request lines without any of the tokens', async () => {
      const email = DEMO_ACCOUNTS.buyer.email;
      expect(
        (await app.inject({ method: 'POST', url: '/api/Account/NewPassword/', payload: { email } })).statusCode,
      ).toBe(200);
      const [mail] = await testDb.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      const reset = /\/recuperaPassword\/([A-Za-z0-9_-]+)/.exec(mail.textBody)![1];

      await app.inject({ url: `/recuperaPassword/${reset}` });
      expect(
        (await app.inject({ method: 'POST', url: '/api/Account/NewPassword/Confirm', payload: { token: reset } }))
          .statusCode,
      ).toBe(200);
      // A wrong use too: the refusal is logged with its reason, never the token.
      await app.inject({
        method: 'POST',
        url: '/api/Account/NewPassword/Change',
        payload: { Token: reset, NewPassword: 'corta' },
      });
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/Account/NewPassword/Change',
            payload: { Token: reset, NewPassword: 'Tetto.Rosso#Vicolo88' },
          })
        ).statusCode,
      ).toBe(200);
      await app.inject({ url: `/api/Account/Confirm/${reset}` });

      const [user] = await testDb.database.db.select().from(users).where(eq(users.email, email));
      const auto = await issueActionToken(testDb.database.db, user.id, 'auto_login', new Date());
      expect((await app.inject({ url: `/api/Account/Autologin?token=${auto}` })).statusCode).toBe(200);
      await app.inject({ url: `/login/AutoLogin/${auto}` });

      // Messages and fields of any log call, as Fastify's own messages carry the raw URL.
      app.log.info(`Route GET:/inserisciPassword/${reset} not found`);
      app.log.child({ reqId: 'prova' }).warn({ url: `/mailconfermata/${auto}`, attempt: 1 }, 'a field with a link');
      app.log.info('interpolated %s', `/api/Account/Confirm/${reset}`);
      app.log.error(new Error(`failed at /api/Account/RequestNewConfirmationMail/${auto}`));

      const lines = output
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
      const urls = lines.flatMap((line) => (line.req ? [line.req.url] : []));
      expect(urls).toContain('/recuperaPassword/[redacted]');
      expect(urls).toContain('/api/Account/Autologin?token=[redacted]');
      expect(urls).toContain('/login/AutoLogin/[redacted]');
      const messages = lines.map((line) => line.msg);
      expect(messages).toContain('Route GET:/inserisciPassword/[redacted] not found');
      expect(messages).toContain('interpolated /api/Account/Confirm/[redacted]');
      expect(messages).toContain('failed at /api/Account/RequestNewConfirmationMail/[redacted]');
      expect(output).toContain('"url":"/mailconfermata/[redacted]"');
      expect(output).not.toContain(reset);
      expect(output).not.toContain(auto);
    });
  });
});
