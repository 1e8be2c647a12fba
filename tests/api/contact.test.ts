import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { BACKENDS, buildTestApp, expectError, openTestDatabase } from './helpers';

const valid = {
  Name: 'Giulia Bianchi',
  Email: 'giulia.bianchi@example.org',
  Phone: '+39 333 123 4567',
  Subject: 'valuation',
  Message: 'Vorrei una valutazione del mio bilocale in zona Navigli.',
  PrivacyConsent: true,
};

describe.each(BACKENDS)('POST /api/Contact/Send on $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function send(payload: unknown, remoteAddress = '203.0.113.10') {
    app ??= await buildTestApp(testDb);
    return app.inject({
      method: 'POST',
      url: '/api/Contact/Send',
      payload: payload as object,
      remoteAddress,
      headers: { portal: '5' },
    });
  }

  it('stores the message with the sender IP and answers 201 with its id', async () => {
    const res = await send(valid, '203.0.113.77');
    expect(res.statusCode).toBe(201);
    const { Id } = res.json() as { Id: number };
    const [row] = await testDb.database.db.select().from(contactMessages).where(eq(contactMessages.id, Id));
    expect(row).toMatchObject({
      name: valid.Name,
      email: valid.Email,
      phone: valid.Phone,
      subject: 'valuation',
      message: valid.Message,
      privacyConsent: true,
      ip: '203.0.113.77',
    });
  });

  it('accepts a message without phone, or with an empty one', async () => {
    const { Phone: _phone, ...withoutPhone } = valid;
    expect((await send(withoutPhone)).statusCode).toBe(201);
    const res = await send({ ...valid, Phone: '' });
    expect(res.statusCode).toBe(201);
    const [row] = await testDb.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().Id));
    expect(row.phone).toBeNull();
  });

  it.each([
    ['a one-letter name', { Name: 'G' }],
    ['a name over 100 characters', { Name: 'x'.repeat(101) }],
    ['a bad email', { Email: 'giulia@' }],
    ['letters in the phone', { Phone: '333-ABC-4567' }],
    ['a short phone', { Phone: '12345' }],
    ['an unknown subject', { Subject: 'complaint' }],
    ['a short message', { Message: 'Ciao' }],
    ['a message over 4000 characters', { Message: 'x'.repeat(4001) }],
    ['no privacy consent', { PrivacyConsent: false }],
    ['privacy consent as a string', { PrivacyConsent: 'true' }],
    ['a missing field', { Email: undefined }],
  ])('refuses %s with 400', async (_label, change) => {
    expectError(await send({ ...valid, ...change }), 'ValidationError');
  });

  it('refuses a body that is not an object', async () => {
    expectError(await send([valid]), 'ValidationError');
  });

  it('allows 5 messages per address in 10 minutes, then answers 429', async () => {
    for (let i = 0; i < 5; i++) expect((await send(valid, '198.51.100.5')).statusCode).toBe(201);
    const res = await send(valid, '198.51.100.5');
    expectError(res, 'TooManyRequests');
    expect(res.headers['retry-after']).toBeDefined();
    // Invalid attempts count too, and other addresses are unaffected.
    expect((await send(valid, '198.51.100.6')).statusCode).toBe(201);
  });
});
