import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sessionTokens, userActionTokens, userTokens } from '../../server/db/schema';
import { sessionCookieNames } from '../../server/plugins/browser-session';
import { DATA_EXPORT_SECTIONS, LISTING_EXPORT_COVERAGE } from '../../server/modules/profile/data-export';
import { DATA_EXPORT_PER_HOUR } from '../../server/modules/profile/export-routes';
import { fillAccountData, twoListings } from './account-data-fixture';
import { buildTestApp, describeOnBackends, expectError, signedInUser } from './helpers';

// GET /api/User/Export ("Scarica i tuoi dati"): the account's data, and nobody else's.

describeOnBackends(
  'Data export',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const newUser = (label: string, surname = 'Sala') =>
      signedInUser(suite.app, suite.db, { email: `${label}.${suite.backend.name}@example.com`, surname });

    it('gives a file with every area of the user’s data, and nothing of another user’s', async () => {
      const me = await newUser('esporta', 'Fontana');
      const other = await newUser('vicino', 'Bragadin');
      const [mine, theirs] = await twoListings(suite.db, 4);
      await fillAccountData(suite.db, {
        userId: me.id,
        otherUserId: other.id,
        ownPropertyId: mine,
        otherPropertyId: theirs,
        tag: 'mio',
      });
      await fillAccountData(suite.db, {
        userId: other.id,
        otherUserId: me.id,
        ownPropertyId: theirs,
        otherPropertyId: mine,
        tag: 'altrui',
      });

      const res = await me.call('GET', '/api/User/Export');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="rexer-dati-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.json();

      for (const section of DATA_EXPORT_SECTIONS) {
        if (section === 'account') continue;
        expect(data[section], section).not.toHaveLength(0);
      }
      expect(data.account).toMatchObject({ id: me.id, email: me.email, surname: 'Fontana' });
      expect(data.consents[0]).toMatchObject({ kind: expect.any(String), textVersion: expect.any(String) });
      expect(data.consents[0].recordedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(data.addresses.map((a: { street: string }) => a.street)).toContain('Via mio');
      expect(data.favourites).toEqual([{ propertyId: theirs, title: expect.any(String) }]);
      expect(data.savedSearches.map((s: { name: string }) => s.name)).toEqual(['Ricerca mio']);
      expect(data.listings.map((l: { id: number }) => l.id)).toEqual([mine]);
      expect(data.listings[0].photos).toContainEqual({
        address: `/media/media/listings/${mine}/fixture-mio-FULL.jpg`,
        mediaTypeId: 1,
      });
      // Every table hanging off a listing that the export puts under it has the fixture's rows there.
      for (const [table, place] of Object.entries(LISTING_EXPORT_COVERAGE))
        if ('listing' in place) expect(data.listings[0][place.listing], table).not.toHaveLength(0);
      expect(data.listings[0].visitWindows).toContainEqual({
        id: expect.any(Number),
        weekday: 6,
        startsMinute: 600,
        endsMinute: 720,
      });
      expect(data.listings[0].priceChanges).toContainEqual(
        expect.objectContaining({ oldPrice: 250_000, newPrice: 240_000, changedAt: expect.any(String) }),
      );
      // The user's own read mark of each thread (message_thread_reads).
      for (const thread of data.messageThreads)
        expect(thread.readMark).toEqual({ lastReadMessageId: 0, lastMailedAt: null });
      expect(data.valuations.map((v: { address: string }) => v.address)).toEqual(['Via mio 1, Milano']);
      expect(data.orders).toHaveLength(1);
      // The user's own review of Rexer with its status and reason, not who moderated it.
      expect(data.siteReviews).toEqual([
        expect.objectContaining({ title: 'Recensione mio', status: 'rejected', rejectionReason: 'Motivo mio' }),
      ]);
      expect(data.siteReviews[0]).not.toHaveProperty('moderatedByUserId');
      // The visit asked for and the one received, each with the other party by first name only.
      expect(data.visits.map((v: { role: string }) => v.role).sort()).toEqual(['owner', 'requester']);
      expect(data.visits.every((v: { otherPartyFirstName: string }) => v.otherPartyFirstName === 'Pia')).toBe(true);
      expect(data.messageThreads.map((t: { role: string }) => t.role).sort()).toEqual(['buyer', 'owner']);
      const began = data.messageThreads.find((t: { role: string }) => t.role === 'buyer');
      expect(began.messages).toEqual([
        { from: 'me', text: 'Domanda mio', sentAt: expect.any(String) },
        { from: 'otherParty', text: 'Risposta mio', sentAt: expect.any(String) },
      ]);

      // Nothing of the other user's own, no secret of either.
      const text = res.body;
      for (const foreign of [other.email, 'Bragadin', 'Via altrui', 'Ricerca altrui', 'Recensione altrui'])
        expect(text, foreign).not.toContain(foreign);
      for (const secret of ['passwordHash', 'tokenHash', 'providerSubject', 'idempotencyKey', me.bearer, me.password])
        expect(text, secret).not.toContain(secret);
      const hashes = [
        ...(await suite.db.select({ h: userTokens.tokenHash }).from(userTokens).where(eq(userTokens.userId, me.id))),
        ...(await suite.db
          .select({ h: sessionTokens.tokenHash })
          .from(sessionTokens)
          .where(eq(sessionTokens.userId, me.id))),
        ...(await suite.db
          .select({ h: userActionTokens.tokenHash })
          .from(userActionTokens)
          .where(eq(userActionTokens.userId, me.id))),
      ].map((row) => row.h);
      expect(hashes.length).toBeGreaterThan(2);
      for (const hash of hashes) expect(text).not.toContain(hash);
    });

    it('places every table that hangs off a listing (a foreign key to properties), or says why it is left out', async () => {
      const result = await suite.db.execute<{ name: string }>(sql`
        select distinct c.conrelid::regclass::text as name
          from pg_constraint c
         where c.contype = 'f' and c.confrelid = 'public.properties'::regclass and c.conrelid <> c.confrelid`);
      const inCatalogue = result.rows.map((row) => row.name).sort();
      const listed = Object.keys(LISTING_EXPORT_COVERAGE).sort();
      const notPlaced = inCatalogue.filter((name) => !listed.includes(name));
      expect(notPlaced, `tables of a listing the export does not place: ${notPlaced.join(', ')}`).toEqual([]);
      expect(listed.filter((name) => !inCatalogue.includes(name))).toEqual([]);
    });

    it('asks for a recent login, and answers once the password is typed again', async () => {
      const me = await newUser('esporta.tardi');
      await suite.db
        .update(userTokens)
        .set({ authenticatedAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(userTokens.userId, me.id));
      const refused = await me.call('GET', '/api/User/Export');
      expectError(refused, 'RecentLoginRequired');
      expect(refused.headers['content-disposition']).toBeUndefined();
      expect((await me.call('POST', '/api/User/Reauthenticate', { password: me.password })).statusCode).toBe(200);
      const res = await me.call('GET', '/api/User/Export');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().account.email).toBe(me.email);
    });

    it('refuses an export another site started, before it counts: the owner keeps the hour’s exports', async () => {
      const me = await newUser('esporta.altrove');
      const { auth } = sessionCookieNames(suite.app.config.cookieSecure);
      const withCookie = (headers: Record<string, string>) =>
        suite.app.inject({ url: '/api/User/Export', headers: { cookie: `${auth}=${me.bearer}`, ...headers } });
      // A link or a navigation from another site carries the SameSite=Lax cookie.
      for (let i = 0; i <= DATA_EXPORT_PER_HOUR; i += 1) {
        const refused = await withCookie({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' });
        expectError(refused, 'Forbidden');
        expect(refused.headers['content-disposition']).toBeUndefined();
      }
      // Another origin of the same site, by navigation (no Origin) or by a fetch from there.
      expectError(await withCookie({ 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' }), 'Forbidden');
      expectError(await withCookie({ 'sec-fetch-site': 'same-site', origin: 'https://blog.rexer.test' }), 'Forbidden');
      // A browser that sends no Sec-Fetch-Site (Safari before 16.4) following another site's link,
      // and a typed address: the cookie alone, without the app's transport header, is refused.
      expectError(await withCookie({}), 'Forbidden');
      expectError(await withCookie({ 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }), 'Forbidden');
      // The app's own fetch (same-origin, or from such a Safari), and a client that is no browser (a bearer).
      const app = { 'x-token-transport': 'cookie' };
      expect((await withCookie({ ...app, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' })).statusCode).toBe(
        200,
      );
      expect((await withCookie(app)).statusCode).toBe(200);
      for (let i = 2; i < DATA_EXPORT_PER_HOUR; i += 1)
        expect((await me.call('GET', '/api/User/Export')).statusCode).toBe(200);
      expectError(await me.call('GET', '/api/User/Export'), 'TooManyRequests');
    });

    it('does not count an export refused for an old login', async () => {
      const me = await newUser('esporta.vecchio');
      await suite.db
        .update(userTokens)
        .set({ authenticatedAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(userTokens.userId, me.id));
      for (let i = 0; i <= DATA_EXPORT_PER_HOUR; i += 1)
        expectError(await me.call('GET', '/api/User/Export'), 'RecentLoginRequired');
      expect((await me.call('POST', '/api/User/Reauthenticate', { password: me.password })).statusCode).toBe(200);
      for (let i = 0; i < DATA_EXPORT_PER_HOUR; i += 1)
        expect((await me.call('GET', '/api/User/Export')).statusCode).toBe(200);
      expectError(await me.call('GET', '/api/User/Export'), 'TooManyRequests');
    });

    it('refuses an anonymous caller', async () => {
      expectError(await suite.app.inject({ url: '/api/User/Export' }), 'MissingToken');
      const anonymous = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/AnonymousLogin',
        payload: { AnonymousToken: crypto.randomUUID(), portal: 5 },
      });
      const session = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/Session',
        payload: { userToken: anonymous.json().Token, portal: 5 },
      });
      const bearer = session.json().Token as string;
      expectError(
        await suite.app.inject({ url: '/api/User/Export', headers: { authorization: `Bearer ${bearer}` } }),
        'Unauthorized',
      );
    });

    it('counts a HEAD with the GETs (the same handler runs): it does not double the limit', async () => {
      const me = await newUser('esporta.head');
      for (let i = 0; i < DATA_EXPORT_PER_HOUR; i += 1)
        expect((await me.call('GET', '/api/User/Export')).statusCode).toBe(200);
      const head = await suite.app.inject({
        method: 'HEAD',
        url: '/api/User/Export',
        headers: { authorization: `Bearer ${me.bearer}` },
      });
      expect(head.statusCode).toBe(429);
    });

    it(`answers 429 after ${DATA_EXPORT_PER_HOUR} exports in an hour, per user`, async () => {
      const me = await newUser('esporta.spesso');
      const other = await newUser('esporta.altro');
      for (let i = 0; i < DATA_EXPORT_PER_HOUR; i += 1)
        expect((await me.call('GET', '/api/User/Export')).statusCode).toBe(200);
      const limited = await me.call('GET', '/api/User/Export');
      expectError(limited, 'TooManyRequests');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await other.call('GET', '/api/User/Export')).statusCode).toBe(200);
      // Another server on the same database knows the count: the limit is not per process.
      const second = await buildTestApp(suite.testDb, { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0' } });
      try {
        const elsewhere = await second.inject({
          url: '/api/User/Export',
          headers: { authorization: `Bearer ${me.bearer}` },
        });
        expectError(elsewhere, 'TooManyRequests');
      } finally {
        await second.close();
      }
    });
  },
);
