import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { PROPERTY_STATUS, SELL_TYPE } from '../../server/db/reference-ids';
import { viewVisitorsKeptFrom } from '../../server/jobs/housekeeping';
import { purgeViewVisitors } from '../../server/modules/property/repository';
import { properties, propertyViews, propertyViewVisitors } from '../../server/db/schema';
import { buildTestApp, describeOnBackends, signedInUser } from './helpers';

const PASSWORD = 'Ortensie.Blu#Lago71';
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

// Listing views (My listings' "Visualizzazioni"): POST /api/Property/{id}/View adds one to the
// listing's day when a person opens a published listing, once per visitor and day (a confirmed
// account, or else the client's address); crawlers, the owner, drafts and other statuses add
// nothing, every call answers 204 alike, and My listings shows the total.

describeOnBackends(
  'Listing views',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000', REGISTER_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    let ownerId = 0;
    let ownerBearer = '';

    beforeAll(async () => {
      ({ id: ownerId, bearer: ownerBearer } = await signedInUser(suite.app, suite.db, {
        email: `viste.${backend.name}.${randomUUID().slice(0, 8)}@example.com`,
        name: 'Ada',
        surname: 'Neri',
      }));
    }, 180_000);

    const db = () => suite.db;

    async function listing(statusId: number): Promise<number> {
      const [row] = await db()
        .insert(properties)
        .values({
          ownerUserId: ownerId,
          sellTypeId: SELL_TYPE.sale,
          statusId,
          title: 'Bilocale in via Po',
          publishedAt: statusId === 1 ? null : new Date(),
        })
        .returning({ id: properties.id });
      return row!.id;
    }
    const view = (
      id: number,
      headers: Record<string, string> = {},
      remoteAddress = '198.51.100.7',
      server = suite.app,
    ) =>
      server.inject({
        method: 'POST',
        url: `/api/Property/${id}/View`,
        headers: { 'user-agent': BROWSER, ...headers },
        remoteAddress,
      });
    const viewsOf = async (id: number) =>
      (await db().select().from(propertyViews).where(eq(propertyViews.propertyId, id))).reduce(
        (sum, row) => sum + row.views,
        0,
      );
    const today = () => new Date().toISOString().slice(0, 10);
    /** Moves the listing's counted views and visitors one day back: the next view happens "the next day". */
    const aDayPasses = async (id: number) => {
      await db().execute(sql`update property_views set day = day - 1 where property_id = ${id}`);
      await db().execute(sql`update property_view_visitors set day = day - 1 where property_id = ${id}`);
    };
    async function anonymousBearer(remoteAddress: string) {
      const userToken = (
        await suite.app.inject({
          method: 'POST',
          url: '/api/Account/AnonymousLogin',
          payload: { AnonymousToken: randomUUID(), portal: 5 },
          remoteAddress,
        })
      ).json().Token as string;
      return (
        await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Session',
          payload: { userToken, portal: 5 },
          remoteAddress,
        })
      ).json().Token as string;
    }
    /** A registered account's bearer: a confirmed account's login, or the silent session of a rapid registration. */
    async function accountBearer(label: string, confirmed: boolean) {
      const email = `${label}.${backend.name}.${randomUUID().slice(0, 8)}@example.com`;
      if (confirmed)
        return (
          await signedInUser(suite.app, suite.db, { email, name: 'Leo', surname: 'Riva', remoteAddress: '192.0.2.200' })
        ).bearer;
      const registered = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/Register',
        payload: {
          name: 'Leo',
          surname: 'Riva',
          email,
          TermsAndConditions: true,
          InfoPrivacy: true,
          password: PASSWORD,
        },
        remoteAddress: '192.0.2.200',
      });
      expect(registered.statusCode).toBe(200);
      const userToken = registered.json().Token as string;
      return (
        await suite.app.inject({ method: 'POST', url: '/api/Account/Session', payload: { userToken, portal: 5 } })
      ).json().Token as string;
    }

    it('counts a visitor once per listing and day: 40 views from one client are 1, a second client makes 2, and My listings shows it', async () => {
      const id = await listing(PROPERTY_STATUS.published);
      for (let i = 0; i < 40; i += 1) {
        const res = await view(id);
        expect(res.statusCode).toBe(204);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect(await db().select().from(propertyViews).where(eq(propertyViews.propertyId, id))).toEqual([
        { propertyId: id, day: today(), views: 1 },
      ]);
      for (let i = 0; i < 40; i += 1) await view(id, {}, '203.0.113.54');
      expect(await viewsOf(id)).toBe(2);
      const mine = await suite.app.inject({
        method: 'GET',
        url: '/api/User/MyProperties',
        headers: { authorization: `Bearer ${ownerBearer}` },
      });
      expect(mine.json().Items.find((item: { Id: number }) => item.Id === id).Views).toBe(2);
      // Neither address is stored: only the keyed hashes of the day.
      const visitors = await db().select().from(propertyViewVisitors).where(eq(propertyViewVisitors.propertyId, id));
      expect(visitors).toHaveLength(2);
      for (const row of visitors) expect(row.visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(JSON.stringify(visitors)).not.toMatch(/198\.51|203\.0/);
    });

    it('counts the same client again the next day, once', async () => {
      const id = await listing(PROPERTY_STATUS.published);
      for (let i = 0; i < 3; i += 1) await view(id, {}, '198.51.100.140');
      await aDayPasses(id);
      for (let i = 0; i < 3; i += 1) await view(id, {}, '198.51.100.140');
      const rows = await db()
        .select()
        .from(propertyViews)
        .where(eq(propertyViews.propertyId, id))
        .orderBy(propertyViews.day);
      expect(rows.map((row) => row.views)).toEqual([1, 1]);
      expect(rows[1]!.day).toBe(today());
    });

    it('does not take throwaway anonymous sessions for people: five from one client count 1', async () => {
      const id = await listing(PROPERTY_STATUS.published);
      for (let i = 0; i < 5; i += 1) {
        const bearer = await anonymousBearer('198.51.100.77');
        expect((await view(id, { authorization: `Bearer ${bearer}` }, '198.51.100.77')).statusCode).toBe(204);
      }
      expect(await viewsOf(id)).toBe(1);
    });

    it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4', async () => {
      const id = await listing(PROPERTY_STATUS.published);
      await view(id, {}, '2001:db8:1:2::1');
      await view(id, {}, '2001:db8:1:2:ffff:ffff:ffff:fffe');
      expect(await viewsOf(id)).toBe(1);
      await view(id, {}, '2001:db8:1:3::1');
      expect(await viewsOf(id)).toBe(2);
      await view(id, {}, '192.0.2.33');
      await view(id, {}, '::ffff:192.0.2.33');
      expect(await viewsOf(id)).toBe(3);
    });

    it('counts a confirmed account once wherever it reads from; an unconfirmed one counts as its address', async () => {
      const id = await listing(PROPERTY_STATUS.published);
      const confirmed = await accountBearer('letrice', true);
      await view(id, { authorization: `Bearer ${confirmed}` }, '198.51.100.91');
      await view(id, { authorization: `Bearer ${confirmed}` }, '203.0.113.91');
      expect(await viewsOf(id)).toBe(1);
      // Several rapid registrations from one address are that address once.
      for (let i = 0; i < 3; i += 1)
        await view(id, { authorization: `Bearer ${await accountBearer(`rapida${i}`, false)}` }, '198.51.100.92');
      expect(await viewsOf(id)).toBe(2);
    });

    it('holds across servers: the same client on two instances of the app counts once', async () => {
      const other = await buildTestApp(suite.testDb, { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0' } });
      try {
        const id = await listing(PROPERTY_STATUS.published);
        await Promise.all([
          view(id, {}, '198.51.100.120'),
          view(id, {}, '198.51.100.120', other),
          view(id, {}, '198.51.100.120'),
          view(id, {}, '198.51.100.120', other),
        ]);
        expect(await viewsOf(id)).toBe(1);
      } finally {
        await other.close();
      }
    });

    it("keeps no visitor once its day is over; the days' counts stay", async () => {
      const id = await listing(PROPERTY_STATUS.published);
      await view(id, {}, '198.51.100.130');
      await aDayPasses(id);
      await aDayPasses(id);
      await view(id, {}, '198.51.100.130');
      expect(await purgeViewVisitors(db(), viewVisitorsKeptFrom(new Date()))).toBeGreaterThanOrEqual(1);
      const visitors = await db().select().from(propertyViewVisitors).where(eq(propertyViewVisitors.propertyId, id));
      expect(visitors.map((row) => row.day)).toEqual([today()]);
      expect(await viewsOf(id)).toBe(2);
    });

    it('does not count a crawler, the owner, or a listing that is not published, and answers them alike', async () => {
      const published = await listing(PROPERTY_STATUS.published);
      expect((await view(published, { 'user-agent': GOOGLEBOT })).statusCode).toBe(204);
      expect((await view(published, { authorization: `Bearer ${ownerBearer}` })).statusCode).toBe(204);
      expect(await viewsOf(published)).toBe(0);
      // A stale token still reads the page: its view counts as a visitor's.
      expect((await view(published, { authorization: 'Bearer not-a-token' })).statusCode).toBe(204);
      expect(await viewsOf(published)).toBe(1);
      // The owner's view is not counted, and does not take the address's place for the day either way.
      expect((await view(published, { authorization: `Bearer ${ownerBearer}` }, '198.51.100.8')).statusCode).toBe(204);
      expect(await viewsOf(published)).toBe(1);
      for (const status of [
        PROPERTY_STATUS.incomplete,
        PROPERTY_STATUS.suspended,
        PROPERTY_STATUS.sold,
        PROPERTY_STATUS.deleted,
      ]) {
        const id = await listing(status);
        expect((await view(id)).statusCode).toBe(204);
        expect(await viewsOf(id)).toBe(0);
      }
      expect((await view(2_000_000_000)).statusCode).toBe(204);
      expect((await view(0)).statusCode).toBe(400);
    });

    it('a new listing shows 0 views in My listings', async () => {
      const id = await listing(PROPERTY_STATUS.published);
      const mine = await suite.app.inject({
        method: 'GET',
        url: '/api/User/MyProperties',
        headers: { authorization: `Bearer ${ownerBearer}` },
      });
      expect(mine.json().Items.find((item: { Id: number }) => item.Id === id).Views).toBe(0);
    });
  },
);
