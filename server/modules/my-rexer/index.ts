import { and, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APPOINTMENT_STATUS } from '@domain/appointment';
import { requireUser } from '../../auth/require-user';
import { appointments, municipalities, properties, savedSearches, savedSearchMatches } from '../../db/schema';
import { errorResponses } from '../../errors/error-body';
import { generatedTitleOf } from '../listing-drafts/wizard';
import { unreadCount } from '../messages/repository';
import { MyRexerOverview } from './schemas';

/** How many drafts and searches with news the overview names (the rest are counted). */
const SHOWN = 3;
/** Listings an alert sent to a saved search within this many days are its news. */
export const SEARCH_NEWS_DAYS = 7;

/**
 * GET /api/User/Overview: what waits for the user on MyRexer's home (/myrexer): visit requests
 * to answer on their listings, visits coming up, unread messages, drafts to finish and the saved
 * searches that received listings lately. Counts and a few names, each an indexed query of the
 * user's own rows: nothing of another user is read.
 */
const myRexerModule: FastifyPluginAsyncZod = async function myRexerModule(fastify) {
  fastify.get(
    '/api/User/Overview',
    {
      preHandler: requireUser({ allowRapidRegistration: true }),
      schema: {
        tags: ['User'],
        summary: "MyRexer's home: what waits for the user (visit requests, visits, messages, drafts, search news)",
        response: { 200: MyRexerOverview, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const now = new Date();
      const db = fastify.db;
      const newsSince = new Date(now.getTime() - SEARCH_NEWS_DAYS * 24 * 60 * 60 * 1000);
      const draftWhere = and(
        eq(properties.ownerUserId, userId),
        eq(properties.statusId, 1),
        inArray(properties.sellTypeId, [1, 2]),
      );
      const [requests, upcoming, unread, draftCount, drafts, news] = await Promise.all([
        db
          .select({ n: count() })
          .from(appointments)
          .where(and(eq(appointments.ownerUserId, userId), eq(appointments.statusId, APPOINTMENT_STATUS.pending))),
        db
          .select({ n: count() })
          .from(appointments)
          .where(
            and(
              or(eq(appointments.ownerUserId, userId), eq(appointments.requesterUserId, userId)),
              inArray(appointments.statusId, [
                APPOINTMENT_STATUS.confirmed,
                APPOINTMENT_STATUS.accepted_with_phone_number,
              ]),
              gt(appointments.scheduledAt, now),
            ),
          ),
        unreadCount(db, userId),
        db.select({ n: count() }).from(properties).where(draftWhere),
        db
          .select({
            id: properties.id,
            title: properties.title,
            sellTypeId: properties.sellTypeId,
            street: properties.street,
            streetNumber: properties.streetNumber,
            showAddress: properties.showAddress,
            city: municipalities.name,
            wizardPage: properties.wizardPage,
            updatedAt: properties.updatedAt,
          })
          .from(properties)
          .leftJoin(municipalities, eq(municipalities.id, properties.municipalityId))
          .where(draftWhere)
          .orderBy(desc(properties.updatedAt))
          .limit(SHOWN),
        db
          .select({
            id: savedSearches.id,
            name: savedSearches.name,
            listings: sql<number>`count(distinct ${savedSearchMatches.propertyId})::int`,
          })
          .from(savedSearches)
          .innerJoin(savedSearchMatches, eq(savedSearchMatches.savedSearchId, savedSearches.id))
          .where(and(eq(savedSearches.userId, userId), gt(savedSearchMatches.createdAt, newsSince)))
          .groupBy(savedSearches.id, savedSearches.name)
          .orderBy(desc(sql`max(${savedSearchMatches.createdAt})`)),
      ]);
      reply.header('cache-control', 'no-store');
      return {
        VisitRequests: requests[0]?.n ?? 0,
        UpcomingVisits: upcoming[0]?.n ?? 0,
        UnreadMessages: unread,
        DraftCount: draftCount[0]?.n ?? 0,
        Drafts: drafts.map((row) => ({
          Id: row.id,
          SellType: row.sellTypeId as 1 | 2,
          Title: row.title ?? generatedTitleOf(row, row.city),
          CurrentStep: row.wizardPage?.currentStep ?? null,
          UpdatedAt: row.updatedAt.toISOString(),
        })),
        SearchNews: news.slice(0, SHOWN).map((row) => ({ Id: row.id, Name: row.name, NewListings: row.listings })),
        SearchesWithNews: news.length,
        SearchNewsDays: SEARCH_NEWS_DAYS,
      };
    },
  );
};

export default myRexerModule;
