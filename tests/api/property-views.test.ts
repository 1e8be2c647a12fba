import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_STATUS, SELL_TYPE } from '../../server/db/reference-ids';
import { properties, propertyViews, users } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { BACKENDS, buildTestApp, openTestDatabase } from './helpers';

const PASSWORD = 'Ortensie.Blu#Lago71';
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

// Listing views (My listings' "Visualizzazioni"): POST /api/Property/{id}/View adds one to the
// listing's day when a person opens a published listing; crawlers, the owner, drafts and other
// statuses add nothing, every call answers 204 alike, and My listings shows the total.

for (const backend of BACKENDS) {
  describe(`Listing views (${backend.name})`, () => {
    let testDb: TestDatabase;
    let app: FastifyInstance;
    let ownerId = 0;
    let ownerBearer = '';

    beforeAll(async () => {
      testDb = await openTestDatabase(backend);
      app = await buildTestApp(testDb, { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } });
      const email = `viste.${backend.name}.${randomUUID().slice(0, 8)}@example.com`;
      expect((await app.inject({ method: 'POST', url: '/api/Account/Register', payload: { name: 'Ada', surname: 'Neri', email, TermsAndConditions: true, InfoPrivacy: true, password: PASSWORD } })).statusCode).toBe(200);
      ownerId = (await db().select().from(users).where(eq(users.email, email)))[0]!.id;
      await db().update(users).set({ registrationConfirmed: true, isSilent: false }).where(eq(users.id, ownerId));
      const userToken = (await app.inject({ method: 'POST', url: '/api/Account/Login', payload: { username: email, password: PASSWORD } })).json().UserToken as string;
      ownerBearer = (await app.inject({ method: 'POST', url: '/api/Account/Session', payload: { userToken, portal: 5 } })).json().Token as string;
    }, 180_000);
    afterAll(async () => {
      await app?.close();
      await testDb?.cleanup();
    });

    const db = () => testDb.database.db;

    async function listing(statusId: number): Promise<number> {
      const [row] = await db().insert(properties).values({ ownerUserId: ownerId, sellTypeId: SELL_TYPE.sale, statusId, title: 'Bilocale in via Po', publishedAt: statusId === 1 ? null : new Date() }).returning({ id: properties.id });
      return row!.id;
    }
    const view = (id: number, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url: `/api/Property/${id}/View`, headers: { 'user-agent': BROWSER, ...headers } });
    const viewsOf = async (id: number) => (await db().select().from(propertyViews).where(eq(propertyViews.propertyId, id))).reduce((sum, row) => sum + row.views, 0);

    it("counts people's views of a published listing by day, and My listings shows the total", async () => {
      const id = await listing(PROPERTY_STATUS.published);
      for (let i = 0; i < 3; i += 1) {
        const res = await view(id);
        expect(res.statusCode).toBe(204);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const rows = await db().select().from(propertyViews).where(eq(propertyViews.propertyId, id));
      expect(rows).toEqual([{ propertyId: id, day: new Date().toISOString().slice(0, 10), views: 3 }]);
      const mine = await app.inject({ method: 'GET', url: '/api/User/MyProperties', headers: { authorization: `Bearer ${ownerBearer}` } });
      expect(mine.json().Items.find((item: { Id: number }) => item.Id === id).Views).toBe(3);
    });

    it('does not count a crawler, the owner, or a listing that is not published, and answers them alike', async () => {
      const published = await listing(PROPERTY_STATUS.published);
      expect((await view(published, { 'user-agent': GOOGLEBOT })).statusCode).toBe(204);
      expect((await view(published, { authorization: `Bearer ${ownerBearer}` })).statusCode).toBe(204);
      expect(await viewsOf(published)).toBe(0);
      // A stale token still reads the page: its view counts as a visitor's.
      expect((await view(published, { authorization: 'Bearer not-a-token' })).statusCode).toBe(204);
      expect(await viewsOf(published)).toBe(1);
      for (const status of [PROPERTY_STATUS.incomplete, PROPERTY_STATUS.suspended, PROPERTY_STATUS.sold, PROPERTY_STATUS.deleted]) {
        const id = await listing(status);
        expect((await view(id)).statusCode).toBe(204);
        expect(await viewsOf(id)).toBe(0);
      }
      expect((await view(2_000_000_000)).statusCode).toBe(204);
      expect((await view(0)).statusCode).toBe(400);
    });

    it('a new listing shows 0 views in My listings', async () => {
      const id = await listing(PROPERTY_STATUS.published);
      const mine = await app.inject({ method: 'GET', url: '/api/User/MyProperties', headers: { authorization: `Bearer ${ownerBearer}` } });
      expect(mine.json().Items.find((item: { Id: number }) => item.Id === id).Views).toBe(0);
    });
  });
}
