import fp from 'fastify-plugin';
import { cleanPendingFiles } from '../modules/listing-media/pending-files';
import { purgeMailOutbox } from '../modules/mail-outbox/purge';
import { sweepDeletedAccounts } from '../modules/profile/account-deletion';
import { purgeViewVisitors } from '../modules/property/repository';
import { purgeSpentChallenges } from '../plugins/captcha';
import { purgeRateLimitCounters } from '../plugins/rate-limit-store';

export const HOUSEKEEPING_JOB = 'housekeeping';

/** The day before `now`'s (UTC, `YYYY-MM-DD`): listing visitors of the days before it go. */
export function viewVisitorsKeptFrom(now: Date): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * Every ten minutes, on one server, and once when a server starts (one killed may have left
 * files behind): the spent captcha challenges and rate-limit windows that ended go, and so do
 * the listing visitors of the days before yesterday (yesterday's stay, so a view sent just
 * before midnight and written just after still finds its visitor), and the listing files a
 * killed server left without their row (pending_files keys older than an hour: pending-files.ts).
 * The accounts deleted in the last day have their rows deleted again (sweepDeletedAccounts: what a
 * writer racing the deletion left), and the outbox keeps sent mails 30 days, unsent ones 7
 * (purgeMailOutbox).
 */
export default fp(
  async function housekeeping(fastify) {
    if (!fastify.jobs.enabled) return;
    await fastify.jobs.work(HOUSEKEEPING_JOB, { policy: 'singleton', retryLimit: 1 }, async () => {
      const challenges = await purgeSpentChallenges(fastify.db);
      const counters = await purgeRateLimitCounters(fastify.db);
      const viewVisitors = await purgeViewVisitors(fastify.db, viewVisitorsKeptFrom(new Date()));
      const pendingFiles = await cleanPendingFiles(fastify.db, fastify.storage, new Date(), (message, data) =>
        fastify.log.warn(data, message),
      );
      if (pendingFiles.files + pendingFiles.rows > 0)
        fastify.log.info({ pendingFiles }, 'housekeeping: files left behind');
      const deletedAccounts = await sweepDeletedAccounts(fastify);
      const mails = await purgeMailOutbox(fastify.db);
      fastify.log.debug({ challenges, counters, viewVisitors, pendingFiles, deletedAccounts, mails }, 'housekeeping');
    });
    await fastify.jobs.schedule(HOUSEKEEPING_JOB, '*/10 * * * *');
    fastify.addHook('onReady', async () => {
      await fastify.jobs
        .send(HOUSEKEEPING_JOB)
        .catch((error: unknown) => fastify.log.error({ err: error }, 'could not queue the housekeeping job'));
    });
  },
  { name: 'housekeeping', dependencies: ['job-queue'], fastify: '5.x' },
);
