import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import {
  APPOINTMENT_ACTORS,
  APPOINTMENT_REFUSAL_REASON,
  REASONS_BY_ACTOR,
  type AppointmentActor,
} from '@domain/appointment';
import {
  appointmentMachine,
  appointmentSnapshot,
  nextAppointment,
  statusOf,
  type AppointmentEvent,
  type AppointmentEventType,
  type AppointmentSnapshot,
  type AppointmentStateName,
} from './appointment.machine';
import { checkAppointmentInvariants, EXPECTED_STATUS, FINAL_STATES } from './testing/appointment-invariants';

// Tests generated from the machine's graph (the pattern of session.machine.graph.test.ts):
// the traversal offers, in every state, every event type by every actor, with slots and
// reasons that pass and that fail the checks. Then:
// - every state of the chart is reached by a shortest path;
// - every event is tried in every reachable state, and the result keeps the invariants;
// - a change of state happens only for a (state, event, actor) the product allows, and
//   every such change happens somewhere; the final states change into nothing;
// - from every reachable state the appointment can still be closed (no trap);
// - every shortest and simple path, replayed on a live actor and through the server's
//   helper, lands in the state the graph predicted, with the same context.

type AdjacencyEntry = {
  state: AppointmentSnapshot;
  transitions: Record<string, { event: AppointmentEvent; state: AppointmentSnapshot }>;
};

const S1 = '2026-06-01T08:00:00.000Z';
const S2 = '2026-06-02T15:30:00.000Z';
const S3 = '2026-06-03T09:00:00.000Z';
const S4 = '2026-06-04T09:00:00.000Z';

/** Slot lists that pass (one, three, another offset) and that fail (none, four, twice, not an instant). */
const SLOT_LISTS: string[][] = [
  [S1],
  [S1, S2, S3],
  ['2026-06-02T17:30:00+02:00', S3],
  [],
  [S1, S2, S3, S4],
  [S1, S1],
  [S1, '2026-06-02'],
];
/** Slots to confirm: requested ones (one in another offset), and ones that never are. */
const CONFIRM_SLOTS = [S1, S2, '2026-06-03T11:00:00+02:00', S4, 'domani'];
const REASONS = Object.values(APPOINTMENT_REFUSAL_REASON);

const EVENTS: AppointmentEvent[] = APPOINTMENT_ACTORS.flatMap((actor): AppointmentEvent[] => [
  ...SLOT_LISTS.map((slots) => ({ type: 'REQUEST', actor, slots }) as const),
  ...CONFIRM_SLOTS.map((slot) => ({ type: 'CONFIRM', actor, slot }) as const),
  { type: 'ACCEPT_WITH_PHONE', actor },
  ...REASONS.map((reason) => ({ type: 'CANCEL', actor, reason }) as const),
  { type: 'EXPIRE', actor },
]);

/** The (state, event, actor) changes the product allows, written out by hand. */
const PEOPLE: AppointmentActor[] = ['owner', 'buyer', 'call_center', 'back_office'];
const ALLOWED = new Set([
  'notSet REQUEST buyer -> pending',
  'pending CONFIRM owner -> confirmed',
  'pending ACCEPT_WITH_PHONE owner -> acceptedWithPhone',
  'pending EXPIRE none -> expired',
  'acceptedWithPhone CONFIRM owner -> confirmed',
  ...PEOPLE.map((actor) => `pending CANCEL ${actor} -> cancelled`),
  ...PEOPLE.map((actor) => `acceptedWithPhone CANCEL ${actor} -> cancelled`),
  ...PEOPLE.map((actor) => `confirmed CANCEL ${actor} -> cancelledPostConfirmation`),
]);

/** A state is its value and its whole context: the guards read the slots, the invariants the rest. */
const serializeState = (snapshot: AppointmentSnapshot) => JSON.stringify([snapshot.value, snapshot.context]);
const traversal = { events: EVENTS, serializeState } as never;

/**
 * The simple paths run over the chart's states alone, with one well-formed event of each
 * type by each actor (a slot that was requested, a reason of the actor's own): with the
 * context in the key, or every payload, there are too many to walk.
 */
const coarseState = (snapshot: AppointmentSnapshot) => JSON.stringify(snapshot.value);
const WELL_FORMED: AppointmentEvent[] = APPOINTMENT_ACTORS.flatMap((actor): AppointmentEvent[] => [
  { type: 'REQUEST', actor, slots: [S1, S2] },
  { type: 'CONFIRM', actor, slot: S1 },
  { type: 'ACCEPT_WITH_PHONE', actor },
  { type: 'CANCEL', actor, reason: REASONS_BY_ACTOR[actor][0] ?? APPOINTMENT_REFUSAL_REASON.unforeseen_event },
  { type: 'EXPIRE', actor },
]);

const STATES = Object.keys(EXPECTED_STATUS) as AppointmentStateName[];

describe('appointment machine, generated from its graph', () => {
  const adjacency = getAdjacencyMap(appointmentMachine, traversal) as unknown as Record<string, AdjacencyEntry>;
  const shortest = getShortestPaths(appointmentMachine, traversal) as unknown as StatePath<
    AppointmentSnapshot,
    AppointmentEvent
  >[];
  const simple = getSimplePaths(appointmentMachine, {
    events: WELL_FORMED,
    serializeState: coarseState,
  } as never) as unknown as StatePath<AppointmentSnapshot, AppointmentEvent>[];

  it('reaches every state of the chart', () => {
    const reached = new Set(shortest.map((path) => path.state.value));
    expect([...reached].sort()).toEqual([...STATES].sort());
    expect(STATES.sort()).toEqual(Object.keys(appointmentMachine.states).sort());
  });

  it('keeps the invariants after every event in every reachable state', () => {
    let tried = 0;
    for (const { state, transitions } of Object.values(adjacency)) {
      checkAppointmentInvariants(state);
      expect(Object.keys(transitions)).toHaveLength(EVENTS.length);
      for (const { state: next } of Object.values(transitions)) {
        checkAppointmentInvariants(next);
        tried++;
      }
    }
    // Every reachable state, every event: 5 actors × (7 slot lists + 5 slots + 1 + 13 reasons + 1).
    expect(EVENTS).toHaveLength(5 * 27);
    expect(tried).toBe(Object.keys(adjacency).length * EVENTS.length);
    expect(Object.keys(adjacency).length).toBeGreaterThan(STATES.length);
  });

  it('changes state only as the product allows, and makes every change it allows somewhere', () => {
    const seen = new Set<string>();
    const wrong: string[] = [];
    for (const { state, transitions } of Object.values(adjacency)) {
      for (const { event, state: next } of Object.values(transitions)) {
        const changed = serializeState(next) !== serializeState(state);
        // A refused event is not taken: nothing changes, and the snapshot said it could not be.
        if (state.can(event) !== changed)
          wrong.push(`can() disagrees: ${String(state.value)} ${JSON.stringify(event)}`);
        if (!changed) continue;
        const change = `${String(state.value)} ${event.type} ${event.actor} -> ${String(next.value)}`;
        if (!ALLOWED.has(change)) wrong.push(change);
        seen.add(change);
      }
    }
    expect(wrong).toEqual([]);
    expect([...seen].sort()).toEqual([...ALLOWED].sort());
  });

  it('gives the final states no way out', () => {
    const finals = Object.values(adjacency).filter(({ state }) =>
      FINAL_STATES.includes(state.value as AppointmentStateName),
    );
    expect(new Set(finals.map(({ state }) => state.value))).toEqual(new Set(FINAL_STATES));
    const ways: string[] = [];
    for (const { state, transitions } of finals) {
      expect(state.status).toBe('done');
      for (const { event, state: next } of Object.values(transitions)) {
        if (state.can(event) || serializeState(next) !== serializeState(state))
          ways.push(`${String(state.value)} ${JSON.stringify(event)}`);
      }
    }
    expect(ways).toEqual([]);
    // The chart says so too.
    for (const name of FINAL_STATES) expect(Object.keys(appointmentMachine.states[name].on)).toEqual([]);
  });

  it('can close the appointment from every reachable state (no trap)', () => {
    const canClose = new Set<string>();
    let grew = true;
    while (grew) {
      grew = false;
      for (const [key, { state, transitions }] of Object.entries(adjacency)) {
        if (canClose.has(key)) continue;
        const closed = state.status === 'done';
        const viaNext = Object.values(transitions).some(({ state: next }) => canClose.has(serializeState(next)));
        if (closed || viaNext) {
          canClose.add(key);
          grew = true;
        }
      }
    }
    expect(Object.keys(adjacency).filter((key) => !canClose.has(key))).toEqual([]);
  });

  it('answers every path the same way on a live actor and through the server helper', () => {
    expect(shortest.length).toBe(Object.keys(adjacency).length);
    // notSet, pending, acceptedWithPhone, confirmed (two ways), expired, and the cancellations
    // by each of the four people on each way in (cancelled two ways, after confirmation two).
    expect(simple.length).toBe(1 + 1 + 1 + 2 + 1 + 4 * 2 + 4 * 2);
    for (const path of shortest) replay(path, serializeState);
    for (const path of simple) replay(path, coarseState);
  });

  it('walks the simple paths the chart has, through acceptedWithPhone or straight to a confirmation', () => {
    // A path's first step is the initial state, reached by xstate.init.
    const walks = simple.map((path) => path.steps.map((step) => String(step.state.value)).join(' > '));
    expect(
      simple.every(
        (path) =>
          path.steps[0].event.type === ('xstate.init' as AppointmentEventType) &&
          path.steps[0].state.value === 'notSet',
      ),
    ).toBe(true);
    for (const walk of [
      'notSet > pending > confirmed > cancelledPostConfirmation',
      'notSet > pending > acceptedWithPhone > confirmed > cancelledPostConfirmation',
      'notSet > pending > acceptedWithPhone > cancelled',
      'notSet > pending > cancelled',
      'notSet > pending > expired',
    ]) {
      expect(walks).toContain(walk);
    }
  });
});

/**
 * Runs a path on a started actor, and through `nextAppointment` from the stored status and
 * context, and checks after each step that both are where the graph said.
 */
function replay(
  path: StatePath<AppointmentSnapshot, AppointmentEvent>,
  key: (snapshot: AppointmentSnapshot) => string,
) {
  const actor = createActor(appointmentMachine, { input: {} }).start();
  let stored = { status: statusOf(actor.getSnapshot()), context: actor.getSnapshot().context };
  const description = path.steps.map((step) => `${step.event.type}(${step.event.actor})`).join(' → ');
  for (const step of path.steps) {
    if (step.event.type === ('xstate.init' as AppointmentEventType)) continue;
    actor.send(step.event);
    const live = actor.getSnapshot();
    expect(live.value, description).toEqual(step.state.value);
    expect(key(live), description).toBe(key(step.state));
    checkAppointmentInvariants(live);

    const next = nextAppointment(stored.status, stored.context, step.event);
    expect(next, description).not.toBeNull();
    stored = next!;
    expect(stored.status, description).toBe(EXPECTED_STATUS[live.value as AppointmentStateName]);
    expect(stored.context, description).toEqual(live.context);
    expect(appointmentSnapshot(stored.status, stored.context).value, description).toBe(live.value);
  }
  expect(actor.getSnapshot().value).toEqual(path.state.value);
  actor.stop();
}
