import { expect } from 'vitest';
import {
  APPOINTMENT_REFUSAL_REASON,
  APPOINTMENT_STATUS,
  APPOINTMENT_TAB,
  areValidSlots,
  isIsoInstant,
  isReasonAllowed,
  normalizeSlot,
  tabOf,
  type AppointmentStatusId,
} from '@domain/appointment';
import {
  APPOINTMENT_TAGS,
  statusOf,
  type AppointmentSnapshot,
  type AppointmentStateName,
} from '../appointment.machine';

// What must hold in every state of the appointment machine, checked by the transition tests
// and the graph-generated tests alike. The status of each state is written out here by hand,
// so that the machine's meta is checked against it, not against itself.

export const EXPECTED_STATUS: Readonly<Record<AppointmentStateName, AppointmentStatusId>> = {
  notSet: APPOINTMENT_STATUS.not_set,
  pending: APPOINTMENT_STATUS.pending,
  confirmed: APPOINTMENT_STATUS.confirmed,
  acceptedWithPhone: APPOINTMENT_STATUS.accepted_with_phone_number,
  cancelled: APPOINTMENT_STATUS.cancelled,
  cancelledPostConfirmation: APPOINTMENT_STATUS.cancelled_post_confirmation,
  expired: APPOINTMENT_STATUS.expired,
};

export const FINAL_STATES: readonly AppointmentStateName[] = ['cancelled', 'cancelledPostConfirmation', 'expired'];

/**
 * The invariants an appointment snapshot breaks, by name (none when it is sound). Checked
 * without an `expect` each, so that the graph test can check tens of thousands of snapshots.
 */
export function appointmentViolations(s: AppointmentSnapshot): string[] {
  const state = s.value as AppointmentStateName;
  const c = s.context;
  const is = (...names: AppointmentStateName[]) => names.includes(state);
  const broken: string[] = [];
  const rule = (holds: boolean, name: string) => {
    if (!holds) broken.push(name);
  };

  // The stored status is the state's meta.
  rule(statusOf(s) === EXPECTED_STATUS[state], "the meta status is the state's");

  // Closed exactly in the final states, and a final state is done.
  rule((s.status === 'done') === FINAL_STATES.includes(state), 'done exactly in a final state');

  // The tags the UI reads.
  rule(s.hasTag(APPOINTMENT_TAGS.open) === is('pending'), 'open exactly when pending');
  rule(
    s.hasTag(APPOINTMENT_TAGS.upcoming) === is('confirmed', 'acceptedWithPhone'),
    'upcoming exactly when confirmed or accepted with phone',
  );
  rule(s.hasTag(APPOINTMENT_TAGS.closed) === is(...FINAL_STATES), 'closed exactly in a final state');
  rule(
    s.hasTag(APPOINTMENT_TAGS.phoneShared) === is('acceptedWithPhone'),
    'phone shared exactly when accepted with phone',
  );
  // ... and they agree with the tab the appointment is listed under.
  const tab = tabOf(statusOf(s));
  if (s.hasTag(APPOINTMENT_TAGS.open) || is('notSet'))
    rule(tab === APPOINTMENT_TAB.waiting, 'waiting tab before an answer');
  if (s.hasTag(APPOINTMENT_TAGS.upcoming)) rule(tab === APPOINTMENT_TAB.future, 'future tab when upcoming');
  if (s.hasTag(APPOINTMENT_TAGS.closed)) rule(tab === APPOINTMENT_TAB.cancelled, 'cancelled tab when closed');

  // Slots: 1 to 3 distinct instants stored in UTC once requested (before, only what the input gave).
  if (!is('notSet') || c.slots.length > 0) {
    rule(areValidSlots(c.slots), '1 to 3 distinct valid slots');
    rule(
      c.slots.every((slot) => isIsoInstant(slot) && normalizeSlot(slot) === slot),
      'slots stored in UTC',
    );
  }

  // A confirmed slot exactly after a confirmation, and always one of the requested slots.
  rule(
    (c.confirmedSlot !== null) === is('confirmed', 'cancelledPostConfirmation'),
    'a confirmed slot exactly when confirmed (or cancelled after)',
  );
  if (c.confirmedSlot !== null) rule(c.slots.includes(c.confirmedSlot), 'the confirmed slot was requested');

  // A reason exactly after a cancellation, and one the canceller may give.
  rule(
    (c.reason !== APPOINTMENT_REFUSAL_REASON.none) === is('cancelled', 'cancelledPostConfirmation'),
    'a reason exactly when cancelled',
  );
  if (c.reason !== APPOINTMENT_REFUSAL_REASON.none)
    rule(isReasonAllowed(c.lastActor, c.reason), 'a reason the canceller may give');

  // Who acted last: the clock only before the request and at the expiry; the buyer asked,
  // the owner answered, a person cancelled.
  rule(
    (c.lastActor === 'none') === is('notSet', 'expired'),
    'the clock acted last exactly before the request and at the expiry',
  );
  if (is('pending')) rule(c.lastActor === 'buyer', 'the buyer asked');
  if (is('confirmed', 'acceptedWithPhone')) rule(c.lastActor === 'owner', 'the owner answered');
  return broken;
}

export function checkAppointmentInvariants(s: AppointmentSnapshot): void {
  const broken = appointmentViolations(s);
  if (broken.length > 0) expect(broken, `${String(s.value)} ${JSON.stringify(s.context)}`).toEqual([]);
}
