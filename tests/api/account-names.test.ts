import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, jobApplications, mailOutbox, users } from '../../server/db/schema';
import { issueActionToken } from '../../server/auth/repository';
import { describeOnBackends, expectError, multipart, pdfBytes, signedInUser } from './helpers';

// Names reach mails and other people's screens (security review, OWASP ASVS 5.0 L2: the
// confirmation mail to any address opened with the paragraphs and link a registrant typed as
// their name). Every field that holds a person's or a company's name refuses control,
// separator, direction and invisible characters, and a person's name refuses what a mail
// client would make a link of. Each refusal stores and sends nothing.

const PASSWORD = 'Ortensie.Blu#Lago71';

/** One hostile name per kind of character, each with a good name around it. */
const HOSTILE: Record<string, string> = {
  'line breaks and a link (the phishing of the review)':
    'Mario,\n\nil tuo account è bloccato: accedi da https://evil.example\n\nCiao',
  'a carriage return': 'Mario\rRossi',
  'a tab': 'Mario\tRossi',
  'a C1 next line': 'Mario\u0085Rossi',
  'a line separator': 'Mario\u2028Rossi',
  'a paragraph separator': 'Mario\u2029Rossi',
  'a right-to-left override': 'Mario \u202eissoR',
  'a left-to-right embedding': 'Mario \u202aRossi',
  'an isolate': 'Mario \u2067Rossi\u2069',
  'a right-to-left mark': 'Mario\u200f Rossi',
  'a left-to-right mark': 'Mario\u200e Rossi',
  'an Arabic letter mark': 'Mario\u061c Rossi',
  'a zero-width space': 'Ma\u200brio',
  'a byte-order mark': 'Ma\ufeffrio',
  'a soft hyphen': 'Ma\u00adrio',
};

/** What a person's name may not be, although it is one line of visible text. */
const LINKS: Record<string, string> = {
  'a URL': 'Visita https://evil.example',
  'a host name': 'Mario evil.com',
  'www.': 'www.evil.it',
  'an address': 'mario@evil.it',
};

const GOOD_NAMES = [
  ["D'Amico", 'Niccolò'],
  ['Maria-Grazia', 'De’ Medici'],
  ['Anna Maria', 'Dalla Chiesa'],
  ['Zoë', 'Nguyễn'],
] as const;

describeOnBackends(
  'Names in mails and on screens',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', REGISTER_RATE_LIMIT_MAX: '1000', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    let people = 0;

    const db = () => suite.db;
    const nextIp = () => `10.93.${Math.floor(++people / 250)}.${(people % 250) + 1}`;
    const address = (label: string) => `${label}.${backend.name}.${randomUUID().slice(0, 8)}@example.com`;
    const register = (payload: object) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/Account/Register',
        remoteAddress: nextIp(),
        payload: { TermsAndConditions: true, InfoPrivacy: true, ...payload },
      });
    const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const userOf = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];

    /** A confirmed account's bearer, for the profile calls. */
    async function confirmedUser() {
      const user = await signedInUser(suite.app, suite.db, {
        email: address('profilo'),
        password: PASSWORD,
        remoteAddress: nextIp(),
      });
      const call = (url: string, payload: object) => user.call('PUT', url, payload);
      return { email: user.email, call };
    }

    const legalAddress = {
      address: 'Via Roma',
      number: '10',
      city: 'Torino',
      postalCode: '10121',
      province: 'TO',
      country: 'IT',
    };
    const company = {
      companyName: 'Rossi & Figli S.r.l.',
      VATNumber: '01234567890',
      referentName: 'Pia',
      referentSurname: 'Sala',
      legalAddress,
    };

    describe('registration (the page and the wizards’ silent accounts)', () => {
      for (const field of ['name', 'surname'] as const) {
        for (const [what, hostile] of Object.entries({ ...HOSTILE, ...LINKS })) {
          it(`refuses ${what} in the ${field}, creating no account and sending no mail`, async () => {
            const email = address(`nome-${field}`);
            const res = await register({ name: 'Mario', surname: 'Rossi', email, [field]: hostile });
            expectError(res, 'ValidationError');
            expect(await userOf(email)).toBeUndefined();
            expect(await mailsTo(email)).toEqual([]);
          });
        }
      }

      it('accepts Italian names with apostrophes, accents, hyphens and spaces, and greets them in the mail as typed', async () => {
        for (const [name, surname] of GOOD_NAMES) {
          const email = address('buon-nome');
          const res = await register({ name, surname, email });
          expect(res.statusCode, res.body).toBe(200);
          expect(await userOf(email)).toMatchObject({ name, surname });
          const [mail] = await mailsTo(email);
          expect(mail!.textBody.split('\n')[0]).toBe(`Ciao ${name},`);
        }
      });
    });

    it('leaves out of a new confirmation mail a name stored before the rule', async () => {
      const email = address('vecchia-riga');
      const [row] = await db()
        .insert(users)
        .values({
          email,
          name: 'Mario,\n\nil tuo account è bloccato: accedi da https://evil.example',
          surname: 'Rossi',
          isSilent: true,
        })
        .returning({ id: users.id });
      const token = await issueActionToken(db(), row!.id, 'resend_confirmation', new Date());
      const res = await suite.app.inject({
        method: 'GET',
        url: `/api/Account/RequestNewConfirmationMail/${token}`,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = await mailsTo(email);
      expect(mail!.textBody.split('\n')[0]).toBe('Ciao,');
      expect(mail!.textBody).not.toContain('evil');
    });

    describe('the profile', () => {
      const person = { name: 'Pia', surname: 'Sala' };
      for (const field of ['name', 'surname', 'birthdayCity', 'birthdayCountry'] as const) {
        it(`refuses control, direction and invisible characters in the private ${field}, and keeps what was stored`, async () => {
          const { email, call } = await confirmedUser();
          for (const [what, hostile] of Object.entries(HOSTILE)) {
            expectError(await call('/api/user/UpdatePrivateData', { ...person, [field]: hostile }), 'ValidationError');
            expect(await userOf(email), what).toMatchObject({
              name: 'Pia',
              surname: 'Sala',
              birthdayCity: null,
              birthdayCountry: null,
            });
          }
          for (const link of Object.values(LINKS))
            expectError(await call('/api/user/UpdatePrivateData', { ...person, [field]: link }), 'ValidationError');
        });
      }

      for (const field of ['companyName', 'referentName', 'referentSurname'] as const) {
        it(`refuses control, direction and invisible characters in the company's ${field}`, async () => {
          const { email, call } = await confirmedUser();
          for (const [what, hostile] of Object.entries(HOSTILE)) {
            expectError(
              await call('/api/user/UpdateCorporateData', { ...company, [field]: hostile }),
              'ValidationError',
            );
            expect((await userOf(email))!.companyName, what).toBeNull();
          }
        });
      }

      it("refuses a link as a referent's name, but lets a company keep its punctuation", async () => {
        const { email, call } = await confirmedUser();
        for (const link of Object.values(LINKS)) {
          expectError(
            await call('/api/user/UpdateCorporateData', { ...company, referentName: link }),
            'ValidationError',
          );
          expectError(
            await call('/api/user/UpdateCorporateData', { ...company, referentSurname: link }),
            'ValidationError',
          );
        }
        expect(
          (
            await call('/api/user/UpdateCorporateData', {
              ...company,
              referentName: 'Maria-Grazia',
              referentSurname: "D'Amico",
            })
          ).statusCode,
        ).toBe(200);
        expect(await userOf(email)).toMatchObject({
          companyName: 'Rossi & Figli S.r.l.',
          referentName: 'Maria-Grazia',
          referentSurname: "D'Amico",
        });
      });

      it('accepts Italian names and places of birth', async () => {
        const { email, call } = await confirmedUser();
        for (const [name, surname] of GOOD_NAMES) {
          const res = await call('/api/user/UpdatePrivateData', {
            name,
            surname,
            birthdayCity: "Reggio nell'Emilia",
            birthdayCountry: 'Italia',
          });
          expect(res.statusCode, res.body).toBe(200);
          expect(await userOf(email)).toMatchObject({ name, surname, birthdayCity: "Reggio nell'Emilia" });
        }
        expect(
          (await call('/api/user/UpdatePrivateData', { ...person, birthdayCity: 'Bolzano/Bozen' })).statusCode,
        ).toBe(200);
      });
    });

    describe("the wizards' silent accounts (step 1 registers step 0's data)", () => {
      it('refuses the registration the listing and valuation wizards send with a hostile name or surname', async () => {
        // As src/processes/wizard sends it (model/listing/calls.ts, registerSeller; model/valuation/valuation-calls.ts).
        const wizard = (email: string, data: { name: string; surname: string }) => ({
          ...data,
          email,
          phone: '+39 333 1234567',
          commercialPartnerConsent: false,
          PartnerConsent: true,
        });
        for (const field of ['name', 'surname'] as const) {
          for (const [what, hostile] of Object.entries({ ...HOSTILE, ...LINKS })) {
            const email = address('venditore');
            expectError(
              await register(wizard(email, { name: 'Giulia', surname: 'Bianchi', [field]: hostile })),
              'ValidationError',
            );
            expect(await userOf(email), `${field}: ${what}`).toBeUndefined();
            expect(await mailsTo(email)).toEqual([]);
          }
        }
        const email = address('venditrice');
        expect((await register(wizard(email, { name: 'Maria-Grazia', surname: "D'Amico" }))).statusCode).toBe(200);
        expect(await mailsTo(email)).toHaveLength(1);
      });
    });

    describe('the contact and careers forms (read by the staff)', () => {
      it('refuses a hostile name in a contact message and stores nothing', async () => {
        const send = (Name: string) =>
          suite.app.inject({
            method: 'POST',
            url: '/api/Contact/Send',
            remoteAddress: nextIp(),
            payload: {
              Name,
              Email: 'chi@example.com',
              Subject: 'other',
              Message: 'Un messaggio abbastanza lungo.',
              PrivacyConsent: true,
            },
          });
        for (const hostile of [...Object.values(HOSTILE), LINKS['a URL']!, LINKS['a host name']!])
          expectError(await send(hostile), 'ValidationError');
        expect(await db().select().from(contactMessages)).toEqual([]);
        expect((await send("Studio D'Amico & C.")).statusCode).toBe(201);
      });

      it('refuses a hostile name in a job application and stores nothing', async () => {
        const apply = (Name: string) =>
          suite.app.inject({
            method: 'POST',
            url: '/api/Careers/Apply',
            remoteAddress: nextIp(),
            ...multipart({ Name, Email: 'chi@example.com' }, [
              { field: 'Cv', filename: 'cv.pdf', contentType: 'application/pdf', data: pdfBytes() },
            ]),
          });
        for (const hostile of [
          HOSTILE['a line separator']!,
          HOSTILE['a right-to-left override']!,
          HOSTILE['a zero-width space']!,
          LINKS['a URL']!,
        ])
          expectError(await apply(hostile), 'ValidationError');
        expect(await db().select().from(jobApplications)).toEqual([]);
      });
    });
  },
);
