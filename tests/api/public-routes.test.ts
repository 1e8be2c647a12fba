import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_STATUS, HOME_PROPERTY_TYPES } from '../../server/db/reference-ids';
import { municipalities, properties, provinces } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { BACKENDS, buildTestApp, expectError, openTestDatabase } from './helpers';
import { FOOTER_CITIES_PER_PROVINCE, FOOTER_PROVINCES } from '../../server/modules/seo/footer-links';

interface City {
  Id: string;
  Name: string;
  Slug: string;
  ProvinceCode: string;
  SaleCount: number;
  RentCount: number;
}

describe.each(BACKENDS)('public read calls on $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function get(url: string) {
    app ??= await buildTestApp(testDb);
    return app.inject({ url, headers: { portal: '5' } });
  }

  describe('GET /api/config', () => {
    it('answers the app configuration', async () => {
      const res = await get('/api/config');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        Portal: 5,
        Language: 'it',
        CaptchaProvider: 'altcha',
        TileUrl: null,
        Telemetry: { Enabled: false, Url: null, SamplingPercentage: 100 },
        PartnerHosts: [],
        SearchCenter: { Latitude: 42.559, Longitude: 12.223 },
        Careers: {
          MaxCvBytes: 5_242_880,
          AcceptedTypes: [
            'application/pdf',
            'application/msword',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          ],
        },
      });
      expect(body.HomeTypes.map((t: { Id: number }) => t.Id).sort()).toEqual([1, 2, 3, 4]);
      expect(body.ContactPhone).toMatch(/^\+?[\d ]+$/);
      expect(body.ContactEmail).toMatch(/@/);
      expect(body.BlogUrl).toMatch(/^https:\/\//);
    });

    it('reflects the configured tiles, telemetry, captcha and partner hosts', async () => {
      app = await buildTestApp(testDb, {
        env: {
          TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
          TELEMETRY_URL: 'https://t.example.org/track',
          CAPTCHA: 'off',
          PARTNER_HOSTS: 'partner.example.org',
        },
      });
      expect((await app.inject({ url: '/api/config' })).json()).toMatchObject({
        TileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
        Telemetry: { Enabled: true, Url: 'https://t.example.org/track' },
        CaptchaProvider: 'off',
        PartnerHosts: ['partner.example.org'],
      });
    });
  });

  describe('GET /api/Home/Cities', () => {
    it('lists cities with published listings, most listings first', async () => {
      const res = await get('/api/Home/Cities');
      expect(res.statusCode).toBe(200);
      const cities = res.json() as City[];
      expect(cities.length).toBeGreaterThan(0);
      expect(cities.length).toBeLessThanOrEqual(12);
      for (const city of cities) {
        expect(city.Id).toMatch(/^\d{6}$/);
        expect(city.ProvinceCode).toMatch(/^[A-Z]{2}$/);
        expect(city.SaleCount + city.RentCount).toBeGreaterThan(0);
      }
      const totals = cities.map((c) => c.SaleCount + c.RentCount);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
    });

    it('counts exactly the published listings of each city', async () => {
      const cities = (await get('/api/Home/Cities?Limit=50')).json() as City[];
      const city = cities[0];
      const rows = await testDb.database.db
        .select({ sellTypeId: properties.sellTypeId, statusId: properties.statusId })
        .from(properties)
        .innerJoin(municipalities, eq(municipalities.id, properties.municipalityId))
        .where(eq(municipalities.istatCode, city.Id));
      const published = rows.filter((r) => r.statusId === PROPERTY_STATUS.published);
      expect(city.SaleCount).toBe(published.filter((r) => r.sellTypeId === 1).length);
      expect(city.RentCount).toBe(published.filter((r) => r.sellTypeId === 2).length);
    });

    it('filters by SellType and honours Limit', async () => {
      const rent = (await get('/api/Home/Cities?SellType=2&Limit=3')).json() as City[];
      expect(rent.length).toBeLessThanOrEqual(3);
      for (const city of rent) expect(city.RentCount).toBeGreaterThan(0);
      const counts = rent.map((c) => c.RentCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });

    it.each([
      'SellType=3',
      'SellType=abc',
      'Limit=0',
      'Limit=51',
      'Limit=1.5',
      'Limit=',
      'Limit=0x10',
      'SellType=1&SellType=2',
    ])('refuses %s with 400', async (query) => {
      expectError(await get(`/api/Home/Cities?${query}`), 'ValidationError');
    });
  });

  describe('GET /api/Home/Listings', () => {
    it('lists recent published listings with their cover image', async () => {
      const res = await get('/api/Home/Listings?Limit=4');
      expect(res.statusCode).toBe(200);
      const listings = res.json() as {
        Id: number;
        SellType: number;
        Title: string;
        ImageUrl: string | null;
        ThumbnailUrl: string | null;
      }[];
      expect(listings.length).toBeGreaterThan(0);
      expect(listings.length).toBeLessThanOrEqual(4);
      for (const l of listings) {
        expect([1, 2]).toContain(l.SellType);
        expect(l.Title.length).toBeGreaterThan(0);
      }
      expect(listings.some((l) => l.ImageUrl?.startsWith('/media/'))).toBe(true);
      const ids = listings.map((l) => l.Id);
      const statuses = await testDb.database.db
        .select({ id: properties.id, statusId: properties.statusId })
        .from(properties);
      for (const id of ids) expect(statuses.find((s) => s.id === id)?.statusId).toBe(PROPERTY_STATUS.published);
    });

    it('lists homes only, at believable prices (no garage or shop under «le case più recenti»)', async () => {
      const listings = (await get('/api/Home/Listings?Limit=12')).json() as {
        Id: number;
        Price: number | null;
        SurfaceM2: number | null;
        SellType: number;
      }[];
      expect(listings.length).toBeGreaterThan(0);
      const rows = await testDb.database.db
        .select({
          id: properties.id,
          typeId: properties.propertyTypeId,
          publicationTypeId: properties.publicationPropertyTypeId,
        })
        .from(properties);
      for (const listing of listings) {
        const row = rows.find((r) => r.id === listing.Id)!;
        expect(HOME_PROPERTY_TYPES).toContain(row.publicationTypeId ?? row.typeId);
        // A home for sale has at least 25 m² and costs more than €500 a square metre.
        if (listing.SellType === 1 && listing.SurfaceM2 && listing.Price) {
          expect(listing.SurfaceM2).toBeGreaterThanOrEqual(25);
          expect(listing.Price / listing.SurfaceM2).toBeGreaterThan(500);
        }
      }
    });

    it('filters by SellType', async () => {
      const sale = (await get('/api/Home/Listings?SellType=1&Limit=12')).json() as { SellType: number }[];
      expect(sale.every((l) => l.SellType === 1)).toBe(true);
    });

    it.each(['Limit=13', 'Limit=-1', 'SellType=0'])('refuses %s with 400', async (query) => {
      expectError(await get(`/api/Home/Listings?${query}`), 'ValidationError');
    });
  });

  describe('GET /api/Agency/List', () => {
    it('lists agencies, partners first', async () => {
      const agencies = (await get('/api/Agency/List')).json() as {
        Partner: boolean;
        Slug: string;
        CityName: string | null;
      }[];
      expect(agencies.length).toBeGreaterThan(0);
      const firstNonPartner = agencies.findIndex((a) => !a.Partner);
      if (firstNonPartner >= 0) expect(agencies.slice(firstNonPartner).every((a) => !a.Partner)).toBe(true);
    });

    it("lists one city's agencies by the city's slug", async () => {
      const all = (await get('/api/Agency/List')).json() as { CityName: string | null }[];
      const cityName = all.find((a) => a.CityName)!.CityName!;
      const [m] = await testDb.database.db
        .select({ slug: municipalities.slug })
        .from(municipalities)
        .where(eq(municipalities.name, cityName))
        .limit(1);
      const inCity = (await get(`/api/Agency/List?City=${m.slug}`)).json() as { CityName: string }[];
      expect(inCity.length).toBeGreaterThan(0);
      expect(inCity.every((a) => a.CityName === cityName)).toBe(true);
      expect((await get('/api/Agency/List?City=paese-che-non-esiste')).json()).toEqual([]);
    });

    it('refuses a malformed city slug', async () => {
      expectError(await get('/api/Agency/List?City=Milano%20Centro'), 'ValidationError');
    });
  });

  describe('downloads', () => {
    it('lists the documents with a download URL each', async () => {
      const list = (await get('/api/Download/List')).json() as {
        Id: number;
        Kind: number;
        Url: string;
        UpdatedAt: string;
        FileName: string;
      }[];
      expect(list.length).toBeGreaterThan(0);
      for (const item of list) {
        expect(item.Kind).toBeGreaterThanOrEqual(1);
        expect(item.Kind).toBeLessThanOrEqual(14);
        expect(item.Url).toBe(`/api/Download/Get/${item.Id}`);
        expect(new Date(item.UpdatedAt).toISOString()).toBe(item.UpdatedAt);
      }
    });

    it('serves a real PDF with its name, type and length', async () => {
      const [item] = (await get('/api/Download/List')).json() as { Url: string; FileName: string; SizeBytes: number }[];
      const res = await get(item.Url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBe(item.SizeBytes);
      expect(res.headers['content-disposition']).toContain(`filename="${item.FileName}"`);
    });

    it('answers 400 for an id that is not a positive integer and 404 for an unknown one', async () => {
      for (const id of ['abc', '1.5', '-1', '0', '99999999999'])
        expectError(await get(`/api/Download/Get/${id}`), 'ValidationError');
      expectError(await get('/api/Download/Get/999999'), 'NotFound');
    });
  });

  describe('SEO links', () => {
    it('lists provinces with listings and their top cities, for sale and for rent', async () => {
      const res = await get('/api/Seo/FooterLinks');
      expect(res.statusCode).toBe(200);
      const { Sale, Rent } = res.json() as Record<
        'Sale' | 'Rent',
        { ProvinceCode: string; Url: string; ListingCount: number; Cities: { Url: string; ListingCount: number }[] }[]
      >;
      expect(Sale.length).toBeGreaterThan(0);
      expect(Sale.length).toBeLessThanOrEqual(FOOTER_PROVINCES);
      expect(Rent.length).toBeLessThanOrEqual(FOOTER_PROVINCES);
      expect(Rent.length).toBeGreaterThan(0);
      for (const p of Sale) {
        expect(p.Url).toMatch(/^\/comprocasa\/case\/[a-z0-9-]+\/comuni$/);
        const shown = p.Cities.reduce((n, c) => n + c.ListingCount, 0);
        if (p.Cities.length < FOOTER_CITIES_PER_PROVINCE) expect(p.ListingCount).toBe(shown);
        else expect(p.ListingCount).toBeGreaterThanOrEqual(shown);
        expect(p.Cities.length).toBeGreaterThan(0);
        for (const c of p.Cities) expect(c.Url).toMatch(/^\/vendita\/case\/[a-z0-9-]+\/[a-z0-9-]+\/\d{6}$/);
      }
      for (const p of Rent) {
        expect(p.Url).toMatch(/^\/trovocasa\/case\/[a-z0-9-]+\/comuni$/);
        for (const c of p.Cities) expect(c.Url).toMatch(/^\/affitto\/case\//);
      }
    });

    it('lists every municipality of a province, by sigla or by the slug of its name', async () => {
      const [milano] = await testDb.database.db.select().from(provinces).where(eq(provinces.sigla, 'MI'));
      const all = await testDb.database.db
        .select({ id: municipalities.id })
        .from(municipalities)
        .where(eq(municipalities.provinceId, milano.id));
      const bySigla = await get('/api/Seo/Municipalities/MI?SellType=2');
      expect(bySigla.statusCode).toBe(200);
      const body = bySigla.json() as {
        ProvinceCode: string;
        SellType: number;
        Municipalities: { Id: string; ListingCount: number; Url: string; IsMainTown: boolean }[];
      };
      expect(body).toMatchObject({ ProvinceCode: 'MI', SellType: 2 });
      expect(body.Municipalities).toHaveLength(all.length);
      expect(body.Municipalities.some((m) => m.ListingCount === 0)).toBe(true);
      expect(body.Municipalities[0].Url).toMatch(/^\/affitto\/case\/milano\//);
      // One main town, the most populous: Milano itself.
      const main = body.Municipalities.filter((m) => m.IsMainTown);
      expect(main.map((m) => m.Id)).toEqual(['015146']);
      const bySlug = (await get(`/api/Seo/Municipalities/${milano.slug}`)).json() as {
        SellType: number;
        Municipalities: unknown[];
      };
      expect(bySlug.SellType).toBe(1);
      expect(bySlug.Municipalities).toHaveLength(all.length);
      expect((await get('/api/Seo/Municipalities/mi')).statusCode).toBe(200);
    });

    it('answers 404 for an unknown province and 400 for a malformed one or a bad SellType', async () => {
      expectError(await get('/api/Seo/Municipalities/atlantide'), 'NotFound');
      expectError(await get('/api/Seo/Municipalities/x'), 'ValidationError');
      expectError(await get('/api/Seo/Municipalities/mi%20lano'), 'ValidationError');
      expectError(await get('/api/Seo/Municipalities/MI?SellType=9'), 'ValidationError');
    });
  });
});
