import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { APPOINTMENT_STATUS } from '@domain/appointment';
import {
  appointments,
  messages,
  messageThreads,
  properties,
  savedSearches,
  savedSearchMatches,
} from '../../server/db/schema';
import { describeOnBackends, expectError, signedInUser, type SignedInUser } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

describeOnBackends(
  "MyRexer's home: what waits for the user",
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000', REGISTER_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    const { backend } = suite;
    let owner: SignedInUser;
    let buyer: SignedInUser;
    let listings: number[];

    const overview = async (user: SignedInUser) => {
      const answer = await user.call('GET', '/api/User/Overview');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      return answer.json();
    };

    beforeAll(async () => {
      owner = await signedInUser(suite.app, suite.db, {
        email: `casa.${backend.name}@example.com`,
        remoteAddress: '10.31.0.1',
      });
      buyer = await signedInUser(suite.app, suite.db, {
        email: `cerca.${backend.name}@example.com`,
        remoteAddress: '10.31.0.2',
      });
      listings = (
        await suite.db.select({ id: properties.id }).from(properties).where(eq(properties.statusId, 2)).limit(6)
      ).map((row) => row.id);
    }, 180_000);

    it('answers nothing waiting for a new account, and only to a logged-in user', async () => {
      expect(await overview(buyer)).toEqual({
        VisitRequests: 0,
        UpcomingVisits: 0,
        UnreadMessages: 0,
        DraftCount: 0,
        Drafts: [],
        SearchNews: [],
        SearchesWithNews: 0,
        SearchNewsDays: 7,
      });
      expectError(await suite.app.inject({ method: 'GET', url: '/api/User/Overview' }), 'MissingToken');
    });

    it("counts the owner's visit requests and both sides' visits to come, the unread messages, and the drafts to finish", async () => {
      // One open request per listing and visitor: each visit on its own listing.
      const [a, b, c, d, e, f] = listings as [number, number, number, number, number, number];
      const now = Date.now();
      const visit = (propertyId: number, statusId: number, scheduledAt: Date | null) => ({
        propertyId,
        requesterUserId: buyer.id,
        ownerUserId: owner.id,
        statusId,
        scheduledAt,
      });
      await suite.db.insert(appointments).values([
        visit(a, APPOINTMENT_STATUS.pending, null),
        visit(b, APPOINTMENT_STATUS.pending, null),
        visit(c, APPOINTMENT_STATUS.confirmed, new Date(now + 2 * DAY)),
        // Past, cancelled or expired visits wait for nobody.
        visit(d, APPOINTMENT_STATUS.confirmed, new Date(now - 2 * DAY)),
        visit(e, APPOINTMENT_STATUS.cancelled, null),
        visit(f, APPOINTMENT_STATUS.expired, null),
      ]);
      const [thread] = await suite.db
        .insert(messageThreads)
        .values({ propertyId: a, buyerUserId: buyer.id, ownerUserId: owner.id })
        .returning({ id: messageThreads.id });
      await suite.db.insert(messages).values([
        { threadId: thread!.id, senderUserId: buyer.id, text: 'Buongiorno, è ancora disponibile?' },
        { threadId: thread!.id, senderUserId: buyer.id, text: 'Potrei vederla sabato?' },
      ]);
      const sale = (await owner.call('POST', '/api/Property/Draft', { SellType: 1 })).json().Id as number;
      const rent = (await owner.call('POST', '/api/Property/Draft', { SellType: 2 })).json().Id as number;

      const mine = await overview(owner);
      expect(mine).toMatchObject({ VisitRequests: 2, UpcomingVisits: 1, UnreadMessages: 2, DraftCount: 2 });
      expect(mine.Drafts.map((d: { Id: number; SellType: number }) => [d.Id, d.SellType]).sort()).toEqual(
        [
          [sale, 1],
          [rent, 2],
        ].sort(),
      );
      expect(mine.Drafts[0].CurrentStep).toBe(2);
      // The buyer's side: the confirmed visit to come is theirs too; the requests are the owner's to answer.
      expect(await overview(buyer)).toMatchObject({
        VisitRequests: 0,
        UpcomingVisits: 1,
        UnreadMessages: 0,
        DraftCount: 0,
      });
    });

    it('names the saved searches that received listings in the last week, with how many', async () => {
      const [a, b, c] = listings as [number, number, number];
      const search = async (name: string) =>
        (
          await suite.db
            .insert(savedSearches)
            .values({ userId: buyer.id, name, searchTypeId: 1, sellTypeId: 1, criteria: {} })
            .returning({ id: savedSearches.id })
        )[0]!.id;
      const bilocali = await search('Bilocali a Bologna');
      const old = await search('Trilocali a Torino');
      const now = Date.now();
      await suite.db.insert(savedSearchMatches).values([
        { savedSearchId: bilocali, propertyId: a, price: 300_000, kind: 1, createdAt: new Date(now - DAY) },
        { savedSearchId: bilocali, propertyId: b, price: 250_000, kind: 1, createdAt: new Date(now - 2 * DAY) },
        // The same listing again at a lower price is one listing of news.
        { savedSearchId: bilocali, propertyId: b, price: 240_000, kind: 2, createdAt: new Date(now - DAY) },
        { savedSearchId: old, propertyId: c, price: 200_000, kind: 1, createdAt: new Date(now - 10 * DAY) },
      ]);
      expect(await overview(buyer)).toMatchObject({
        SearchNews: [{ Id: bilocali, Name: 'Bilocali a Bologna', NewListings: 2 }],
        SearchesWithNews: 1,
      });
      // Another user's searches are never counted.
      expect((await overview(owner)).SearchesWithNews).toBe(0);
    });
  },
);
