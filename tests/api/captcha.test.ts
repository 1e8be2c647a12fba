import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import captchaPlugin from '../../server/plugins/captcha';
import type { TestDatabase } from '../../server/db/testing';
import { openPgliteDatabase } from '../../server/db/database';
import { buildTestApp, expectError, openTestDatabase, testConfig } from './helpers';

/** Only the captcha plugin (over an empty database for its spent challenges), to call `fastify.captcha.verify` directly. */
async function captchaOnly(env: Record<string, string>): Promise<FastifyInstance> {
  const fastify = Fastify({ logger: false });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  const database = await openPgliteDatabase({ dataDir: '', inMemory: true });
  fastify.addHook('onClose', () => database.close());
  fastify.decorate('config', testConfig(env));
  fastify.decorate('db', database.db);
  fastify.decorate('secrets', {
    captchaHmacKey: 'test-captcha-key',
    analyticsTokenKey: 'test-analytics-key',
    oidcFlowSecret: 'test-flow-secret',
    savedSearchLinkKey: 'test-link-key',
    offlinePaymentKey: 'test-offline-payment-key',
    viewVisitorKey: 'test-view-visitor-key',
  });
  await fastify.register(captchaPlugin);
  await fastify.ready();
  return fastify;
}

/** Solves the app's challenge the way the widget does, and answers the payload it would post. */
async function solvedToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ url: '/api/Account/Captcha' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('captcha', () => {
  let testDb: TestDatabase;
  let altchaApp: FastifyInstance;
  let recaptchaApp: FastifyInstance;
  let offApp: FastifyInstance;
  let standIn: Server;
  const received: URLSearchParams[] = [];

  beforeAll(async () => {
    testDb = await openTestDatabase({ postgres: false });
    // A local stand-in for reCAPTCHA's verify endpoint: "good-token" passes.
    standIn = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form);
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({ success: form.get('secret') === 'segreto' && form.get('response') === 'good-token' }),
        );
      });
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    const port = (standIn.address() as AddressInfo).port;
    const env = { RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' };
    altchaApp = await buildTestApp(testDb, { env: { ...env, CAPTCHA: 'altcha', CAPTCHA_HMAC_KEY: 'chiave-di-prova' } });
    recaptchaApp = await buildTestApp(testDb, {
      env: {
        ...env,
        RECAPTCHA_SECRET: 'segreto',
        RECAPTCHA_SITE_KEY: 'sito-pubblico',
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      },
    });
    offApp = await buildTestApp(testDb, { env: { ...env, CAPTCHA: 'off' } });
  }, 180_000);
  afterAll(async () => {
    await altchaApp?.close();
    await recaptchaApp?.close();
    await offApp?.close();
    standIn?.close();
    await testDb?.cleanup();
  });

  const login = (app: FastifyInstance, RecaptchaToken?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { username: DEMO_ACCOUNTS.buyer.email, password: DEMO_PASSWORD, RecaptchaToken },
      remoteAddress: '10.20.0.1',
    });

  it('ALTCHA: a solved challenge lets the login through once; a replay, a forgery or nothing is refused', async () => {
    const token = await solvedToken(altchaApp);
    expect((await login(altchaApp, token)).statusCode).toBe(200);
    expectError(await login(altchaApp, token), 'CaptchaFailed');
    expectError(await login(altchaApp), 'CaptchaFailed');
    expectError(await login(altchaApp, 'bm9uIHVuIHBheWxvYWQ='), 'CaptchaFailed');
    // A solution with its number changed does not verify.
    const fresh = JSON.parse(Buffer.from(await solvedToken(altchaApp), 'base64').toString());
    fresh.solution.counter += 1;
    expectError(await login(altchaApp, Buffer.from(JSON.stringify(fresh)).toString('base64')), 'CaptchaFailed');
    // A payload claiming a remote verification is never trusted.
    expectError(
      await login(
        altchaApp,
        Buffer.from(JSON.stringify({ verificationData: 'verified=true', signature: 'x' })).toString('base64'),
      ),
      'CaptchaFailed',
    );
  });

  it('ALTCHA: verify answers false, never throws, for anything but a fresh solution of ours', async () => {
    const alone = await captchaOnly({ CAPTCHA: 'altcha' });
    try {
      const garbage = [
        undefined,
        '',
        'off',
        'non è base64 !',
        'bm9uIHVuIHBheWxvYWQ=',
        Buffer.from('null').toString('base64'),
        Buffer.from('{"challenge":1,"solution":2}').toString('base64'),
        'A'.repeat(10_000),
      ];
      for (const token of garbage) await expect(alone.captcha.verify(token, '10.20.0.2')).resolves.toBe(false);
      // A solution whose challenge was altered (a cheaper cost) breaks the signature.
      const tampered = JSON.parse(Buffer.from(await solvedToken(alone), 'base64').toString());
      tampered.challenge.parameters.cost = 1;
      await expect(
        alone.captcha.verify(Buffer.from(JSON.stringify(tampered)).toString('base64'), '10.20.0.2'),
      ).resolves.toBe(false);
      const token = await solvedToken(alone);
      await expect(alone.captcha.verify(token, '10.20.0.2')).resolves.toBe(true);
      await expect(alone.captcha.verify(token, '10.20.0.2')).resolves.toBe(false);
    } finally {
      await alone.close();
    }
  });

  it('ALTCHA: a challenge signed with another key, or expired, is refused', async () => {
    const other = await buildTestApp(testDb, { env: { CAPTCHA: 'altcha', CAPTCHA_HMAC_KEY: 'un-altra-chiave' } });
    const foreign = await solvedToken(other);
    await other.close();
    expectError(await login(altchaApp, foreign), 'CaptchaFailed');

    const challenge = (await altchaApp.inject({ url: '/api/Account/Captcha' })).json();
    expect(challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000 + 9 * 60);
    challenge.parameters.expiresAt = Math.floor(Date.now() / 1000) - 1;
    const solution = await solveChallenge({ challenge, deriveKey });
    expectError(
      await login(altchaApp, Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')),
      'CaptchaFailed',
    );
  });

  it('ALTCHA guards the registration too', async () => {
    const body = {
      name: 'Ada',
      surname: 'Neri',
      email: 'captcha.registrazione@example.com',
      TermsAndConditions: true,
      InfoPrivacy: true,
    };
    expectError(
      await altchaApp.inject({ method: 'POST', url: '/api/Account/Register', payload: body }),
      'CaptchaFailed',
    );
    expect(
      (
        await altchaApp.inject({
          method: 'POST',
          url: '/api/Account/Register',
          payload: { ...body, RecaptchaToken: await solvedToken(altchaApp) },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('reCAPTCHA: the verify URL decides, with the secret, the token and the client IP', async () => {
    expect((await login(recaptchaApp, 'good-token')).statusCode).toBe(200);
    expect(received.at(-1)?.get('remoteip')).toBe('10.20.0.1');
    expect(received.at(-1)?.get('secret')).toBe('segreto');
    expect(received.at(-1)?.get('response')).toBe('good-token');
    expectError(await login(recaptchaApp, 'bad-token'), 'CaptchaFailed');
    expectError(await login(recaptchaApp), 'CaptchaFailed');
    expectError(await recaptchaApp.inject({ url: '/api/Account/Captcha' }), 'NotFound');
    expect((await recaptchaApp.inject({ url: '/api/config' })).json()).toMatchObject({
      CaptchaProvider: 'recaptcha',
      RecaptchaSiteKey: 'sito-pubblico',
    });
  });

  it('reCAPTCHA: an unreachable verify service refuses rather than lets through', async () => {
    const down = await buildTestApp(testDb, {
      env: { RECAPTCHA_SECRET: 'segreto', RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' },
    });
    expectError(await login(down, 'good-token'), 'CaptchaFailed');
    await down.close();
  });

  it('reCAPTCHA: a verify service that does not answer within 5 s refuses', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const slow = await captchaOnly({
      RECAPTCHA_SECRET: 'segreto',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/siteverify`,
    });
    try {
      const started = Date.now();
      await expect(slow.captcha.verify('good-token', '10.20.0.3')).resolves.toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    } finally {
      await slow.close();
      silent.closeAllConnections();
      silent.close();
    }
  }, 15_000);

  it('off: no captcha at all, for local scripting', async () => {
    expect((await login(offApp)).statusCode).toBe(200);
    const alone = await captchaOnly({ CAPTCHA: 'off' });
    await expect(alone.captcha.verify(undefined, '10.20.0.1')).resolves.toBe(true);
    await alone.close();
    expectError(await offApp.inject({ url: '/api/Account/Captcha' }), 'NotFound');
    expect((await offApp.inject({ url: '/api/config' })).json()).toMatchObject({
      CaptchaProvider: 'off',
      RecaptchaSiteKey: null,
      SocialLogin: null,
    });
  });

  it('the config names the social login next to the captcha when OIDC is configured', async () => {
    const social = await buildTestApp(testDb, {
      env: {
        CAPTCHA: 'off',
        OIDC_ISSUER: 'http://127.0.0.1:9/oidc',
        OIDC_CLIENT_ID: 'rexer',
        OIDC_PROVIDER_NAME: 'Esempio',
      },
    });
    try {
      expect((await social.inject({ url: '/api/config' })).json()).toMatchObject({
        CaptchaProvider: 'off',
        SocialLogin: { Name: 'Esempio' },
      });
    } finally {
      await social.close();
    }
  });
});
