import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../server/db/testing';
import { BACKENDS, buildTestApp, isErrorBody, openTestDatabase } from './helpers';

/** Anything a client might send as a JSON field value. */
const jsonValue = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.string({ minLength: 3000, maxLength: 4200 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.emailAddress(),
  fc.constantFrom('buy', 'sell', 'rent', 'let', 'valuation', 'other', '', ' ', '+39 333 1234567'),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

const contactBody = fc.oneof(
  fc.record(
    {
      Name: jsonValue,
      Email: jsonValue,
      Phone: jsonValue,
      Subject: jsonValue,
      Message: jsonValue,
      PrivacyConsent: fc.oneof(fc.constant(true), jsonValue),
      extra: jsonValue,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

const queryKey = fc.oneof(
  fc.constantFrom('SellType', 'Limit', 'City', 'sellType', 'limit'),
  fc.string({ maxLength: 10 }),
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer({ min: -100, max: 100 }).map(String),
  fc.constantFrom('1', '2', '12', '50', '51', '0', '', '1e1', '0x1'),
);
const query = fc
  .array(fc.tuple(queryKey, queryValue), { maxLength: 4 })
  .map((pairs) => new URLSearchParams(pairs).toString());
const rawQuery = fc.string({ maxLength: 40 });

describe.each(BACKENDS)('random input never breaks the API on $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
    app = await buildTestApp(testDb);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  function expectHandled(res: { statusCode: number; body: string }) {
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode >= 400) expect(isErrorBody(JSON.parse(res.body))).toBe(true);
  }

  it('POST /api/Contact/Send answers 201 or an error body, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(contactBody, fc.ipV4(), async (body, ip) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/Contact/Send',
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
          remoteAddress: ip,
        });
        expectHandled(res);
        expect([201, 400, 429]).toContain(res.statusCode);
      }),
      { numRuns: 150 },
    );
  });

  it('POST /api/Contact/Send survives raw bytes in any content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'application/json; charset=latin1',
        ),
        fc.ipV4(),
        async (payload, type, ip) => {
          const res = await app.inject({
            method: 'POST',
            url: '/api/Contact/Send',
            payload,
            headers: { 'content-type': type },
            remoteAddress: ip,
          });
          expectHandled(res);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('GET /api/Home/Cities answers 200 or an error body for any query string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(query, rawQuery), async (qs) => {
        const res = await app.inject({ url: `/api/Home/Cities?${qs}` });
        expectHandled(res);
        if (res.statusCode === 200) expect(Array.isArray(res.json())).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('path parameters of the read calls answer 200 or an error body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 30 }),
        fc.constantFrom('/api/Download/Get/', '/api/Seo/Municipalities/', '/locales/it/', '/media/media/'),
        async (segment, prefix) => {
          const res = await app.inject({ url: prefix + encodeURIComponent(segment) });
          expectHandled(res);
        },
      ),
      { numRuns: 150 },
    );
  });
});
