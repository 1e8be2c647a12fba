import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  APPOINTMENT_ACTORS,
  APPOINTMENT_REFUSAL_REASON,
  APPOINTMENT_STATUS,
  REASONS_BY_ACTOR,
  type AppointmentActor,
  type AppointmentStatusId,
} from '@domain/appointment';
import {
  allowedEvents,
  APPOINTMENT_EVENT_TYPES,
  APPOINTMENT_TAGS,
  appointmentChoices,
  appointmentMachine,
  appointmentSnapshot,
  EMPTY_APPOINTMENT,
  nextAppointment,
  statusOf,
  type AppointmentContext,
  type AppointmentEvent,
  type AppointmentEventType,
  type AppointmentStateName,
} from './appointment.machine';
import { checkAppointmentInvariants, EXPECTED_STATUS, FINAL_STATES } from './testing/appointment-invariants';

const R = APPOINTMENT_REFUSAL_REASON;
const S1 = '2026-06-01T08:00:00.000Z';
const S2 = '2026-06-02T15:30:00.000Z';
const S3 = '2026-06-03T09:00:00.000Z';
const NOT_REQUESTED = '2026-06-04T09:00:00.000Z';

const STATES = Object.keys(EXPECTED_STATUS) as AppointmentStateName[];
const PEOPLE: AppointmentActor[] = ['owner', 'buyer', 'call_center', 'back_office'];

/** How a live actor gets to each state, from the start. */
const PATHS: Record<AppointmentStateName, AppointmentEvent[]> = {
  notSet: [],
  pending: [{ type: 'REQUEST', actor: 'buyer', slots: [S1, S2] }],
  confirmed: [
    { type: 'REQUEST', actor: 'buyer', slots: [S1, S2] },
    { type: 'CONFIRM', actor: 'owner', slot: S2 },
  ],
  acceptedWithPhone: [
    { type: 'REQUEST', actor: 'buyer', slots: [S1, S2] },
    { type: 'ACCEPT_WITH_PHONE', actor: 'owner' },
  ],
  cancelled: [
    { type: 'REQUEST', actor: 'buyer', slots: [S1, S2] },
    { type: 'CANCEL', actor: 'buyer', reason: R.found_another_property },
  ],
  cancelledPostConfirmation: [
    { type: 'REQUEST', actor: 'buyer', slots: [S1, S2] },
    { type: 'CONFIRM', actor: 'owner', slot: S2 },
    { type: 'CANCEL', actor: 'owner', reason: R.house_sold },
  ],
  expired: [
    { type: 'REQUEST', actor: 'buyer', slots: [S1, S2] },
    { type: 'EXPIRE', actor: 'none' },
  ],
};

function startIn(state: AppointmentStateName) {
  const actor = createActor(appointmentMachine, { input: {} }).start();
  for (const event of PATHS[state]) actor.send(event);
  expect(actor.getSnapshot().value).toBe(state);
  return actor;
}

/** The stored form of each state, as the server would keep it. */
function stored(state: AppointmentStateName): { status: AppointmentStatusId; context: AppointmentContext } {
  const actor = startIn(state);
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { status: EXPECTED_STATUS[state], context: snapshot.context };
}

/** An event of each type by `actor`, with a payload that passes every check but who and where. */
function wellFormed(type: AppointmentEventType, actor: AppointmentActor): AppointmentEvent {
  switch (type) {
    case 'REQUEST':
      return { type, actor, slots: [S1, S2] };
    case 'CONFIRM':
      return { type, actor, slot: S1 };
    case 'CANCEL':
      return { type, actor, reason: REASONS_BY_ACTOR[actor][0] ?? R.unforeseen_event };
    default:
      return { type, actor };
  }
}

/** The changes the product allows, written out by hand so that the machine is checked against them. */
const ALLOWED: Array<[AppointmentStateName, AppointmentEventType, AppointmentActor, AppointmentStateName]> = [
  ['notSet', 'REQUEST', 'buyer', 'pending'],
  ['pending', 'CONFIRM', 'owner', 'confirmed'],
  ['pending', 'ACCEPT_WITH_PHONE', 'owner', 'acceptedWithPhone'],
  ...PEOPLE.map(
    (actor) =>
      ['pending', 'CANCEL', actor, 'cancelled'] as [
        AppointmentStateName,
        AppointmentEventType,
        AppointmentActor,
        AppointmentStateName,
      ],
  ),
  ['pending', 'EXPIRE', 'none', 'expired'],
  ['acceptedWithPhone', 'CONFIRM', 'owner', 'confirmed'],
  ...PEOPLE.map(
    (actor) =>
      ['acceptedWithPhone', 'CANCEL', actor, 'cancelled'] as [
        AppointmentStateName,
        AppointmentEventType,
        AppointmentActor,
        AppointmentStateName,
      ],
  ),
  ...PEOPLE.map(
    (actor) =>
      ['confirmed', 'CANCEL', actor, 'cancelledPostConfirmation'] as [
        AppointmentStateName,
        AppointmentEventType,
        AppointmentActor,
        AppointmentStateName,
      ],
  ),
];

const allowedTarget = (state: AppointmentStateName, type: AppointmentEventType, actor: AppointmentActor) =>
  ALLOWED.find(([s, t, a]) => s === state && t === type && a === actor)?.[3];

const CASES = STATES.flatMap((state) =>
  APPOINTMENT_EVENT_TYPES.flatMap((type) => APPOINTMENT_ACTORS.map((actor) => [state, type, actor] as const)),
);

describe('appointment machine: every event by every actor in every state', () => {
  it('tries 7 states × 5 events × 5 actors, and allows exactly the 17 changes of the table', () => {
    expect(CASES).toHaveLength(175);
    expect(ALLOWED).toHaveLength(17);
    expect(CASES.filter(([state, type, actor]) => allowedTarget(state, type, actor) !== undefined)).toHaveLength(17);
  });

  it.each(CASES)('%s: %s by %s', (state, type, actor) => {
    const event = wellFormed(type, actor);
    const target = allowedTarget(state, type, actor);
    const from = stored(state);

    // The server's helper.
    const next = nextAppointment(from.status, from.context, event);
    // A live actor.
    const live = startIn(state);
    const before = live.getSnapshot();
    expect(before.can(event)).toBe(target !== undefined);
    // A final state's actor is stopped: it is not sent anything (XState would only warn).
    if (before.status === 'active') live.send(event);
    const after = live.getSnapshot();
    live.stop();
    checkAppointmentInvariants(after);

    if (target === undefined) {
      expect(next).toBeNull();
      expect(after).toBe(before);
      return;
    }
    expect(after.value).toBe(target);
    expect(next).toEqual({ status: EXPECTED_STATUS[target], context: after.context });
    expect(after.context.lastActor).toBe(actor);
    expect(after.context.reason).toBe(event.type === 'CANCEL' ? event.reason : R.none);
    if (event.type === 'REQUEST') expect(after.context.slots).toEqual([S1, S2]);
    else expect(after.context.slots).toEqual(from.context.slots);
    if (event.type === 'CONFIRM') expect(after.context.confirmedSlot).toBe(S1);
    else expect(after.context.confirmedSlot).toBe(from.context.confirmedSlot);
  });
});

describe('reasons', () => {
  const cancellable: AppointmentStateName[] = ['pending', 'acceptedWithPhone', 'confirmed'];
  const cases = cancellable.flatMap((state) =>
    APPOINTMENT_ACTORS.flatMap((actor) => Object.values(R).map((reason) => [state, actor, reason] as const)),
  );

  it.each(cases)('%s: CANCEL by %s with reason %i', (state, actor, reason) => {
    const from = stored(state);
    const allowed = actor !== 'none' && (REASONS_BY_ACTOR[actor] as readonly number[]).includes(reason);
    const next = nextAppointment(from.status, from.context, { type: 'CANCEL', actor, reason });
    if (!allowed) {
      expect(next).toBeNull();
      return;
    }
    expect(next?.status).toBe(
      state === 'confirmed' ? APPOINTMENT_STATUS.cancelled_post_confirmation : APPOINTMENT_STATUS.cancelled,
    );
    expect(next?.context).toMatchObject({ reason, lastActor: actor });
  });

  it('never cancels with reason 0, whoever asks', () => {
    for (const actor of APPOINTMENT_ACTORS)
      expect(
        nextAppointment(APPOINTMENT_STATUS.pending, stored('pending').context, {
          type: 'CANCEL',
          actor,
          reason: R.none,
        }),
      ).toBeNull();
  });

  it('refuses a reason that is not a reason', () => {
    const { context } = stored('pending');
    for (const reason of [13, -1, 4.5, Number.NaN, '4' as unknown as number, undefined as unknown as number]) {
      expect(
        nextAppointment(APPOINTMENT_STATUS.pending, context, { type: 'CANCEL', actor: 'owner', reason }),
      ).toBeNull();
    }
  });

  it('keeps the confirmed slot when a confirmed visit is cancelled, and has none when cancelled before', () => {
    expect(stored('cancelledPostConfirmation').context).toMatchObject({
      confirmedSlot: S2,
      reason: R.house_sold,
      lastActor: 'owner',
    });
    expect(stored('cancelled').context).toMatchObject({
      confirmedSlot: null,
      reason: R.found_another_property,
      lastActor: 'buyer',
    });
  });
});

describe('slots', () => {
  const request = (slots: unknown) =>
    nextAppointment(APPOINTMENT_STATUS.not_set, EMPTY_APPOINTMENT, {
      type: 'REQUEST',
      actor: 'buyer',
      slots: slots as string[],
    });

  it('takes 1 to 3 distinct ISO instants, stored in UTC', () => {
    expect(request([S1])?.context.slots).toEqual([S1]);
    expect(request([S1, S2, S3])?.context.slots).toEqual([S1, S2, S3]);
    expect(request(['2026-06-01T10:00+02:00'])?.context.slots).toEqual([S1]);
  });

  it.each([
    ['no slot', []],
    ['four slots', [S1, S2, S3, NOT_REQUESTED]],
    ['the same slot twice', [S1, S1]],
    ['the same instant in two offsets', [S1, '2026-06-01T10:00:00+02:00']],
    ['a slot that is not an instant', [S1, '2026-06-02']],
    ['a date that does not exist', ['2026-02-30T10:00:00Z']],
    ['a time without its offset', ['2026-06-01T10:00:00']],
    ['no list at all', S1],
    ['a number', [Date.parse(S1)]],
  ])('refuses a request with %s', (_, slots) => {
    expect(request(slots)).toBeNull();
  });

  it('confirms only a slot that was requested, in any offset, and records it as stored', () => {
    for (const state of ['pending', 'acceptedWithPhone'] as const) {
      const { status, context } = stored(state);
      expect(nextAppointment(status, context, { type: 'CONFIRM', actor: 'owner', slot: NOT_REQUESTED })).toBeNull();
      expect(nextAppointment(status, context, { type: 'CONFIRM', actor: 'owner', slot: S3 })).toBeNull();
      expect(nextAppointment(status, context, { type: 'CONFIRM', actor: 'owner', slot: 'domani' })).toBeNull();
      expect(
        nextAppointment(status, context, { type: 'CONFIRM', actor: 'owner', slot: '2026-06-02T17:30:00+02:00' })
          ?.context.confirmedSlot,
      ).toBe(S2);
    }
  });

  it('starts a live actor with the slots given as input, still waiting for the request', () => {
    const actor = createActor(appointmentMachine, { input: { slots: ['2026-06-01T10:00+02:00', S2] } }).start();
    expect(actor.getSnapshot().value).toBe('notSet');
    expect(actor.getSnapshot().context).toEqual({ ...EMPTY_APPOINTMENT, slots: [S1, S2] });
    checkAppointmentInvariants(actor.getSnapshot());
    expect(
      createActor(appointmentMachine, { input: { slots: [S1, S1] } })
        .start()
        .getSnapshot().context.slots,
    ).toEqual([]);
    expect(createActor(appointmentMachine, { input: {} }).start().getSnapshot().context).toEqual(EMPTY_APPOINTMENT);
  });
});

describe('final states', () => {
  const events: AppointmentEvent[] = APPOINTMENT_ACTORS.flatMap((actor) => [
    { type: 'REQUEST', actor, slots: [S1] },
    ...[S1, S2, NOT_REQUESTED].map((slot) => ({ type: 'CONFIRM', actor, slot }) as const),
    { type: 'ACCEPT_WITH_PHONE', actor },
    ...Object.values(R).map((reason) => ({ type: 'CANCEL', actor, reason }) as const),
    { type: 'EXPIRE', actor },
  ]);

  it.each(FINAL_STATES)('%s is done and accepts nothing', (state) => {
    const live = startIn(state);
    const snapshot = live.getSnapshot();
    expect(snapshot.status).toBe('done');
    const { status, context } = stored(state);
    for (const event of events) {
      expect(snapshot.can(event), JSON.stringify(event)).toBe(false);
      expect(nextAppointment(status, context, event), JSON.stringify(event)).toBeNull();
    }
    expect(events).toHaveLength(5 * 19);
  });
});

describe('tags and statuses', () => {
  const TAGS: Record<AppointmentStateName, string[]> = {
    notSet: [],
    pending: ['open'],
    confirmed: ['upcoming'],
    acceptedWithPhone: ['upcoming', 'phoneShared'],
    cancelled: ['closed'],
    cancelledPostConfirmation: ['closed'],
    expired: ['closed'],
  };

  it.each(STATES)('%s carries its tags and its status', (state) => {
    const snapshot = startIn(state).getSnapshot();
    expect([...snapshot.tags].sort()).toEqual(TAGS[state].sort());
    expect(Object.values(snapshot.getMeta())).toEqual([{ status: EXPECTED_STATUS[state] }]);
    expect(statusOf(snapshot)).toBe(EXPECTED_STATUS[state]);
    expect(appointmentMachine.getStateNodeById(`appointment.${state}`).description).toMatch(/^\d: /);
    checkAppointmentInvariants(snapshot);
  });

  it('names its tags as the UI reads them', () => {
    expect(APPOINTMENT_TAGS).toEqual({
      open: 'open',
      upcoming: 'upcoming',
      closed: 'closed',
      phoneShared: 'phoneShared',
    });
  });

  it('has one state per stored status', () => {
    const statuses = Object.values(appointmentMachine.states).map((node) => (node.meta as { status: number }).status);
    expect(statuses.sort()).toEqual(Object.values(APPOINTMENT_STATUS).sort());
  });

  it.each(STATES)('resolves the stored status of %s back to the same state and context', (state) => {
    const { status, context } = stored(state);
    const snapshot = appointmentSnapshot(status, context);
    expect(snapshot.value).toBe(state);
    expect(snapshot.context).toEqual(context);
    expect(statusOf(snapshot)).toBe(status);
    expect(snapshot.status).toBe(FINAL_STATES.includes(state) ? 'done' : 'active');
  });

  it('refuses a status it does not have', () => {
    expect(() => appointmentSnapshot(7 as AppointmentStatusId, EMPTY_APPOINTMENT)).toThrow(RangeError);
    expect(() =>
      nextAppointment(-1 as AppointmentStatusId, EMPTY_APPOINTMENT, { type: 'EXPIRE', actor: 'none' }),
    ).toThrow(RangeError);
  });
});

describe('what each actor may answer', () => {
  it('offers the owner every answer on a pending request, and the buyer only a cancellation', () => {
    const { status, context } = stored('pending');
    expect(allowedEvents(status, context, 'owner')).toEqual(['CONFIRM', 'ACCEPT_WITH_PHONE', 'CANCEL']);
    expect(appointmentChoices(status, context, 'owner')).toEqual({
      confirm: [S1, S2],
      acceptWithPhone: true,
      cancel: [4, 5, 6, 9, 10, 11],
    });
    expect(allowedEvents(status, context, 'buyer')).toEqual(['CANCEL']);
    expect(appointmentChoices(status, context, 'buyer')).toEqual({
      confirm: [],
      acceptWithPhone: false,
      cancel: [6, 7, 8, 9, 12],
    });
    expect(allowedEvents(status, context, 'call_center')).toEqual(['CANCEL']);
    expect(allowedEvents(status, context, 'none')).toEqual([]);
  });

  it('after a call is asked, the owner confirms or cancels; once confirmed, anyone but the clock cancels', () => {
    const accepted = stored('acceptedWithPhone');
    expect(allowedEvents(accepted.status, accepted.context, 'owner')).toEqual(['CONFIRM', 'CANCEL']);
    const confirmed = stored('confirmed');
    for (const actor of PEOPLE) expect(allowedEvents(confirmed.status, confirmed.context, actor)).toEqual(['CANCEL']);
    expect(allowedEvents(confirmed.status, confirmed.context, 'none')).toEqual([]);
  });

  it.each([...FINAL_STATES, 'notSet' as const])('offers nothing in %s', (state) => {
    const { status, context } = stored(state);
    for (const actor of APPOINTMENT_ACTORS) expect(allowedEvents(status, context, actor)).toEqual([]);
  });
});

describe('named guards', () => {
  // Each guard on its own (the chart combines them, so some are also covered by another).
  const guards = appointmentMachine.implementations.guards as unknown as Record<
    string,
    (args: { context: AppointmentContext; event: unknown }) => boolean
  >;
  const { context } = stored('pending');
  const check = (name: string, event: unknown) => guards[name]({ context, event });

  it.each(APPOINTMENT_ACTORS)('knows who %s is', (actor) => {
    const event = { type: 'ACCEPT_WITH_PHONE', actor };
    expect(check('isBuyer', event)).toBe(actor === 'buyer');
    expect(check('isOwner', event)).toBe(actor === 'owner');
    expect(check('isClock', event)).toBe(actor === 'none');
    expect(check('isHumanActor', event)).toBe(actor !== 'none');
  });

  it('refuses an actor it does not know', () => {
    for (const name of ['isBuyer', 'isOwner', 'isClock', 'isHumanActor'])
      expect(check(name, { type: 'CANCEL', actor: 'agent', reason: R.refused })).toBe(false);
  });

  it('checks reasons, requested slots and slot lists, each on its own event only', () => {
    expect(check('reasonAllowedForActor', { type: 'CANCEL', actor: 'buyer', reason: R.found_another_property })).toBe(
      true,
    );
    expect(check('reasonAllowedForActor', { type: 'CANCEL', actor: 'owner', reason: R.found_another_property })).toBe(
      false,
    );
    expect(check('reasonAllowedForActor', { type: 'EXPIRE', actor: 'buyer' })).toBe(false);
    expect(check('slotWasRequested', { type: 'CONFIRM', actor: 'owner', slot: S2 })).toBe(true);
    expect(check('slotWasRequested', { type: 'CONFIRM', actor: 'owner', slot: S3 })).toBe(false);
    expect(check('slotWasRequested', { type: 'REQUEST', actor: 'buyer', slots: [S2] })).toBe(false);
    expect(check('slotsAreValid', { type: 'REQUEST', actor: 'buyer', slots: [S1, S2, S3] })).toBe(true);
    expect(check('slotsAreValid', { type: 'REQUEST', actor: 'buyer', slots: [S1, S1] })).toBe(false);
    expect(check('slotsAreValid', { type: 'CONFIRM', actor: 'buyer', slot: S1 })).toBe(false);
  });
});
