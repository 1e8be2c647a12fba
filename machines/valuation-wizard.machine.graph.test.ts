import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { valuationWizardMachine, type ValuationWizardInput } from './valuation-wizard.machine';
import { LOCALITY } from './testing/wizard-fixtures';
import {
  answerEvents,
  backEvents,
  callEvents,
  canReach,
  checkEveryReachableState,
  replay,
  restingStates,
  serializeState,
  sessionEvents,
  valuePath,
  type Adjacency,
  type WizardSnapshot,
} from './testing/wizard-graph';

// Tests generated from the valuation wizard's graph, as the listing wizard's are
// (listing-wizard.machine.graph.test.ts, which also checks the steps' meta of both wizards):
// every state reached, the invariants after every event in every reachable state, no dead
// end (every state can still reach the thank-you or a listing), the ends are thank-you,
// continued into a listing, or exited, and every path replays on a live actor.

/** The ways in, with how many forward simple paths each has at least. */
const ENTRIES: Array<[string, ValuationWizardInput, number]> = [
  ['anonymous', { account: 'anonymous', locality: LOCALITY }, 6],
  ['signed in', { account: 'loggedIn', locality: LOCALITY }, 6],
];

function events(snapshot: WizardSnapshot): AnyEventObject[] {
  const list: AnyEventObject[] = [
    ...answerEvents(snapshot),
    ...backEvents(snapshot),
    { type: 'EXIT_REQUEST' },
    { type: 'EXIT_CONFIRM' },
    { type: 'EXIT_CANCEL' },
    ...sessionEvents(snapshot),
    ...callEvents(snapshot, true),
  ];
  // A deep link past the first incomplete step (refused), and one back to the property type.
  if (snapshot.context.history.length === 0) list.push({ type: 'GOTO', step: 38 });
  if (snapshot.context.answers.loader !== undefined) list.push({ type: 'GOTO', step: 3 });
  return list;
}

const forwardEvents = (snapshot: WizardSnapshot): AnyEventObject[] => [
  ...answerEvents(snapshot),
  ...sessionEvents(snapshot),
  ...callEvents(snapshot, false),
];

const ENDS = ['continued', 'exited', 'thankYou'];

describe('valuation wizard, generated from its graph', () => {
  const graphs = ENTRIES.map(([name, input, minimumSimplePaths]) => {
    const options = { events, serializeState, input } as never;
    return {
      name,
      input,
      minimumSimplePaths,
      adjacency: getAdjacencyMap(valuationWizardMachine, options) as unknown as Adjacency,
      shortest: getShortestPaths(valuationWizardMachine, options) as unknown as Array<
        StatePath<WizardSnapshot, AnyEventObject>
      >,
    };
  });

  it('reaches every state of the chart', () => {
    const reached = new Set(graphs.flatMap(({ shortest }) => shortest.map((path) => valuePath(path.state.value))));
    expect([...reached].sort()).toEqual(restingStates(valuationWizardMachine).sort());
  });

  it.each(graphs.map((graph) => [graph.name, graph] as const))(
    '%s: keeps the invariants after every event in every reachable state',
    (_, { adjacency }) => {
      expect(checkEveryReachableState(adjacency)).toBeGreaterThan(Object.keys(adjacency).length);
    },
  );

  it.each(graphs.map((graph) => [graph.name, graph] as const))(
    '%s: has no dead end, and the ends are thank-you, continued and exited',
    (_, { adjacency }) => {
      const finishes = canReach(
        adjacency,
        (s) => s.status === 'done' && (s.value === 'thankYou' || s.value === 'continued'),
      );
      const stuck = Object.keys(adjacency).filter(
        (key) => !finishes.has(key) && adjacency[key].state.status !== 'done',
      );
      expect(stuck).toEqual([]);
      const ends = new Set(
        Object.values(adjacency)
          .filter(({ state }) => state.status === 'done')
          .map(({ state }) => state.value as string),
      );
      expect([...ends].sort()).toEqual(ENDS);
    },
  );

  it.each(graphs.map((graph) => [graph.name, graph] as const))(
    '%s: every path replays on a live actor',
    async (_, { input, shortest, minimumSimplePaths }) => {
      const byValue = new Map<string, StatePath<WizardSnapshot, AnyEventObject>>();
      for (const path of shortest)
        if (!byValue.has(valuePath(path.state.value))) byValue.set(valuePath(path.state.value), path);
      for (const path of byValue.values()) await replay(valuationWizardMachine, input, path, [], []);
      const simple = getSimplePaths(valuationWizardMachine, {
        events: forwardEvents,
        serializeState,
        input,
        toState: (s: WizardSnapshot) => s.status === 'done',
      } as never) as unknown as Array<StatePath<WizardSnapshot, AnyEventObject>>;
      expect(simple.length).toBeGreaterThanOrEqual(minimumSimplePaths);
      expect(new Set(simple.map((path) => path.state.value as string))).toEqual(new Set(['thankYou', 'continued']));
      for (const path of simple) await replay(valuationWizardMachine, input, path, [], []);
    },
  );
});
