import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, savedSearches, users } from '../../server/db/schema';
import { deleteLinkToken } from '../../server/modules/saved-searches/links';
import { summarize } from '../../server/modules/saved-searches/summary';
import { expectError, describeOnBackends, signedInUser } from './helpers';

describe('saved-search summaries', () => {
  it('describes a search in one Italian line', () => {
    expect(
      summarize(
        {
          SearchType: 'town',
          Town: '037006',
          SellType: 1,
          Sort: 'relevance',
          Type: 'trilocali',
          PriceMax: 450000,
          SurfaceMin: 70,
        },
        { town: 'Bologna' },
      ),
    ).toBe('Trilocali in vendita a Bologna, fino a 450.000 €, da 70 m²');
    expect(
      summarize(
        { SearchType: 'province', Province: 'MI', SellType: 2, Sort: 'relevance', PriceMin: 800, PriceMax: 1200 },
        { province: 'Milano' },
      ),
    ).toBe('Immobili in affitto in provincia di Milano, da 800 a 1.200 €/mese');
    expect(
      summarize(
        { SearchType: 'free', SellType: 1, Sort: 'relevance', PropertyTypes: [1, 2], RoomsMin: 3 },
        { propertyTypes: ['Appartamenti', 'Attici'] },
      ),
    ).toBe('Appartamenti e attici in vendita in tutta Italia, almeno 3 locali');
    expect(
      summarize({
        SearchType: 'circle',
        Lat: 45,
        Lng: 9,
        Radius: 1500,
        Place: 'Via Roma, Torino',
        SellType: 1,
        Sort: 'relevance',
      }),
    ).toBe('Immobili in vendita entro 1,5 km da Via Roma, Torino');
  });
});

describeOnBackends(
  'Saved searches',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;

    /** A confirmed user with a bearer. */
    const newUser = (label: string) =>
      signedInUser(suite.app, suite.db, { email: `${label}.${backend.name}@example.com` });

    const bologna = {
      SearchType: 'town',
      Town: '037006',
      Type: 'trilocali',
      PriceMax: '450000',
      SurfaceMin: 70,
      Cursor: 'abc',
      PageSize: '20',
      Zoom: '12',
    };

    it('creates, lists, updates and deletes a saved search', async () => {
      const { call } = await newUser('ricerche');
      expect((await call('GET', '/api/User/SavedSearches')).json()).toEqual({ Items: [] });
      const created = await call('POST', '/api/User/SavedSearches', {
        Name: 'Casa a Bologna',
        Frequency: 'instant',
        Criteria: bologna,
      });
      expect(created.statusCode).toBe(201);
      const item = created.json();
      expect(item).toMatchObject({
        Name: 'Casa a Bologna',
        Frequency: 'instant',
        AlertsEnabled: true,
        // Paging and map view are not kept; the defaults are left out.
        Criteria: { SearchType: 'town', Town: '037006', Type: 'trilocali', PriceMax: '450000', SurfaceMin: '70' },
        Summary: 'Trilocali in vendita a Bologna, fino a 450.000 €, da 70 m²',
        LastNotifiedAt: null,
      });
      const [row] = await suite.db.select().from(savedSearches).where(eq(savedSearches.id, item.Id));
      expect(row).toMatchObject({ searchTypeId: 6, sellTypeId: 1 });

      const free = await call('POST', '/api/User/SavedSearches', {
        Name: 'Affitti',
        Criteria: { SellType: '2', Text: 'terrazzo' },
      });
      expect(free.json()).toMatchObject({
        Frequency: 'daily',
        Criteria: { SellType: '2', Text: 'terrazzo' },
        Summary: 'Immobili in affitto in tutta Italia, con «terrazzo»',
      });
      const [freeRow] = await suite.db.select().from(savedSearches).where(eq(savedSearches.id, free.json().Id));
      expect(freeRow).toMatchObject({ searchTypeId: 3, sellTypeId: 2 });

      expect((await call('GET', '/api/User/SavedSearches')).json().Items.map((i: { Id: number }) => i.Id)).toEqual([
        free.json().Id,
        item.Id,
      ]);

      const updated = await call('PUT', `/api/User/SavedSearches/${item.Id}`, {
        Name: 'Trilocale Bologna',
        AlertsEnabled: false,
      });
      expect(updated.json()).toMatchObject({
        Id: item.Id,
        Name: 'Trilocale Bologna',
        Frequency: 'instant',
        AlertsEnabled: false,
      });
      expect((await call('PUT', `/api/User/SavedSearches/${item.Id}`, { Frequency: 'weekly' })).json()).toMatchObject({
        Name: 'Trilocale Bologna',
        Frequency: 'weekly',
      });

      expect((await call('DELETE', `/api/User/SavedSearches/${item.Id}`)).json()).toEqual({ Ok: true });
      expectError(await call('DELETE', `/api/User/SavedSearches/${item.Id}`), 'SavedSearchNotFound');
      expect((await call('GET', '/api/User/SavedSearches')).json().Items).toHaveLength(1);
    });

    it('saves the search of a visitor who just registered (the silent session), and lists it once the address is confirmed', async () => {
      const email = `appena.registrata.${backend.name}@example.com`;
      const registered = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/Register',
        payload: { name: 'Pia', surname: 'Sala', email, TermsAndConditions: true, InfoPrivacy: true },
      });
      const silent = (
        await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Session',
          payload: { userToken: registered.json().Token, portal: 5 },
        })
      ).json().Token as string;
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        suite.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${silent}` } });
      const saved = await call('POST', '/api/User/SavedSearches', {
        Name: 'Casa a Bologna',
        Frequency: 'instant',
        Criteria: bologna,
      });
      expect(saved.statusCode).toBe(201);
      // The rest of MyRexer waits for the confirmed address, as before.
      expectError(await call('GET', '/api/User/SavedSearches'), 'InvalidAccessForRapidRegistration');
      const [user] = await suite.db.select().from(users).where(eq(users.email, email));
      expect(
        await suite.db
          .select({ name: savedSearches.name })
          .from(savedSearches)
          .where(eq(savedSearches.userId, user!.id)),
      ).toEqual([{ name: 'Casa a Bologna' }]);
    });

    // Security review: whoever typed someone else's address could save searches whose names the
    // owner's mailbox would then receive as alerts, once the owner confirms.
    it('turns off the alerts of searches saved before a confirmation made in another browser; the browser that confirms keeps them', async () => {
      const register = async (email: string) => {
        const registered = await suite.app.inject({
          method: 'POST',
          url: '/api/Account/Register',
          payload: { name: 'Pia', surname: 'Sala', email, TermsAndConditions: true, InfoPrivacy: true },
        });
        const bearer = (
          await suite.app.inject({
            method: 'POST',
            url: '/api/Account/Session',
            payload: { userToken: registered.json().Token, portal: 5 },
          })
        ).json().Token as string;
        const saved = await suite.app.inject({
          method: 'POST',
          url: '/api/User/SavedSearches',
          payload: { Name: 'Chiama il numero', Frequency: 'instant', Criteria: bologna },
          headers: { authorization: `Bearer ${bearer}` },
        });
        expect(saved.statusCode).toBe(201);
        const [mail] = await suite.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
        const token = /\/mailconfermata\/([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
        const alerts = async () =>
          (
            await suite.db
              .select({ on: savedSearches.alertsEnabled })
              .from(savedSearches)
              .where(eq(savedSearches.id, saved.json().Id))
          )[0]!.on;
        return { bearer, token, alerts };
      };
      const elsewhere = await register(`altrove.${backend.name}@example.com`);
      expect((await suite.app.inject({ url: `/api/Account/Confirm/${elsewhere.token}` })).json()).toMatchObject({
        SessionKept: false,
      });
      expect(await elsewhere.alerts()).toBe(false);
      const here = await register(`qui.${backend.name}@example.com`);
      expect(
        (
          await suite.app.inject({
            url: `/api/Account/Confirm/${here.token}`,
            headers: { authorization: `Bearer ${here.bearer}` },
          })
        ).json(),
      ).toMatchObject({ SessionKept: true });
      expect(await here.alerts()).toBe(true);
    });

    it('refuses invalid criteria, unknown places and more than 50 searches', async () => {
      const { id, call } = await newUser('limiti');
      expectError(
        await call('POST', '/api/User/SavedSearches', { Name: 'x', Criteria: { PriceMin: 'molto' } }),
        'ValidationError',
      );
      expectError(
        await call('POST', '/api/User/SavedSearches', { Name: 'x', Criteria: { PriceMin: '500', PriceMax: '100' } }),
        'ValidationError',
      );
      expectError(
        await call('POST', '/api/User/SavedSearches', { Name: 'x', Criteria: { SearchType: 'town' } }),
        'InvalidSearch',
      );
      expectError(
        await call('POST', '/api/User/SavedSearches', { Name: 'x', Criteria: { SearchType: 'town', Town: '999999' } }),
        'UnknownPlace',
      );
      expectError(await call('POST', '/api/User/SavedSearches', { Name: '', Criteria: {} }), 'ValidationError');
      // A name is the subject of the alert mails: no line breaks or other control characters.
      expectError(
        await call('POST', '/api/User/SavedSearches', { Name: 'Casa\r\nBcc: altri@example.com', Criteria: {} }),
        'ValidationError',
      );
      expectError(
        await call('POST', '/api/User/SavedSearches', { Name: 'x', Frequency: 'hourly', Criteria: {} }),
        'ValidationError',
      );
      await suite.db.insert(savedSearches).values(
        Array.from({ length: 50 }, (_, i) => ({
          userId: id,
          name: `r${i}`,
          searchTypeId: 3,
          sellTypeId: 1,
          criteria: {},
        })),
      );
      expectError(
        await call('POST', '/api/User/SavedSearches', { Name: 'una di troppo', Criteria: {} }),
        'SavedSearchLimitReached',
      );
      expectError(await suite.app.inject({ url: '/api/User/SavedSearches' }), 'MissingToken');
    });

    it('holds the limit of 50 when saves arrive at once', async () => {
      const { id, call } = await newUser('insieme');
      await suite.db.insert(savedSearches).values(
        Array.from({ length: 45 }, (_, i) => ({
          userId: id,
          name: `r${i}`,
          searchTypeId: 3,
          sellTypeId: 1,
          criteria: {},
        })),
      );
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call('POST', '/api/User/SavedSearches', { Name: `insieme ${i}`, Criteria: {} }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
      for (const answer of answers.filter((answer) => answer.statusCode !== 201))
        expectError(answer, 'SavedSearchLimitReached');
      expect(await suite.db.select().from(savedSearches).where(eq(savedSearches.userId, id))).toHaveLength(50);
    });

    it("answers 404 for another user's search, never 403", async () => {
      const a = await newUser('proprietario');
      const b = await newUser('curioso');
      const id = (await a.call('POST', '/api/User/SavedSearches', { Name: 'Mia', Criteria: bologna })).json().Id;
      expect((await a.call('GET', `/api/User/SavedSearches/${id}`)).json()).toMatchObject({ Id: id, Name: 'Mia' });
      expectError(await b.call('GET', `/api/User/SavedSearches/${id}`), 'SavedSearchNotFound');
      expectError(await b.call('PUT', `/api/User/SavedSearches/${id}`, { Name: 'Presa' }), 'SavedSearchNotFound');
      expectError(await b.call('DELETE', `/api/User/SavedSearches/${id}`), 'SavedSearchNotFound');
      expect((await b.call('GET', '/api/User/SavedSearches')).json().Items).toEqual([]);
      expect(
        (await a.call('GET', '/api/User/SavedSearches'))
          .json()
          .Items.map((i: { Id: number; Name: string }) => [i.Id, i.Name]),
      ).toEqual([[id, 'Mia']]);
    });

    it('deletes a search from the signed link of a mail, once', async () => {
      const a = await newUser('link');
      const first = (await a.call('POST', '/api/User/SavedSearches', { Name: 'Prima', Criteria: bologna })).json()
        .Id as number;
      const second = (await a.call('POST', '/api/User/SavedSearches', { Name: 'Seconda', Criteria: bologna })).json()
        .Id as number;
      const key = suite.app.secrets.savedSearchLinkKey;
      expect(key.length).toBeGreaterThanOrEqual(32);
      const byLink = (Id: number, Token: string) =>
        suite.app.inject({ method: 'POST', url: '/api/SavedSearch/DeleteByLink', payload: { Id, Token } });
      const token = deleteLinkToken(key, first, a.id);
      // The token of another search, a tampered one, one for another user: refused.
      expectError(await byLink(first, deleteLinkToken(key, second, a.id)), 'InvalidDeleteLink');
      expectError(await byLink(first, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`), 'InvalidDeleteLink');
      expectError(await byLink(first, deleteLinkToken(key, first, a.id + 1)), 'InvalidDeleteLink');
      expectError(await byLink(first, 'x'), 'InvalidDeleteLink');
      const ok = await byLink(first, token);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ Name: 'Prima' });
      // Spent: the same answer as an id that never existed (ids are not revealed).
      expectError(await byLink(first, token), 'InvalidDeleteLink');
      expectError(await byLink(999_999, token), 'InvalidDeleteLink');
      // Only that search went.
      expect((await a.call('GET', '/api/User/SavedSearches')).json().Items.map((i: { Id: number }) => i.Id)).toEqual([
        second,
      ]);
    });
  },
);
