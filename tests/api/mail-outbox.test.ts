import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { outboxViewEnabled } from '../../server/modules/mail-outbox';
import { buildTestApp, expectError, openTestDatabase, testConfig } from './helpers';

describe('Mail outbox view', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let hidden: FastifyInstance;

  beforeAll(async () => {
    testDb = await openTestDatabase({ postgres: false });
    app = await buildTestApp(testDb, { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0' } });
    hidden = await buildTestApp(testDb, { env: { CAPTCHA: 'off', MAIL_OUTBOX_VIEW: 'false' } });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await hidden?.close();
    await testDb?.cleanup();
  });

  it('shows the latest mails to an address, with their working links', async () => {
    const email = 'outbox.lettore@example.com';
    await app.inject({
      method: 'POST',
      url: '/api/Account/Register',
      payload: {
        name: 'Lia',
        surname: 'Monti',
        email,
        TermsAndConditions: true,
        InfoPrivacy: true,
        RecaptchaToken: 'x',
      },
    });
    const res = await app.inject({ url: `/api/Mail/Outbox?to=${encodeURIComponent(email.toUpperCase())}` });
    expect(res.statusCode).toBe(200);
    const mails = res.json().Mails as { To: string; Subject: string; Text: string; Template: string }[];
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ To: email, Template: 'confirm-email' });
    expect(mails[0].Text).toMatch(/\/mailconfermata\/[A-Za-z0-9_-]{43}/);
    expect(mails[0].Text).toMatch(/\/inserisciPassword\/[A-Za-z0-9_-]{43}/);
    expect(mails[0]).toMatchObject({ Attachments: [] });
    expect((await app.inject({ url: '/api/Mail/Outbox?to=nessuno@example.com' })).json()).toEqual({ Mails: [] });
    expectError(await app.inject({ url: '/api/Mail/Outbox?to=non-una-mail' }), 'ValidationError');
  });

  it("shows the files attached to a mail (a visit's invitation)", async () => {
    const email = 'outbox.invito@example.com';
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    await testDb.database.db.insert(mailOutbox).values({
      toAddress: email,
      subject: 'Visita confermata',
      textBody: 'Ci vediamo giovedì.',
      attachments: [
        { filename: 'visita.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics },
      ],
    });
    const mails = (await app.inject({ url: `/api/Mail/Outbox?to=${encodeURIComponent(email)}` })).json().Mails;
    expect(mails[0].Attachments).toEqual([
      { Filename: 'visita.ics', ContentType: 'text/calendar; charset=utf-8; method=PUBLISH', Content: ics },
    ]);
  });

  it('is hidden when switched off, when SMTP delivers mail, or when the server listens beyond this machine', async () => {
    expectError(await hidden.inject({ url: '/api/Mail/Outbox' }), 'NotFound');
    expect(outboxViewEnabled(testConfig({}))).toBe(true);
    expect(outboxViewEnabled(testConfig({ SMTP_URL: 'smtp://mail.example.com:587' }))).toBe(false);
    // A public address in front (a proxy on this machine sends a loopback Host): off unless asked for.
    expect(outboxViewEnabled(testConfig({ PUBLIC_URL: 'https://rexer.example.com' }))).toBe(false);
    expect(outboxViewEnabled(testConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }))).toBe(true);
    expect(outboxViewEnabled(testConfig({ HOST: '0.0.0.0' }))).toBe(false);
    expect(outboxViewEnabled(testConfig({ HOST: '0.0.0.0', MAIL_OUTBOX_VIEW: 'true' }))).toBe(true);
  });
});
