import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APPOINTMENT_STATUS, isAppointmentStatusId } from '@domain/appointment';
import { nextAppointment, type AppointmentContext, type AppointmentEvent } from '../../../machines/appointment.machine';
import type { Tx } from '../../db/database';
import { appointmentEvents, appointments } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { publishUserEvent } from '../../lib/user-events';
import { visitCalendar } from './ics';
import { acceptedWithPhoneMail, cancelledMail, confirmedMail, expiredMail } from './mail';
import {
  isUniqueViolation,
  lockAppointment,
  queueMails,
  reasonName,
  slotsOf,
  type Actor,
  type AppointmentView,
  type OutgoingMail,
  type Role,
} from './repository';

// Every status change of a visit: the stored status and context are given to the machine
// (machines/appointment.machine.ts, the same the app runs), which answers the next status or
// refuses; the server never keeps rules of its own about which change is allowed. A change is
// one transaction: the row locked (SELECT … FOR UPDATE), the machine asked, the row updated, a
// history row appended, the mails queued. A confirmation that meets another confirmed visit
// of the same slot breaks appointments_confirmed_slot_uq: AppointmentSlotTaken.

export type VisitCommand =
  | { type: 'CONFIRM'; slot: Date }
  | { type: 'ACCEPT_WITH_PHONE' }
  | { type: 'CANCEL'; reason: number }
  | { type: 'EXPIRE' };

/** The machine's context for a stored appointment. */
export function contextOf(row: typeof appointments.$inferSelect, slots: Date[]): AppointmentContext {
  return {
    slots: slots.map((s) => s.toISOString()),
    confirmedSlot: row.scheduledAt?.toISOString() ?? null,
    reason: row.refusalReasonId ?? 0,
    lastActor: row.lastActor,
  };
}

function eventOf(command: VisitCommand, actor: Actor): AppointmentEvent {
  switch (command.type) {
    case 'CONFIRM':
      return { type: 'CONFIRM', actor, slot: command.slot.toISOString() };
    case 'ACCEPT_WITH_PHONE':
      return { type: 'ACCEPT_WITH_PHONE', actor };
    case 'CANCEL':
      return { type: 'CANCEL', actor, reason: command.reason };
    case 'EXPIRE':
      return { type: 'EXPIRE', actor: 'none' };
  }
}

/** The status the machine allows, or null (a stored status it does not know is refused too). */
export function nextStatusOf(statusId: number, context: AppointmentContext, event: AppointmentEvent): number | null {
  if (!isAppointmentStatusId(statusId)) return null;
  return nextAppointment(statusId, context, event)?.status ?? null;
}

export interface TransitionResult {
  id: number;
  statusId: number;
}

/**
 * Applies a command for a party (the role of the caller with this appointment, or the system
 * for an expiry). `who` null: the system (jobs); else the user id, whose role is derived from
 * the row; another user's appointment answers AppointmentNotFound.
 */
export async function applyVisitCommand(
  fastify: FastifyInstance,
  id: number,
  who: number | null,
  command: VisitCommand,
  now = new Date(),
): Promise<TransitionResult | null> {
  try {
    const result = await fastify.db.transaction(async (tx) => {
      const view = await lockAppointment(tx, id);
      let role: Role | null = null;
      if (who !== null) {
        role = view?.row.requesterUserId === who ? 'buyer' : view?.row.ownerUserId === who ? 'owner' : null;
        if (!view || role === null) throw new AppError('AppointmentNotFound');
      }
      if (!view) return null;
      // A pending request whose earliest slot has come is the clock's: it expires, whatever
      // the call (the owner cannot confirm or accept it late, the buyer cannot hold it open),
      // and the caller is refused once the expiry is stored.
      const overdue =
        who !== null &&
        view.row.statusId === APPOINTMENT_STATUS.pending &&
        view.row.expiresAt !== null &&
        view.row.expiresAt <= now;
      if (overdue) role = null;
      const change: VisitCommand = overdue ? { type: 'EXPIRE' } : command;
      const actor: Actor = role ?? 'none';
      const slots = (await slotsOf(tx, [id])).get(id) ?? [];
      // What the server checks beside the machine: the slot is one of the request's, still ahead.
      if (
        change.type === 'CONFIRM' &&
        (!slots.some((s) => s.getTime() === change.slot.getTime()) || change.slot <= now)
      )
        throw new AppError('AppointmentSlotUnavailable');
      const event = eventOf(change, actor);
      const next = nextStatusOf(view.row.statusId, contextOf(view.row, slots), event);
      if (next === null) {
        if (who === null) return null;
        throw new AppError('AppointmentTransitionRefused', {
          message: `appointment ${id}: ${view.row.statusId} ${change.type} by ${actor}`,
        });
      }
      if (change.type === 'ACCEPT_WITH_PHONE' && !(view.owner.phone ?? '').trim())
        throw new AppError('AppointmentOwnerPhoneMissing');
      if (change.type === 'EXPIRE' && (view.row.expiresAt === null || view.row.expiresAt > now)) return null;
      const reasonId = change.type === 'CANCEL' ? change.reason : null;
      await tx
        .update(appointments)
        .set({
          statusId: next,
          lastActor: actor,
          refusalReasonId: reasonId,
          ...(change.type === 'CONFIRM' ? { scheduledAt: change.slot } : {}),
          updatedAt: now,
        })
        .where(eq(appointments.id, id));
      await tx.insert(appointmentEvents).values({ appointmentId: id, statusId: next, actor, reasonId, createdAt: now });
      await queueMails(tx, await mailsOf(fastify, tx, view, role, change, now));
      // Both parties' open pages learn of the change at the commit (their lists, counts, badges).
      for (const userId of new Set([view.row.requesterUserId, view.row.ownerUserId])) {
        await publishUserEvent(
          fastify,
          userId,
          { event: 'appointment', data: { AppointmentId: id, Status: next } },
          tx,
        );
      }
      return { id, statusId: next, overdue };
    });
    if (result) fastify.wakeMailSender();
    if (result?.overdue)
      throw new AppError('AppointmentTransitionRefused', {
        message: `appointment ${id}: expired (its earliest slot has come)`,
      });
    return result && { id: result.id, statusId: result.statusId };
  } catch (error) {
    if (isUniqueViolation(error, 'appointments_confirmed_slot_uq'))
      throw new AppError('AppointmentSlotTaken', { cause: error });
    throw error;
  }
}

/** The other party of a role, and the role's own side. */
function parties(view: AppointmentView) {
  return {
    buyer: { name: view.buyer.name, email: view.buyer.email },
    owner: { name: view.owner.name, email: view.owner.email },
  };
}

async function mailsOf(
  fastify: FastifyInstance,
  tx: Tx,
  view: AppointmentView,
  role: Role | null,
  command: VisitCommand,
  now: Date,
): Promise<OutgoingMail[]> {
  const { buyer, owner } = parties(view);
  const base = { title: view.title, appointmentId: view.row.id, publicUrl: fastify.config.publicUrl };
  switch (command.type) {
    case 'CONFIRM':
      return [
        { to: buyer, other: owner, toOwner: false },
        { to: owner, other: buyer, toOwner: true },
      ].map(({ to, other, toOwner }) => ({
        to: to.email,
        ...confirmedMail({ ...base, toName: to.name, otherName: other.name, at: command.slot, toOwner }),
        attachments: [
          {
            filename: 'visita.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: calendarFor(fastify, view, command.slot, now, toOwner ? 'owner' : 'buyer'),
          },
        ],
      }));
    case 'ACCEPT_WITH_PHONE':
      return [{ to: buyer.email, ...acceptedWithPhoneMail({ ...base, toName: buyer.name, otherName: owner.name }) }];
    case 'CANCEL': {
      const byOwner = role === 'owner';
      const to = byOwner ? buyer : owner;
      const other = byOwner ? owner : buyer;
      const reason = await reasonName(tx, command.reason);
      return [
        {
          to: to.email,
          ...cancelledMail({
            ...base,
            toName: to.name,
            otherName: other.name,
            byOwner,
            reason,
            at: view.row.scheduledAt,
          }),
        },
      ];
    }
    case 'EXPIRE':
      return [
        { to: buyer.email, ...expiredMail({ ...base, toName: buyer.name, otherName: owner.name, toOwner: false }) },
        { to: owner.email, ...expiredMail({ ...base, toName: owner.name, otherName: buyer.name, toOwner: true }) },
      ];
  }
}

/** The .ics of a confirmed visit for one party (the mail's attachment and the Calendar call). */
export function calendarFor(
  fastify: FastifyInstance,
  view: AppointmentView,
  at: Date,
  stamp: Date,
  role: Role,
): string {
  const { buyer, owner } = parties(view);
  const me = role === 'owner' ? owner : buyer;
  const other = role === 'owner' ? buyer : owner;
  return visitCalendar({
    id: view.row.id,
    at,
    title: view.title,
    town: view.town,
    publicUrl: fastify.config.publicUrl,
    mailFrom: fastify.config.mailFrom,
    attendee: me,
    otherName: other.name,
    otherIsOwner: role === 'buyer',
    stamp,
  });
}
