import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { APPOINTMENT_STATUS } from '@domain/appointment';
import { PROPERTY_STATUS, SELL_TYPE } from '../../server/db/reference-ids';
import {
  agencies,
  agencyReviews,
  appointments,
  messages,
  messageThreads,
  properties,
  users,
  valuations,
} from '../../server/db/schema';
import { deleteAccountData } from '../../server/modules/profile/account-deletion';
import { describeOnBackends, expectError, signedInUser, type SignedInUser } from './helpers';

// Issue 28, verified reviews of an agency: written only after an interaction the product
// recorded, one per user and agency, published by a moderator, reported, answered by the
// agency, and the agency's rating computed from the approved ones only.

const DAY = 24 * 60 * 60 * 1000;
const TEXT = {
  great: 'Agente preciso e disponibile, visita puntuale e casa come nelle foto.',
  poor: 'Risposte lente e documenti arrivati in ritardo, esperienza deludente.',
  fair: 'Valutazione chiara, anche se ci hanno messo qualche giorno di troppo.',
};

describeOnBackends(
  'Verified reviews of an agency',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000', REGISTER_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;
    const db = () => suite.db;
    let agency: { id: number; slug: string };
    let otherAgency: { id: number; slug: string };
    let visitor: SignedInUser; // a visit of an agency listing that took place
    let seller: SignedInUser; // an exclusive mandate to the agency
    let valuer: SignedInUser; // a valuation asked through the agency's page
    let stranger: SignedInUser; // nothing with the agency
    let soon: SignedInUser; // a visit confirmed for tomorrow only
    let member: SignedInUser; // works for the agency
    let rival: SignedInUser; // works for another agency
    let moderator: SignedInUser;
    let reporters: SignedInUser[]; // three people who work for no agency

    let n = 0;
    const user = (tag: string) =>
      signedInUser(suite.app, suite.db, {
        email: `${tag}.${backend.name}@recensioni.example`,
        name: 'Giulia',
        surname: 'bianchi',
        remoteAddress: `10.44.0.${++n}`,
      });
    const anonymous = (method: 'GET' | 'POST', url: string, payload?: object) =>
      suite.app.inject({ method, url, headers: { portal: '5' }, ...(payload ? { payload } : {}) });
    const publicReviews = async () => {
      const res = await anonymous('GET', `/api/Agency/${agency.slug}/Reviews`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        Rating: number | null;
        Count: number;
        Reviews: { Id: number; Rating: number; Text: string; AuthorName: string; Answer: { Text: string } | null }[];
      };
    };
    const stored = async () => {
      const [row] = await db()
        .select({ rating: agencies.rating, count: agencies.reviewsCount })
        .from(agencies)
        .where(eq(agencies.id, agency.id));
      return row;
    };
    const mine = async (who: SignedInUser) => {
      const res = await who.call('GET', `/api/Agency/${agency.slug}/Reviews/Mine`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const write = (who: SignedInUser, Rating: number, Text: string) =>
      who.call('POST', `/api/Agency/${agency.slug}/Reviews`, { Rating, Text });
    type QueueItem = {
      AnswerPending: { Version: string } | null;
      Id: number;
      Version: string;
      Status: string;
      Reports: { Reason: string | null; FromAgency: string | null; New: boolean }[];
    };
    const queue = async (): Promise<QueueItem[]> => {
      const res = await moderator.call('GET', '/api/Moderation/AgencyReviews');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().Items;
    };
    const versionOf = async (id: number) => (await queue()).find((item) => item.Id === id)!.Version;
    const approve = async (id: number, version?: string) =>
      moderator.call('POST', `/api/Moderation/AgencyReviews/${id}/Approve`, {
        Version: version ?? (await versionOf(id)),
      });
    const reject = async (id: number, Reason: string) =>
      moderator.call('POST', `/api/Moderation/AgencyReviews/${id}/Reject`, { Version: await versionOf(id), Reason });

    beforeAll(async () => {
      // Two agencies of their own, so the seeded reviews do not count here.
      const made = await db()
        .insert(agencies)
        .values([
          { name: `Case Verificate ${backend.name}`, slug: `case-verificate-${backend.name}`, isPartner: true },
          { name: `Altra Agenzia ${backend.name}`, slug: `altra-agenzia-${backend.name}` },
        ])
        .returning({ id: agencies.id, slug: agencies.slug });
      [agency, otherAgency] = made as [typeof agency, typeof agency];
      [visitor, seller, valuer, stranger, soon, member, rival, moderator, ...reporters] = await Promise.all(
        ['visita', 'mandato', 'stima', 'estraneo', 'domani', 'agente', 'rivale', 'moderatore', 'r1', 'r2', 'r3'].map(
          user,
        ),
      );
      await db().update(users).set({ agencyId: agency.id }).where(eq(users.id, member.id));
      await db().update(users).set({ agencyId: otherAgency.id }).where(eq(users.id, rival.id));
      await db().update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
      // The reporters' accounts are a month old (a fresh account's report never hides a review).
      await db()
        .update(users)
        .set({ createdAt: new Date(Date.now() - 30 * DAY) })
        .where(
          inArray(
            users.id,
            reporters.map((r) => r.id),
          ),
        );

      // Two published listings: one the agency sells for a private owner (an exclusive mandate
      // of `seller`), one listed by somebody else that `visitor` and `soon` asked to see.
      const listed = await db()
        .select({ id: properties.id, owner: properties.ownerUserId })
        .from(properties)
        .where(and(eq(properties.statusId, PROPERTY_STATUS.published), eq(properties.sellTypeId, SELL_TYPE.sale)))
        .limit(2);
      const [mandate, visited] = listed as [{ id: number; owner: number }, { id: number; owner: number }];
      await db()
        .update(properties)
        .set({ ownerUserId: seller.id, agencyId: agency.id })
        .where(eq(properties.id, mandate.id));
      await db().update(properties).set({ agencyId: agency.id }).where(eq(properties.id, visited.id));
      const visit = (requesterUserId: number, scheduledAt: Date) => ({
        propertyId: visited.id,
        requesterUserId,
        ownerUserId: visited.owner,
        statusId: APPOINTMENT_STATUS.confirmed,
        scheduledAt,
      });
      await db()
        .insert(appointments)
        .values([
          visit(visitor.id, new Date(Date.now() - 3 * DAY)),
          // Under way: it started ten minutes ago, its half hour is not over.
          visit(soon.id, new Date(Date.now() - 10 * 60_000)),
          visit(rival.id, new Date(Date.now() - 2 * DAY)),
        ]);
      await db()
        .insert(valuations)
        .values({
          ownerUserId: valuer.id,
          agencyId: agency.id,
          sellTypeId: SELL_TYPE.sale,
          latitude: 45.46,
          longitude: 9.19,
          subject: { surface: 80 },
          outcome: 'noComparables',
          result: {},
          methodVersion: 1,
        });
    }, 240_000);

    it('refuses a review without an interaction the product recorded, and says who may write one', async () => {
      expect(await mine(stranger)).toEqual({
        CanReview: false,
        Basis: null,
        IsAgencyMember: false,
        WorksForAgency: false,
        Review: null,
      });
      expectError(await write(stranger, 5, TEXT.great), 'ReviewNotAllowed');
      // A visit under way is no visit yet: its half hour is not over.
      expect((await mine(soon)).CanReview).toBe(false);
      expectError(await write(soon, 5, TEXT.great), 'ReviewNotAllowed');
      // Nobody reviews the agency they work for, nor, working for an agency, a competitor.
      expect(await mine(member)).toMatchObject({ CanReview: false, IsAgencyMember: true, WorksForAgency: true });
      expectError(await write(member, 5, TEXT.great), 'ReviewNotAllowed');
      expect(await mine(rival)).toMatchObject({ CanReview: false, Basis: null, WorksForAgency: true });
      expectError(await write(rival, 1, TEXT.poor), 'ReviewNotAllowed');
      // A valuation asked through the agency's page that the agency never followed up proves no dealing.
      expect((await mine(valuer)).Basis).toBeNull();
      // Anonymous callers and unknown agencies.
      expectError(
        await anonymous('POST', `/api/Agency/${agency.slug}/Reviews`, { Rating: 5, Text: TEXT.great }),
        'MissingToken',
      );
      expectError(await visitor.call('GET', '/api/Agency/nessuna-agenzia/Reviews/Mine'), 'AgencyNotFound');
      expectError(await anonymous('GET', '/api/Agency/nessuna-agenzia/Reviews'), 'AgencyNotFound');
      expect(await db().select().from(agencyReviews).where(eq(agencyReviews.agencyId, agency.id))).toEqual([]);
    });

    it('takes one review per user and agency, each basis recorded, and keeps it off the page until approved', async () => {
      expect((await mine(visitor)).CanReview).toBe(true);
      const byVisitor = await write(visitor, 5, TEXT.great);
      expect(byVisitor.statusCode, byVisitor.body).toBe(201);
      const state = await mine(visitor);
      expect(state).toMatchObject({ CanReview: false, Basis: 'visit', Review: { Status: 'pending', Rating: 5 } });
      expectError(await write(visitor, 1, TEXT.poor), 'ReviewExists');

      expect((await mine(seller)).Basis).toBe('mandate');
      const bySeller = await write(seller, 2, TEXT.poor);
      expect(bySeller.statusCode, bySeller.body).toBe(201);
      expect(bySeller.json()).toMatchObject({ Status: 'pending', Basis: 'mandate' });

      // The agency followed the valuation up: its account wrote to the owner.
      const [thread] = await db()
        .insert(messageThreads)
        .values({ agencyId: agency.id, buyerUserId: valuer.id, ownerUserId: member.id })
        .returning({ id: messageThreads.id });
      await db()
        .insert(messages)
        .values({ threadId: thread!.id, senderUserId: member.id, text: 'Buongiorno, la chiamiamo per la stima?' });
      expect((await mine(valuer)).Basis).toBe('valuation');

      expect(await publicReviews()).toMatchObject({ Rating: null, Count: 0, Reviews: [] });
      expect(await stored()).toEqual({ rating: null, count: 0 });
    });

    it('holds the ads’ text rules, the stars and the length', async () => {
      expectError(await write(valuer, 4, `${TEXT.fair} Chiamatemi al 347 123 4567`), 'ReviewTextRefused');
      expectError(await write(valuer, 4, `${TEXT.fair} www.truffa.it`), 'ReviewTextRefused');
      expectError(await write(valuer, 4, `${TEXT.fair} io@truffa.it`), 'ReviewTextRefused');
      expectError(await write(valuer, 4, `${TEXT.fair} offerte-milano.casa`), 'ReviewTextRefused');
      expectError(await write(valuer, 4, 'Bene.'), 'ValidationError');
      expectError(await write(valuer, 6, TEXT.fair), 'ValidationError');
      expectError(await write(valuer, 0, TEXT.fair), 'ValidationError');
      expect((await mine(valuer)).Review).toBeNull();
    });

    it('lets only moderators decide, on the version they read; the rating counts the approved reviews only', async () => {
      expectError(await visitor.call('GET', '/api/Moderation/AgencyReviews'), 'Forbidden');
      const visitorReview = (await mine(visitor)).Review.Id as number;
      const version = await versionOf(visitorReview);
      for (const who of [visitor, member])
        expectError(
          await who.call('POST', `/api/Moderation/AgencyReviews/${visitorReview}/Approve`, { Version: version }),
          'Forbidden',
        );

      expect((await queue()).find((item) => item.Id === visitorReview)).toMatchObject({
        Status: 'pending',
        Reports: [],
      });
      const listed = (await moderator.call('GET', '/api/Moderation/AgencyReviews')).json().Items;
      expect(listed.find((item: { Id: number }) => item.Id === visitorReview)).toMatchObject({
        AuthorName: 'Giulia B.',
        Rating: 5,
        Basis: 'visit',
      });

      expect((await approve(visitorReview, version)).statusCode).toBe(204);
      expectError(await approve(visitorReview, version), 'ReviewNotFound');
      expect(await publicReviews()).toMatchObject({
        Rating: 5,
        Count: 1,
        Reviews: [{ Rating: 5, AuthorName: 'Giulia B.', Edited: false }],
      });
      expect(await stored()).toEqual({ rating: 5, count: 1 });

      const sellerReview = (await mine(seller)).Review.Id as number;
      await approve(sellerReview);
      expect(await stored()).toEqual({ rating: 3.5, count: 2 });

      // A rejected review never counts; its author reads why, nobody else sees it.
      const byValuer = await write(valuer, 4, TEXT.fair);
      expect(byValuer.statusCode).toBe(201);
      expectError(await reject(byValuer.json().Id, ''), 'ValidationError');
      expect((await reject(byValuer.json().Id, 'Parla di un’altra agenzia.')).statusCode).toBe(204);
      expect((await mine(valuer)).Review).toMatchObject({
        Status: 'rejected',
        RejectionReason: 'Parla di un’altra agenzia.',
      });
      expect(await publicReviews()).toMatchObject({ Rating: 3.5, Count: 2 });
    });

    it('lets only the author edit a review: it waits again, loses the answer, and a decision on the old text fails', async () => {
      const sellerReview = (await mine(seller)).Review.Id as number;
      expectError(
        await visitor.call('PUT', `/api/Agency/Reviews/${sellerReview}`, { Rating: 5, Text: TEXT.great }),
        'ReviewNotFound',
      );
      expectError(
        await moderator.call('PUT', `/api/Agency/Reviews/${sellerReview}`, { Rating: 5, Text: TEXT.great }),
        'ReviewNotFound',
      );
      expect((await mine(seller)).Review.Rating).toBe(2);
      expect(
        (await member.call('PUT', `/api/Agency/Reviews/${sellerReview}/Answer`, { Text: 'Ci dispiace, ci sentiamo.' }))
          .statusCode,
      ).toBe(204);

      const edited = await seller.call('PUT', `/api/Agency/Reviews/${sellerReview}`, { Rating: 3, Text: TEXT.fair });
      expect(edited.statusCode, edited.body).toBe(204);
      expect((await mine(seller)).Review).toMatchObject({ Status: 'pending', Rating: 3, Text: TEXT.fair });
      expect(await stored()).toEqual({ rating: 5, count: 1 });

      // The moderator read this version; the author edits again before the decision.
      const read = await versionOf(sellerReview);
      await seller.call('PUT', `/api/Agency/Reviews/${sellerReview}`, { Rating: 5, Text: TEXT.great });
      expectError(await approve(sellerReview, read), 'ReviewChanged');
      expect(await stored()).toEqual({ rating: 5, count: 1 });
      // A new name in the profile does not change a signature the moderator approved.
      await db().update(users).set({ name: 'Moderatore', surname: 'Rexer' }).where(eq(users.id, seller.id));
      await approve(sellerReview);
      expect(await stored()).toEqual({ rating: 5, count: 2 });
      const shown = (await publicReviews()).Reviews.find((r) => r.Id === sellerReview);
      expect(shown).toMatchObject({ Text: TEXT.great, Answer: null, Edited: true, AuthorName: 'Giulia B.' });
    });

    it('hides a review only after three independent reports, keeps every report in the queue, and a kept one stays', async () => {
      const visitorReview = (await mine(visitor)).Review.Id as number;
      const report = (who: SignedInUser, Reason?: string) =>
        who.call('POST', `/api/Agency/Reviews/${visitorReview}/Report`, Reason ? { Reason } : {});
      expectError(await report(visitor), 'ReviewOwnNotReportable');
      expectError(await anonymous('POST', `/api/Agency/Reviews/${visitorReview}/Report`, {}), 'MissingToken');

      // The reviewed agency and a competitor are heard by the moderators, never hide a review.
      expect((await report(member, 'Non è mai venuta.')).json()).toEqual({ Hidden: false });
      expect((await report(rival)).json()).toEqual({ Hidden: false });
      const item = (await queue()).find((entry) => entry.Id === visitorReview)!;
      expect(item).toMatchObject({ Status: 'approved' });
      expect(item.Reports).toEqual([
        expect.objectContaining({ Reason: 'Non è mai venuta.', FromAgency: 'reviewed', New: true }),
        expect.objectContaining({ Reason: null, FromAgency: 'other', New: true }),
      ]);
      expect((await publicReviews()).Reviews.map((r) => r.Id)).toContain(visitorReview);

      // A fresh account's report reaches the queue, never hides a review.
      expect((await report(soon)).json()).toEqual({ Hidden: false });
      // Three people who work for no agency, with accounts past a week, take it off the page until a moderator decides.
      expect((await report(reporters[0]!)).json()).toEqual({ Hidden: false });
      expect((await report(reporters[1]!)).json()).toEqual({ Hidden: false });
      expect((await report(reporters[2]!, 'Recensione falsa')).json()).toEqual({ Hidden: true });
      expect((await publicReviews()).Reviews.map((r) => r.Id)).not.toContain(visitorReview);
      expect(await stored()).toEqual({ rating: 5, count: 1 });
      expectError(await report(stranger), 'ReviewNotFound');

      await approve(visitorReview);
      expect(await stored()).toEqual({ rating: 5, count: 2 });
      expect((await queue()).map((entry) => entry.Id)).not.toContain(visitorReview);
      // Kept after reports: a new report reaches the queue, the review stays.
      expect((await report(stranger, 'Ancora falsa')).json()).toEqual({ Hidden: false });
      const again = (await queue()).find((entry) => entry.Id === visitorReview)!;
      expect(again.Reports.filter((r) => r.New)).toEqual([expect.objectContaining({ Reason: 'Ancora falsa' })]);
      expect(await stored()).toEqual({ rating: 5, count: 2 });
      await approve(visitorReview);
      expect((await queue()).map((entry) => entry.Id)).not.toContain(visitorReview);
    });

    it("takes the agency's public answer from its own accounts only, under the same text rules", async () => {
      const visitorReview = (await mine(visitor)).Review.Id as number;
      const answer = (who: SignedInUser, Text: string) =>
        who.call('PUT', `/api/Agency/Reviews/${visitorReview}/Answer`, { Text });
      expectError(await answer(rival, 'Grazie!'), 'ReviewNotFound');
      expectError(await answer(visitor, 'Grazie!'), 'ReviewNotFound');
      expectError(await answer(member, 'Scriveteci a info@case.it'), 'ReviewTextRefused');
      expectError(await answer(member, 'Offerte su navigli·it'), 'ReviewTextRefused');
      const markup = 'Grazie Giulia! <script>alert(1)</script> A presto.';
      expect((await answer(member, markup)).statusCode).toBe(204);
      // It shows once a moderator let it, on the version read.
      const shownNow = async () => (await publicReviews()).Reviews.find((r) => r.Id === visitorReview);
      expect((await shownNow())?.Answer).toBeNull();
      const waiting = (await queue()).find((entry) => entry.Id === visitorReview)!;
      expect(waiting.AnswerPending).not.toBeNull();
      const decideAnswer = (decision: 'Approve' | 'Reject', Version: string, who = moderator) =>
        who.call('POST', `/api/Moderation/AgencyReviews/${visitorReview}/Answer/${decision}`, { Version });
      expectError(await decideAnswer('Approve', waiting.AnswerPending!.Version, member), 'Forbidden');
      await answer(member, 'Grazie Giulia, a presto!');
      expectError(await decideAnswer('Approve', waiting.AnswerPending!.Version), 'ReviewChanged');
      const rewritten = (await queue()).find((entry) => entry.Id === visitorReview)!.AnswerPending!.Version;
      expect((await decideAnswer('Reject', rewritten)).statusCode).toBe(204);
      expect((await queue()).map((entry) => entry.Id)).not.toContain(visitorReview);
      expect((await answer(member, markup)).statusCode).toBe(204);
      const again = (await queue()).find((entry) => entry.Id === visitorReview)!.AnswerPending!.Version;
      expect((await decideAnswer('Approve', again)).statusCode).toBe(204);
      expectError(await decideAnswer('Approve', again), 'ReviewNotFound');
      expect(await shownNow()).toMatchObject({ Answer: { Text: markup }, Edited: false });
      // A review that is not published cannot be answered.
      const valuerReview = (await mine(valuer)).Review.Id as number;
      expectError(
        await member.call('PUT', `/api/Agency/Reviews/${valuerReview}/Answer`, { Text: 'Grazie' }),
        'ReviewNotFound',
      );
      expect((await member.call('DELETE', `/api/Agency/Reviews/${visitorReview}/Answer`)).statusCode).toBe(204);
      expect((await publicReviews()).Reviews.find((r) => r.Id === visitorReview)?.Answer).toBeNull();
    });

    it("seeds demo reviews that hold the product's rules: each after a visit that took place, the ratings computed from them", async () => {
      const rows = await db().execute<{ id: number; ok: boolean }>(sql`
        select r.id, exists (
          select 1 from appointments a join properties p on p.id = a.property_id
          where a.requester_user_id = r.author_user_id and p.agency_id = r.agency_id
            and a.status_id = 2 and a.scheduled_at < now()
        ) as ok
        from agency_reviews r where r.agency_id not in (${agency.id}, ${otherAgency.id})`);
      expect(rows.rows.length).toBeGreaterThan(0);
      expect(rows.rows.filter((row) => !row.ok)).toEqual([]);
      const unsigned = await db().execute<{ id: number }>(
        sql`select id from agency_reviews where author_name !~ ${String.raw`^\S+ \S\.$`}`,
      );
      expect(unsigned.rows).toEqual([]);
      const drift = await db().execute<{ id: number }>(sql`
        select a.id from agencies a
        left join (select agency_id, round(avg(rating)::numeric, 1) as average, count(*)::int as n
                   from agency_reviews where status = 'approved' group by agency_id) s on s.agency_id = a.id
        where a.reviews_count <> coalesce(s.n, 0) or a.rating is distinct from s.average`);
      expect(drift.rows).toEqual([]);
      // The demo buyer visited a home of two agencies and may review both.
      const [buyer] = await db()
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'acquirente@rexer.example'));
      const reviewable = await db().execute<{ agency_id: number }>(sql`
        select distinct p.agency_id from appointments a join properties p on p.id = a.property_id
        where a.requester_user_id = ${buyer!.id} and a.status_id = 2 and a.scheduled_at < now() and p.agency_id is not null`);
      expect(reviewable.rows).toHaveLength(2);
    });

    it("counts a deleted account's reviews no more", async () => {
      expect(await stored()).toEqual({ rating: 5, count: 2 });
      await deleteAccountData(db(), seller.id, new Date());
      expect(await stored()).toEqual({ rating: 5, count: 1 });
      expect(await db().select().from(agencyReviews).where(eq(agencyReviews.authorUserId, seller.id))).toEqual([]);
    });
  },
);
