import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { siteReviews, users } from '../../server/db/schema';
import { EXAMPLE_SITE_REVIEWS } from '../../server/db/seed/site-reviews';
import { SITE_REVIEW_WRITES_PER_HOUR } from '../../server/modules/site-reviews';
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

interface PublicList {
  Items: { Id: number; Title: string; IsExample: boolean; Rating: number }[];
  Count: number;
  Average: number | null;
  TotalPages: number;
}

describeOnBackends(
  'Reviews of Rexer',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const newUser = (label: string) =>
      signedInUser(suite.app, suite.db, { email: `${label}.${suite.backend.name}@example.com` });

    const moderator = async (label: string): Promise<SignedInUser> => {
      const user = await newUser(label);
      await suite.db.update(users).set({ isModerator: true }).where(eq(users.id, user.id));
      return user;
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
      const queue = await mod.call('GET', '/api/Review/Rexer/Pending');
      expect(queue.statusCode, queue.body).toBe(200);
      expect(queue.json().Items.map((i: { Id: number }) => i.Id)).toContain(id);

      const approved = await mod.call('PUT', `/api/Review/Rexer/${id}/Approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().Status).toBe('approved');
      const after = await publicList();
      expect(after.Items[0]).toMatchObject({ Id: id, Title: 'Una sola stella', IsExample: false });
      expect(after.Count).toBe(before.Count + 1);
      expect(after.Average).not.toBe(before.Average);
      expect(after.Average).toBeLessThan(before.Average!);
      expect((await me.call('GET', '/api/Review/Rexer/Mine')).json().Review.Status).toBe('approved');
      // Decided once: a second decision is refused.
      expectError(await mod.call('PUT', `/api/Review/Rexer/${id}/Approve`), 'SiteReviewNotPending');

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
      expectError(await mod.call('PUT', `/api/Review/Rexer/${id}/Reject`, { Reason: '' }), 'ValidationError');
      const rejected = await mod.call('PUT', `/api/Review/Rexer/${id}/Reject`, {
        Reason: 'Parla di un annuncio, non di Rexer',
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
      expectError(await me.call('PUT', `/api/Review/Rexer/${id}/Approve`), 'Forbidden');
      expectError(await me.call('PUT', `/api/Review/Rexer/${id}/Reject`, { Reason: 'No' }), 'Forbidden');
      expectError(await suite.app.inject({ url: '/api/Review/Rexer/Pending' }), 'MissingToken');
      const [row] = await suite.db.select().from(siteReviews).where(eq(siteReviews.id, id));
      expect(row!.status).toBe('pending');
      const mod = await moderator('moderatore.altro');
      expectError(await mod.call('PUT', '/api/Review/Rexer/999999/Approve'), 'SiteReviewNotFound');
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
