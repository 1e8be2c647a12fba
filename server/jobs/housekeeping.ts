import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from '../storage/file-storage';
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
 * One run of the housekeeping (the job's, callable directly). Each step on its own: one that fails
 * (the object store away) neither stops the others (the erasure sweep, the outbox purge) nor hides
 * their figures; `failed` names the steps that failed.
 */
export async function runHousekeeping(
  fastify: FastifyInstance,
  { now = new Date(), storage = fastify.storage }: { now?: Date; storage?: FileStorage } = {},
) {
  const failed: string[] = [];
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T | null> => {
    try {
      return await work();
    } catch (error) {
      failed.push(name);
      fastify.log.error({ err: error, step: name }, 'housekeeping: a step failed');
      return null;
    }
  };
  const challenges = await step('challenges', () => purgeSpentChallenges(fastify.db));
  const counters = await step('rate-limit counters', () => purgeRateLimitCounters(fastify.db));
  const viewVisitors = await step('view visitors', () => purgeViewVisitors(fastify.db, viewVisitorsKeptFrom(now)));
  const deletedAccounts = await step('deleted accounts', () => sweepDeletedAccounts(fastify));
  const mails = await step('mail outbox', () => purgeMailOutbox(fastify.db));
  // Last: the only step that needs the file storage.
  const pendingFiles = await step('pending files', () =>
    cleanPendingFiles(fastify.db, storage, now, (message, data) => fastify.log.warn(data, message)),
  );
  if (pendingFiles && pendingFiles.files + pendingFiles.rows > 0)
    fastify.log.info({ pendingFiles }, 'housekeeping: files left behind');
  fastify.log.debug({ challenges, counters, viewVisitors, pendingFiles, deletedAccounts, mails }, 'housekeeping');
  return { failed, challenges, counters, viewVisitors, deletedAccounts, mails, pendingFiles };
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
      const { failed } = await runHousekeeping(fastify);
      // Failed, it counts as a failed job and is tried again.
      if (failed.length > 0) throw new Error(`housekeeping: ${failed.join(', ')} failed`);
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
