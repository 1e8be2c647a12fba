import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_CONDITION, PROPERTY_STATUS, PROPERTY_TYPE } from '../../server/db/reference-ids';
import { municipalities, properties, users } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { BACKENDS, buildTestApp, openTestDatabase } from './helpers';

// A town's count on the landings, in the footer and in its province's list leads to the town's «case»
// results page: it must be the number that page shows. A shop or a garage for rent in the town is not one.
describe.each(BACKENDS)('listing counts on $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
    const db = testDb.database.db;
    const [owner] = await db.select({ id: users.id }).from(users).limit(1);
    const [milano] = await db
      .select({ id: municipalities.id })
      .from(municipalities)
      .where(eq(municipalities.istatCode, '015146'));
    const listing = (propertyTypeId: number, title: string) => ({
      ownerUserId: owner!.id,
      sellTypeId: 2,
      statusId: PROPERTY_STATUS.published,
      municipalityId: milano!.id,
      street: 'Via Paolo Sarpi',
      streetNumber: '12',
      latitude: 45.4805,
      longitude: 9.1755,
      propertyTypeId,
      surfaceM2: 40,
      conditionId: PROPERTY_CONDITION.good,
      price: 1_800,
      title,
      description: 'Locale al piano terra.',
      publishedAt: new Date(),
    });
    await db
      .insert(properties)
      .values([
        listing(PROPERTY_TYPE.commercial, 'Negozio in affitto in Via Paolo Sarpi'),
        listing(PROPERTY_TYPE.garage, 'Box in affitto in Via Paolo Sarpi'),
      ]);
    app = await buildTestApp(testDb);
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const get = async <T>(url: string): Promise<T> => {
    const res = await app.inject({ url, headers: { portal: '5' } });
    expect(res.statusCode, url).toBe(200);
    return res.json() as T;
  };

  it("counts what the town's results page shows, in every list that links to it", async () => {
    for (const sellType of [1, 2] as const) {
      const shown = await get<{ Total: number }>(
        `/api/Search/Listings?SearchType=town&Town=015146&Type=case&SellType=${sellType}`,
      );
      expect(shown.Total).toBeGreaterThan(0);
      const province = await get<{ Municipalities: { Id: string; ListingCount: number }[] }>(
        `/api/Seo/Municipalities/MI?SellType=${sellType}`,
      );
      expect(province.Municipalities.find((m) => m.Id === '015146')?.ListingCount, 'province list').toBe(shown.Total);
      const cities = await get<{ Id: string; SaleCount: number; RentCount: number }[]>(
        `/api/Home/Cities?SellType=${sellType}`,
      );
      const city = cities.find((c) => c.Id === '015146');
      expect(sellType === 1 ? city?.SaleCount : city?.RentCount, 'landing cities').toBe(shown.Total);
      const footer = await get<{
        Sale: { Cities: { Name: string; ListingCount: number }[] }[];
        Rent: { Cities: { Name: string; ListingCount: number }[] }[];
      }>('/api/Seo/FooterLinks');
      const inFooter = (sellType === 1 ? footer.Sale : footer.Rent)
        .flatMap((p) => p.Cities)
        .find((c) => c.Name === 'Milano');
      expect(inFooter?.ListingCount, 'footer').toBe(shown.Total);
    }
  });
});
