import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { LISTING_STEPS, listingWizardMachine, type ListingWizardInput } from './listing-wizard.machine';
import { VALUATION_STEPS, valuationWizardMachine } from './valuation-wizard.machine';
import { WIZARD_TAGS } from './wizard-context';
import { answersBefore, PLANS, SALE_ORDER } from './testing/wizard-fixtures';
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
  stepStates,
  valuePath,
  type Adjacency,
  type WizardSnapshot,
} from './testing/wizard-graph';
import { STEP_IDS, stepIdOf, STEPS } from '@domain/wizard-steps';

// Tests generated from the listing wizard's graph, as the session's are (docs/conventions.md,
// Machines): for each way into the wizard (sale or rent, anonymous or signed in, comparables
// off, a published listing buying an upgrade) the traversal offers, in every state, what a
// page or the process can send there (the step's answers with every branch choice, Back,
// the exit and its confirmation, the session's news, a deep link from the summary, a payment
// outcome or return) plus the answers and failures of the call the state waits on. Then:
// - every state of the chart is reached, and every numbered step is a state with its meta.step;
// - every event in every reachable state keeps the invariants;
// - no dead end: from every reachable state the seller can still finish (published or lead);
// - the paths end in published, lead or exited, and nowhere else;
// - every path (one shortest path per state, every simple path a seller takes forward)
//   replays on a live actor whose calls answer as the path says.

const PUBLISHED_DRAFT = {
  id: 7,
  answers: { ...answersBefore(SALE_ORDER, 'valueLadder'), valueLadder: PLANS.basic },
  history: [],
  published: true,
  order: null,
};

/** The ways in, with how many forward simple paths each has at least (measured: 150, 10, 10, 4). */
const ENTRIES: Array<[string, ListingWizardInput, number]> = [
  ['sale, anonymous', { flow: 'sale', account: 'anonymous' }, 150],
  ['rent, silent', { flow: 'rent', account: 'silent' }, 10],
  ['sale, signed in, comparables off', { flow: 'sale', account: 'loggedIn', comparablesEnabled: false }, 10],
  ['a published sale listing buying an upgrade', { flow: 'sale', account: 'loggedIn', draft: PUBLISHED_DRAFT }, 4],
];

const PAYMENT_OUTCOMES: AnyEventObject[] = (['paid', 'failed', 'abandoned'] as const).map((outcome) => ({
  type: 'PAYMENT_OUTCOME',
  orderId: 'order-1',
  outcome,
}));

/** What a page, the process and the calls can send in a state. */
function events(snapshot: WizardSnapshot): AnyEventObject[] {
  const c = snapshot.context;
  const step = stepIdOf(c.page.currentStep);
  const list: AnyEventObject[] = [
    ...answerEvents(snapshot),
    ...backEvents(snapshot),
    { type: 'EXIT_REQUEST' },
    { type: 'EXIT_CONFIRM' },
    { type: 'EXIT_CANCEL' },
    ...sessionEvents(snapshot),
    ...callEvents(snapshot, true),
  ];
  // A deep link from the summary (an edit, on the first pass), and one past the first incomplete step (refused).
  if (step === 'summary' && c.answers.valueLadder === undefined) list.push({ type: 'GOTO', step: 5 });
  if (c.history.length === 0) list.push({ type: 'GOTO', step: 27 });
  // The payment's outcome, or the return from the provider with the order.
  if (snapshot.hasTag(WIZARD_TAGS.paying)) list.push(...PAYMENT_OUTCOMES);
  if (c.order !== null && (step === 'valueLadder' || snapshot.hasTag(WIZARD_TAGS.paying)))
    list.push({ type: 'GOTO', step: 33, orderId: c.order.id });
  return list;
}

/** What a seller does going forward (no Back, no deep link, no failure, no exit: the shortest paths have those): the alphabet of the simple paths. */
function forwardEvents(snapshot: WizardSnapshot): AnyEventObject[] {
  const list = [...answerEvents(snapshot), ...sessionEvents(snapshot), ...callEvents(snapshot, false)];
  if (snapshot.hasTag(WIZARD_TAGS.paying)) list.push(...PAYMENT_OUTCOMES);
  return list;
}

const EXTRA_ACTORS = ['createOrder', 'checkOrder', 'publishListing'];
const ENDS = ['published', 'lead', 'exited'];

describe('listing wizard, generated from its graph', () => {
  it('has every numbered step of the spec as a state whose meta is { step: N }, across the two wizards', () => {
    const listing = stepStates(listingWizardMachine);
    const valuation = stepStates(valuationWizardMachine);
    for (const [key, step] of [...listing, ...valuation])
      expect(STEPS[key as keyof typeof STEPS]?.step, key).toBe(step);
    expect(listing.map(([key]) => key).sort()).toEqual([...LISTING_STEPS].sort());
    expect(valuation.map(([key]) => key).sort()).toEqual([...VALUATION_STEPS].sort());
    // Every step but 25, retired from the flows (its number stays reserved: STEPS keeps it).
    expect(new Set([...listing, ...valuation].map(([, step]) => step)).size).toBe(
      STEP_IDS.filter((id) => STEPS[id].flows.length > 0).length,
    );
    expect(STEPS.publicationType.flows).toEqual([]);
  });

  const graphs = ENTRIES.map(([name, input, minimumSimplePaths]) => {
    const options = { events, serializeState, input } as never;
    return {
      name,
      input,
      minimumSimplePaths,
      adjacency: getAdjacencyMap(listingWizardMachine, options) as unknown as Adjacency,
      shortest: getShortestPaths(listingWizardMachine, options) as unknown as Array<
        StatePath<WizardSnapshot, AnyEventObject>
      >,
    };
  });

  it('reaches every state of the chart', () => {
    const reached = new Set(graphs.flatMap(({ shortest }) => shortest.map((path) => valuePath(path.state.value))));
    expect([...reached].sort()).toEqual(restingStates(listingWizardMachine).sort());
  });

  it.each(graphs.map((graph) => [graph.name, graph] as const))(
    '%s: keeps the invariants after every event in every reachable state',
    (_, { adjacency }) => {
      expect(checkEveryReachableState(adjacency)).toBeGreaterThan(Object.keys(adjacency).length);
    },
  );

  it.each(graphs.map((graph) => [graph.name, graph] as const))(
    '%s: has no dead end, every state can still finish, and the ends are published, lead and exited',
    (_, { adjacency }) => {
      const finishes = canReach(
        adjacency,
        (s) => s.status === 'done' && (s.value === 'published' || s.value === 'lead'),
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
      expect([...ends].sort()).toEqual([...ENDS].sort());
    },
  );

  it.each(graphs.map((graph) => [graph.name, graph] as const))(
    '%s: every path replays on a live actor',
    async (_, { input, shortest, minimumSimplePaths }) => {
      // One shortest path to every state of the chart (the others differ in context only).
      const byValue = new Map<string, StatePath<WizardSnapshot, AnyEventObject>>();
      for (const path of shortest)
        if (!byValue.has(valuePath(path.state.value))) byValue.set(valuePath(path.state.value), path);
      for (const path of byValue.values())
        await replay(listingWizardMachine, input, path, EXTRA_ACTORS, ['startPayment']);
      // Every simple path a seller takes forward to an end.
      const simple = getSimplePaths(listingWizardMachine, {
        events: forwardEvents,
        serializeState,
        input,
        toState: (s: WizardSnapshot) => s.status === 'done',
      } as never) as unknown as Array<StatePath<WizardSnapshot, AnyEventObject>>;
      expect(simple.length).toBeGreaterThanOrEqual(minimumSimplePaths);
      expect(new Set(simple.map((path) => path.state.value as string))).toEqual(new Set(['published', 'lead']));
      for (const path of simple) await replay(listingWizardMachine, input, path, EXTRA_ACTORS, ['startPayment']);
    },
  );
});
