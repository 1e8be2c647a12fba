import type { AppointmentActor, AppointmentRefusalReasonId } from '@domain/appointment';
import type { AppointmentItem } from '../api/appointment-api';

/** An answer the viewer may give on a visit, named as the appointment machine names its events. */
export type AppointmentAnswerEvent = 'CONFIRM' | 'ACCEPT_WITH_PHONE' | 'CANCEL';

/** What the viewer may answer on one visit: read off the appointment machine, never kept here. */
export interface AppointmentAnswers {
  /** The events allowed, in the machine's order. */
  events: readonly AppointmentAnswerEvent[];
  /** The requested slots the viewer may confirm. */
  confirm: readonly string[];
  acceptWithPhone: boolean;
  /** The reasons the viewer may cancel with (their side's only). */
  cancel: readonly AppointmentRefusalReasonId[];
}

/** The fields of a listed visit the machine's context is made of. */
export type AppointmentState = Pick<
  AppointmentItem,
  'Status' | 'Slots' | 'ScheduledAt' | 'Reason' | 'LastActor' | 'Role'
>;

/**
 * Asks the appointment machine what the viewer (the item's Role) may answer. Pages do not read
 * the machine: the app passes the appointment process's answer (`appointmentAnswersFor`) down.
 */
export type AnswersFor = (appointment: AppointmentState) => AppointmentAnswers;

export const NO_ANSWERS: AppointmentAnswers = { events: [], confirm: [], acceptWithPhone: false, cancel: [] };

/** The viewer as the machine's actor. */
export function actorOf(role: AppointmentItem['Role']): AppointmentActor {
  return role === 'owner' ? 'owner' : 'buyer';
}
