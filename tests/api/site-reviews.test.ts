import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { siteReviews, users } from '../../server/db/schema';
import { EXAMPLE_SITE_REVIEWS } from '../../server/db/seed/site-reviews';
import { SITE_REVIEW_WRITES_PER_HOUR } from '../../server/modules/site-reviews';
import { updateReview } from '../../server/modules/site-reviews/repository';
import { describeOnBackends, expectError, signedInUser, type SignedInUser } from './helpers';

// Reviews of Rexer (/diconodinoi): written from MyRexer with consent, one per user, shown once a
// moderator approved them; an edit goes back to the moderators; the text follows the ads' rule.

const review = (overrides: Record<string, unknown> = {}) => ({
  Rating: 5,
  Title: 'Ho venduto casa in un mese',
  Text: 'La valutazione era realistica e le visite si prenotavano da sole dal calendario.',
  Role: 'seller',
  DisplayName: 'Pia',
  Town: 'Milano',
  PublishConsent: true,
  ...overrides,
});

interface PendingItem {
  Id: number;
  Title: string;
  Text: string;
  UpdatedAt: string;
}

interface PublicList {
  Items: { Id: number; Title: string; IsExample: boolean; Rating: number }[];
  Count: number;
  Average: number | null;
  TotalPages: number;
}

describeOnBackends(
  'Reviews of Rexer',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000', REGISTER_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const newUser = (label: string) =>
      signedInUser(suite.app, suite.db, { email: `${label}.${suite.backend.name}@example.com` });

    const moderator = async (label: string): Promise<SignedInUser> => {
      const user = await newUser(label);
      await suite.db.update(users).set({ isModerator: true }).where(eq(users.id, user.id));
      return user;
    };

    /** The moderators' queue as a moderator loads it. */
    const pendingOf = async (mod: SignedInUser, id: number): Promise<PendingItem | undefined> => {
      const res = await mod.call('GET', '/api/Review/Rexer/Pending');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().Items as PendingItem[]).find((item) => item.Id === id);
    };

    const publicList = async (query = 'PageSize=50'): Promise<PublicList> => {
      const res = await suite.app.inject({ url: `/api/Review/Rexer?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    it('shows the demo data’s examples, approved and marked, with their average', async () => {
      const list = await publicList();
      expect(list.Count).toBe(EXAMPLE_SITE_REVIEWS.length);
      expect(list.Items.every((item) => item.IsExample)).toBe(true);
      const sum = EXAMPLE_SITE_REVIEWS.reduce((total, r) => total + r.rating, 0);
      expect(list.Average).toBe(Math.round((sum / EXAMPLE_SITE_REVIEWS.length) * 10) / 10);
      // Newest first, paged.
      expect(list.Items[0]!.Title).toBe(EXAMPLE_SITE_REVIEWS[0]!.title);
      const page2 = await publicList('Page=2&PageSize=4');
      expect(page2.Items.map((i) => i.Title)).toEqual(EXAMPLE_SITE_REVIEWS.slice(4).map((r) => r.title));
      expect(page2.TotalPages).toBe(2);
    });

    it('needs a login to read or write one’s review, and consent to publish the name and town', async () => {
      expectError(await suite.app.inject({ url: '/api/Review/Rexer/Mine' }), 'MissingToken');
      expectError(
        await suite.app.inject({ method: 'POST', url: '/api/Review/Rexer/Mine', payload: review() }),
        'MissingToken',
      );
      const me = await newUser('consenso');
      expectError(
        await me.call('POST', '/api/Review/Rexer/Mine', review({ PublishConsent: false })),
        'SiteReviewConsentRequired',
      );
      expectError(
        await me.call('POST', '/api/Review/Rexer/Mine', review({ PublishConsent: undefined })),
        'SiteReviewConsentRequired',
      );
      const mine = await me.call('GET', '/api/Review/Rexer/Mine');
      expect(mine.json()).toEqual({ Review: null, Suggested: { DisplayName: 'Pia', Town: null } });
    });

    it('refuses a rating outside 1-5, short or long texts and, naming the rule, contact details', async () => {
      const me = await newUser('regole');
      for (const bad of [
        { Rating: 0 },
        { Rating: 6 },
        { Rating: 4.5 },
        { Title: 'Ok' },
        { Title: 'x'.repeat(121) },
        { Text: 'Troppo corto' },
        { Text: 'y'.repeat(2001) },
        { Role: 'agent' },
        { DisplayName: '' },
        { Town: '' },
      ])
        expectError(await me.call('POST', '/api/Review/Rexer/Mine', review(bad)), 'ValidationError');
      expectError(
        await me.call(
          'POST',
          '/api/Review/Rexer/Mine',
          review({ Text: 'Guardate le mie case su www.casemie.it, ottime!' }),
        ),
        'SiteReviewHasLink',
      );
      expectError(
        await me.call(
          'POST',
          '/api/Review/Rexer/Mine',
          review({ Text: 'Scrivetemi a pia.sala@example.com per dettagli.' }),
        ),
        'SiteReviewHasEmail',
      );
      expectError(
        await me.call('POST', '/api/Review/Rexer/Mine', review({ Title: 'Chiamatemi al 347 123 4567' })),
        'SiteReviewHasPhone',
      );
      expect((await me.call('GET', '/api/Review/Rexer/Mine')).json().Review).toBeNull();
    });

    it('keeps one review per user, hidden until a moderator approves it; the approval changes the average', async () => {
      const me = await newUser('una');
      const mod = await moderator('moderatore.una');
      const before = await publicList();

      const created = await me.call('POST', '/api/Review/Rexer/Mine', review({ Rating: 1, Title: 'Una sola stella' }));
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ Status: 'pending', Rating: 1, RejectionReason: null });
      const id = created.json().Id as number;
      expectError(await me.call('POST', '/api/Review/Rexer/Mine', review()), 'SiteReviewExists');

      // Waiting: not public, but in the moderators' queue.
      expect((await publicList()).Items.map((i) => i.Id)).not.toContain(id);
      const seen = await pendingOf(mod, id);
      expect(seen).toMatchObject({ Id: id, Title: 'Una sola stella', UpdatedAt: created.json().UpdatedAt });

      // The decision names the version read: without it, nothing is decided.
      expectError(await mod.call('PUT', `/api/Review/Rexer/${id}/Approve`), 'ValidationError');
      expectError(await mod.call('PUT', `/api/Review/Rexer/${id}/Approve`, { Version: 'ieri' }), 'ValidationError');
      const approved = await mod.call('PUT', `/api/Review/Rexer/${id}/Approve`, { Version: seen!.UpdatedAt });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().Status).toBe('approved');
      const after = await publicList();
      expect(after.Items[0]).toMatchObject({ Id: id, Title: 'Una sola stella', IsExample: false });
      expect(after.Count).toBe(before.Count + 1);
      expect(after.Average).not.toBe(before.Average);
      expect(after.Average).toBeLessThan(before.Average!);
      expect((await me.call('GET', '/api/Review/Rexer/Mine')).json().Review.Status).toBe('approved');
      // Decided once: a second decision is refused.
      expectError(
        await mod.call('PUT', `/api/Review/Rexer/${id}/Approve`, { Version: seen!.UpdatedAt }),
        'SiteReviewNotPending',
      );

      // An edit goes back to the moderators and off the public page.
      const edited = await me.call('PUT', '/api/Review/Rexer/Mine', review({ Rating: 2, Title: 'Ci ho ripensato' }));
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ Status: 'pending', Rating: 2, Title: 'Ci ho ripensato' });
      expect((await publicList()).Items.map((i) => i.Id)).not.toContain(id);
      expect((await publicList()).Count).toBe(before.Count);
    });

    it('rejects with a reason only its author reads', async () => {
      const me = await newUser('rifiutata');
      const mod = await moderator('moderatore.rifiuto');
      const id = (await me.call('POST', '/api/Review/Rexer/Mine', review({ Title: 'Da rifiutare' }))).json().Id;
      const Version = (await pendingOf(mod, id))!.UpdatedAt;
      expectError(await mod.call('PUT', `/api/Review/Rexer/${id}/Reject`, { Reason: '', Version }), 'ValidationError');
      expectError(
        await mod.call('PUT', `/api/Review/Rexer/${id}/Reject`, { Reason: 'Parla di un annuncio' }),
        'ValidationError',
      );
      const rejected = await mod.call('PUT', `/api/Review/Rexer/${id}/Reject`, {
        Reason: 'Parla di un annuncio, non di Rexer',
        Version,
      });
      expect(rejected.statusCode, rejected.body).toBe(200);

      const mine = (await me.call('GET', '/api/Review/Rexer/Mine')).json().Review;
      expect(mine).toMatchObject({ Status: 'rejected', RejectionReason: 'Parla di un annuncio, non di Rexer' });
      const list = await suite.app.inject({ url: '/api/Review/Rexer?PageSize=50' });
      expect(list.body).not.toContain('Da rifiutare');
      expect(list.body).not.toContain('Parla di un annuncio');

      // Edited, it waits again and the reason is gone.
      const edited = await me.call('PUT', '/api/Review/Rexer/Mine', review({ Title: 'Ora parlo di Rexer' }));
      expect(edited.json()).toMatchObject({ Status: 'pending', RejectionReason: null });
    });

    it('leaves moderation to moderators: anyone else gets 403, nobody 401', async () => {
      const me = await newUser('curioso');
      const id = (await me.call('POST', '/api/Review/Rexer/Mine', review())).json().Id;
      expectError(await me.call('GET', '/api/Review/Rexer/Pending'), 'Forbidden');
      const Version = (await me.call('GET', '/api/Review/Rexer/Mine')).json().Review.UpdatedAt;
      expectError(await me.call('PUT', `/api/Review/Rexer/${id}/Approve`, { Version }), 'Forbidden');
      expectError(await me.call('PUT', `/api/Review/Rexer/${id}/Reject`, { Reason: 'No', Version }), 'Forbidden');
      expectError(await suite.app.inject({ url: '/api/Review/Rexer/Pending' }), 'MissingToken');
      const [row] = await suite.db.select().from(siteReviews).where(eq(siteReviews.id, id));
      expect(row!.status).toBe('pending');
      const mod = await moderator('moderatore.altro');
      expectError(await mod.call('PUT', '/api/Review/Rexer/999999/Approve', { Version }), 'SiteReviewNotFound');
    });

    it('never decides on a text the moderator did not read: an edit after the list is loaded makes it 409', async () => {
      const me = await newUser('gara');
      const mod = await moderator('moderatore.gara');
      const other = await moderator('moderatore.gara.altro');
      const id = (await me.call('POST', '/api/Review/Rexer/Mine', review({ Title: 'Testo innocuo' }))).json().Id;
      const seen = (await pendingOf(mod, id))!;
      expect(seen.Title).toBe('Testo innocuo');

      // The author edits while the moderator reads the queue.
      const edited = await me.call(
        'PUT',
        '/api/Review/Rexer/Mine',
        review({ Title: 'Testo cambiato', Text: 'Un testo che il moderatore non ha mai letto prima di approvarlo.' }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().UpdatedAt).not.toBe(seen.UpdatedAt);

      expectError(
        await mod.call('PUT', `/api/Review/Rexer/${id}/Approve`, { Version: seen.UpdatedAt }),
        'SiteReviewChanged',
      );
      expectError(
        await mod.call('PUT', `/api/Review/Rexer/${id}/Reject`, { Reason: 'Pubblicità', Version: seen.UpdatedAt }),
        'SiteReviewChanged',
      );
      // Nothing was published or decided.
      const [row] = await suite.db.select().from(siteReviews).where(eq(siteReviews.id, id));
      expect(row).toMatchObject({
        status: 'pending',
        moderatedAt: null,
        moderatedByUserId: null,
        rejectionReason: null,
      });
      const list = await suite.app.inject({ url: '/api/Review/Rexer?PageSize=50' });
      expect(list.body).not.toContain('Testo cambiato');
      expect((await me.call('GET', '/api/Review/Rexer/Mine')).json().Review.Status).toBe('pending');

      // Another moderator rejects the new text, the author edits again: the first one's stale version still decides nothing.
      const reread = (await pendingOf(other, id))!;
      expect(reread.Title).toBe('Testo cambiato');
      const rejected = await other.call('PUT', `/api/Review/Rexer/${id}/Reject`, {
        Reason: 'Troppo vago',
        Version: reread.UpdatedAt,
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expectError(
        await mod.call('PUT', `/api/Review/Rexer/${id}/Approve`, { Version: reread.UpdatedAt }),
        'SiteReviewNotPending',
      );
      await me.call('PUT', '/api/Review/Rexer/Mine', review({ Title: 'Terza versione' }));
      for (const stale of [seen.UpdatedAt, reread.UpdatedAt])
        expectError(await mod.call('PUT', `/api/Review/Rexer/${id}/Approve`, { Version: stale }), 'SiteReviewChanged');
      expect((await publicList()).Items.map((i) => i.Id)).not.toContain(id);

      // Reloaded, the moderator reads the text that is published.
      const current = (await pendingOf(mod, id))!;
      expect(current.Title).toBe('Terza versione');
      const approved = await mod.call('PUT', `/api/Review/Rexer/${id}/Approve`, { Version: current.UpdatedAt });
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await publicList()).Items.find((i) => i.Id === id)?.Title).toBe('Terza versione');
    });

    it('gives every edit a new version, even one written in the same millisecond or by a server whose clock lags', async () => {
      const me = await newUser('orologio');
      const mod = await moderator('moderatore.orologio');
      const created = (await me.call('POST', '/api/Review/Rexer/Mine', review({ Title: 'Prima' }))).json();
      const id = created.Id as number;
      const written = new Date(created.UpdatedAt as string);
      const input = {
        rating: 3,
        title: 'Seconda',
        text: 'Un testo scritto nello stesso millesimo di secondo.',
        role: 'buyer' as const,
        displayName: 'Pia',
        town: 'Milano',
      };
      for (const now of [written, new Date(written.getTime() - 60_000)]) {
        const before = (await pendingOf(mod, id))!.UpdatedAt;
        const row = await updateReview(suite.db, me.id, input, now);
        expect(row!.updatedAt.getTime()).toBeGreaterThan(new Date(before).getTime());
        expectError(await mod.call('PUT', `/api/Review/Rexer/${id}/Approve`, { Version: before }), 'SiteReviewChanged');
      }
    });

    it('refuses a name or a town that passes for Rexer or its staff, in any spelling', async () => {
      // A user's writes are limited (refused ones too): a new writer every few attempts.
      let attempts = 0;
      let writer = await newUser('marchio.0');
      const attempt = async (body: Record<string, unknown>) => {
        if (++attempts % (SITE_REVIEW_WRITES_PER_HOUR - 2) === 0) writer = await newUser(`marchio.${attempts}`);
        return writer.call('POST', '/api/Review/Rexer/Mine', review(body));
      };
      for (const DisplayName of [
        'Rexer',
        'REXER',
        'Staff',
        'Staff Rexer',
        'Il Moderatore',
        'Amministratore',
        'Admin',
        'Rèxer',
        'R\u0435x\u0435r',
        'R.E.X.E.R.',
        'ʀᴇxᴇʀ',
        'Ｒｅｘｅｒ',
      ])
        expectError(await attempt({ DisplayName }), 'SiteReviewReservedName');
      for (const Town of ['Rexer', 'Staff di Rexer', 'Adm1n'])
        expectError(await attempt({ Town }), 'SiteReviewReservedName');
      expect((await writer.call('GET', '/api/Review/Rexer/Mine')).json().Review).toBeNull();
      const me = await newUser('marchio.vero');

      // Real names and towns that hold a reserved word inside another go through; the title may speak of Rexer.
      const created = await me.call(
        'POST',
        '/api/Review/Rexer/Mine',
        review({ DisplayName: 'Staffan', Town: 'Staffolo', Title: 'Rexer mi ha aiutato' }),
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ DisplayName: 'Staffan', Town: 'Staffolo' });
      // An edit is held to the same rule.
      expectError(
        await me.call('PUT', '/api/Review/Rexer/Mine', review({ DisplayName: 'Moderatore Rexer' })),
        'SiteReviewReservedName',
      );
      expect((await me.call('GET', '/api/Review/Rexer/Mine')).json().Review.DisplayName).toBe('Staffan');
    });

    it('edits only an existing review, and limits a user’s writes', async () => {
      const me = await newUser('limite');
      expectError(await me.call('PUT', '/api/Review/Rexer/Mine', review()), 'SiteReviewNotFound');
      expect((await me.call('POST', '/api/Review/Rexer/Mine', review())).statusCode).toBe(201);
      // Each write call counts per user: the refused PUT above was the first edit of the hour.
      for (let i = 1; i < SITE_REVIEW_WRITES_PER_HOUR; i++)
        expect((await me.call('PUT', '/api/Review/Rexer/Mine', review({ Rating: 1 + (i % 5) }))).statusCode).toBe(200);
      expectError(await me.call('PUT', '/api/Review/Rexer/Mine', review()), 'TooManyRequests');
      // Another user is not affected.
      const other = await newUser('limite.altro');
      expect((await other.call('POST', '/api/Review/Rexer/Mine', review())).statusCode).toBe(201);
    });
  },
);
