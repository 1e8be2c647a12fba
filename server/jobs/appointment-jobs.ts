import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appointments } from '../db/schema';
import { reminderMail } from '../modules/appointments/mail';
import { dueReminders, lockAppointment, overduePending, queueMails } from '../modules/appointments/repository';
import { applyVisitCommand } from '../modules/appointments/transitions';

/**
 * The visits' background work (docs/spec.md §4, "Appointments (visits)"):
 * - expiry: a pending request the owner has not answered before its earliest slot expires
 *   (EXPIRE by actor none → 6, asked of the machine like any change). Each request queues a job
 *   to run at its earliest slot (`startAfter`); a sweep every five minutes expires whatever is
 *   overdue, so a request whose job was never queued (a server killed between the commit and
 *   the send) or was lost is expired all the same;
 * - reminder: every fifteen minutes, a mail to both parties of each confirmed visit in the
 *   next 24 hours, once (appointments.reminded_at, set under the row lock).
 */

export const APPOINTMENT_EXPIRY_JOB = 'appointment-expiry';
export const APPOINTMENT_EXPIRY_SWEEP_JOB = 'appointment-expiry-sweep';
export const APPOINTMENT_REMINDER_JOB = 'appointment-reminders';

/** Queues the expiry of a new request at its earliest slot (nothing when the queue is off: the sweep does it). */
export async function scheduleExpiry(fastify: FastifyInstance, id: number, at: Date): Promise<void> {
  if (!fastify.jobs.enabled) return;
  try {
    await fastify.jobs.send(APPOINTMENT_EXPIRY_JOB, { id }, { startAfter: at, singletonKey: `appointment-${id}` });
  } catch (error) {
    // The sweep expires it anyway.
    fastify.log.error({ err: error, appointment: id }, 'could not queue the expiry of a visit request');
  }
}

/** Expires one request if it is still pending and overdue at `now`; answers whether it did. */
export async function expireAppointment(fastify: FastifyInstance, id: number, now = new Date()): Promise<boolean> {
  return (await applyVisitCommand(fastify, id, null, { type: 'EXPIRE' }, now)) !== null;
}

/** Expires every overdue pending request; answers how many. */
export async function sweepExpiredAppointments(fastify: FastifyInstance, now = new Date()): Promise<number> {
  let expired = 0;
  for (;;) {
    const ids = await overduePending(fastify.db, now);
    let changed = 0;
    for (const id of ids) if (await expireAppointment(fastify, id, now)) changed++;
    expired += changed;
    if (ids.length === 0 || changed === 0) return expired;
  }
}

/** Queues the reminder of every confirmed visit in the next day that has none yet; answers how many visits. */
export async function sendVisitReminders(fastify: FastifyInstance, now = new Date()): Promise<number> {
  let sent = 0;
  for (const id of await dueReminders(fastify.db, now)) {
    const done = await fastify.db.transaction(async (tx) => {
      const view = await lockAppointment(tx, id);
      if (!view || view.row.statusId !== 2 || view.row.remindedAt !== null || view.row.scheduledAt === null)
        return false;
      const at = view.row.scheduledAt;
      const base = { title: view.title, appointmentId: id, publicUrl: fastify.config.publicUrl, at };
      await queueMails(tx, [
        { to: view.buyer.email, ...reminderMail({ ...base, toName: view.buyer.name, otherName: view.owner.name }) },
        { to: view.owner.email, ...reminderMail({ ...base, toName: view.owner.name, otherName: view.buyer.name }) },
      ]);
      await tx
        .update(appointments)
        .set({ remindedAt: now })
        .where(and(eq(appointments.id, id), isNull(appointments.remindedAt)));
      return true;
    });
    if (done) sent++;
  }
  if (sent > 0) fastify.wakeMailSender();
  return sent;
}

export default fp(
  async function appointmentJobs(fastify) {
    if (!fastify.jobs.enabled) return;
    await fastify.jobs.work<{ id?: unknown }>(
      APPOINTMENT_EXPIRY_JOB,
      { retryLimit: 3, retryDelay: 60 },
      async (jobs) => {
        for (const job of jobs) if (typeof job.data.id === 'number') await expireAppointment(fastify, job.data.id);
      },
    );
    await fastify.jobs.work(APPOINTMENT_EXPIRY_SWEEP_JOB, { policy: 'singleton', retryLimit: 1 }, async () => {
      const expired = await sweepExpiredAppointments(fastify);
      if (expired > 0) fastify.log.info({ expired }, 'visit requests expired');
    });
    await fastify.jobs.schedule(APPOINTMENT_EXPIRY_SWEEP_JOB, '*/5 * * * *');
    await fastify.jobs.work(APPOINTMENT_REMINDER_JOB, { policy: 'singleton', retryLimit: 1 }, async () => {
      const sent = await sendVisitReminders(fastify);
      if (sent > 0) fastify.log.info({ visits: sent }, 'visit reminders');
    });
    await fastify.jobs.schedule(APPOINTMENT_REMINDER_JOB, '*/15 * * * *');
  },
  { name: 'appointment-jobs', dependencies: ['job-queue', 'mail-sender'], fastify: '5.x' },
);
