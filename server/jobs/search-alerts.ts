import { and, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ALERT_FREQUENCIES, searchPath, type AlertFrequency } from '@domain/search';
import { mailOutbox, properties, savedSearches, savedSearchMatches, users } from '../db/schema';
import { AppError } from '../errors/app-error';
import { deleteLinkUrl } from '../modules/saved-searches/links';
import { searchAlertMail } from '../modules/saved-searches/mail';
import { paramsOf, summariesOf } from '../modules/saved-searches/repository';
import { resolveSearchFilter } from '../modules/search/resolve-place';

/**
 * Saved-search alerts: a listing published, or reduced in price, after a search last looked
 * is sent to it, in one mail per search and run listing every match. Instant searches are
 * looked at every minute; daily and weekly ones every hour, each when a day (a week) has
 * passed since it last looked.
 *
 * Every (search, listing, price) sent is a row of saved_search_matches, inserted with
 * ON CONFLICT DO NOTHING RETURNING in the transaction that queues the mail: of two servers
 * running the same search at once, the second finds the rows taken and sends nothing, and a
 * listing is sent again only at a price lower than any it was sent at.
 */

export const SEARCH_ALERT_JOBS: Record<AlertFrequency, string> = {
  instant: 'search-alerts-instant',
  daily: 'search-alerts-daily',
  weekly: 'search-alerts-weekly',
};

const CRON: Record<AlertFrequency, string> = { instant: '* * * * *', daily: '7 * * * *', weekly: '17 * * * *' };

/** How long a search waits between two looks. */
const INTERVAL_MS: Record<AlertFrequency, number> = {
  instant: 0,
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 24 * 60 * 60 * 1000,
};

/**
 * Each look starts this much before the previous one ended: a listing committed late (its
 * published_at a little before the previous look's end) is not missed; the matches table
 * keeps it from being sent twice.
 */
const OVERLAP_MS = 2 * 60 * 1000;

/** Match kinds of saved_search_matches. */
const MATCH_KIND = { new: 1, reduction: 2 } as const;

export interface SearchAlertRun {
  searches: number;
  mails: number;
  listings: number;
}

/** One run for the searches of a frequency that are due at `now`; callable directly (tests, scripts). */
export async function runSearchAlerts(
  fastify: FastifyInstance,
  opts: { frequency: AlertFrequency; now?: Date },
): Promise<SearchAlertRun> {
  const now = opts.now ?? new Date();
  const db = fastify.db;
  const due = await db
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      name: savedSearches.name,
      criteria: savedSearches.criteria,
      checkedAt: savedSearches.alertsCheckedAt,
      createdAt: savedSearches.createdAt,
      email: users.email,
      userName: users.name,
    })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(
      and(
        eq(savedSearches.frequency, opts.frequency),
        eq(savedSearches.alertsEnabled, true),
        lte(savedSearches.alertsCheckedAt, new Date(now.getTime() - INTERVAL_MS[opts.frequency])),
        isNull(users.deletedAt),
        isNull(users.suspendedAt),
        eq(users.registrationConfirmed, true),
      ),
    )
    .orderBy(savedSearches.id);
  const run: SearchAlertRun = { searches: due.length, mails: 0, listings: 0 };
  const nextCheck = new Date(now.getTime() - OVERLAP_MS);
  for (const search of due) {
    const params = paramsOf(search.criteria);
    let filter: SQL;
    try {
      filter = await resolveSearchFilter(db, params);
    } catch (error) {
      // A place that no longer exists (a district removed ...): nothing can match.
      if (!(error instanceof AppError)) throw error;
      await db.update(savedSearches).set({ alertsCheckedAt: nextCheck }).where(eq(savedSearches.id, search.id));
      continue;
    }
    // The overlap never reaches back before the search was saved: what was on the market then,
    // its owner saw among the results (a listing published a minute earlier is not news).
    const since = search.checkedAt > search.createdAt ? search.checkedAt : search.createdAt;
    // No upper bound on the change: the database's clock (microseconds) may stand a little
    // after this run's `now` (milliseconds); saved_search_matches keeps a match from going twice.
    const reduced = and(gt(properties.priceChangedAt, since), gt(properties.previousPrice, properties.price));
    const candidates = await db
      .select({
        id: properties.id,
        title: properties.title,
        price: properties.price,
        previousPrice: properties.previousPrice,
        sellTypeId: properties.sellTypeId,
        reduced: sql<boolean>`coalesce(${reduced}, false)`,
      })
      .from(properties)
      .where(
        and(
          filter,
          or(and(gt(properties.publishedAt, since), lte(properties.publishedAt, now)), reduced),
          // Sent already at this price or a lower one: not again.
          sql`not exists (select 1 from ${savedSearchMatches} m where m.saved_search_id = ${search.id} and m.property_id = ${properties.id} and m.price <= coalesce(${properties.price}, 0))`,
        ),
      )
      .orderBy(desc(properties.publishedAt), desc(properties.id));
    const summary = candidates.length > 0 ? ((await summariesOf(db, [params]))[0] ?? '') : '';
    const sent = await db.transaction(async (tx) => {
      const taken =
        candidates.length === 0
          ? []
          : await tx
              .insert(savedSearchMatches)
              .values(
                candidates.map((c) => ({
                  savedSearchId: search.id,
                  propertyId: c.id,
                  price: c.price ?? 0,
                  kind: c.reduced ? MATCH_KIND.reduction : MATCH_KIND.new,
                  createdAt: now,
                })),
              )
              .onConflictDoNothing()
              .returning({ propertyId: savedSearchMatches.propertyId });
      const takenIds = new Set(taken.map((row) => row.propertyId));
      const listings = candidates.filter((c) => takenIds.has(c.id));
      if (listings.length > 0) {
        const mail = searchAlertMail({
          userName: search.userName,
          searchName: search.name,
          summary,
          publicUrl: fastify.config.publicUrl,
          searchUrl: `${fastify.config.publicUrl}${searchPath(params)}`,
          deleteUrl: deleteLinkUrl(
            fastify.config.publicUrl,
            fastify.secrets.savedSearchLinkKey,
            search.id,
            search.userId,
          ),
          listings: listings.map((c) => ({
            id: c.id,
            title: c.title ?? `Annuncio ${c.id}`,
            price: c.price,
            previousPrice: c.reduced ? c.previousPrice : null,
            sellTypeId: c.sellTypeId,
          })),
        });
        await tx
          .insert(mailOutbox)
          .values({ toAddress: search.email, subject: mail.subject, textBody: mail.text, template: 'search-alert' });
      }
      await tx
        .update(savedSearches)
        .set({ alertsCheckedAt: nextCheck, ...(listings.length > 0 ? { lastNotifiedAt: now } : {}) })
        .where(eq(savedSearches.id, search.id));
      return listings.length;
    });
    if (sent > 0) {
      run.mails++;
      run.listings += sent;
    }
  }
  if (run.mails > 0) fastify.wakeMailSender();
  return run;
}

/** The three schedules on the job queue: one server runs each at a time (singleton). */
export default fp(
  async function searchAlerts(fastify) {
    if (!fastify.jobs.enabled) return;
    for (const frequency of ALERT_FREQUENCIES) {
      const name = SEARCH_ALERT_JOBS[frequency];
      await fastify.jobs.work(name, { policy: 'singleton', retryLimit: 1 }, async () => {
        const run = await runSearchAlerts(fastify, { frequency });
        if (run.mails > 0) fastify.log.info({ frequency, ...run }, 'search alerts');
      });
      await fastify.jobs.schedule(name, CRON[frequency]);
    }
  },
  { name: 'search-alerts', dependencies: ['job-queue', 'mail-sender', 'secrets'], fastify: '5.x' },
);
