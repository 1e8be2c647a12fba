import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonymousFavorites, favorites, properties, users } from '../../server/db/schema';
import {
  applyCookies,
  expectError,
  type CookieJar,
  describeOnBackends,
  confirmedAccount,
  loginBearer,
} from './helpers';
import { AUTH_COOKIE, SESSION_COOKIE } from '../../server/plugins/browser-session';

const PASSWORD = 'Ortensie.Blu#Lago71';

describeOnBackends(
  'Favourites',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000', REGISTER_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    let published: { id: number; price: number | null; ownerUserId: number }[];

    beforeAll(async () => {
      published = await suite.db
        .select({ id: properties.id, price: properties.price, ownerUserId: properties.ownerUserId })
        .from(properties)
        .where(eq(properties.statusId, 2))
        .orderBy(properties.id)
        .limit(8);
    }, 180_000);

    const db = () => suite.db;
    const caller = (bearer: string) => (method: 'GET' | 'PUT' | 'DELETE', url: string) =>
      suite.app.inject({ method, url, headers: { authorization: `Bearer ${bearer}` } });

    const register = (label: string) =>
      confirmedAccount(suite.app, suite.db, { email: `${label}.${backend.name}@example.com` });

    /** Logs in (optionally from a client that holds an anonymous bearer) and answers a bearer of the account. */
    const login = (email: string, anonymousBearer?: string) =>
      loginBearer(suite.app, { email, password: PASSWORD, anonymousBearer });

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

    it('keeps an anonymous visitor’s favourites and moves them to the account at login', async () => {
      const [p1, p2, p3] = published;
      const { email, id } = await register('anonimo');
      // The account already keeps p1 from another device.
      const other = caller(await login(email));
      expect((await other('PUT', `/api/User/Favorites/${p1!.id}`)).json()).toEqual({ Ok: true });

      const anonymous = await anonymousBearer();
      const call = caller(anonymous);
      expect((await call('GET', '/api/User/Favorites')).json()).toEqual({ Items: [] });
      for (const p of [p1!, p2!, p2!, p3!])
        expect((await call('PUT', `/api/User/Favorites/${p.id}`)).json()).toEqual({ Ok: true });
      expect((await call('DELETE', `/api/User/Favorites/${p3!.id}`)).json()).toEqual({ Ok: true });
      const list = (await call('GET', '/api/User/Favorites')).json().Items;
      expect(list.map((item: { Property: { Id: number } }) => item.Property.Id)).toEqual([p2!.id, p1!.id]);
      expect(list[0]).toMatchObject({
        PriceAtSave: p2!.price,
        PriceChange: p2!.price === null ? null : 0,
        Status: 2,
        Property: { Id: p2!.id, Title: expect.any(String) },
      });
      const anonymousRows = await db().select().from(anonymousFavorites);
      expect(anonymousRows.filter((row) => [p1!.id, p2!.id, p3!.id].includes(row.propertyId))).toHaveLength(2);

      const bearer = await login(email, anonymous);
      const account = caller(bearer);
      expect(
        (await account('GET', '/api/User/Favorites'))
          .json()
          .Items.map((item: { Property: { Id: number } }) => item.Property.Id)
          .sort(),
      ).toEqual([p1!.id, p2!.id].sort());
      expect(await db().select().from(favorites).where(eq(favorites.userId, id))).toHaveLength(2);
      const tokenId = anonymousRows[0]!.userTokenId;
      expect(await db().select().from(anonymousFavorites).where(eq(anonymousFavorites.userTokenId, tokenId))).toEqual(
        [],
      );
      // The anonymous session ended.
      expectError(await call('GET', '/api/User/Favorites'), 'InvalidSessionToken');
      expect((await account('GET', '/api/Account/Me')).json().favorites.sort()).toEqual([p1!.id, p2!.id].sort());
    });

    it('moves a browser’s anonymous favourites (cookie session) to the account it logs in to', async () => {
      const [, p2] = published;
      const { email, id } = await register('browser');
      const jar: CookieJar = {};
      const browser = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
        const res = await suite.app.inject({
          method,
          url,
          payload: payload as never,
          headers: { 'x-token-transport': 'cookie' },
          cookies: { ...jar },
        });
        applyCookies(jar, res);
        return res;
      };
      await browser('POST', '/api/Account/AnonymousLogin', { AnonymousToken: crypto.randomUUID(), portal: 5 });
      await browser('POST', '/api/Account/Session', { portal: 5 });
      expect((await browser('PUT', `/api/User/Favorites/${p2!.id}`)).json()).toEqual({ Ok: true });
      expect((await browser('GET', '/api/User/Favorites')).json().Items).toHaveLength(1);
      // The visitor comes back (a new page, its session token gone): its anonymous session and favourites stay.
      const anonymousSession = jar[SESSION_COOKIE];
      delete jar[AUTH_COOKIE];
      expect(
        (
          await browser('POST', '/api/Account/AnonymousLogin', { AnonymousToken: crypto.randomUUID(), portal: 5 })
        ).json(),
      ).toEqual({});
      expect(jar[SESSION_COOKIE]).toBe(anonymousSession);
      await browser('POST', '/api/Account/Session', { portal: 5 });
      expect((await browser('GET', '/api/User/Favorites')).json().Items).toHaveLength(1);
      expect((await browser('POST', '/api/Account/Login', { username: email, password: PASSWORD })).statusCode).toBe(
        200,
      );
      expect(
        (await browser('GET', '/api/User/Favorites'))
          .json()
          .Items.map((item: { Property: { Id: number } }) => item.Property.Id),
      ).toEqual([p2!.id]);
      expect(
        (await db().select().from(favorites).where(eq(favorites.userId, id))).map((row) => row.propertyId),
      ).toEqual([p2!.id]);
    });

    it('moves an anonymous visitor’s favourites to the account a registration opens', async () => {
      const [p1] = published;
      const anonymous = await anonymousBearer();
      await caller(anonymous)('PUT', `/api/User/Favorites/${p1!.id}`);
      const email = `registrato.${backend.name}@example.com`;
      const res = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/Register',
        payload: {
          name: 'Pia',
          surname: 'Sala',
          email,
          TermsAndConditions: true,
          InfoPrivacy: true,
          password: PASSWORD,
        },
        headers: { authorization: `Bearer ${anonymous}` },
      });
      expect(res.statusCode).toBe(200);
      const id = (await db().select().from(users).where(eq(users.email, email)))[0]!.id;
      expect(
        (await db().select().from(favorites).where(eq(favorites.userId, id))).map((row) => row.propertyId),
      ).toEqual([p1!.id]);
      expectError(await caller(anonymous)('GET', '/api/User/Favorites'), 'InvalidSessionToken');
    });

    it('adds once, only published listings, and shows price changes, sold and suspended ones', async () => {
      const [, , , p4, p5, p6] = published;
      const { email, id } = await register('stati');
      const call = caller(await login(email));
      expect((await call('PUT', `/api/User/Favorites/${p4!.id}`)).statusCode).toBe(200);
      expect((await call('PUT', `/api/User/Favorites/${p4!.id}`)).statusCode).toBe(200);
      expect(await db().select().from(favorites).where(eq(favorites.userId, id))).toHaveLength(1);

      const [draft] = await db()
        .insert(properties)
        .values({ ownerUserId: p4!.ownerUserId, statusId: 1, title: 'Bozza' })
        .returning({ id: properties.id });
      const [deleted] = await db()
        .insert(properties)
        .values({ ownerUserId: p4!.ownerUserId, statusId: 5, title: 'Cancellato' })
        .returning({ id: properties.id });
      expectError(await call('PUT', `/api/User/Favorites/${draft!.id}`), 'PropertyNotFound');
      expectError(await call('PUT', `/api/User/Favorites/${deleted!.id}`), 'PropertyNotFound');
      expectError(await call('PUT', '/api/User/Favorites/2147483000'), 'PropertyNotFound');
      expectError(await call('PUT', '/api/User/Favorites/abc'), 'ValidationError');

      await call('PUT', `/api/User/Favorites/${p5!.id}`);
      await call('PUT', `/api/User/Favorites/${p6!.id}`);
      await db().update(properties).set({ price: 100_000 }).where(eq(properties.id, p4!.id));
      await db().update(properties).set({ statusId: 4 }).where(eq(properties.id, p5!.id));
      await db().update(properties).set({ statusId: 5 }).where(eq(properties.id, p6!.id));
      const items = (await call('GET', '/api/User/Favorites')).json().Items as {
        Property: { Id: number; Price: number };
        PriceChange: number | null;
        Status: number;
      }[];
      expect(items.map((item) => [item.Property.Id, item.Status])).toEqual([
        [p5!.id, 4],
        [p4!.id, 2],
      ]);
      expect(items[1]!.PriceChange).toBe(p4!.price === null ? null : 100_000 - p4!.price);
      expect((await call('GET', '/api/Account/Me')).json().favorites).toEqual([p5!.id, p4!.id]);
    });

    it('uses only the bearer’s identity: a user never sees nor removes another’s favourites', async () => {
      const [p1, p2] = published;
      const a = await register('utente-a');
      const b = await register('utente-b');
      const callA = caller(await login(a.email));
      const callB = caller(await login(b.email));
      await callA('PUT', `/api/User/Favorites/${p1!.id}`);
      await callB('PUT', `/api/User/Favorites/${p2!.id}`);
      expect(
        (await callB('GET', '/api/User/Favorites'))
          .json()
          .Items.map((item: { Property: { Id: number } }) => item.Property.Id),
      ).toEqual([p2!.id]);
      expect((await callB('DELETE', `/api/User/Favorites/${p1!.id}`)).statusCode).toBe(200);
      expect(
        (await callA('GET', '/api/User/Favorites'))
          .json()
          .Items.map((item: { Property: { Id: number } }) => item.Property.Id),
      ).toEqual([p1!.id]);
      expectError(await suite.app.inject({ url: '/api/User/Favorites' }), 'MissingToken');
    });

    it('holds the limit of 500 when favourites arrive at once', async () => {
      const { email, id } = await register('insieme');
      const call = caller(await login(email));
      const owner = published[0]!.ownerUserId;
      const rows = await db()
        .insert(properties)
        .values(
          Array.from({ length: 510 }, (_, i) => ({
            ownerUserId: owner,
            statusId: 2,
            title: `Annuncio ${i}`,
            price: 1000 + i,
            publishedAt: new Date(),
          })),
        )
        .returning({ id: properties.id });
      await db()
        .insert(favorites)
        .values(rows.slice(0, 495).map((row) => ({ userId: id, propertyId: row.id, priceAtSave: 1000 })));
      const answers = await Promise.all(rows.slice(495).map((row) => call('PUT', `/api/User/Favorites/${row.id}`)));
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
      for (const answer of answers.filter((answer) => answer.statusCode !== 200))
        expectError(answer, 'FavoriteLimitReached');
      expect(await db().select().from(favorites).where(eq(favorites.userId, id))).toHaveLength(500);
      await db()
        .delete(properties)
        .where(
          inArray(
            properties.id,
            rows.map((row) => row.id),
          ),
        );
    });

    it('keeps at most 500 favourites', async () => {
      const { email, id } = await register('cinquecento');
      const call = caller(await login(email));
      const owner = published[0]!.ownerUserId;
      const rows = await db()
        .insert(properties)
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            ownerUserId: owner,
            statusId: 2,
            title: `Annuncio ${i}`,
            price: 1000 + i,
            publishedAt: new Date(),
          })),
        )
        .returning({ id: properties.id });
      await db()
        .insert(favorites)
        .values(rows.map((row) => ({ userId: id, propertyId: row.id, priceAtSave: 1000 })));
      expectError(await call('PUT', `/api/User/Favorites/${published[7]!.id}`), 'FavoriteLimitReached');
      // One already kept is still fine (idempotent).
      expect((await call('PUT', `/api/User/Favorites/${rows[0]!.id}`)).statusCode).toBe(200);
      expect((await call('GET', '/api/User/Favorites')).json().Items).toHaveLength(500);
      await db()
        .delete(properties)
        .where(
          inArray(
            properties.id,
            rows.map((row) => row.id),
          ),
        );
      expect(
        await db()
          .select()
          .from(favorites)
          .where(and(eq(favorites.userId, id))),
      ).toEqual([]);
    });

    // FavoritesCount (the public page and the owner's My listings): what a person can do once,
    // a confirmed account other than the owner (server/modules/shared/favorites-count.ts).
    describe('FavoritesCount', () => {
      let owner: { id: number; bearer: string };
      let clients = 0;

      beforeAll(async () => {
        const { email, id } = await register('proprietario.conteggio');
        owner = { id, bearer: await login(email) };
      });

      async function ownListing(): Promise<number> {
        const [row] = await db()
          .insert(properties)
          .values({
            ownerUserId: owner.id,
            sellTypeId: 1,
            statusId: 2,
            title: 'Trilocale in via Roma',
            price: 250_000,
            publishedAt: new Date(),
          })
          .returning({ id: properties.id });
        return row!.id;
      }
      /** The figure as buyers read it (the public page) and as the owner reads it (My listings): always the same. */
      async function countOf(id: number): Promise<number> {
        const page = await suite.app.inject({ method: 'GET', url: `/api/Property/${id}` });
        expect(page.statusCode).toBe(200);
        const mine = await caller(owner.bearer)('GET', '/api/User/MyProperties');
        const item = mine.json().Items.find((listing: { Id: number }) => listing.Id === id);
        expect(item.FavoritesCount).toBe(page.json().FavoritesCount);
        return page.json().FavoritesCount as number;
      }
      async function anonymousFrom(remoteAddress: string) {
        const userToken = (
          await suite.app.inject({
            method: 'POST',
            url: '/api/Account/AnonymousLogin',
            payload: { AnonymousToken: crypto.randomUUID(), portal: 5 },
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

      it('five throwaway anonymous sessions from one client raise it by nothing', async () => {
        const id = await ownListing();
        clients += 1;
        for (let i = 0; i < 5; i += 1) {
          const bearer = await anonymousFrom(`198.51.100.${clients}`);
          expect((await caller(bearer)('PUT', `/api/User/Favorites/${id}`)).json()).toEqual({ Ok: true });
          // Each one still keeps it in its own list.
          expect((await caller(bearer)('GET', '/api/User/Favorites')).json().Items).toHaveLength(1);
        }
        expect(await db().select().from(anonymousFavorites).where(eq(anonymousFavorites.propertyId, id))).toHaveLength(
          5,
        );
        expect(await countOf(id)).toBe(0);
      });

      it("counts a confirmed account's favourite, not the owner's own, and an unconfirmed account's from its confirmation", async () => {
        const id = await ownListing();
        const buyer = await register('acquirente.conteggio');
        expect((await caller(await login(buyer.email))('PUT', `/api/User/Favorites/${id}`)).json()).toEqual({
          Ok: true,
        });
        expect(await countOf(id)).toBe(1);
        expect((await caller(owner.bearer)('PUT', `/api/User/Favorites/${id}`)).json()).toEqual({ Ok: true });
        expect(await countOf(id)).toBe(1);

        // A rapid registration (address not confirmed) keeps it in its list without counting yet.
        const email = `rapida.conteggio.${backend.name}@example.com`;
        const registered = await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Register',
          payload: {
            name: 'Ugo',
            surname: 'Neri',
            email,
            TermsAndConditions: true,
            InfoPrivacy: true,
            password: PASSWORD,
          },
        });
        expect(registered.statusCode).toBe(200);
        const rapid = (
          await suite.app.inject({
            method: 'POST',
            url: '/api/Account/Session',
            payload: { userToken: registered.json().Token, portal: 5 },
          })
        ).json().Token as string;
        expect((await caller(rapid)('PUT', `/api/User/Favorites/${id}`)).json()).toEqual({ Ok: true });
        expect(await countOf(id)).toBe(1);
        await db().update(users).set({ registrationConfirmed: true }).where(eq(users.email, email));
        expect(await countOf(id)).toBe(2);
        // A suspended account's no longer counts.
        await db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, buyer.id));
        expect(await countOf(id)).toBe(1);
      });

      it('counts an anonymous favourite once it moves to a confirmed account at login', async () => {
        const id = await ownListing();
        clients += 1;
        const anonymous = await anonymousFrom(`198.51.100.${clients}`);
        await caller(anonymous)('PUT', `/api/User/Favorites/${id}`);
        expect(await countOf(id)).toBe(0);
        const buyer = await register('adottante.conteggio');
        await login(buyer.email, anonymous);
        expect(await countOf(id)).toBe(1);
      });
    });
  },
);
