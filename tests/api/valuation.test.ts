import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { VALUATION_TYPE_IDS } from '@domain/valuation/estimator';
import {
  ENERGY_CLASS,
  PROPERTY_CONDITION,
  PROPERTY_STATUS,
  PROPERTY_TYPE,
  SELL_TYPE,
} from '../../server/db/reference-ids';
import { mailOutbox, properties, users, userTokens, valuations } from '../../server/db/schema';
import { expectError, isErrorBody, describeOnBackends, signedInUser } from './helpers';

/** Far from every demo city (central Sardinia): only the listings this file inserts are near. */
const SPOT = { latitude: 40.0, longitude: 9.05 };
const north = (metres: number) => ({ latitude: SPOT.latitude + metres / 111_195, longitude: SPOT.longitude });

const SUBJECT = {
  SellType: 1,
  Latitude: SPOT.latitude,
  Longitude: SPOT.longitude,
  Address: 'Via Roma 1, Sorgono',
  PropertyTypeId: PROPERTY_TYPE.apartment,
  SurfaceM2: 80,
  Rooms: 3,
  Bathrooms: 1,
  Floor: 1,
  BuildingFloors: 4,
  HasLift: true,
  ConditionId: PROPERTY_CONDITION.good,
  EnergyClassId: ENERGY_CLASS.D,
};

let address = 0;
/** Each call from its own address: the valuation's per-IP limit is tested on its own. */
const nextAddress = () => `198.51.${(++address >> 8) & 255}.${address & 255}`;

describeOnBackends(
  'Valuation',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    let comparableIds: number[];

    beforeAll(async () => {
      const db = suite.db;
      const [owner] = await db.select({ id: users.id }).from(users).limit(1);
      const now = Date.now();
      const base = {
        ownerUserId: owner!.id,
        sellTypeId: SELL_TYPE.sale,
        propertyTypeId: PROPERTY_TYPE.apartment,
        surfaceM2: 80,
        conditionId: PROPERTY_CONDITION.good,
        floor: 1,
        buildingFloors: 4,
        hasLift: true,
        energyClassId: ENERGY_CLASS.D,
        showAddress: true,
        statusId: PROPERTY_STATUS.published,
        publishedAt: new Date(now - 10 * 86_400_000),
      };
      // Six published and one sold within 500 m, at known €/m² (sorted: 3000, 3100, 3200 ×4, 3300).
      const comparables = [
        { perSqm: 3200, metres: 100 },
        { perSqm: 3000, metres: 120 },
        { perSqm: 3300, metres: 140 },
        { perSqm: 3100, metres: 160 },
        { perSqm: 3200, metres: 180 },
        { perSqm: 3200, metres: 200 },
        { perSqm: 3200, metres: 220, sold: true },
      ];
      comparableIds = [];
      for (const c of comparables) {
        const [row] = await db
          .insert(properties)
          .values({
            ...base,
            ...north(c.metres),
            price: c.perSqm * 80,
            ...(c.sold ? { statusId: PROPERTY_STATUS.sold } : {}),
          })
          .returning({ id: properties.id });
        comparableIds.push(row!.id);
      }
      // Near, but not comparable: another kind, a rent, a condition two steps away, a surface out of the band, a draft, too old.
      await db.insert(properties).values([
        { ...base, ...north(50), propertyTypeId: PROPERTY_TYPE.villa, price: 900_000 },
        { ...base, ...north(60), sellTypeId: SELL_TYPE.rent, price: 900 },
        { ...base, ...north(70), conditionId: PROPERTY_CONDITION.new, price: 500_000 },
        { ...base, ...north(80), surfaceM2: 200, price: 100_000 },
        { ...base, ...north(90), statusId: PROPERTY_STATUS.incomplete, price: 1_000 },
        { ...base, ...north(95), publishedAt: new Date(now - 4 * 365 * 86_400_000), price: 1_000 },
      ]);
    }, 180_000);

    const db = () => suite.db;

    async function anonymousBearer() {
      const userToken = (
        await suite.app.inject({
          method: 'POST',
          url: '/api/Account/AnonymousLogin',
          payload: { AnonymousToken: crypto.randomUUID(), portal: 5 },
        })
      ).json().Token as string;
      return (
        await suite.app.inject({ method: 'POST', url: '/api/Account/Session', payload: { userToken, portal: 5 } })
      ).json().Token as string;
    }

    const userBearer = (label: string, anonymous?: string) =>
      signedInUser(suite.app, suite.db, { email: `${label}.${backend.name}@example.com`, anonymousBearer: anonymous });

    const post = (bearer: string | null, payload: unknown, remoteAddress = nextAddress()) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/Valuation',
        payload: payload as object,
        remoteAddress,
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      });
    const get = (bearer: string, url: string) =>
      suite.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });

    it('uses the property type ids of the seed', () => {
      expect(VALUATION_TYPE_IDS).toEqual({
        apartment: PROPERTY_TYPE.apartment,
        penthouse: PROPERTY_TYPE.penthouse,
        attic: PROPERTY_TYPE.attic,
        villa: PROPERTY_TYPE.villa,
        loft: PROPERTY_TYPE.loft,
        farmhouse: PROPERTY_TYPE.farmhouse,
        terracedHouse: PROPERTY_TYPE.terraced_house,
        detachedHouse: PROPERTY_TYPE.detached_house,
        semiDetachedHouse: PROPERTY_TYPE.semi_detached_house,
      });
    });

    it('values a home from known comparables: the €/m² and every comparable it came from', async () => {
      const { bearer } = await userBearer('stima');
      const res = await post(bearer, SUBJECT);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        Outcome: 'estimate',
        NoComparablesReason: null,
        RadiusM: 500,
        Estimate: { Point: 256_000, PricePerSqm: 3200, ComparableCount: 7, Confidence: 'high' },
        Subject: { ...SUBJECT },
        MethodVersion: 1,
        MailSent: false,
      });
      expect(body.Estimate.Low).toBeLessThan(256_000);
      expect(body.Estimate.High).toBeGreaterThan(256_000);
      expect(body.Comparables.map((c: { Id: number }) => c.Id)).toEqual(comparableIds);
      expect(body.Comparables[0]).toEqual({
        Id: comparableIds[0],
        Status: 'published',
        DistanceM: 100,
        SurfaceM2: 80,
        Price: 256_000,
        PricePerSqm: 3200,
        ConditionFactor: 1,
        FloorFactor: 1,
        EnergyFactor: 1,
        Adjustment: 1,
        AdjustedPricePerSqm: 3200,
        Weight: expect.any(Number),
        Outlier: false,
      });
      expect(body.Comparables[6]).toMatchObject({ Status: 'sold', DistanceM: 220 });
      // Shown again as it was given.
      const again = await get(bearer, `/api/Valuation/${body.Id}`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(body);
      // Adjusted to the subject: the same comparables for a home to renovate on the ground floor.
      const worse = (await post(bearer, { ...SUBJECT, ConditionId: PROPERTY_CONDITION.to_renovate, Floor: 0 })).json();
      expect(worse.Estimate.PricePerSqm).toBe(Math.round(3200 * 0.85 * 0.95));
      expect(worse.Comparables[0]).toMatchObject({ ConditionFactor: 0.85, FloorFactor: 0.95, Adjustment: 0.8075 });
    });

    it('answers no comparables (step 40) when there are too few, with no number', async () => {
      const bearer = await anonymousBearer();
      for (const subject of [
        { ...SUBJECT, PropertyTypeId: PROPERTY_TYPE.garage, SurfaceM2: 15 },
        { ...SUBJECT, Latitude: 39.2, Longitude: 8.6 },
        { ...SUBJECT, SellType: 2 },
      ]) {
        const res = await post(bearer, subject);
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({
          Outcome: 'noComparables',
          NoComparablesReason: 'tooFew',
          Estimate: null,
          RadiusM: 10_000,
        });
      }
      const [row] = await db().select().from(valuations).where(eq(valuations.sellTypeId, 2)).limit(1);
      expect(row).toMatchObject({ outcome: 'noComparables', estimatePoint: null });
    });

    it('refuses bad input with 400 and the error body', async () => {
      const bearer = await anonymousBearer();
      const bad = [
        {},
        { ...SUBJECT, Latitude: 0 },
        { ...SUBJECT, Longitude: 30 },
        { ...SUBJECT, SurfaceM2: 0 },
        { ...SUBJECT, SurfaceM2: 80.5 },
        { ...SUBJECT, SurfaceM2: '80' },
        { ...SUBJECT, PropertyTypeId: 19 },
        { ...SUBJECT, ConditionId: 5 },
        { ...SUBJECT, EnergyClassId: 13 },
        { ...SUBJECT, SellType: 3 },
        { ...SUBJECT, Floor: 5, BuildingFloors: 4 },
        { ...SUBJECT, Address: 'x'.repeat(301) },
        { ...SUBJECT, Address: 'Via\u0000Roma' },
        // Quoted in a mail to an address nobody proved yet: one line, no link, no e-mail address
        // (security review: a paragraph of «AVVISO DI SICUREZZA» and a link, behind U+2028 and U+202E).
        { ...SUBJECT, Address: 'Via Torino 1, Milano.\u2028\u2028AVVISO DI SICUREZZA: il tuo account verrà sospeso' },
        { ...SUBJECT, Address: 'Via Torino 1 \u202Egnp.exe\u202C' },
        { ...SUBJECT, Address: 'Via Torino 1, Milano: verifica su https://rexer-verifica.example/login' },
        { ...SUBJECT, Address: 'Via Torino 1, Milano, rexer-verifica.com' },
        { ...SUBJECT, Address: 'Via Torino 1, scrivi a assistenza@rexer-verifica.example' },
        { ...SUBJECT, ConditionId: undefined },
      ];
      for (const payload of bad) expectError(await post(bearer, payload), 'ValidationError');
      expectError(
        await suite.app.inject({
          method: 'POST',
          url: '/api/Valuation',
          payload: '{"SellType":',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          remoteAddress: nextAddress(),
        }),
        'MalformedRequest',
      );
      expectError(await post(null, SUBJECT), 'MissingToken');
      // A browser's post from another site is refused (the CSRF rule of every state-changing call).
      expectError(
        await suite.app.inject({
          method: 'POST',
          url: '/api/Valuation',
          payload: SUBJECT,
          remoteAddress: nextAddress(),
          headers: { authorization: `Bearer ${bearer}`, origin: 'https://evil.example' },
        }),
        'Forbidden',
      );
      expectError(
        await suite.app.inject({
          method: 'POST',
          url: '/api/Valuation',
          payload: SUBJECT,
          remoteAddress: nextAddress(),
          headers: { authorization: `Bearer ${bearer}`, 'sec-fetch-site': 'cross-site' },
        }),
        'Forbidden',
      );
      expectError(await post('not-a-token', SUBJECT), 'InvalidSessionToken');
      expectError(await get(bearer, '/api/Valuation/0'), 'ValidationError');
      expectError(await get(bearer, '/api/Valuation/abc'), 'ValidationError');
      expectError(await get(bearer, '/api/User/Valuations?Before=x'), 'ValidationError');
    });

    it('never answers a 5xx to hostile input', async () => {
      const bearer = await anonymousBearer();
      const hostile: unknown[] = [
        null,
        [],
        'valuta',
        42,
        { ...SUBJECT, Latitude: 1e308 },
        { ...SUBJECT, Latitude: -0, Longitude: -0 },
        { ...SUBJECT, SurfaceM2: 2 ** 53 },
        { ...SUBJECT, SurfaceM2: -1 },
        { ...SUBJECT, PropertyTypeId: { $gt: 0 } },
        { ...SUBJECT, ConditionId: [3] },
        { ...SUBJECT, HasLift: 'true' },
        { ...SUBJECT, Address: "'; drop table valuations; --" },
        { ...SUBJECT, Address: '<script>alert(1)</script>' },
        { ...SUBJECT, __proto__: { admin: true }, constructor: { prototype: { x: 1 } } },
        { ...SUBJECT, Floor: -5, BuildingFloors: 200 },
        { ...SUBJECT, SurfaceM2: 100_000 },
        { ...SUBJECT, SurfaceM2: 1 },
        { ...SUBJECT, Latitude: 47.999999, Longitude: 18.999999 },
        { ...SUBJECT, Extra: 'x'.repeat(10_000) },
        { ...SUBJECT, Address: 'x'.repeat(20_000) },
      ];
      for (const payload of hostile) {
        const res = await post(bearer, payload);
        expect(res.statusCode, JSON.stringify(payload)?.slice(0, 80)).toBeLessThan(500);
        if (res.statusCode >= 400) expect(isErrorBody(res.json())).toBe(true);
      }
      for (const path of [
        '/api/Valuation/99999999999',
        '/api/Valuation/-1',
        '/api/Valuation/1e3',
        '/api/Valuation/%00',
        `/api/Valuation/${'9'.repeat(300)}`,
        '/api/User/Valuations?Before=0',
      ]) {
        const res = await get(bearer, path);
        expect(res.statusCode, path).toBeLessThan(500);
        expect(isErrorBody(res.json())).toBe(true);
      }
    });

    it('never answers a 5xx to random bodies (property test)', async () => {
      const bearer = await anonymousBearer();
      const anything = fc.oneof(
        fc.integer(),
        fc.double(),
        fc.string({ maxLength: 40 }),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.integer(), { maxLength: 3 }),
      );
      const field = (valid: fc.Arbitrary<unknown>) => fc.oneof(valid, anything);
      const body = fc.record(
        {
          SellType: field(fc.constantFrom(1, 2)),
          Latitude: field(fc.double({ min: 35, max: 48, noNaN: true })),
          Longitude: field(fc.double({ min: 6, max: 19, noNaN: true })),
          PropertyTypeId: field(fc.integer({ min: 1, max: 18 })),
          SurfaceM2: field(fc.integer({ min: 1, max: 100_000 })),
          Floor: field(fc.integer({ min: -5, max: 200 })),
          BuildingFloors: field(fc.integer({ min: 1, max: 200 })),
          HasLift: field(fc.boolean()),
          ConditionId: field(fc.integer({ min: 1, max: 4 })),
          EnergyClassId: field(fc.integer({ min: 1, max: 12 })),
          Address: field(fc.string({ maxLength: 300 })),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const res = await post(bearer, payload);
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) expect(isErrorBody(res.json())).toBe(true);
          else expect(res.json().Outcome).toMatch(/^(estimate|noComparables)$/);
        }),
        { numRuns: 60, seed: 12 },
      );
    });

    it('shows a valuation only to its owner: another user and another anonymous session get 404', async () => {
      const alice = await userBearer('alice');
      const bob = await userBearer('bob');
      const anonymousA = await anonymousBearer();
      const anonymousB = await anonymousBearer();
      const ofAlice = (await post(alice.bearer, SUBJECT)).json().Id as number;
      const ofAnonymousA = (await post(anonymousA, SUBJECT)).json().Id as number;
      expect((await get(alice.bearer, `/api/Valuation/${ofAlice}`)).statusCode).toBe(200);
      expect((await get(anonymousA, `/api/Valuation/${ofAnonymousA}`)).statusCode).toBe(200);
      for (const [bearer, id] of [
        [bob.bearer, ofAlice],
        [anonymousB, ofAlice],
        [anonymousA, ofAlice],
        [alice.bearer, ofAnonymousA],
        [anonymousB, ofAnonymousA],
        [bob.bearer, ofAnonymousA],
        [alice.bearer, 2_000_000_000],
      ] as const) {
        expectError(await get(bearer, `/api/Valuation/${id}`), 'ValuationNotFound');
      }
      // The list: the user's own, newest first; anonymous sessions have none to list.
      const mine = (await get(alice.bearer, '/api/User/Valuations')).json();
      expect(mine.Items.map((item: { Id: number }) => item.Id)).toEqual([ofAlice]);
      expect(mine.Items[0]).toMatchObject({
        Outcome: 'estimate',
        Point: 256_000,
        Low: expect.any(Number),
        High: expect.any(Number),
        PricePerSqm: 3200,
        SurfaceM2: 80,
        PropertyTypeId: 1,
        SellType: 1,
        Address: SUBJECT.Address,
      });
      expect(mine.NextBefore).toBeNull();
      expect((await get(bob.bearer, '/api/User/Valuations')).json()).toEqual({ Items: [], NextBefore: null });
      expectError(await get(anonymousA, '/api/User/Valuations'), 'Unauthorized');
    });

    it('moves an anonymous visitor’s valuations to the account at login', async () => {
      const anonymous = await anonymousBearer();
      const id = (await post(anonymous, SUBJECT)).json().Id as number;
      const { bearer } = await userBearer('adotta', anonymous);
      expect((await get(bearer, `/api/Valuation/${id}`)).statusCode).toBe(200);
      expect((await get(bearer, '/api/User/Valuations')).json().Items.map((item: { Id: number }) => item.Id)).toEqual([
        id,
      ]);
    });

    it('pages the list by key, 20 at a time', async () => {
      const { bearer } = await userBearer('pagine');
      const [row] = await db()
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, `pagine.${backend.name}@example.com`));
      const template = (await db().select().from(valuations).limit(1))[0]!;
      const { id: _id, createdAt: _createdAt, ...rest } = template;
      await db()
        .insert(valuations)
        .values(Array.from({ length: 23 }, () => ({ ...rest, ownerUserId: row!.id, ownerUserTokenId: null })));
      const first = (await get(bearer, '/api/User/Valuations')).json();
      expect(first.Items).toHaveLength(20);
      const second = (await get(bearer, `/api/User/Valuations?Before=${first.NextBefore}`)).json();
      expect(second.Items).toHaveLength(3);
      expect(second.NextBefore).toBeNull();
      expect(new Set([...first.Items, ...second.Items].map((item: { Id: number }) => item.Id)).size).toBe(23);
    });

    it('mails the estimate to the visitor who gave steps 0 and 1 (a silent account)', async () => {
      const { email, bearer } = await userBearer('silenzioso');
      const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
      await db().update(userTokens).set({ silent: true }).where(eq(userTokens.userId, user!.id));
      const res = await post(bearer, SUBJECT);
      expect(res.json()).toMatchObject({ MailSent: true });
      const [mail] = await db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'valuation')));
      expect(mail!.subject).toBe('Il valore stimato del tuo immobile: 256.000 €');
      expect(mail!.textBody).toContain('Valore stimato: 256.000 €');
      expect(mail!.textBody).toContain('Prezzo al metro quadro: 3.200 €/m², da 7 annunci simili entro 500 m.');
      // The link of the result page, on the public origin (PUBLIC_URL), on a line of its own.
      expect(mail!.textBody).toContain(`\n${suite.app.config.publicUrl}/valutocasa/${res.json().Id}\n`);
      expect(mail!.textBody).toContain('Via Roma 1, Sorgono');
    });

    it('gives one mail for the same home valued again: the pending mail takes the latest estimate, a sent one is not repeated', async () => {
      const { email, bearer } = await userBearer('ripetuto');
      const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
      await db().update(userTokens).set({ silent: true }).where(eq(userTokens.userId, user!.id));
      const mails = () =>
        db()
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'valuation')));
      const first = await post(bearer, SUBJECT);
      const [queued] = await mails();
      // The sender waits a minute, the time a seller takes to correct an answer.
      expect(queued!.nextAttemptAt!.getTime() - queued!.createdAt.getTime()).toBeGreaterThanOrEqual(55_000);
      // The seller corrects the surface ten seconds later: the same home, a new estimate.
      const second = await post(bearer, { ...SUBJECT, SurfaceM2: 90 });
      expect(second.json()).toMatchObject({ MailSent: true });
      const pending = await mails();
      expect(pending).toHaveLength(1);
      expect(pending[0]!.textBody).toContain(`/valutocasa/${second.json().Id}\n`);
      expect(pending[0]!.textBody).not.toContain(`/valutocasa/${first.json().Id}\n`);
      expect(pending[0]!.subject).toBe(
        `Il valore stimato del tuo immobile: ${second.json().Estimate.Point.toLocaleString('it-IT')} €`,
      );
      // Once it is sent, the same estimate is not mailed again; a changed one is.
      await db().update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, pending[0]!.id));
      expect((await post(bearer, { ...SUBJECT, SurfaceM2: 90 })).json()).toMatchObject({ MailSent: false });
      expect(await mails()).toHaveLength(1);
      expect(
        (await post(bearer, { ...SUBJECT, SurfaceM2: 90, ConditionId: PROPERTY_CONDITION.new })).json(),
      ).toMatchObject({ MailSent: true });
      expect(await mails()).toHaveLength(2);
      // Another home is another mail.
      expect((await post(bearer, { ...SUBJECT, Address: 'Via Roma 9, Sorgono' })).json()).toMatchObject({
        MailSent: true,
      });
      expect(await mails()).toHaveLength(3);
    });

    it('takes the addresses people write: abbreviations, civic numbers, postcodes, apostrophes', async () => {
      const bearer = await anonymousBearer();
      for (const Address of [
        'P.zza del Duomo 1, 20122 Milano',
        'V.le Monza 12/B, Milano',
        'C.so Buenos Aires 33',
        "Via dell'Orto 4 int. 7, 00184 Roma",
        'Località Sa Rocca, s.n.c., Sorgono (NU)',
        'Via Roma 1 – scala B',
      ]) {
        const res = await post(bearer, { ...SUBJECT, Address });
        expect(res.statusCode, `${Address}: ${res.body}`).toBe(201);
      }
    });

    // Security review: the address of a silent account is not proven, and the mail carries what
    // the visitor typed: registering someone else's address must not make Rexer a mailer of it.
    it('mails one address at most 3 valuations a day, whatever the client address', async () => {
      const { email, bearer } = await userBearer('spam');
      const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
      await db().update(userTokens).set({ silent: true }).where(eq(userTokens.userId, user!.id));
      const sent = [];
      for (let i = 0; i < 5; i++) {
        const res = await post(bearer, { ...SUBJECT, Address: `Via Roma ${i + 1}, Sorgono` });
        expect(res.statusCode).toBe(201);
        sent.push(res.json().MailSent);
      }
      expect(sent).toEqual([true, true, true, false, false]);
      expect(
        await db()
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'valuation'))),
      ).toHaveLength(3);
    });

    it('limits valuations per address: 10 in 10 minutes, then 429', async () => {
      const bearer = await anonymousBearer();
      for (let i = 0; i < 10; i++) expect((await post(bearer, SUBJECT, '203.0.113.77')).statusCode).toBe(201);
      expectError(await post(bearer, SUBJECT, '203.0.113.77'), 'TooManyRequests');
      expect((await post(bearer, SUBJECT, '203.0.113.78')).statusCode).toBe(201);
    });
  },
);
