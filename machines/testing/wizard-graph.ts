import { expect } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyStateMachine,
  type Snapshot,
  type StateNode,
} from 'xstate';
import type { StatePath } from 'xstate/graph';
import { factsOf, stepShown, WIZARD_TAGS, type WizardContext, type WizardTag } from '../wizard-context';
import { answerOf, FOUND, NONE, PLANS } from './wizard-fixtures';
import { wizardInvariantViolations, type WizardSnapshotLike } from './wizard-invariants';
import { firstIncompleteStep, isAnsweredByUser, stepIdOf, STEPS, type StepId } from '@domain/wizard-steps';

// What the graph tests of the two wizards share (listing-wizard.machine.graph.test.ts,
// valuation-wizard.machine.graph.test.ts): the events a page and the process can send in a
// state, the answers of the call the state waits on, the key of a state, and the checks
// over the adjacency map: every state reached, no dead end, the ends reached, every path
// replayed on a live actor.

type AnyStateNode = StateNode<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export type WizardSnapshot = WizardSnapshotLike &
  Snapshot<unknown> & { matches(value: unknown): boolean; hasTag(tag: WizardTag): boolean };
/** `getAdjacencyMap`'s answer, keyed by `serializeState`. */
export type Adjacency = Record<
  string,
  { state: WizardSnapshot; transitions: Record<string, { event: AnyEventObject; state: WizardSnapshot }> }
>;

/** The answers of the call a state waits on, by the invocation's id. */
export const CALL_ANSWERS: Record<string, unknown[]> = {
  saveDraft: [{ id: 7 }],
  findComparables: [FOUND, NONE],
  createOrder: [{ orderId: 'order-1' }],
  checkOrder: ['paid', 'failed', 'pending'],
  publishListing: [undefined],
};

export function callEvents(snapshot: WizardSnapshot, withErrors: boolean): AnyEventObject[] {
  const events: AnyEventObject[] = [];
  for (const id of Object.keys(snapshot.children)) {
    for (const output of CALL_ANSWERS[id] ?? []) events.push({ type: `xstate.done.actor.${id}`, output });
    if (withErrors) events.push({ type: `xstate.error.actor.${id}`, error: new Error('offline') });
  }
  return events;
}

/** The answers a seller can give on the step on screen: the fixture's, and every branch of the choices. */
export function answerEvents(snapshot: WizardSnapshot): AnyEventObject[] {
  if (!snapshot.hasTag(WIZARD_TAGS.step) || snapshot.status !== 'active') return [];
  const step = stepIdOf(snapshot.context.page.currentStep) as StepId;
  if (!isAnsweredByUser(step)) return [];
  switch (step) {
    case 'split':
      return [answerOf('split', { priceFromMarket: true }), answerOf('split', { priceFromMarket: false })];
    case 'valueLadder':
      // A service alone is paid like the flexible plan, and an upgrade is offered to a published listing.
      return (
        snapshot.context.published
          ? [PLANS.upgrade, PLANS.exclusive]
          : [PLANS.basic, PLANS.flexible, PLANS.exclusive, PLANS.exclusivePartner]
      ).map((plan) => answerOf('valueLadder', plan));
    case 'saleOrRent':
      return (['stop', 'sale', 'rent'] as const).map((next) => answerOf('saleOrRent', { next }));
    default:
      return [answerOf(step)];
  }
}

/** What the session process tells the wizard, when it would: the silent session right after the e-mail, a login at the entry (from the header) or at 30. */
export function sessionEvents(snapshot: WizardSnapshot): AnyEventObject[] {
  const c = snapshot.context;
  const events: AnyEventObject[] = [];
  if (
    c.account === 'anonymous' &&
    c.answers.email !== undefined &&
    c.history[c.history.length - 1] === STEPS.email.step
  )
    events.push({ type: 'SESSION', account: 'silent' });
  const step = stepIdOf(c.page.currentStep);
  if (c.account !== 'loggedIn' && (step === 'login' || (step === 'personalData' && c.history.length === 0)))
    events.push({ type: 'SESSION', account: 'loggedIn' });
  return events;
}

/**
 * A state is its value and what the guards read: the page, the trail, which answers are
 * given and the branch ones, the answer being saved, the account, the order, the
 * publication, the edit. (The answers themselves are the fixtures', so their keys and
 * branch values say it all.)
 */
export function serializeState(snapshot: WizardSnapshot): string {
  const c: WizardContext = snapshot.context;
  const a = c.answers;
  return JSON.stringify([
    snapshot.value,
    c.page.currentStep,
    c.history,
    Object.keys(a).sort(),
    a.split?.priceFromMarket,
    a.loader?.found,
    a.valueLadder,
    a.saleOrRent?.next,
    c.account,
    c.published,
    c.order,
    c.returnTo,
    c.orderReturn,
    // The error is left out: it changes no guard and is cleared by the next move.
    c.target,
    c.pending?.answered,
    c.pending?.next,
  ]);
}

/** Every state of the chart a snapshot can rest in, as a dotted path (the routing passage and the history pseudo-state excluded). */
export function restingStates(machine: AnyStateMachine): string[] {
  const walk = (node: AnyStateNode, prefix: string[]): string[] => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (children.length === 0) return node.type === 'history' || node.key === 'routing' ? [] : [prefix.join('.')];
    return children.flatMap((child) => walk(child, [...prefix, child.key]));
  };
  return walk(machine.root as unknown as AnyStateNode, []);
}

/** Every state node with a `meta.step`, as [key, step]. */
export function stepStates(machine: AnyStateMachine): Array<[string, number]> {
  const found: Array<[string, number]> = [];
  const walk = (node: AnyStateNode) => {
    const meta = node.meta as { step?: number } | undefined;
    if (meta?.step !== undefined) found.push([node.key, meta.step]);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root as unknown as AnyStateNode);
  return found;
}

export function valuePath(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0];
  return `${key}.${valuePath(inner)}`;
}

/** The keys of the states from which one of `goal` can be reached (the goal states included). */
export function canReach(adjacency: Adjacency, goal: (snapshot: WizardSnapshot) => boolean): Set<string> {
  const into = new Map<string, string[]>();
  for (const [key, { transitions }] of Object.entries(adjacency)) {
    for (const { state: next } of Object.values(transitions)) {
      const nextKey = serializeState(next);
      into.set(nextKey, [...(into.get(nextKey) ?? []), key]);
    }
  }
  const reach = new Set(Object.keys(adjacency).filter((key) => goal(adjacency[key].state)));
  const queue = [...reach];
  while (queue.length > 0) {
    for (const from of into.get(queue.pop() as string) ?? []) {
      if (!reach.has(from)) {
        reach.add(from);
        queue.push(from);
      }
    }
  }
  return reach;
}

/**
 * Back, where the graph offers it: at the seller's frontier (the first incomplete step) and
 * on the comparables' results, so every Back target of the flow is tried once; chains of
 * Back over steps already answered are the random walk's (listing-wizard.machine.test.ts),
 * as they multiply the states by every position and every answer given.
 */
export function backEvents(snapshot: WizardSnapshot): AnyEventObject[] {
  if (!snapshot.hasTag(WIZARD_TAGS.step) || snapshot.status !== 'active') return [];
  const c = snapshot.context;
  const step = stepIdOf(c.page.currentStep) as StepId;
  return firstIncompleteStep(c.flow, c.answers, factsOf(c)) === c.page.currentStep || STEPS[step].kind === 'result'
    ? [{ type: 'BACK' }]
    : [];
}

/** Checks the invariants in every reachable state and after every event tried there; answers how many transitions were tried. */
export function checkEveryReachableState(adjacency: Adjacency): number {
  let tried = 0;
  const violations: string[] = [];
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    for (const violation of wizardInvariantViolations(state)) violations.push(`${key}: ${violation}`);
    for (const [event, { state: next }] of Object.entries(transitions)) {
      for (const violation of wizardInvariantViolations(next)) violations.push(`${key} + ${event}: ${violation}`);
      tried++;
    }
    if (violations.length > 10) break;
  }
  expect(violations).toEqual([]);
  return tried;
}

/**
 * Runs a path on a started actor whose calls wait until the path answers them, and checks
 * after each step that the live actor is where the graph said.
 */
export async function replay(
  logic: AnyActorLogic,
  input: unknown,
  path: StatePath<WizardSnapshot, AnyEventObject>,
  extraActors: string[],
  effects: string[],
): Promise<void> {
  let pending: { resolve(value: unknown): void; reject(error: unknown): void } | undefined;
  const call = fromPromise<never, unknown>(
    () =>
      new Promise<never>((resolve, reject) => {
        pending = { resolve: resolve as (value: unknown) => void, reject };
      }),
  );
  const actors = Object.fromEntries(['saveDraft', 'findComparables', ...extraActors].map((id) => [id, call]));
  const actions = Object.fromEntries(effects.map((name) => [name, () => {}]));
  const machine = (logic as AnyStateMachine).provide({ actors, actions } as never);
  const actor = createActor(machine, { input } as never).start();
  const description = path.steps
    .map((step) => (step.event.type === 'ANSWER' ? `ANSWER ${String(step.event.step)}` : step.event.type))
    .join(' → ');
  for (const step of path.steps) {
    const { type } = step.event;
    if (type === 'xstate.init') continue;
    if (type.startsWith('xstate.done.actor.')) pending?.resolve((step.event as { output?: unknown }).output);
    else if (type.startsWith('xstate.error.actor.')) pending?.reject((step.event as { error?: unknown }).error);
    else actor.send(step.event);
    await new Promise((resolve) => setImmediate(resolve));
    const live = actor.getSnapshot() as WizardSnapshot;
    expect(live.value, description).toEqual(step.state.value);
    expect(JSON.parse(serializeState(live)), description).toEqual(JSON.parse(serializeState(step.state)));
    expect(stepShown(live), description).toBe(stepShown(step.state));
  }
  actor.stop();
}
