import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { ANSWERS, LOCALITY, PLANS } from '../../machines/testing/wizard-fixtures';
import type { WizardAnswers } from '@domain/wizard-steps';
import { SELL_TYPE } from '../../server/db/reference-ids';
import { agencies, properties } from '../../server/db/schema';
import { describeOnBackends, expectError, signedInUser } from './helpers';

// Step 44 (the exclusive mandate's agency): the partner agencies by distance from the home, rated,
// with Rexer's proposal (GET /api/Property/{id}/Draft/Agencies), and the step refusing an agency
// outside that offer (domain/listing/agency-offer.ts).

/** Metres of a degree of latitude on earthdistance's sphere (ll_to_earth, earth_distance). */
const METRES_PER_DEGREE = (6_378_168 * Math.PI) / 180;

// Far from every seeded agency (the nearest, Palermo's and Bari's, are hundreds of km away):
// inland Sardinia, the agencies placed due north of the home so their distances are exact.
const HOME = { latitude: 40.2, longitude: 9.1 };
const north = (km: number) => ({
  latitude: HOME.latitude + (km * 1000) / METRES_PER_DEGREE,
  longitude: HOME.longitude,
});

describeOnBackends(
  'Step 44: partner agencies by distance',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0' } },
  (suite) => {
    const ids: Record<string, number> = {};
    let people = 0;

    beforeAll(async () => {
      const rows = [
        { key: 'a', km: 2.3, partner: true, rating: 4.2, reviews: 10 },
        { key: 'b', km: 6, partner: true, rating: 4.8, reviews: 40 },
        // The best rated, but more than 5 km farther than the nearest: offered, not proposed.
        { key: 'c', km: 9, partner: true, rating: 5, reviews: 3 },
        { key: 'd', km: 1, partner: false, rating: 4.9, reviews: 80 },
        { key: 'e', km: 25, partner: true, rating: null, reviews: 0 },
        { key: 'f', km: 40, partner: true, rating: 4.1, reviews: 5 },
      ];
      for (const row of rows) {
        const [inserted] = await suite.db
          .insert(agencies)
          .values({
            name: `Agenzia ${row.key.toUpperCase()} ${suite.backend.name}`,
            slug: `agenzia-${row.key}-${randomUUID().slice(0, 8)}`,
            ...north(row.km),
            isPartner: row.partner,
            rating: row.rating,
            reviewsCount: row.reviews,
          })
          .returning({ id: agencies.id });
        ids[row.key] = inserted!.id;
      }
      // A partner without a position has no distance: never offered.
      const [unplaced] = await suite.db
        .insert(agencies)
        .values({ name: 'Agenzia senza posizione', slug: `agenzia-g-${randomUUID().slice(0, 8)}`, isPartner: true })
        .returning({ id: agencies.id });
      ids.g = unplaced!.id;
    }, 180_000);

    async function seller() {
      people += 1;
      return signedInUser(suite.app, suite.db, {
        email: `agenzie.${suite.backend.name}.${randomUUID().slice(0, 8)}@example.com`,
        remoteAddress: `10.44.0.${people}`,
      });
    }

    /** An exclusive draft of the seller's at `position`, every answer given up to step 43. */
    async function exclusiveDraft(ownerUserId: number, position: { latitude: number; longitude: number }) {
      const answers: WizardAnswers = {
        ...ANSWERS,
        locality: { ...LOCALITY, ...position },
        valueLadder: PLANS.exclusive,
        agencyChoice: undefined,
      };
      const [row] = await suite.db
        .insert(properties)
        .values({
          ownerUserId,
          sellTypeId: SELL_TYPE.sale,
          statusId: 1,
          wizardAnswers: answers as Record<string, unknown>,
          wizardPage: { currentStep: 43, lastDevice: 'desktop' },
        })
        .returning({ id: properties.id });
      return row!.id;
    }

    const json = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    it('offers the partners within 30 km nearest first, each with its distance and rating, and proposes the best rated near the nearest', async () => {
      const owner = await seller();
      const id = await exclusiveDraft(owner.id, HOME);
      const res = await owner.call('GET', `/api/Property/${id}/Draft/Agencies`);
      expect(res.headers['cache-control']).toBe('no-store');
      const offer = json(res);
      expect(offer.RadiusM).toBe(30_000);
      expect(offer.Items.map((a: { Id: number }) => a.Id)).toEqual([ids.a, ids.b, ids.c, ids.e]);
      expect(offer.Items[0]).toMatchObject({
        Id: ids.a,
        Name: `Agenzia A ${suite.backend.name}`,
        DistanceM: 2300,
        Rating: 4.2,
        ReviewsCount: 10,
        LogoUrl: null,
      });
      expect(offer.Items[3]).toMatchObject({ Id: ids.e, DistanceM: 25_000, Rating: null, ReviewsCount: 0 });
      expect(offer.ProposedId).toBe(ids.b);
    });

    it('widens the radius when no partner is within 30 km, and offers none beyond 120 km', async () => {
      const owner = await seller();
      // 50 km south of the home: a 52.3, b 56, c 59 within 60 km; e 75 and f 90 beyond.
      const south = await exclusiveDraft(owner.id, { latitude: north(-50).latitude, longitude: HOME.longitude });
      const widened = json(await owner.call('GET', `/api/Property/${south}/Draft/Agencies`));
      expect(widened.RadiusM).toBe(60_000);
      expect(widened.Items.map((a: { Id: number }) => a.Id)).toEqual([ids.a, ids.b, ids.c]);
      expect(widened.ProposedId).toBe(ids.b);

      // The open sea south-east of Sicily: nothing within 120 km.
      const far = await exclusiveDraft(owner.id, { latitude: 35.5, longitude: 18.5 });
      expect(json(await owner.call('GET', `/api/Property/${far}/Draft/Agencies`))).toEqual({
        Items: [],
        RadiusM: null,
        ProposedId: null,
      });
      json(await owner.call('PUT', `/api/Property/${far}/Draft/Step/43`, { Answer: ANSWERS.agencySplit }));
      expectError(
        await owner.call('PUT', `/api/Property/${far}/Draft/Step/44`, { Answer: { agencyId: ids.a } }),
        'InvalidStepAnswer',
      );
    });

    it('accepts at step 44 only an agency of the offer, and stores it', async () => {
      const owner = await seller();
      const id = await exclusiveDraft(owner.id, HOME);
      const save44 = (agencyId: number) =>
        owner.call('PUT', `/api/Property/${id}/Draft/Step/44`, { Answer: { agencyId } });
      expect(
        json(await owner.call('PUT', `/api/Property/${id}/Draft/Step/43`, { Answer: ANSWERS.agencySplit })).WizardPage
          .CurrentStep,
      ).toBe(44);
      // Not a partner, beyond the radius, without a position, unknown: refused, nothing stored.
      for (const refused of [ids.d!, ids.f!, ids.g!, 2_000_000_000])
        expectError(await save44(refused), 'InvalidStepAnswer');
      const agencyOf = async () =>
        (await suite.db.select({ agencyId: properties.agencyId }).from(properties).where(eq(properties.id, id)))[0]!
          .agencyId;
      expect(await agencyOf()).toBeNull();
      // The farthest offered one too, not only the proposal.
      const saved = json(await save44(ids.e!));
      expect(saved.Answers.agencyChoice).toEqual({ agencyId: ids.e });
      expect(saved.WizardPage.CurrentStep).toBe(45);
      expect(await agencyOf()).toBe(ids.e);
    });

    it("answers 404 for another's listing and 401 without a session", async () => {
      const owner = await seller();
      const other = await seller();
      const id = await exclusiveDraft(owner.id, HOME);
      expectError(await other.call('GET', `/api/Property/${id}/Draft/Agencies`), 'ListingNotFound');
      const anonymous = await suite.app.inject({ method: 'GET', url: `/api/Property/${id}/Draft/Agencies` });
      expect(anonymous.statusCode).toBe(401);
    });
  },
);
