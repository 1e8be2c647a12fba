import { and, eq, gt } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { mailOutbox, municipalities, properties, savedSearches } from '../../server/db/schema';
import { runSearchAlerts } from '../../server/jobs/search-alerts';
import { describeOnBackends, signedInUser } from './helpers';

describeOnBackends(
  'Saved-search alerts',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000', PUBLIC_URL: 'https://www.rexer.test' } },
  (suite) => {
    const { backend } = suite;

    let bolognaId: number;
    let milanoId: number;

    beforeAll(async () => {
      bolognaId = (await db().select().from(municipalities).where(eq(municipalities.istatCode, '037006')))[0]!.id;
      milanoId = (await db().select().from(municipalities).where(eq(municipalities.istatCode, '015146')))[0]!.id;
    }, 180_000);

    const db = () => suite.db;

    const newUser = (label: string) =>
      signedInUser(suite.app, suite.db, { email: `${label}.${backend.name}@example.com` });

    /** A listing (a draft unless published): a three-room flat for sale at the given town and price. */
    async function listing(opts: {
      municipalityId: number;
      price: number;
      title: string;
      publish?: boolean;
      ownerUserId: number;
    }) {
      const [row] = await db()
        .insert(properties)
        .values({
          ownerUserId: opts.ownerUserId,
          statusId: opts.publish === false ? 1 : 2,
          sellTypeId: 1,
          municipalityId: opts.municipalityId,
          propertyTypeId: 1,
          rooms: 3,
          surfaceM2: 85,
          price: opts.price,
          title: opts.title,
          latitude: 44.49,
          longitude: 11.34,
          publishedAt: opts.publish === false ? null : new Date(),
        })
        .returning({ id: properties.id });
      return row!.id;
    }

    async function mailsTo(email: string, afterId = 0) {
      return db()
        .select()
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'search-alert'), gt(mailOutbox.id, afterId)),
        )
        .orderBy(mailOutbox.id);
    }

    it('sends one mail per new match, never twice, again on a reduction, with a working delete link', async () => {
      const user = await newUser('avvisi');
      const created = await user.call('POST', '/api/User/SavedSearches', {
        Name: 'Trilocale Bologna',
        Frequency: 'instant',
        Criteria: { SearchType: 'town', Town: '037006', Type: 'trilocali', PriceMax: '450000' },
      });
      expect(created.statusCode).toBe(201);
      const searchId = created.json().Id as number;
      // Nothing published since the search was saved: no mail.
      await runSearchAlerts(suite.app, { frequency: 'instant' });
      expect(await mailsTo(user.email)).toEqual([]);

      const match = await listing({
        municipalityId: bolognaId,
        price: 320_000,
        title: 'Trilocale luminoso in Bolognina',
        ownerUserId: user.id,
      });
      const elsewhere = await listing({
        municipalityId: milanoId,
        price: 320_000,
        title: 'Trilocale a Milano',
        ownerUserId: user.id,
      });
      const tooDear = await listing({
        municipalityId: bolognaId,
        price: 900_000,
        title: 'Trilocale di lusso',
        ownerUserId: user.id,
      });
      const draft = await listing({
        municipalityId: bolognaId,
        price: 300_000,
        title: 'Trilocale in bozza',
        ownerUserId: user.id,
        publish: false,
      });

      const run = await runSearchAlerts(suite.app, { frequency: 'instant' });
      expect(run).toMatchObject({ mails: 1, listings: 1 });
      const [mail, ...more] = await mailsTo(user.email);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Un nuovo annuncio per la tua ricerca «Trilocale Bologna»');
      expect(mail!.textBody).toContain('Trilocale luminoso in Bolognina');
      expect(mail!.textBody).toContain('320.000 €');
      expect(mail!.textBody).toContain(`https://www.rexer.test/immobile/${match}`);
      expect(mail!.textBody).toContain('Trilocali in vendita a Bologna, fino a 450.000 €');
      expect(mail!.textBody).toContain(
        'https://www.rexer.test/ricerca?SearchType=town&Town=037006&Type=trilocali&PriceMax=450000',
      );
      for (const other of [elsewhere, tooDear, draft]) expect(mail!.textBody).not.toContain(`/immobile/${other}\n`);
      const [search] = await db().select().from(savedSearches).where(eq(savedSearches.id, searchId));
      expect(search!.lastNotifiedAt).not.toBeNull();

      // Again: nothing new, no mail (also when a second server runs it).
      expect(await runSearchAlerts(suite.app, { frequency: 'instant' })).toMatchObject({ mails: 0 });
      expect(await mailsTo(user.email)).toHaveLength(1);

      // A reduction alerts again, with the old and the new price.
      await db().update(properties).set({ price: 295_000 }).where(eq(properties.id, match));
      expect(await runSearchAlerts(suite.app, { frequency: 'instant' })).toMatchObject({ mails: 1, listings: 1 });
      const reduced = (await mailsTo(user.email, mail!.id))[0]!;
      expect(reduced.subject).toBe('Prezzo ribassato per la tua ricerca «Trilocale Bologna»');
      expect(reduced.textBody).toContain('Prezzo ribassato: 320.000 € → 295.000 €');
      // A raise alerts nobody.
      await db().update(properties).set({ price: 310_000 }).where(eq(properties.id, match));
      expect(await runSearchAlerts(suite.app, { frequency: 'instant' })).toMatchObject({ mails: 0 });

      // The delete link of the mail deletes the search.
      const link = /https:\/\/www\.rexer\.test\/eliminaricerca\/(\d+)\?t=([A-Za-z0-9_-]+)/.exec(mail!.textBody);
      expect(link).not.toBeNull();
      expect(Number(link![1])).toBe(searchId);
      const deleted = await suite.app.inject({
        method: 'POST',
        url: '/api/SavedSearch/DeleteByLink',
        payload: { Id: searchId, Token: link![2] },
      });
      expect(deleted.json()).toEqual({ Name: 'Trilocale Bologna' });
      expect((await user.call('GET', '/api/User/SavedSearches')).json().Items).toEqual([]);
    });

    it('never sends what was published before the search was saved, however the looks overlap', async () => {
      const user = await newUser('prima');
      const before = await listing({
        municipalityId: bolognaId,
        price: 61_000,
        title: 'Monolocale già in vendita',
        ownerUserId: user.id,
      });
      await user.call('POST', '/api/User/SavedSearches', {
        Name: 'Monolocali',
        Frequency: 'instant',
        Criteria: { SearchType: 'town', Town: '037006', PriceMin: '60000', PriceMax: '62000' },
      });
      // Two looks a few seconds apart: the second starts two minutes before the first ended.
      const soon = new Date(Date.now() + 5_000);
      expect(await runSearchAlerts(suite.app, { frequency: 'instant', now: soon })).toMatchObject({ mails: 0 });
      expect(
        await runSearchAlerts(suite.app, { frequency: 'instant', now: new Date(soon.getTime() + 60_000) }),
      ).toMatchObject({ mails: 0 });
      const after = await listing({
        municipalityId: bolognaId,
        price: 61_500,
        title: 'Monolocale appena pubblicato',
        ownerUserId: user.id,
      });
      expect(
        await runSearchAlerts(suite.app, { frequency: 'instant', now: new Date(Date.now() + 120_000) }),
      ).toMatchObject({ mails: 1, listings: 1 });
      const [mail] = await mailsTo(user.email);
      expect(mail!.textBody).toContain(`/immobile/${after}\n`);
      expect(mail!.textBody).not.toContain(`/immobile/${before}\n`);
    });

    it('lists every match of a run in one mail: 30 listings, one mail', async () => {
      const user = await newUser('trenta');
      await user.call('POST', '/api/User/SavedSearches', {
        Name: 'Bologna tutto',
        Frequency: 'instant',
        Criteria: { SearchType: 'town', Town: '037006', PriceMin: '100', PriceMax: '150000' },
      });
      const ids: number[] = [];
      for (let i = 0; i < 30; i++)
        ids.push(
          await listing({
            municipalityId: bolognaId,
            price: 120_000 + i,
            title: `Casa numero ${i}`,
            ownerUserId: user.id,
          }),
        );
      expect(await runSearchAlerts(suite.app, { frequency: 'instant' })).toMatchObject({ mails: 1, listings: 30 });
      const mails = await mailsTo(user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('30 annunci per la tua ricerca «Bologna tutto»');
      for (const id of ids) expect(mails[0]!.textBody).toContain(`https://www.rexer.test/immobile/${id}\n`);
    });

    it('daily and weekly searches wait their turn; disabled alerts send nothing', async () => {
      const user = await newUser('frequenze');
      const daily = (
        await user.call('POST', '/api/User/SavedSearches', {
          Name: 'Giornaliera',
          Frequency: 'daily',
          Criteria: { SearchType: 'town', Town: '015146', PriceMin: '1', PriceMax: '50000' },
        })
      ).json().Id as number;
      const off = (
        await user.call('POST', '/api/User/SavedSearches', {
          Name: 'Spenta',
          Frequency: 'instant',
          Criteria: { SearchType: 'town', Town: '015146', PriceMin: '1', PriceMax: '50000' },
        })
      ).json().Id as number;
      expect((await user.call('PUT', `/api/User/SavedSearches/${off}`, { AlertsEnabled: false })).json()).toMatchObject(
        { AlertsEnabled: false },
      );
      await listing({ municipalityId: milanoId, price: 45_000, title: 'Box a Milano', ownerUserId: user.id });
      // (The demo data's own saved searches may alert too: only this user's mails are looked at.)
      await runSearchAlerts(suite.app, { frequency: 'instant' });
      await runSearchAlerts(suite.app, { frequency: 'daily' });
      await runSearchAlerts(suite.app, { frequency: 'weekly' });
      expect(await mailsTo(user.email)).toEqual([]);
      // A day later the daily search looks (listings published since it last looked count).
      const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
      await runSearchAlerts(suite.app, { frequency: 'daily', now: tomorrow });
      await runSearchAlerts(suite.app, { frequency: 'weekly', now: tomorrow });
      expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual([
        'Un nuovo annuncio per la tua ricerca «Giornaliera»',
      ]);
      await runSearchAlerts(suite.app, { frequency: 'daily', now: new Date(tomorrow.getTime() + 60 * 60 * 1000) });
      expect(await mailsTo(user.email)).toHaveLength(1);
      const [row] = await db().select().from(savedSearches).where(eq(savedSearches.id, daily));
      expect(row!.lastNotifiedAt?.getTime()).toBe(tomorrow.getTime());
    });
  },
);
