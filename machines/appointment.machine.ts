import { and, assign, setup, transition, type SnapshotFrom } from 'xstate';
import {
  APPOINTMENT_REFUSAL_REASON,
  APPOINTMENT_STATUS,
  areValidSlots,
  isAppointmentStatusId,
  isReasonAllowed,
  normalizeSlot,
  reasonsFor,
  sameInstant,
  type AppointmentActor,
  type AppointmentStatusId,
} from '@domain/appointment';

// An appointment (docs/spec.md §4, "Appointments (visits)"): a visit request from a buyer or
// renter to the owner of a listing, and its answers. The machine is pure: no clock, no I/O.
// The server resolves the stored status (`appointmentSnapshot`), asks `nextAppointment(status,
// context, event)` and stores what it answers, or refuses the call when it answers null. The
// helpers below are read off the machine (the status of a state is its `meta`), so there is
// no second table to drift from it.
//
//   notSet --REQUEST (buyer, 1-3 slots)--> pending
//   pending --CONFIRM (owner, a requested slot)--> confirmed
//   pending --ACCEPT_WITH_PHONE (owner)--> acceptedWithPhone --CONFIRM (owner, a requested slot)--> confirmed
//   pending | acceptedWithPhone --CANCEL (a person, a reason of theirs)--> cancelled (final)
//   confirmed --CANCEL (a person, a reason of theirs)--> cancelledPostConfirmation (final)
//   pending --EXPIRE (the clock: 'none')--> expired (final)
//
// Choices (the spec lists the statuses, the reasons and the actors, not the changes):
//   - Only the buyer asks for a visit, and only the owner answers it (confirms a slot, or asks
//     the buyer to call). The call centre and the back office cancel; they do not request,
//     confirm or accept on someone's behalf.
//   - Anyone but the clock may cancel, each only with the reasons of their side
//     (REASONS_BY_ACTOR in domain/appointment.ts). The clock only expires.
//   - Only an unanswered request expires: the server sends EXPIRE when the earliest slot has
//     come and the owner has not answered (`earliestSlot`). Once the owner has answered (a
//     confirmed slot, or a phone call awaited) nothing expires: there is no "visited" status,
//     and a confirmed visit whose slot has passed stays confirmed.
//   - A confirmed visit is not moved to another slot: a change is a cancellation with reason
//     9 (change requested) and a new request. acceptedWithPhone is left by a CONFIRM (the
//     call fixed one of the requested slots) or a CANCEL, never by a second ACCEPT_WITH_PHONE.
//   - The owner's phone number reaches the buyer only in acceptedWithPhone (tag phoneShared).
//   - Slots are 1 to 3 distinct ISO instants with their offset, stored in UTC
//     (`normalizeSlot`); CONFIRM names one of them (the same instant in any offset) and the
//     stored form is recorded. That a slot lies in the future is the server's check: the
//     machine has no clock.
//   - Every transition records who made it (lastActor) and the reason: the cancellation's,
//     0 for any other change. confirmedSlot is kept by a cancellation after confirmation (it
//     says which visit was cancelled).

export interface AppointmentContext {
  /** The slots the buyer offered, ISO instants in UTC; empty until the request. */
  slots: string[];
  /** The slot the owner confirmed, one of `slots`. */
  confirmedSlot: string | null;
  /** The cancellation's reason (APPOINTMENT_REFUSAL_REASON); 0 unless cancelled. */
  reason: number;
  /** Who made the last change; 'none' before the request and after an expiry. */
  lastActor: AppointmentActor;
}

/** What a live actor starts with (`{}` for nothing): the slots already stored, if any (it still starts in notSet: REQUEST sends them). */
export interface AppointmentInput {
  slots?: readonly string[];
}

export type AppointmentEvent =
  /** The buyer asks for a visit at one of 1-3 slots. */
  | { type: 'REQUEST'; actor: AppointmentActor; slots: readonly string[] }
  /** The owner confirms one of the requested slots. */
  | { type: 'CONFIRM'; actor: AppointmentActor; slot: string }
  /** The owner asks the buyer to call: the owner's phone number is shared. */
  | { type: 'ACCEPT_WITH_PHONE'; actor: AppointmentActor }
  | { type: 'CANCEL'; actor: AppointmentActor; reason: number }
  /** The clock: the request was not answered before its earliest slot. */
  | { type: 'EXPIRE'; actor: AppointmentActor };
export type AppointmentEventType = AppointmentEvent['type'];
export const APPOINTMENT_EVENT_TYPES: readonly AppointmentEventType[] = [
  'REQUEST',
  'CONFIRM',
  'ACCEPT_WITH_PHONE',
  'CANCEL',
  'EXPIRE',
];

/** Tags the UI reads instead of state names. */
export const APPOINTMENT_TAGS = {
  /** Waiting for the owner's answer. */
  open: 'open',
  /** A visit ahead: confirmed, or awaiting the buyer's call. */
  upcoming: 'upcoming',
  /** Over: cancelled (before or after confirmation) or expired. Nothing is accepted any more. */
  closed: 'closed',
  /** The owner's phone number is shown to the buyer. */
  phoneShared: 'phoneShared',
} as const;
export type AppointmentTag = (typeof APPOINTMENT_TAGS)[keyof typeof APPOINTMENT_TAGS];

export interface AppointmentMeta {
  status: AppointmentStatusId;
}

export const EMPTY_APPOINTMENT: AppointmentContext = {
  slots: [],
  confirmedSlot: null,
  reason: APPOINTMENT_REFUSAL_REASON.none,
  lastActor: 'none',
};

type RequestEvent = Extract<AppointmentEvent, { type: 'REQUEST' }>;
type ConfirmEvent = Extract<AppointmentEvent, { type: 'CONFIRM' }>;
type CancelEvent = Extract<AppointmentEvent, { type: 'CANCEL' }>;

const HUMAN_ACTORS: readonly AppointmentActor[] = ['owner', 'buyer', 'call_center', 'back_office'];

export const appointmentMachine = setup({
  types: {
    context: {} as AppointmentContext,
    events: {} as AppointmentEvent,
    input: {} as AppointmentInput,
    tags: {} as AppointmentTag,
    meta: {} as AppointmentMeta,
  },
  actions: {
    recordRequest: assign((_, event: RequestEvent) => ({
      slots: event.slots.map(normalizeSlot),
      confirmedSlot: null,
      reason: APPOINTMENT_REFUSAL_REASON.none,
      lastActor: event.actor,
    })),
    /** Records the requested slot as stored (the event may name the same instant in another offset). */
    recordConfirmation: assign(({ context }, event: ConfirmEvent) => ({
      confirmedSlot: context.slots.find((slot) => sameInstant(slot, event.slot)) ?? null,
      reason: APPOINTMENT_REFUSAL_REASON.none,
      lastActor: event.actor,
    })),
    /** A change without a payload (accept with phone, expire): who made it. */
    recordActor: assign((_, actor: AppointmentActor) => ({
      reason: APPOINTMENT_REFUSAL_REASON.none,
      lastActor: actor,
    })),
    recordCancellation: assign((_, event: CancelEvent) => ({ reason: event.reason, lastActor: event.actor })),
  },
  // The guards read the event itself: XState's `and()` does not type parameterized guards
  // (statelyai/xstate#5067), and every event carries its actor.
  guards: {
    isBuyer: ({ event }) => event.actor === 'buyer',
    isOwner: ({ event }) => event.actor === 'owner',
    /** A person: anyone but the clock. */
    isHumanActor: ({ event }) => HUMAN_ACTORS.includes(event.actor),
    /** The clock (the system), the only one that expires a request. */
    isClock: ({ event }) => event.actor === 'none',
    /** A cancellation's reason is one its actor may give. */
    reasonAllowedForActor: ({ event }) => event.type === 'CANCEL' && isReasonAllowed(event.actor, event.reason),
    /** A confirmation names one of the requested slots (the same instant, in any offset). */
    slotWasRequested: ({ context, event }) =>
      event.type === 'CONFIRM' && context.slots.some((requested) => sameInstant(requested, event.slot)),
    /** A request offers 1 to 3 distinct ISO instants. */
    slotsAreValid: ({ event }) => event.type === 'REQUEST' && areValidSlots(event.slots),
  },
}).createMachine({
  id: 'appointment',
  description: 'A visit request from a buyer or renter to the owner of a listing (docs/spec.md §4).',
  // Slots that are not a valid request are not kept. (The graph traversal starts without input.)
  context: ({ input }) => ({
    ...EMPTY_APPOINTMENT,
    slots: areValidSlots(input?.slots) ? input.slots.map(normalizeSlot) : [],
  }),
  initial: 'notSet',
  states: {
    notSet: {
      description: '0: nothing asked yet; the buyer is choosing the slots.',
      meta: { status: APPOINTMENT_STATUS.not_set },
      on: {
        REQUEST: {
          guard: and(['isBuyer', 'slotsAreValid']),
          target: 'pending',
          actions: { type: 'recordRequest', params: ({ event }) => event },
        },
      },
    },
    pending: {
      description:
        '1: asked, waiting for the owner: confirm a slot, ask for a call, or cancel; it expires unanswered at its earliest slot.',
      tags: [APPOINTMENT_TAGS.open],
      meta: { status: APPOINTMENT_STATUS.pending },
      on: {
        CONFIRM: {
          guard: and(['isOwner', 'slotWasRequested']),
          target: 'confirmed',
          actions: { type: 'recordConfirmation', params: ({ event }) => event },
        },
        ACCEPT_WITH_PHONE: {
          guard: 'isOwner',
          target: 'acceptedWithPhone',
          actions: { type: 'recordActor', params: ({ event }) => event.actor },
        },
        CANCEL: {
          guard: and(['isHumanActor', 'reasonAllowedForActor']),
          target: 'cancelled',
          actions: { type: 'recordCancellation', params: ({ event }) => event },
        },
        EXPIRE: {
          guard: 'isClock',
          target: 'expired',
          actions: { type: 'recordActor', params: ({ event }) => event.actor },
        },
      },
    },
    acceptedWithPhone: {
      description:
        "4: the owner asked the buyer to call; the owner's phone number is shown to the buyer until a slot is confirmed or the visit is cancelled.",
      tags: [APPOINTMENT_TAGS.upcoming, APPOINTMENT_TAGS.phoneShared],
      meta: { status: APPOINTMENT_STATUS.accepted_with_phone_number },
      on: {
        CONFIRM: {
          guard: and(['isOwner', 'slotWasRequested']),
          target: 'confirmed',
          actions: { type: 'recordConfirmation', params: ({ event }) => event },
        },
        CANCEL: {
          guard: and(['isHumanActor', 'reasonAllowedForActor']),
          target: 'cancelled',
          actions: { type: 'recordCancellation', params: ({ event }) => event },
        },
      },
    },
    confirmed: {
      description: '2: the owner confirmed one of the slots; the visit is set. Only a cancellation changes it.',
      tags: [APPOINTMENT_TAGS.upcoming],
      meta: { status: APPOINTMENT_STATUS.confirmed },
      on: {
        CANCEL: {
          guard: and(['isHumanActor', 'reasonAllowedForActor']),
          target: 'cancelledPostConfirmation',
          actions: { type: 'recordCancellation', params: ({ event }) => event },
        },
      },
    },
    cancelled: {
      description: '3: cancelled before a slot was confirmed, with the reason of whoever cancelled.',
      tags: [APPOINTMENT_TAGS.closed],
      meta: { status: APPOINTMENT_STATUS.cancelled },
      type: 'final',
    },
    cancelledPostConfirmation: {
      description: '5: cancelled after a slot was confirmed; the confirmed slot is kept.',
      tags: [APPOINTMENT_TAGS.closed],
      meta: { status: APPOINTMENT_STATUS.cancelled_post_confirmation },
      type: 'final',
    },
    expired: {
      description: '6: the owner did not answer before the earliest slot; the clock closed the request.',
      tags: [APPOINTMENT_TAGS.closed],
      meta: { status: APPOINTMENT_STATUS.expired },
      type: 'final',
    },
  },
});

export type AppointmentSnapshot = SnapshotFrom<typeof appointmentMachine>;
export type AppointmentStateName =
  'notSet' | 'pending' | 'confirmed' | 'acceptedWithPhone' | 'cancelled' | 'cancelledPostConfirmation' | 'expired';

/** The state of each stored status, read off the machine's meta. */
const STATE_BY_STATUS = new Map<number, AppointmentStateName>(
  Object.values(appointmentMachine.states).map((node) => [
    (node.meta as AppointmentMeta).status,
    node.key as AppointmentStateName,
  ]),
);

/** The machine's snapshot for a stored status and context. Throws on a status the machine does not have. */
export function appointmentSnapshot(status: AppointmentStatusId, context: AppointmentContext): AppointmentSnapshot {
  const value = isAppointmentStatusId(status) ? STATE_BY_STATUS.get(status) : undefined;
  if (value === undefined) throw new RangeError(`Unknown appointment status: ${String(status)}`);
  return appointmentMachine.resolveState({ value, context });
}

/** The stored status of a snapshot, from its state's meta. */
export function statusOf(snapshot: AppointmentSnapshot): AppointmentStatusId {
  const [meta] = Object.values(snapshot.getMeta()) as AppointmentMeta[];
  return meta.status;
}

/** What an event makes of a stored appointment, or null when the machine refuses it. */
export function nextAppointment(
  status: AppointmentStatusId,
  context: AppointmentContext,
  event: AppointmentEvent,
): { status: AppointmentStatusId; context: AppointmentContext } | null {
  const snapshot = appointmentSnapshot(status, context);
  if (!snapshot.can(event)) return null;
  const [next] = transition(appointmentMachine, snapshot, event);
  return { status: statusOf(next), context: next.context };
}

/** The answers the UI may offer on an appointment. */
export type AppointmentAnswer = Extract<AppointmentEventType, 'CONFIRM' | 'ACCEPT_WITH_PHONE' | 'CANCEL'>;

export interface AppointmentChoices {
  /** The requested slots this actor may confirm. */
  confirm: string[];
  acceptWithPhone: boolean;
  /** The reasons this actor may cancel with. */
  cancel: number[];
}

/** What `actor` may answer on a stored appointment: the slots to confirm, the call, the reasons to cancel. */
export function appointmentChoices(
  status: AppointmentStatusId,
  context: AppointmentContext,
  actor: AppointmentActor,
): AppointmentChoices {
  const snapshot = appointmentSnapshot(status, context);
  return {
    confirm: context.slots.filter((slot) => snapshot.can({ type: 'CONFIRM', actor, slot })),
    acceptWithPhone: snapshot.can({ type: 'ACCEPT_WITH_PHONE', actor }),
    cancel: reasonsFor(actor).filter((reason) => snapshot.can({ type: 'CANCEL', actor, reason })),
  };
}

/** Which of CONFIRM, ACCEPT_WITH_PHONE and CANCEL `actor` may send on a stored appointment. */
export function allowedEvents(
  status: AppointmentStatusId,
  context: AppointmentContext,
  actor: AppointmentActor,
): AppointmentAnswer[] {
  const choices = appointmentChoices(status, context, actor);
  const allowed: AppointmentAnswer[] = [];
  if (choices.confirm.length > 0) allowed.push('CONFIRM');
  if (choices.acceptWithPhone) allowed.push('ACCEPT_WITH_PHONE');
  if (choices.cancel.length > 0) allowed.push('CANCEL');
  return allowed;
}
