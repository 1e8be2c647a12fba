import { isAppointmentStatusId, type AppointmentRefusalReasonId } from '@domain/appointment';
import { actorOf, NO_ANSWERS, type AppointmentAnswers, type AppointmentState } from '@/entities/appointment';
import { appointmentChoices, allowedEvents, type AppointmentContext } from '../../../../machines/appointment.machine';

/** The machine's context of a listed visit, as the server builds it (server/modules/appointments/transitions.ts). */
function contextOf(appointment: AppointmentState): AppointmentContext {
  return {
    slots: [...appointment.Slots],
    confirmedSlot: appointment.ScheduledAt,
    reason: appointment.Reason ?? 0,
    lastActor: appointment.LastActor,
  };
}

/**
 * What the viewer (the item's Role, as the machine's actor) may answer on a visit: the slots
 * to confirm, the call, the reasons to cancel, read off the appointment machine the server
 * asks too, so a button shown is a change the API accepts. A status the machine does not
 * know offers nothing.
 */
export function appointmentAnswersFor(appointment: AppointmentState): AppointmentAnswers {
  if (!isAppointmentStatusId(appointment.Status)) return NO_ANSWERS;
  const actor = actorOf(appointment.Role);
  const context = contextOf(appointment);
  const choices = appointmentChoices(appointment.Status, context, actor);
  return {
    events: allowedEvents(appointment.Status, context, actor),
    confirm: choices.confirm,
    acceptWithPhone: choices.acceptWithPhone,
    cancel: choices.cancel as AppointmentRefusalReasonId[],
  };
}
