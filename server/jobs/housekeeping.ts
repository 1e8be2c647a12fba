import fp from 'fastify-plugin';
import { purgeSpentChallenges } from '../plugins/captcha';
import { purgeRateLimitCounters } from '../plugins/rate-limit-store';

export const HOUSEKEEPING_JOB = 'housekeeping';

/** Every ten minutes, on one server: the spent captcha challenges and rate-limit windows that ended go. */
export default fp(
  async function housekeeping(fastify) {
    if (!fastify.jobs.enabled) return;
    await fastify.jobs.work(HOUSEKEEPING_JOB, { policy: 'singleton', retryLimit: 1 }, async () => {
      const challenges = await purgeSpentChallenges(fastify.db);
      const counters = await purgeRateLimitCounters(fastify.db);
      fastify.log.debug({ challenges, counters }, 'housekeeping');
    });
    await fastify.jobs.schedule(HOUSEKEEPING_JOB, '*/10 * * * *');
  },
  { name: 'housekeeping', dependencies: ['job-queue'], fastify: '5.x' },
);
