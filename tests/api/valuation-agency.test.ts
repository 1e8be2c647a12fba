import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ENERGY_CLASS, PROPERTY_CONDITION, PROPERTY_TYPE } from '../../server/db/reference-ids';
import { agencies, valuations } from '../../server/db/schema';
import { describeOnBackends, signedInUser } from './helpers';

// A valuation asked from an agency's page («Richiedi una valutazione»: /valutocasa?agenzia={slug})
// goes through that agency: the request names it by its slug, the valuation stores its id (so its
// owner may review the agency later) and shows it; an unknown slug is ignored, never an error.

const SUBJECT = {
  SellType: 1,
  Latitude: 45.4805,
  Longitude: 9.1762,
  Address: 'Via Paolo Sarpi 12, Milano',
  PropertyTypeId: PROPERTY_TYPE.apartment,
  SurfaceM2: 80,
  ConditionId: PROPERTY_CONDITION.good,
  EnergyClassId: ENERGY_CLASS.D,
};

let address = 0;
const nextAddress = () => `198.51.100.${++address}`;

describeOnBackends(
  'Valuation through an agency',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    let agency: { id: number; slug: string; name: string };
    let bearer = '';

    beforeAll(async () => {
      [agency] = (await suite.db
        .select({ id: agencies.id, slug: agencies.slug, name: agencies.name })
        .from(agencies)
        .orderBy(agencies.id)
        .limit(1)) as [typeof agency];
      bearer = (
        await signedInUser(suite.app, suite.db, {
          email: `tramite.${suite.backend.name}.${randomUUID().slice(0, 8)}@example.com`,
        })
      ).bearer;
    }, 180_000);

    const post = (payload: object) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/Valuation',
        payload,
        remoteAddress: nextAddress(),
        headers: { authorization: `Bearer ${bearer}` },
      });
    const storedAgencyOf = async (id: number) =>
      (await suite.db.select({ agencyId: valuations.agencyId }).from(valuations).where(eq(valuations.id, id)))[0]!
        .agencyId;

    it("stores the agency of the slug with the valuation, and shows it in the answer and again on the valuation's page", async () => {
      const res = await post({ ...SUBJECT, AgencySlug: agency.slug });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body.Agency).toEqual({ Id: agency.id, Slug: agency.slug, Name: agency.name });
      expect(body.Subject).not.toHaveProperty('AgencySlug');
      expect(await storedAgencyOf(body.Id)).toBe(agency.id);
      const again = await suite.app.inject({
        method: 'GET',
        url: `/api/Valuation/${body.Id}`,
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(again.json().Agency).toEqual({ Id: agency.id, Slug: agency.slug, Name: agency.name });
    });

    it.each([
      ['an unknown slug', 'agenzia-che-non-esiste'],
      ['a string no slug looks like', 'Non è uno slug!'],
      ['no slug', undefined],
    ])('values through no agency with %s, never failing', async (_, slug) => {
      const res = await post(slug === undefined ? SUBJECT : { ...SUBJECT, AgencySlug: slug });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().Agency).toBeNull();
      expect(await storedAgencyOf(res.json().Id)).toBeNull();
    });
  },
);
