import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { isErrorBody, describeOnBackends, signedInUser } from './helpers';

/**
 * Every Account and User call of the spec's table gets random and hostile input: the answer
 * is a success or a 4xx with the error body, never a 5xx, and a refused call changes nothing.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  /** `{p}` is replaced by a random path segment. */
  path: string;
  keys?: string[];
  query?: string;
}

const CALLS: Call[] = [
  { method: 'POST', path: '/api/Account/AnonymousLogin', keys: ['AnonymousToken', 'portal'] },
  { method: 'POST', path: '/api/Account/Session', keys: ['userToken', 'portal'] },
  {
    method: 'POST',
    path: '/api/Account/Login',
    keys: ['username', 'password', 'RecaptchaToken', 'registrationLoginPage'],
  },
  {
    method: 'POST',
    path: '/api/Account/Register',
    keys: [
      'name',
      'surname',
      'email',
      'phone',
      'TermsAndConditions',
      'InfoPrivacy',
      'PartnerConsent',
      'commercialPartnerConsent',
      'RecaptchaToken',
      'password',
    ],
  },
  { method: 'GET', path: '/api/Account/Me' },
  { method: 'GET', path: '/api/Account/Confirm/{p}' },
  { method: 'GET', path: '/api/Account/RequestNewConfirmationMail/{p}' },
  { method: 'POST', path: '/api/Account/NewPassword/', keys: ['email'] },
  { method: 'POST', path: '/api/Account/NewPassword/Confirm', keys: ['token'] },
  { method: 'POST', path: '/api/Account/NewPassword/Change', keys: ['Token', 'NewPassword'] },
  { method: 'GET', path: '/api/Account/AutoLoginSalesForce/', query: 'token' },
  { method: 'GET', path: '/api/Account/Autologin', query: 'token' },
  { method: 'GET', path: '/api/Account/DecryptAnalyticsToken/{p}' },
  { method: 'DELETE', path: '/api/user/{p}' },
  {
    method: 'PUT',
    path: '/api/user/UpdatePrivateData',
    keys: [
      'name',
      'surname',
      'birthdayDate',
      'birthdayCity',
      'birthdayCountry',
      'sex',
      'fiscalCode',
      'residentialAddress',
    ],
  },
  {
    method: 'PUT',
    path: '/api/user/UpdateCorporateData',
    keys: [
      'companyName',
      'pecAddress',
      'VATNumber',
      'uniqueCode',
      'referentName',
      'referentSurname',
      'referentPhone',
      'legalAddress',
    ],
  },
  { method: 'PUT', path: '/api/User/ChangeBusinessName', keys: ['businessName'] },
  { method: 'PUT', path: '/api/User/ChangeCommercialConsent', keys: ['CommercialConsent'] },
  { method: 'PUT', path: '/api/user/ChangePartnerConsent', keys: ['PartnerConsent'] },
  { method: 'PUT', path: '/api/user/updatePassword', keys: ['username', 'oldPassword', 'newPassword'] },
  { method: 'POST', path: '/api/user/updatePhone', keys: ['phone'] },
  {
    method: 'POST',
    path: '/api/User/UpdatePhoneAndTermsAndConditions',
    keys: ['phone', 'termsAndConditions', 'infoPrivacy', 'partnerConsent', 'commercialPartnerConsent'],
  },
  {
    method: 'POST',
    path: '/api/User/UpdateRexerTermsAndConditions',
    keys: ['RexerTermsAndConditions', 'RexerPrivacy'],
  },
  { method: 'GET', path: '/api/user/Addresses' },
  {
    method: 'PUT',
    path: '/api/user/Addresses/{p}',
    keys: ['address', 'number', 'city', 'postalCode', 'province', 'country'],
  },
  { method: 'DELETE', path: '/api/user/Addresses/{p}' },
  { method: 'POST', path: '/api/user/Avatar', keys: ['Avatar'] },
  { method: 'DELETE', path: '/api/user/Avatar' },
  { method: 'POST', path: '/api/Account/Logout' },
];

const hostileValue = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ minLength: 300, maxLength: 9000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.emailAddress(),
  fc.constantFrom(
    '',
    ' ',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '\u0000',
    '+39 333 1234567',
    'SPSLRA90D52F205X',
    '12345678901',
    'Aa1!aaaa',
  ),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

const segment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.integer({ min: -5, max: 1_000_000 }).map(String),
  fc.constantFrom('..', '%00', 'x'.repeat(400)),
);

/** A JSON text, or bytes that are not JSON at all. */
function bodyFor(keys: string[] | undefined) {
  const record = keys
    ? fc.dictionary(fc.constantFrom(...keys, 'extra'), hostileValue, { maxKeys: keys.length + 1 })
    : fc.constant({});
  return fc.oneof(
    { weight: 3, arbitrary: record.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 120 }) },
  );
}

describeOnBackends(
  'Account and User calls under random input',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '100000' } },
  (suite) => {
    const { backend } = suite;

    let bearer = '';
    let userId = 0;

    beforeAll(async () => {
      ({ id: userId, bearer } = await signedInUser(suite.app, suite.db, {
        email: `fuzz.${backend.name}@example.com`,
        name: 'Fuzz',
        surname: 'Test',
        password: 'Sabbia.Calda#Riva19',
      }));
    }, 180_000);

    /** What a refused call must leave as it was: every account table's rows and the acting user. */
    const fingerprint = async () => {
      const counts = await suite.db.execute(
        sql`select (select count(*) from users) as u, (select count(*) from user_consents) as c, (select count(*) from user_addresses) as a, (select count(*) from mail_outbox) as m, (select count(*) from user_tokens where revoked_at is null) as t, (select count(*) from user_action_tokens) as k`,
      );
      const [user] = await suite.db.select().from(users).where(eq(users.id, userId));
      return JSON.stringify([(counts as unknown as { rows: unknown[] }).rows ?? counts, user]);
    };

    for (const call of CALLS) {
      it(`${call.method} ${call.path}`, async () => {
        let before = await fingerprint();
        await fc.assert(
          fc.asyncProperty(bodyFor(call.keys), segment, fc.boolean(), async (payload, part, withBearer) => {
            let url = call.path.replace('{p}', encodeURIComponent(part));
            if (call.query) url += `?${call.query}=${encodeURIComponent(part)}`;
            const res = await suite.app.inject({
              method: call.method,
              url,
              payload: call.method === 'GET' ? undefined : payload,
              headers: {
                'content-type': 'application/json',
                ...(withBearer ? { authorization: `Bearer ${bearer}` } : {}),
              },
            });
            expect(res.statusCode, `${call.method} ${url} ${payload}`).toBeLessThan(500);
            const after = await fingerprint();
            if (res.statusCode >= 400) {
              expect(isErrorBody(res.json())).toBe(true);
              expect(after, `a refused ${call.method} ${url} changed the data`).toBe(before);
            }
            before = after;
          }),
          { numRuns: 30 },
        );
      });
    }
  },
);
