import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';

/** Tries at creating a queue another server may be creating at the same moment. */
const QUEUE_CREATE_ATTEMPTS = 5;

/**
 * The durable job queue: pg-boss, in the app's own database (its `pgboss` schema), on
 * PostgreSQL and on PGlite alike. A job is claimed by one worker whichever server picks it
 * up (`FOR UPDATE SKIP LOCKED` inside pg-boss), survives restarts, and is retried when it
 * fails. Background work is a job here, never a timer in one process: mail delivery and the
 * housekeeping now; saved-search alerts and visit expiry later. One file per job in
 * server/jobs, registered by `jobs.ts`.
 */
export interface JobQueue {
  /** Whether jobs run at all (JOB_QUEUE=false runs none: sends are dropped). */
  readonly enabled: boolean;
  send(name: string, data?: object, options?: PgBoss.SendOptions): Promise<void>;
  /** Creates the queue (idempotent) and works its jobs on this server. */
  work<T extends object>(
    name: string,
    queue: Omit<PgBoss.Queue, 'name'>,
    handler: (jobs: PgBoss.Job<T>[]) => Promise<void>,
  ): Promise<void>;
  /** A cron schedule (minute precision), kept in the database: one server fires it each time. */
  schedule(name: string, cron: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

const disabled: JobQueue = {
  enabled: false,
  send: async () => {},
  work: async () => {},
  schedule: async () => {},
};

export default fp(
  async function jobQueue(fastify) {
    if (!fastify.config.jobQueue) {
      fastify.decorate('jobs', disabled);
      return;
    }
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => fastify.database.executeSql(text, values) },
      schema: 'pgboss',
      migrate: true,
      supervise: true,
      schedule: true,
      // Archive done jobs after a day, delete them after a week.
      archiveCompletedAfterSeconds: 24 * 60 * 60,
      deleteAfterDays: 7,
    });
    boss.on('error', (error: unknown) => fastify.log.error({ err: error }, 'job queue error'));
    await boss.start();
    const pollingIntervalSeconds = fastify.config.jobPollSeconds;
    const created = new Set<string>();
    const ensureQueue = async (name: string, options: Omit<PgBoss.Queue, 'name'> = {}) => {
      if (created.has(name)) return;
      // Another server may create it at the same moment: its transaction and this one can
      // deadlock (PostgreSQL then cancels one) or this one finds it made. Either way the queue
      // ends up existing, which is all we need: look again, and try again a few times.
      let existing: PgBoss.Queue | null;
      for (let attempt = 1; !(existing = await boss.getQueue(name)); attempt++) {
        try {
          await boss.createQueue(name, { name, ...options });
        } catch (error) {
          if (attempt >= QUEUE_CREATE_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
        }
      }
      // A queue made by an older version with another policy takes the one asked now (new jobs follow it).
      if (options.policy !== undefined && existing.policy !== options.policy)
        await boss.updateQueue(name, { name, ...options });
      created.add(name);
    };
    fastify.decorate('jobs', {
      enabled: true,
      async send(name, data = {}, options = {}) {
        await ensureQueue(name);
        await boss.send(name, data, options);
      },
      async work(name, queue, handler) {
        await ensureQueue(name, queue);
        const run = handler as PgBoss.WorkHandler<object>;
        const failures = fastify.metrics.jobFailures.labels(name);
        await boss.work(name, { pollingIntervalSeconds, batchSize: 1 }, async (jobs: PgBoss.Job<object>[]) => {
          try {
            await run(jobs);
          } catch (error) {
            // pg-boss records the failure (retried, or failed for good); the metrics count it.
            failures.inc();
            throw error;
          }
        });
      },
      async schedule(name, cron) {
        await ensureQueue(name);
        await boss.schedule(name, cron);
      },
    } satisfies JobQueue);
    fastify.addHook('onClose', async () => {
      // Jobs under way finish (or go back to the queue after the timeout); nothing is lost.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    });
  },
  { name: 'job-queue', dependencies: ['context', 'metrics'], fastify: '5.x' },
);
