import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LISTING_STATUS,
  LISTING_STATUS_EVENTS,
  nextStatus,
  statusEventFor,
  type ListingStatusId,
} from '../../machines/listing-status.machine';
import { ANSWERS, LOCALITY, PLANS, RENT_ORDER, SALE_ORDER } from '../../machines/testing/wizard-fixtures';
import { STEPS, stepNumberOf, type StepId, type WizardAnswers } from '@domain/wizard-steps';
import { PLAN_TYPE, PROPERTY_STATUS, SELL_TYPE, SERVICE_PRODUCT } from '../../server/db/reference-ids';
import {
  agencies,
  anonymousFavorites,
  appointments,
  favorites,
  media,
  municipalities,
  orders,
  properties,
  propertyAmenities,
  propertyRooms,
  userTokens,
  users,
} from '../../server/db/schema';
import { buildTestApp, expectError, describeOnBackends, signedInUser } from './helpers';

const PASSWORD = 'Ortensie.Blu#Lago71';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124 Safari/537.36';

/** The steps of a listing flow a signed-in seller answers, in order (0 and 1 belong to the account). */
const walkOf = (order: readonly StepId[]) => order.filter((id) => id !== 'personalData' && id !== 'email');

/** The fixture's answer of a step: null for a step that only shows something. */
const validAnswer = (id: StepId): Record<string, unknown> | null =>
  STEPS[id].kind === 'question' || STEPS[id].kind === 'loader'
    ? ((ANSWERS as Record<string, unknown>)[id] as Record<string, unknown>)
    : null;

/** An answer no step takes: a question refuses a record without its fields, a message step anything but null. */
const invalidAnswer = (id: StepId): Record<string, unknown> | null =>
  validAnswer(id) === null ? { seen: true } : null;

interface Form {
  action: string;
  fields: Record<string, string>;
}

/** The forms of the offline payment page, by their button's label. */
function formsOf(html: string): Record<string, Form> {
  const forms: Record<string, Form> = {};
  for (const match of html.matchAll(
    /<form method="post" action="([^"]+)">(.*?)<button[^>]*>([^<]+)<\/button><\/form>/g,
  )) {
    const fields = Object.fromEntries(
      [...match[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
    );
    forms[match[3]!] = { action: match[1]!, fields };
  }
  return forms;
}

describeOnBackends(
  'Listing drafts and statuses',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    let people = 0;
    let agencyId = 0;
    // pg warns (once) when a query is queued on a connection that is running one: a transaction's
    // queries must run one after the other (pg 9 will refuse the queued ones).
    const busyConnection: string[] = [];
    const onWarning = (warning: Error) => {
      if (/already executing a query/.test(warning.message)) busyConnection.push(warning.stack ?? warning.message);
    };
    process.on('warning', onWarning);

    beforeAll(async () => {
      // A partner agency of Milano, near the fixture's home (step 44 offers the partners by distance).
      agencyId = (
        await suite.db
          .select({ id: agencies.id })
          .from(agencies)
          .innerJoin(municipalities, eq(municipalities.id, agencies.municipalityId))
          .where(and(eq(municipalities.istatCode, LOCALITY.municipalityIstat), eq(agencies.isPartner, true)))
          .orderBy(agencies.id)
          .limit(1)
      )[0]!.id;
    }, 180_000);

    const db = () => suite.db;

    /** The calls of one session (a bearer), on `target` (another server of the same database). */
    function client(bearer: string | null, userAgent = DESKTOP, target: () => FastifyInstance = () => suite.app) {
      const headers = () => ({ 'user-agent': userAgent, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) });
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        target().inject({ method, url, headers: headers(), ...(payload ? { payload: payload as never } : {}) });
      return {
        bearer,
        create: (SellType: number, extra: object = {}) => call('POST', '/api/Property/Draft', { SellType, ...extra }),
        read: (id: number) => call('GET', `/api/Property/${id}/Draft`),
        save: (id: number, step: number, Answer: unknown, extra: object = {}) =>
          call('PUT', `/api/Property/${id}/Draft/Step/${step}`, { Answer, ...extra }),
        move: (id: number, body: object) => call('PUT', `/api/Property/${id}/Draft/Page`, body),
        status: (id: number, Status: number) => call('PUT', `/api/Property/${id}/Status`, { Status }),
        mine: (query = '') => call('GET', `/api/User/MyProperties${query}`),
        property: (id: number) => call('GET', `/api/User/GetMyPropertyById/${id}`),
        order: (body: object) =>
          target().inject({
            method: 'POST',
            url: '/api/Order',
            payload: body as never,
            headers: { ...headers(), 'idempotency-key': randomUUID() },
          }),
        getOrder: (id: number) => call('GET', `/api/Order/${id}`),
      };
    }

    async function sessionOf(userToken: string, target: () => FastifyInstance = () => suite.app): Promise<string> {
      return (
        await target().inject({ method: 'POST', url: '/api/Account/Session', payload: { userToken, portal: 5 } })
      ).json().Token as string;
    }

    /** A registered seller: confirmed (a full account) unless `silent`, with a signed-in session. */
    async function newSeller(label: string, options: { silent?: boolean; userAgent?: string } = {}) {
      const email = `${label}.${backend.name}.${randomUUID().slice(0, 8)}@example.com`;
      people += 1;
      const remoteAddress = `10.13.${people >> 8}.${people & 255}`;
      const login = async () =>
        (
          await suite.app.inject({
            method: 'POST',
            url: '/api/Account/Login',
            payload: { username: email, password: PASSWORD },
          })
        ).json().UserToken as string;
      if (!options.silent) {
        const seller = await signedInUser(suite.app, suite.db, { email, remoteAddress });
        return { id: seller.id, email, login, ...client(seller.bearer, options.userAgent) };
      }
      const registered = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/Register',
        remoteAddress,
        payload: {
          name: 'Pia',
          surname: 'Sala',
          email,
          TermsAndConditions: true,
          InfoPrivacy: true,
          password: PASSWORD,
        },
      });
      expect(registered.statusCode).toBe(200);
      const id = (await db().select().from(users).where(eq(users.email, email)))[0]!.id;
      return { id, email, login, ...client(await sessionOf(registered.json().Token as string), options.userAgent) };
    }

    async function anonymous() {
      const userToken = (
        await suite.app.inject({
          method: 'POST',
          url: '/api/Account/AnonymousLogin',
          payload: { AnonymousToken: randomUUID(), portal: 5 },
        })
      ).json().Token as string;
      return client(await sessionOf(userToken));
    }

    /** A listing of `ownerId` written directly, with every answer of a complete sale (basic plan). */
    async function completeListing(ownerId: number, statusId: number, answers: WizardAnswers = ANSWERS) {
      const [row] = await db()
        .insert(properties)
        .values({
          ownerUserId: ownerId,
          sellTypeId: SELL_TYPE.sale,
          statusId,
          title: answers.title?.title ?? null,
          wizardAnswers: answers as Record<string, unknown>,
          wizardPage: { currentStep: 28, lastDevice: 'desktop' },
          publishedAt: statusId === 1 ? null : new Date(),
        })
        .returning({ id: properties.id });
      return row!.id;
    }

    const json = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    // -------------------------------------------------------------------------------------
    // Every step of both listing flows, in order: an invalid answer is refused with the error
    // body and changes nothing, the step two ahead is not reachable yet, the valid one is saved.

    for (const [flow, order, sellType] of [
      ['sale', SALE_ORDER, SELL_TYPE.sale],
      ['rent', RENT_ORDER, SELL_TYPE.rent],
    ] as const) {
      describe(`the ${flow} flow, step by step`, () => {
        let seller: Awaited<ReturnType<typeof newSeller>>;
        let id = 0;
        const walk = walkOf(order);

        beforeAll(async () => {
          seller = await newSeller(`passi-${flow}`);
          const created = await seller.create(sellType);
          expect(created.statusCode).toBe(201);
          expect(created.headers['cache-control']).toBe('no-store');
          id = created.json().Id;
          expect(created.json()).toMatchObject({
            Status: 1,
            Flow: flow,
            SellType: sellType,
            Account: 'loggedIn',
            Answers: {},
            WizardPage: { CurrentStep: 2, LastDevice: 'desktop' },
            WizardHistory: [],
            ResumeStep: 2,
            ReadyToPublish: false,
          });
        });

        walk.forEach((stepId, index) => {
          const step = stepNumberOf(stepId);
          it(`step ${step} (${stepId}): refuses an invalid answer and a step ahead, saves a valid one`, async () => {
            const before = json(await seller.read(id));
            expect(before.WizardPage.CurrentStep).toBe(step);
            expectError(await seller.save(id, step, invalidAnswer(stepId)), 'InvalidStepAnswer');
            // Two steps ahead is out of reach while this step or the next still needs an answer.
            const ahead = walk[index + 2];
            const gated = [stepId, walk[index + 1]].some((s) => s !== undefined && validAnswer(s) !== null);
            if (ahead && gated)
              expectError(await seller.save(id, stepNumberOf(ahead), validAnswer(ahead)), 'StepNotReachable');
            expect(json(await seller.read(id)).UpdatedAt).toBe(before.UpdatedAt);

            const saved = json(await seller.save(id, step, validAnswer(stepId)));
            if (validAnswer(stepId) !== null) expect(saved.Answers[stepId]).toEqual(validAnswer(stepId));
            const next = walk[index + 1];
            // The valueLadder's basic plan for a full account leads to the publication, not a step.
            expect(saved.WizardPage.CurrentStep).toBe(next ? stepNumberOf(next) : step);
            // The loader is a wait, never a place to go back to: it stays out of the trail.
            if (next) expect(saved.WizardHistory.at(-1)).toBe(stepId === 'loader' ? before.WizardHistory.at(-1) : step);
          });
        });

        it('holds every answer in the columns the listing pages read, and is ready to publish', async () => {
          const state = json(await seller.read(id));
          // Complete up to the publication: what is left is the publication itself, entered from 28.
          expect(state).toMatchObject({ FirstIncompleteStep: 28, ReadyToPublish: true });
          const property = json(await seller.property(id));
          expect(property).toMatchObject({
            Status: 1,
            City: 'Milano',
            Address: 'Via Paolo Sarpi',
            StreetNumber: '12',
            PropertyType: 1,
            SurfaceM2: 85,
            Rooms: 3,
            Floor: 3,
            EnergyClass: 7,
            HeatingType: 1,
            CondoFees: 120,
            Amenities: [15, 17],
            Price: 329_000,
            Title: ANSWERS.title.title,
            PlanType: PLAN_TYPE.basic,
            RoomList: [
              { RoomTypeId: 1, Count: 1 },
              { RoomTypeId: 4, Count: 2 },
            ],
          });
          if (flow === 'rent')
            expect(property).toMatchObject({ AvailableFrom: '2026-09-01', Furnishing: 1, SecurityDeposit: 3000 });
          else expect(property).toMatchObject({ PriceFromMarket: true, EstimateMin: 310_000, EstimateMax: 345_000 });
        });
      });
    }

    it('refuses a rent deposit above three months of the rent, at the deposit and at the price, and takes three months', async () => {
      const seller = await newSeller('deposito');
      const answers: WizardAnswers = { ...ANSWERS, price: { price: 900 }, deposit: { securityDeposit: 1800 } };
      const [row] = await db()
        .insert(properties)
        .values({
          ownerUserId: seller.id,
          sellTypeId: SELL_TYPE.rent,
          statusId: 1,
          title: answers.title!.title,
          wizardAnswers: answers as Record<string, unknown>,
          wizardPage: { currentStep: 28, lastDevice: 'desktop' },
        })
        .returning({ id: properties.id });
      const id = row!.id;
      expectError(await seller.save(id, stepNumberOf('deposit'), { securityDeposit: 2701 }), 'DepositAboveThreeMonths');
      // A lower rent than the stored deposit allows: 1,800 € is more than three months of 599 €.
      expectError(await seller.save(id, stepNumberOf('price'), { price: 599 }), 'DepositAboveThreeMonths');
      expect(json(await seller.read(id)).Answers).toMatchObject({
        price: { price: 900 },
        deposit: { securityDeposit: 1800 },
      });
      expect(json(await seller.save(id, stepNumberOf('deposit'), { securityDeposit: 2700 })).Answers.deposit).toEqual({
        securityDeposit: 2700,
      });
      expect(json(await seller.save(id, stepNumberOf('price'), { price: 1000 })).Answers.price).toEqual({
        price: 1000,
      });
      expect(json(await seller.property(id))).toMatchObject({ SecurityDeposit: 2700, Price: 1000 });
    });

    it("keeps a rent's lease and pets from step 41 in the columns the search filters by", async () => {
      const seller = await newSeller('contratto');
      const [row] = await db()
        .insert(properties)
        .values({
          ownerUserId: seller.id,
          sellTypeId: SELL_TYPE.rent,
          statusId: 1,
          title: ANSWERS.title.title,
          wizardAnswers: ANSWERS as Record<string, unknown>,
          wizardPage: { currentStep: 28, lastDevice: 'desktop' },
        })
        .returning({ id: properties.id });
      const id = row!.id;
      const step = stepNumberOf('furnishing');
      expectError(await seller.save(id, step, { furnishingId: 1, contractTypeId: 5 }), 'InvalidStepAnswer');
      expectError(await seller.save(id, step, { furnishingId: 1, petsAllowed: 'sì' }), 'InvalidStepAnswer');
      json(await seller.save(id, step, { furnishingId: 2, contractTypeId: 2, petsAllowed: true }));
      const columns = async () =>
        (
          await db()
            .select({
              furnishing: properties.furnishingId,
              contract: properties.contractTypeId,
              pets: properties.petsAllowed,
            })
            .from(properties)
            .where(eq(properties.id, id))
        )[0];
      expect(await columns()).toEqual({ furnishing: 2, contract: 2, pets: true });
      // Unsaid again: the columns say nothing either.
      json(await seller.save(id, step, { furnishingId: 2, contractTypeId: null, petsAllowed: null }));
      expect(await columns()).toEqual({ furnishing: 2, contract: null, pets: null });
    });

    it('refuses steps of another flow, the account steps, and answers that name what does not exist', async () => {
      const seller = await newSeller('altri-passi');
      const id = (await seller.create(SELL_TYPE.sale)).json().Id;
      expectError(await seller.save(id, 0, ANSWERS.personalData), 'StepNotReachable');
      expectError(await seller.save(id, 1, ANSWERS.email), 'StepNotReachable');
      expectError(await seller.save(id, stepNumberOf('availability'), ANSWERS.availability), 'StepNotReachable');
      expectError(await seller.save(id, 20, null), 'StepNotReachable');
      expectError(await seller.save(id, 47, null), 'ValidationError');
      expectError(await seller.save(id, 2, { ...ANSWERS.locality, municipalityIstat: '999999' }), 'InvalidStepAnswer');
      expectError(await seller.save(id, 2, { ...ANSWERS.locality, latitude: 0 }), 'InvalidStepAnswer');
      // A pin in Palermo for a listing of Milano.
      expectError(
        await seller.save(id, 2, { ...ANSWERS.locality, latitude: 38.1157, longitude: 13.3615 }),
        'InvalidStepAnswer',
      );
      expectError(await seller.save(id, 2, ANSWERS.locality, { Extra: 1 }), 'ValidationError');
      expectError(await seller.save(id, 2, ANSWERS.locality, { CurrentStep: 9 }), 'StepNotReachable');
      expectError(await seller.save(id, 2, ANSWERS.locality, { History: [2, 39] }), 'ValidationError');
      expectError(await seller.create(3), 'ValidationError');
      // What a step does not read is still bounded: the request, and the draft's answers.
      expectError(await seller.save(id, 2, { ...ANSWERS.locality, padding: 'x'.repeat(70_000) }), 'PayloadTooLarge');
      expectError(await seller.save(id, 2, { ...ANSWERS.locality, padding: 'x'.repeat(63_900) }), 'InvalidStepAnswer');
      // The exclusive plan's agency must be one step 44 offers (tests/api/draft-agencies.test.ts).
      const exclusive = await completeListing(seller.id, 1, { ...ANSWERS, valueLadder: PLANS.exclusive });
      await db()
        .update(properties)
        .set({ wizardPage: { currentStep: 43, lastDevice: null } })
        .where(eq(properties.id, exclusive));
      expect(json(await seller.save(exclusive, 43, ANSWERS.agencySplit)).WizardPage.CurrentStep).toBe(44);
      expectError(await seller.save(exclusive, 44, { agencyId: 2_000_000_000 }), 'InvalidStepAnswer');
      expect(json(await seller.save(exclusive, 44, { agencyId })).WizardPage.CurrentStep).toBe(45);
      expect(
        (await db().select({ agencyId: properties.agencyId }).from(properties).where(eq(properties.id, exclusive)))[0]!
          .agencyId,
      ).toBe(agencyId);
    });

    // The exclusive branches after step 28, table-driven like the flows: [plan, steps from 28 on].
    it.each([
      ['exclusive', PLANS.exclusive, ['agencySplit', 'agencyChoice', 'exclusiveSuccess']],
      ['exclusivePartner', PLANS.exclusivePartner, ['partnerLead', 'exclusiveSuccess']],
    ] as const)('the %s branch: each step refuses an invalid answer and saves a valid one', async (_, plan, steps) => {
      const seller = await newSeller('esclusiva');
      const { valueLadder: _plan, ...rest } = ANSWERS;
      const id = await completeListing(seller.id, 1, rest);
      expect(json(await seller.save(id, 28, plan)).WizardPage.CurrentStep).toBe(stepNumberOf(steps[0]));
      for (const [index, stepId] of steps.entries()) {
        const step = stepNumberOf(stepId);
        const valid = stepId === 'agencyChoice' ? { agencyId } : validAnswer(stepId);
        expectError(
          await seller.save(id, step, stepId === 'partnerLead' ? { contactConsent: false } : invalidAnswer(stepId)),
          'InvalidStepAnswer',
        );
        const saved = json(await seller.save(id, step, valid));
        const next = steps[index + 1];
        expect(saved.WizardPage.CurrentStep).toBe(next ? stepNumberOf(next) : step);
        // Never published here: the request becomes a lead.
        expect(saved).toMatchObject({ Status: 1, ReadyToPublish: false });
      }
    });

    // Security review: the agency picked at 44 is a request to it, never the advertiser of a
    // listing the seller publishes (its name, logo and phone on the public page, its search).
    it('never publishes a listing under the agency of an exclusive request the seller left, or picked once published', async () => {
      const seller = await newSeller('agenzia-altrui');
      const { valueLadder: _plan, ...rest } = ANSWERS;
      const advertiser = async (id: number) =>
        (await suite.app.inject({ method: 'GET', url: `/api/Property/${id}` })).json().Advertiser;
      const agencyOf = async (id: number) =>
        (await db().select({ agencyId: properties.agencyId }).from(properties).where(eq(properties.id, id)))[0]!
          .agencyId;

      // A draft: exclusive, the agency picked, then back to the basic plan and published.
      const draft = await completeListing(seller.id, 1, rest);
      json(await seller.save(draft, 28, PLANS.exclusive));
      json(await seller.save(draft, 43, ANSWERS.agencySplit));
      json(await seller.save(draft, 44, { agencyId }));
      expect(await agencyOf(draft)).toBe(agencyId);
      expect(json(await seller.save(draft, 28, PLANS.basic)).ReadyToPublish).toBe(true);
      expect(await agencyOf(draft)).toBeNull();
      expect(json(await seller.status(draft, 2)).Status).toBe(2);
      expect(await advertiser(draft)).toMatchObject({ Kind: 'private', AgencyId: null });

      // A published listing: the exclusive request and its agency leave its advertiser alone.
      const published = await completeListing(seller.id, 2);
      json(await seller.save(published, 28, PLANS.exclusive));
      json(await seller.save(published, 43, ANSWERS.agencySplit));
      json(await seller.save(published, 44, { agencyId }));
      expect(await agencyOf(published)).toBeNull();
      expect(await advertiser(published)).toMatchObject({ Kind: 'private', AgencyId: null });
    });

    it('rebuilds the answers of a listing the wizard never saved from its columns, so its owner edits it step by step', async () => {
      const seller = await newSeller('senza-risposte');
      const [milano] = await db()
        .select({ id: municipalities.id })
        .from(municipalities)
        .where(eq(municipalities.istatCode, '015146'));
      const [row] = await db()
        .insert(properties)
        .values({
          ownerUserId: seller.id,
          sellTypeId: SELL_TYPE.sale,
          statusId: PROPERTY_STATUS.published,
          publishedAt: new Date(),
          municipalityId: milano!.id,
          street: 'Via Paolo Sarpi',
          streetNumber: '12',
          latitude: 45.4805,
          longitude: 9.1762,
          propertyTypeId: 1,
          surfaceM2: 85,
          rooms: 3,
          bathrooms: 1,
          floor: 3,
          buildingFloors: 5,
          hasLift: true,
          conditionId: 3,
          buildYear: 1965,
          energyClassId: 7,
          heatingTypeId: 1,
          condoFees: 120,
          occupancyId: 1,
          price: 329_000,
          title: 'Trilocale in Sarpi',
          description: 'Luminoso.',
          planTypeId: PLAN_TYPE.basic,
        })
        .returning({ id: properties.id });
      const id = row!.id;
      await db().insert(propertyAmenities).values({ propertyId: id, amenityId: 15 });
      const state = json(await seller.read(id));
      expect(state).toMatchObject({ Status: 2, FirstIncompleteStep: null, ResumeStep: 27 });
      expect(state.Answers).toMatchObject({
        locality: { municipalityIstat: '015146', street: 'Via Paolo Sarpi', streetNumber: '12', showAddress: true },
        specialDescription: { propertyTypeId: 1, details: {} },
        composition: { rooms: 3, bathrooms: 1, roomCounts: [] },
        renovation: { conditionId: 3, buildYear: 1965, renovationYear: null },
        amenities: { amenityIds: [15] },
        split: { priceFromMarket: false },
        valueLadder: { plan: 'basic', serviceIds: [] },
      });
      expect(state.Answers.availability).toBeUndefined();
      // An edit from the summary is saved, and from then on the answers are the saved ones.
      expect(json(await seller.save(id, 15, { price: 315_000 }, { CurrentStep: 27 })).Answers).toMatchObject({
        price: { price: 315_000 },
        surface: { surfaceM2: 85 },
      });
      expect(
        (
          await db()
            .select({ answers: properties.wizardAnswers, price: properties.price })
            .from(properties)
            .where(eq(properties.id, id))
        )[0],
      ).toMatchObject({ price: 315_000, answers: { price: { price: 315_000 } } });
    });

    it('resumes on another device and another server: same draft, same step, the device recorded', async () => {
      const seller = await newSeller('dispositivi');
      const id = (await seller.create(SELL_TYPE.sale)).json().Id;
      for (const stepId of ['locality', 'propertyType', 'specialDescription', 'surface'] as const)
        json(await seller.save(id, stepNumberOf(stepId), ANSWERS[stepId]));
      expect(json(await seller.read(id)).WizardPage).toEqual({ CurrentStep: 6, LastDevice: 'desktop' });

      // The phone: a second login of the same account, on a second server of the same database.
      const second = await buildTestApp(suite.testDb);
      try {
        const phone = client(await sessionOf(await seller.login(), () => second), IPHONE, () => second);
        const resumed = json(await phone.move(id, { Move: 'resume' }));
        expect(resumed).toMatchObject({
          Id: id,
          WizardPage: { CurrentStep: 6, LastDevice: 'mobile' },
          WizardHistory: [2, 3, 4, 5],
          Answers: { surface: ANSWERS.surface },
        });
        const saved = json(await phone.save(id, 6, ANSWERS.composition, { Device: 'tablet' }));
        expect(saved.WizardPage).toEqual({ CurrentStep: 7, LastDevice: 'tablet' });
      } finally {
        await second.close();
      }
      // Back on the desktop, the first server sees the phone's save.
      expect(json(await seller.read(id))).toMatchObject({
        WizardPage: { CurrentStep: 7, LastDevice: 'tablet' },
        Answers: { composition: ANSWERS.composition },
      });
      // A page that is no longer reachable resumes at the first incomplete step.
      await db()
        .update(properties)
        .set({ wizardPage: { currentStep: 15, lastDevice: 'desktop' } })
        .where(eq(properties.id, id));
      expect(json(await seller.move(id, { Move: 'resume' })).WizardPage).toEqual({
        CurrentStep: 7,
        LastDevice: 'desktop',
      });
    });

    it('goes back along the history and follows deep links only to reachable steps', async () => {
      const seller = await newSeller('indietro');
      const id = (await seller.create(SELL_TYPE.sale)).json().Id;
      expectError(await seller.move(id, { Move: 'back' }), 'NoStepToGoBackTo');
      for (const stepId of ['locality', 'propertyType', 'specialDescription'] as const)
        json(await seller.save(id, stepNumberOf(stepId), ANSWERS[stepId]));
      const back = json(await seller.move(id, { Move: 'back' }));
      expect(back.WizardPage.CurrentStep).toBe(4);
      expect(back.WizardHistory).toEqual([2, 3]);
      expect(json(await seller.move(id, { Move: 'back' })).WizardHistory).toEqual([2]);
      expect(json(await seller.move(id, { Move: 'goto', Step: 5 })).WizardPage.CurrentStep).toBe(5);
      expectError(await seller.move(id, { Move: 'goto', Step: 6 }), 'StepNotReachable');
      expectError(await seller.move(id, { Move: 'goto', Step: 39 }), 'StepNotReachable');
      expectError(await seller.move(id, { Move: 'goto' }), 'ValidationError');
      expectError(await seller.move(id, { Move: 'back', Step: 2 }), 'ValidationError');
      // The trail the machine sends is kept as sent.
      const sent = json(await seller.save(id, 5, ANSWERS.surface, { CurrentStep: 3, History: [2, 5] }));
      expect(sent).toMatchObject({ WizardPage: { CurrentStep: 3 }, WizardHistory: [2, 5] });
    });

    it('generates the title by the spec’s rule and scores the listing’s quality with what to add next', async () => {
      const seller = await newSeller('titolo');
      const id = (await seller.create(SELL_TYPE.rent)).json().Id;
      const fresh = json(await seller.read(id));
      expect(fresh.GeneratedTitle).toBeNull();
      expect(fresh.Quality.Next[0]).toBe('addPhotos');
      const located = json(await seller.save(id, 2, ANSWERS.locality));
      expect(located.GeneratedTitle).toBe('Casa in affitto in Via Paolo Sarpi, 12 a Milano');
      const long = json(
        await seller.save(id, 2, {
          ...ANSWERS.locality,
          street: 'Via dei Santi Pietro e Paolo Apostoli della Misericordia',
        }),
      );
      expect(long.GeneratedTitle).toBe('Casa in affitto a Milano');

      const listing = await completeListing(seller.id, 1);
      const before = json(await seller.read(listing)).Quality;
      expect(before.Next).toEqual(['addPhotos', 'lengthenDescription', 'addFloorPlan', 'addEnergyCertificate']);
      await db()
        .insert(media)
        .values([
          ...Array.from({ length: 10 }, (_, i) => ({
            propertyId: listing,
            mediaTypeId: 1,
            storageKey: `media/listings/${listing}/p${i}.jpg`,
            url: `/media/listings/${listing}/p${i}.jpg`,
            contentType: 'image/jpeg',
            position: i,
          })),
          {
            propertyId: listing,
            mediaTypeId: 4,
            storageKey: `media/listings/${listing}/plan.pdf`,
            url: `/media/listings/${listing}/plan.pdf`,
            contentType: 'application/pdf',
            position: 10,
          },
        ]);
      const after = json(await seller.read(listing)).Quality;
      expect(after.Score).toBe(before.Score + 35 + 10);
      expect(after.Next).toEqual(['lengthenDescription', 'addEnergyCertificate']);
    });

    // -------------------------------------------------------------------------------------
    // Statuses: every (status, target) pair, the verdict read off the status machine.

    const STATUSES = Object.values(LISTING_STATUS) as ListingStatusId[];
    const TARGETS = [2, 3, 4, 5] as const;
    const pairs = STATUSES.filter((s) => s !== LISTING_STATUS.deleted).flatMap((from) =>
      TARGETS.map((to) => [from, to] as const),
    );

    it('covers every event of the status machine with the pairs it tries', () => {
      const events = new Set(pairs.map(([from, to]) => statusEventFor(from, to)).filter((e) => e !== null));
      expect([...events].sort()).toEqual([...LISTING_STATUS_EVENTS].sort());
    });

    it.each(pairs)('status %i -> %i: allowed exactly when the machine allows it', async (from, to) => {
      const seller = await newSeller(`stato-${from}-${to}`);
      const id = await completeListing(seller.id, from);
      const res = await seller.status(id, to);
      const event = statusEventFor(from, to);
      if (event === null) {
        expectError(res, 'ListingStatusChangeRefused');
        expect(
          (await db().select({ s: properties.statusId }).from(properties).where(eq(properties.id, id)))[0]!.s,
        ).toBe(from);
      } else {
        expect(json(res).Status).toBe(nextStatus(from, event));
        const row = (await db().select().from(properties).where(eq(properties.id, id)))[0]!;
        expect(row.statusId).toBe(to);
        if (event === 'PUBLISH') expect(row.publishedAt).not.toBeNull();
      }
    });

    it('treats a deleted listing as gone: every change answers 404', async () => {
      const seller = await newSeller('cancellato');
      const id = await completeListing(seller.id, PROPERTY_STATUS.deleted);
      for (const to of TARGETS) expectError(await seller.status(id, to), 'ListingNotFound');
      expectError(await seller.read(id), 'ListingNotFound');
      expectError(await seller.save(id, 2, ANSWERS.locality), 'ListingNotFound');
      expect(json(await seller.mine()).Items).toEqual([]);
    });

    it('publishes only a draft ready to publish: plan chosen, paid when it costs, password set', async () => {
      const seller = await newSeller('pronto');
      const id = (await seller.create(SELL_TYPE.sale)).json().Id;
      expectError(await seller.status(id, 2), 'ListingNotReadyToPublish');
      const { valueLadder: _, ...withoutPlan } = ANSWERS;
      const noPlan = await completeListing(seller.id, 1, withoutPlan);
      expectError(await seller.status(noPlan, 2), 'ListingNotReadyToPublish');
      const unpaid = await completeListing(seller.id, 1, { ...ANSWERS, valueLadder: PLANS.flexible });
      const state = json(await seller.read(unpaid));
      expect(state).toMatchObject({ ReadyToPublish: false, OrderPaid: false, FirstIncompleteStep: 28 });
      expectError(await seller.status(unpaid, 2), 'ListingNotReadyToPublish');
      const exclusive = await completeListing(seller.id, 1, { ...ANSWERS, valueLadder: PLANS.exclusive });
      expectError(await seller.status(exclusive, 2), 'ListingNotReadyToPublish');

      // A silent account (registered in the wizard, no confirmed password) passes step 30 first.
      const silent = await newSeller('silenzioso', { silent: true });
      const created = await silent.create(SELL_TYPE.sale);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ Account: 'silent', WizardPage: { CurrentStep: 2 } });
      const silentListing = await completeListing(silent.id, 1);
      expect(json(await silent.read(silentListing))).toMatchObject({ ReadyToPublish: false, FirstIncompleteStep: 30 });
      expectError(await silent.status(silentListing, 2), 'ListingNotReadyToPublish');
      await db().update(users).set({ isSilent: false, registrationConfirmed: true }).where(eq(users.id, silent.id));
      expect(json(await silent.status(silentListing, 2)).Status).toBe(2);
    });

    it('refuses a sold listing’s answers and more than 20 drafts', async () => {
      const seller = await newSeller('limiti');
      const sold = await completeListing(seller.id, PROPERTY_STATUS.sold);
      expectError(await seller.save(sold, 27, ANSWERS.summary), 'ListingNotEditable');
      // A published listing is edited in place.
      const published = await completeListing(seller.id, PROPERTY_STATUS.published);
      expect(json(await seller.save(published, 15, { price: 300_000 })).Answers.price).toEqual({ price: 300_000 });
      for (let i = 0; i < 20; i++) expect((await seller.create(SELL_TYPE.sale)).statusCode).toBe(201);
      expectError(await seller.create(SELL_TYPE.rent), 'DraftLimitReached');
    });

    // -------------------------------------------------------------------------------------
    // Orders paid: the effects on the listing (onOrderPaid).

    it('publishes a ready draft when its basic order is made, and leaves a draft that is not ready a draft', async () => {
      const seller = await newSeller('base');
      const ready = await completeListing(seller.id, 1);
      const res = await seller.order({ PropertyId: ready, PlanType: PLAN_TYPE.basic });
      expect(res.statusCode).toBe(201);
      const row = (await db().select().from(properties).where(eq(properties.id, ready)))[0]!;
      expect(row).toMatchObject({ statusId: 2, planTypeId: PLAN_TYPE.basic });
      expect(row.publishedAt).not.toBeNull();

      const draft = (await seller.create(SELL_TYPE.sale)).json().Id;
      expect((await seller.order({ PropertyId: draft, PlanType: PLAN_TYPE.basic })).statusCode).toBe(201);
      expect((await db().select().from(properties).where(eq(properties.id, draft)))[0]).toMatchObject({
        statusId: 1,
        planTypeId: PLAN_TYPE.basic,
      });
    });

    it('applies a paid order: the plan, first row and Premium for 30 days a unit, and publishes the draft', async () => {
      const seller = await newSeller('pagato');
      const id = await completeListing(seller.id, 1, {
        ...ANSWERS,
        valueLadder: { plan: 'flexible', serviceIds: [1, 8] },
      });
      expect(json(await seller.read(id))).toMatchObject({ ReadyToPublish: false, OrderPaid: false });
      const created = await seller.order({
        PropertyId: id,
        PlanType: PLAN_TYPE.flexible,
        ServiceProducts: [
          { Id: SERVICE_PRODUCT.first_row, Quantity: 2 },
          { Id: SERVICE_PRODUCT.upgrade, Quantity: 1 },
        ],
      });
      expect(created.statusCode).toBe(201);
      const order = created.json();
      expect(order.Status).toBe('pending');
      expect(json(await seller.read(id))).toMatchObject({ Status: 1, Order: { Id: order.OrderId, Status: 'pending' } });

      const page = await suite.app.inject({ url: order.PaymentUrl });
      const paga = formsOf(page.body).Paga!;
      const paid = await suite.app.inject({
        method: 'POST',
        url: paga.action,
        payload: new URLSearchParams(paga.fields).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://localhost:80',
          'sec-fetch-site': 'same-origin',
        },
      });
      expect(paid.statusCode).toBe(303);
      const row = (await db().select().from(properties).where(eq(properties.id, id)))[0]!;
      const paidAt = (await db().select().from(orders).where(eq(orders.id, order.OrderId)))[0]!.paidAt!.getTime();
      const day = 24 * 60 * 60 * 1000;
      expect(row.statusId).toBe(2);
      expect(row.planTypeId).toBe(PLAN_TYPE.flexible);
      expect(row.highlightedUntil!.getTime()).toBe(paidAt + 60 * day);
      expect(row.premiumUntil!.getTime()).toBe(paidAt + 30 * day);
      expect(json(await seller.read(id))).toMatchObject({ Status: 2, OrderPaid: true, Order: { Status: 'paid' } });
      // Publishing again is not a change the machine knows.
      expectError(await seller.status(id, 2), 'ListingStatusChangeRefused');
    });

    // -------------------------------------------------------------------------------------
    // My listings and who may see what.

    it('lists my listings with their favourites and visit requests, by status and page', async () => {
      const seller = await newSeller('elenco');
      const buyer = await newSeller('acquirente');
      const published = await completeListing(seller.id, PROPERTY_STATUS.published);
      const draft = (await seller.create(SELL_TYPE.rent)).json().Id;
      await completeListing(seller.id, PROPERTY_STATUS.deleted);
      await db().insert(favorites).values({ userId: buyer.id, propertyId: published });
      // An anonymous visitor's favourite does not count (any user token stands for the visitor
      // here), nor does the owner's own: FavoritesCount counts confirmed accounts (tests/api/favorites.test.ts).
      const [token] = await db().select({ id: userTokens.id }).from(userTokens).limit(1);
      await db().insert(anonymousFavorites).values({ userTokenId: token!.id, propertyId: published });
      await db().insert(favorites).values({ userId: seller.id, propertyId: published });
      await db()
        .insert(appointments)
        .values({ propertyId: published, requesterUserId: buyer.id, ownerUserId: seller.id, scheduledAt: new Date() });

      const all = json(await seller.mine());
      expect(all.Items.map((i: { Id: number }) => i.Id)).toEqual([draft, published]);
      expect(all.NextAfterId).toBeNull();
      expect(all.Items[1]).toMatchObject({
        Status: 2,
        FavoritesCount: 1,
        VisitRequestsCount: 1,
        Views: 0,
        Title: ANSWERS.title.title,
        CurrentStep: null,
      });
      expect(all.Items[0]).toMatchObject({
        Status: 1,
        FavoritesCount: 0,
        VisitRequestsCount: 0,
        CurrentStep: 2,
        Title: null,
        ImageUrl: null,
      });
      const first = json(await seller.mine('?Limit=1'));
      expect(first.Items.map((i: { Id: number }) => i.Id)).toEqual([draft]);
      expect(
        json(await seller.mine(`?Limit=1&AfterId=${first.NextAfterId}`)).Items.map((i: { Id: number }) => i.Id),
      ).toEqual([published]);
      expect(json(await seller.mine('?Status=2')).Items.map((i: { Id: number }) => i.Id)).toEqual([published]);
      expectError(await seller.mine('?Status=5'), 'ValidationError');
      expectError(await seller.mine('?Limit=51'), 'ValidationError');
    });

    it('never lets another user or an anonymous session read or change a draft, listing, media or order', async () => {
      const owner = await newSeller('proprietario');
      const intruder = await newSeller('intruso');
      const stranger = await anonymous();
      const id = (await owner.create(SELL_TYPE.sale)).json().Id;
      json(await owner.save(id, 2, ANSWERS.locality));
      const published = await completeListing(owner.id, PROPERTY_STATUS.published);
      const order = (await owner.order({ PropertyId: id, PlanType: PLAN_TYPE.basic })).json();
      const rowBefore = (await db().select().from(properties).where(eq(properties.id, id)))[0]!;

      for (const target of [id, published]) {
        expectError(await intruder.read(target), 'ListingNotFound');
        expectError(await intruder.save(target, 2, ANSWERS.locality), 'ListingNotFound');
        expectError(await intruder.save(target, 3, ANSWERS.propertyType), 'ListingNotFound');
        expectError(await intruder.move(target, { Move: 'resume' }), 'ListingNotFound');
        expectError(await intruder.move(target, { Move: 'back' }), 'ListingNotFound');
        for (const to of TARGETS) expectError(await intruder.status(target, to), 'ListingNotFound');
        expectError(await intruder.property(target), 'ListingNotFound');
        expectError(await intruder.order({ PropertyId: target, PlanType: PLAN_TYPE.basic }), 'PropertyNotFound');
      }
      expectError(await intruder.getOrder(order.OrderId), 'OrderNotFound');
      expect(json(await intruder.mine()).Items).toEqual([]);
      // A missing id answers the same as another user's.
      expectError(await intruder.read(2_147_483_000), 'ListingNotFound');

      for (const visitor of [stranger, client(null)]) {
        const refused = visitor.bearer ? 'Unauthorized' : 'MissingToken';
        expectError(await visitor.create(SELL_TYPE.sale), refused);
        expectError(await visitor.read(id), refused);
        expectError(await visitor.save(id, 3, ANSWERS.propertyType), refused);
        expectError(await visitor.move(id, { Move: 'resume' }), refused);
        expectError(await visitor.status(id, 5), refused);
        expectError(await visitor.mine(), refused);
        expectError(await visitor.property(id), refused);
        expectError(await visitor.getOrder(order.OrderId), refused);
      }
      const rowAfter = (await db().select().from(properties).where(eq(properties.id, id)))[0]!;
      expect(rowAfter).toEqual(rowBefore);
      expect((await db().select().from(properties).where(eq(properties.id, published)))[0]!.statusId).toBe(
        PROPERTY_STATUS.published,
      );
      // Nothing was written into the rooms or amenities of the owner's listing either.
      expect(await db().select().from(propertyRooms).where(eq(propertyRooms.propertyId, id))).toEqual([]);
      expect(await db().select().from(propertyAmenities).where(eq(propertyAmenities.propertyId, id))).toEqual([]);
    });

    it('never queues a query on a busy connection (every call above, in and out of transactions)', () => {
      process.off('warning', onWarning);
      expect(busyConnection).toEqual([]);
    });
  },
);
