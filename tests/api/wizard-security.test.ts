import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANSWERS } from '../../machines/testing/wizard-fixtures';
import { PLAN_TYPE, PROPERTY_STATUS, SELL_TYPE } from '../../server/db/reference-ids';
import { mailOutbox, orders, properties, users } from '../../server/db/schema';
import { expectError, describeOnBackends } from './helpers';

// The security review of the listing and valuation wizards (issue 12): what an attacker tried
// against a running server and the server now refuses. Each test failed before its fix.

const PASSWORD = 'Girasoli.Rossi#Molo58';

describeOnBackends(
  'Security review of the wizards',
  { env: { CAPTCHA: 'off', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    let people = 0;

    const db = () => suite.db;
    const nextIp = () => `10.91.${Math.floor(++people / 250)}.${(people % 250) + 1}`;
    const auth = (bearer: string) => ({ authorization: `Bearer ${bearer}` });

    async function sessionOf(userToken: string): Promise<string> {
      const res = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/Session',
        payload: { userToken, portal: 5 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().Token as string;
    }

    /** The wizard's steps 0-1 for `email`: a silent account, and the bearer of its session. */
    async function registerSilently(email: string, extra: object = {}) {
      const res = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/Register',
        remoteAddress: nextIp(),
        payload: { name: 'Nina', surname: 'Greco', email, TermsAndConditions: true, InfoPrivacy: true, ...extra },
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = (await db().select().from(users).where(eq(users.email, email)))[0]!.id;
      return { id, userToken: res.json().Token as string, bearer: await sessionOf(res.json().Token as string) };
    }

    /** The confirmation link's token of the latest mail to `email`. */
    async function confirmationToken(email: string): Promise<string> {
      const [mail] = await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, email))
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      return /\/mailconfermata\/([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    }

    const email = (label: string) => `${label}.${backend.name}.${randomUUID().slice(0, 8)}@example.com`;
    const sessions = (bearer: string) =>
      suite.app.inject({ method: 'GET', url: '/api/User/Sessions', headers: auth(bearer) });

    describe('account pre-hijacking through the silent registration', () => {
      it('ends the silent session of whoever registered the address when its owner confirms it from the mailbox', async () => {
        const victim = email('vittima');
        const attacker = await registerSilently(victim);
        // Before the confirmation the silent session is a rapid registration: no account calls.
        expectError(await sessions(attacker.bearer), 'InvalidAccessForRapidRegistration');

        const confirmed = await suite.app.inject({
          method: 'GET',
          url: `/api/Account/Confirm/${await confirmationToken(victim)}`,
        });
        expect(confirmed.statusCode, confirmed.body).toBe(200);

        // The attacker's session and its user token are over: no full account for them.
        expectError(await sessions(attacker.bearer), 'InvalidSessionToken');
        expectError(
          await suite.app.inject({
            method: 'POST',
            url: '/api/Account/Session',
            payload: { userToken: attacker.userToken, portal: 5 },
          }),
          'InvalidSessionToken',
        );
      });

      it('ends the login of a first password chosen before the address was proven', async () => {
        const victim = email('vittima2');
        const attacker = await registerSilently(victim);
        const first = await suite.app.inject({
          method: 'PUT',
          url: '/api/User/SetFirstPassword',
          remoteAddress: nextIp(),
          payload: { NewPassword: PASSWORD },
          headers: auth(attacker.bearer),
        });
        expect(first.statusCode, first.body).toBe(200);
        const full = await sessionOf(first.json().UserToken as string);
        expect((await sessions(full)).statusCode).toBe(200);

        expect(
          (await suite.app.inject({ method: 'GET', url: `/api/Account/Confirm/${await confirmationToken(victim)}` }))
            .statusCode,
        ).toBe(200);
        expectError(await sessions(full), 'InvalidSessionToken');
      });

      it('keeps the session the owner confirms in: the seller goes on in the wizard, now with the full account', async () => {
        const seller = email('venditrice');
        const own = await registerSilently(seller);
        const confirmed = await suite.app.inject({
          method: 'GET',
          url: `/api/Account/Confirm/${await confirmationToken(seller)}`,
          headers: auth(own.bearer),
        });
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        expect((await sessions(own.bearer)).statusCode).toBe(200);
        const draft = await suite.app.inject({
          method: 'POST',
          url: '/api/Property/Draft',
          payload: { SellType: 1 },
          headers: auth(own.bearer),
        });
        expect(draft.statusCode, draft.body).toBe(201);
      });

      it("does not keep another account's session that opens the link", async () => {
        const victim = email('vittima3');
        const attacker = await registerSilently(victim);
        const bystander = await registerSilently(email('passante'));
        expect(
          (
            await suite.app.inject({
              method: 'GET',
              url: `/api/Account/Confirm/${await confirmationToken(victim)}`,
              headers: auth(bystander.bearer),
            })
          ).statusCode,
        ).toBe(200);
        expectError(await sessions(attacker.bearer), 'InvalidSessionToken');
      });
    });

    describe('private answers are never stored by a cache', () => {
      it('answers no-store to the token, order and valuation calls that set no Cache-Control of their own, and keeps the public ones cacheable', async () => {
        const address = email('cache');
        const registered = await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Register',
          remoteAddress: nextIp(),
          payload: { name: 'Nina', surname: 'Greco', email: address, TermsAndConditions: true, InfoPrivacy: true },
        });
        expect(registered.headers['cache-control']).toBe('no-store');
        const bearer = await sessionOf(registered.json().Token as string);
        const [row] = await db()
          .insert(properties)
          .values({
            ownerUserId: (await db().select().from(users).where(eq(users.email, address)))[0]!.id,
            sellTypeId: SELL_TYPE.sale,
            statusId: PROPERTY_STATUS.published,
            publishedAt: new Date(),
          })
          .returning({ id: properties.id });
        const order = await suite.app.inject({
          method: 'POST',
          url: '/api/Order',
          payload: { PropertyId: row!.id, ServiceProducts: [{ Id: 1, Quantity: 1 }] },
          headers: { ...auth(bearer), 'idempotency-key': randomUUID() },
        });
        expect(order.statusCode, order.body).toBe(201);
        expect(order.headers['cache-control']).toBe('no-store');
        const read = await suite.app.inject({
          method: 'GET',
          url: `/api/Order/${order.json().OrderId}`,
          headers: auth(bearer),
        });
        expect(read.headers['cache-control']).toBe('no-store');
        const valuation = await suite.app.inject({
          method: 'POST',
          url: '/api/Valuation',
          remoteAddress: nextIp(),
          headers: auth(bearer),
          payload: {
            SellType: 1,
            Latitude: 45.46,
            Longitude: 9.19,
            PropertyTypeId: 1,
            SurfaceM2: 80,
            Rooms: 3,
            Bathrooms: 1,
            Floor: 1,
            BuildingFloors: 5,
            HasLift: true,
            ConditionId: 3,
            EnergyClassId: 7,
          },
        });
        expect(valuation.statusCode, valuation.body).toBe(201);
        expect(valuation.headers['cache-control']).toBe('no-store');
        expect(
          (
            await suite.app.inject({
              method: 'GET',
              url: `/api/Valuation/${valuation.json().Id}`,
              headers: auth(bearer),
            })
          ).headers['cache-control'],
        ).toBe('no-store');
        expect(
          (await suite.app.inject({ method: 'GET', url: '/api/USER/Valuations', headers: auth(bearer) })).headers[
            'cache-control'
          ],
        ).toBe('no-store');
        // What is public keeps its own caching.
        expect(
          (await suite.app.inject({ method: 'GET', url: '/api/Order/Catalogue' })).headers['cache-control'],
        ).toMatch(/^public/);
      });
    });

    describe('hostile bodies', () => {
      async function draftAtTheSummary() {
        const owner = await registerSilently(email('bozza'));
        const [row] = await db()
          .insert(properties)
          .values({
            ownerUserId: owner.id,
            sellTypeId: SELL_TYPE.sale,
            statusId: PROPERTY_STATUS.incomplete,
            wizardAnswers: ANSWERS as Record<string, unknown>,
            wizardPage: { currentStep: 27, lastDevice: 'desktop' },
          })
          .returning({ id: properties.id });
        const save = (step: number, payload: string | object) =>
          suite.app.inject({
            method: 'PUT',
            url: `/api/Property/${row!.id}/Draft/Step/${step}`,
            headers: { ...auth(owner.bearer), 'content-type': 'application/json' },
            payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
          });
        const stored = async () => (await db().select().from(properties).where(eq(properties.id, row!.id)))[0]!;
        return { ...owner, id: row!.id, save, stored };
      }

      it('refuses a NUL character or a body nested too deep with a ValidationError, never a 500, and stores nothing', async () => {
        const draft = await draftAtTheSummary();
        expectError(await draft.save(16, { Answer: { title: 'Casa\u0000 al mare' } }), 'ValidationError');
        expectError(
          await draft.save(16, { Answer: { title: 'Casa al mare', note: { deep: 'a\u0000b' } } }),
          'ValidationError',
        );
        expectError(await draft.save(16, { Answer: { title: 'Casa al mare', ['a\u0000']: 1 } }), 'ValidationError');
        expectError(
          await draft.save(16, `{"Answer":{"title":"Casa al mare","x":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`),
          'ValidationError',
        );
        expect((await draft.stored()).title).toBeNull();
        expect(((await draft.stored()).wizardAnswers as Record<string, unknown>).title).toEqual(ANSWERS.title);
        // The registration of the wizard's step 1 too.
        expectError(
          await suite.app.inject({
            method: 'POST',
            url: '/api/Account/Register',
            remoteAddress: nextIp(),
            payload: {
              name: 'Ni\u0000na',
              surname: 'Greco',
              email: email('nul'),
              TermsAndConditions: true,
              InfoPrivacy: true,
            },
          }),
          'ValidationError',
        );
      });

      it('refuses line breaks and other control or reordering characters in one-line answers, and takes the lines of a description', async () => {
        const draft = await draftAtTheSummary();
        // A title is quoted in the saved-search alert mails of other users: no lines of its own.
        expectError(
          await draft.save(16, {
            Answer: { title: 'Trilocale\n\nIl tuo account è sospeso: accedi da https://example.net' },
          }),
          'InvalidStepAnswer',
        );
        expectError(await draft.save(16, { Answer: { title: 'Trilocale\tcentro' } }), 'InvalidStepAnswer');
        expectError(await draft.save(16, { Answer: { title: 'Villa \u202Efdp.exe' } }), 'InvalidStepAnswer');
        expectError(await draft.save(16, { Answer: { title: 'Villa \u0085centro' } }), 'InvalidStepAnswer');
        expectError(
          await draft.save(2, { Answer: { ...ANSWERS.locality, street: 'Via Sarpi\r\nBcc: x' } }),
          'InvalidStepAnswer',
        );
        expect((await draft.save(16, { Answer: { title: 'Trilocale <b>luminoso</b> & terrazzo' } })).statusCode).toBe(
          200,
        );
        expect((await draft.stored()).title).toBe('Trilocale <b>luminoso</b> & terrazzo');
        const description = 'Trilocale luminoso.\n\nCantina e box.\r\n\tVicino alla metro.';
        expect((await draft.save(17, { Answer: { description } })).statusCode).toBe(200);
        expect((await draft.stored()).description).toBe(description);
        expectError(await draft.save(17, { Answer: { description: 'Trilocale\u0007 luminoso' } }), 'InvalidStepAnswer');
      });
    });

    describe('orders', () => {
      it('sells no exclusive plan: the free order would make a published listing exclusive without the mandate', async () => {
        const owner = await registerSilently(email('esclusiva'));
        const [row] = await db()
          .insert(properties)
          .values({
            ownerUserId: owner.id,
            sellTypeId: SELL_TYPE.sale,
            statusId: PROPERTY_STATUS.published,
            planTypeId: PLAN_TYPE.basic,
            publishedAt: new Date(),
          })
          .returning({ id: properties.id });
        for (const plan of [PLAN_TYPE.exclusive, PLAN_TYPE.exclusive_partner]) {
          expectError(
            await suite.app.inject({
              method: 'POST',
              url: '/api/Order',
              payload: { PropertyId: row!.id, PlanType: plan },
              headers: { ...auth(owner.bearer), 'idempotency-key': randomUUID() },
            }),
            'InvalidOrder',
          );
        }
        expect((await db().select().from(properties).where(eq(properties.id, row!.id)))[0]!.planTypeId).toBe(
          PLAN_TYPE.basic,
        );
        expect(await db().select().from(orders).where(eq(orders.propertyId, row!.id))).toHaveLength(0);
      });

      it('takes no order for a sold listing, which would take nothing it brings', async () => {
        const owner = await registerSilently(email('venduta'));
        const [row] = await db()
          .insert(properties)
          .values({
            ownerUserId: owner.id,
            sellTypeId: SELL_TYPE.sale,
            statusId: PROPERTY_STATUS.sold,
            planTypeId: PLAN_TYPE.basic,
            publishedAt: new Date(),
          })
          .returning({ id: properties.id });
        expectError(
          await suite.app.inject({
            method: 'POST',
            url: '/api/Order',
            payload: { PropertyId: row!.id, ServiceProducts: [{ Id: 4, Quantity: 1 }] },
            headers: { ...auth(owner.bearer), 'idempotency-key': randomUUID() },
          }),
          'ListingNotEditable',
        );
        expect(await db().select().from(orders).where(eq(orders.propertyId, row!.id))).toHaveLength(0);
      });
    });
  },
);
