import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { ANSWERS, SALE_ORDER } from '../../machines/testing/wizard-fixtures';
import { stepNumberOf } from '@domain/wizard-steps';
import { PROPERTY_STATUS, SELL_TYPE } from '../../server/db/reference-ids';
import { properties } from '../../server/db/schema';
import { expectError, describeOnBackends, signedInUser } from './helpers';

// The energy performance index (EPgl,nren, kWh/m² a year) of a listing: asked at step 9 beside
// the class, stored in `energy_performance`, read back by the owner (GetMyPropertyById,
// EnergyPerformance) and by everyone on the public page (GET /api/Property/{id}).

describeOnBackends(
  'The energy index of a listing',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    const json = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    /** A confirmed seller with a session, and a sale draft answered up to the energy class (9). */
    async function draftAtEnergyClass() {
      const { bearer } = await signedInUser(suite.app, suite.db, {
        email: `classe.${backend.name}.${randomUUID().slice(0, 8)}@example.com`,
      });
      const headers = { authorization: `Bearer ${bearer}` };
      const created = await suite.app.inject({
        method: 'POST',
        url: '/api/Property/Draft',
        headers,
        payload: { SellType: SELL_TYPE.sale },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().Id as number;
      const save = (step: number, Answer: unknown) =>
        suite.app.inject({
          method: 'PUT',
          url: `/api/Property/${id}/Draft/Step/${step}`,
          headers,
          payload: { Answer },
        });
      for (const stepId of SALE_ORDER.slice(SALE_ORDER.indexOf('locality'), SALE_ORDER.indexOf('energyClass')))
        json(await save(stepNumberOf(stepId), ANSWERS[stepId as keyof typeof ANSWERS]));
      const mine = async () =>
        json(await suite.app.inject({ method: 'GET', url: `/api/User/GetMyPropertyById/${id}`, headers }));
      return { id, save, mine };
    }

    it('stores the index given with the class and reads it back, to the owner and on the public page', async () => {
      const { id, save, mine } = await draftAtEnergyClass();
      const saved = json(await save(9, { energyClassId: 6, energyPerformance: 95.4 }));
      expect(saved.Answers.energyClass).toEqual({ energyClassId: 6, energyPerformance: 95.4 });
      expect(await mine()).toMatchObject({ EnergyClass: 6, EnergyPerformance: 95.4 });
      const [row] = await suite.db
        .select({ energyPerformance: properties.energyPerformance })
        .from(properties)
        .where(eq(properties.id, id));
      expect(row!.energyPerformance).toBe(95.4);

      // Published, the listing's page gives the class and the index.
      await suite.db
        .update(properties)
        .set({ statusId: PROPERTY_STATUS.published, publishedAt: new Date() })
        .where(eq(properties.id, id));
      const page = json(await suite.app.inject({ method: 'GET', url: `/api/Property/${id}` }));
      expect(page).toMatchObject({ EnergyClass: { Code: 'C' }, EnergyPerformance: 95.4 });
    });

    it('takes the class without the index (the certificate not at hand), and the index added later', async () => {
      const { save, mine } = await draftAtEnergyClass();
      json(await save(9, { energyClassId: 7, energyPerformance: null }));
      expect(await mine()).toMatchObject({ EnergyClass: 7, EnergyPerformance: null });
      json(await save(9, { energyClassId: 7, energyPerformance: 1000 }));
      expect(await mine()).toMatchObject({ EnergyClass: 7, EnergyPerformance: 1000 });
    });

    it('refuses an index out of 0-1,000, not a number, or given with an exempt or pending class, and keeps what was stored', async () => {
      const { save, mine } = await draftAtEnergyClass();
      json(await save(9, { energyClassId: 8, energyPerformance: 180.2 }));
      for (const answer of [
        { energyClassId: 8, energyPerformance: 1000.5 },
        { energyClassId: 8, energyPerformance: -1 },
        { energyClassId: 8, energyPerformance: '180' },
        { energyClassId: 8 },
        { energyClassId: 11, energyPerformance: 40 },
        { energyClassId: 12, energyPerformance: 40 },
      ]) {
        expectError(await save(9, answer), 'InvalidStepAnswer');
      }
      expect(await mine()).toMatchObject({ EnergyClass: 8, EnergyPerformance: 180.2 });
      // Exempt, without an index.
      json(await save(9, { energyClassId: 11, energyPerformance: null }));
      expect(await mine()).toMatchObject({ EnergyClass: 11, EnergyPerformance: null });
    });
  },
);
