import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom, type StateNode } from 'xstate';

type AnyStateNode = StateNode<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { LOGIN_SOURCE, type LoginResult } from '@domain/session';
import { sessionMachine, type SessionEvent } from './session.machine';
import { checkSessionInvariants } from './testing/session-invariants';

// Tests generated from the machine's graph (the pattern every machine of the product
// follows): the traversal offers, in every state, every event a page or the app can send
// plus the answers (done and error) of the call the state is waiting on. Then:
// - every state of the chart is reached by a shortest path;
// - every event is tried in every reachable state, and the result keeps the invariants;
// - from every reachable state the visitor can get back to an anonymous session (no trap);
// - every shortest and simple path, replayed on a live actor whose calls answer as the
//   path says, lands in the state the graph predicted, with the same effects.

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type GraphEvent = SessionEvent | AnyEventObject;
type AdjacencyEntry = { state: Snapshot; transitions: Record<string, { event: GraphEvent; state: Snapshot }> };

const credentials = { username: 'giulia@example.com', password: 'Rexer#Demo2025', recaptchaToken: 'captcha' };
const accepted: LoginResult = { isConfirmed: true, termsAndPrivacyConfirmed: true };
const termsPending: LoginResult = { isConfirmed: true, termsAndPrivacyConfirmed: false };

/** What the app and the pages can send, in any state. */
const DOMAIN_EVENTS: SessionEvent[] = [
  { type: 'ENSURE_SESSION' },
  { type: 'LOGIN', credentials, source: LOGIN_SOURCE.undefined, redirectTo: '/dopo' },
  { type: 'LOGIN', credentials, source: LOGIN_SOURCE.valuation },
  { type: 'ACCEPT_TERMS' },
  { type: 'DECLINE_TERMS' },
  { type: 'REGISTERED', email: 'nuovo@example.com' },
  {
    type: 'RESTORE',
    session: { username: 'giulia@example.com', isConfirmed: true, termsPrivacy: true, silent: false },
  },
  {
    type: 'RESTORE',
    session: { username: 'giulia@example.com', isConfirmed: false, termsPrivacy: true, silent: true },
  },
  {
    type: 'RESTORE',
    session: { username: 'giulia@example.com', isConfirmed: true, termsPrivacy: false, silent: false },
  },
  { type: 'SESSION_TOKEN_EXPIRED', requestId: 'r1' },
  { type: 'SESSION_TOKEN_EXPIRED', requestId: 'r2' },
  { type: 'USER_TOKEN_EXPIRED' },
  { type: 'SILENT_LOGOUT' },
  { type: 'LOGOUT' },
];

/** The answers of the call a state waits on, by the invocation's id. */
const ANSWERS: Record<string, unknown[]> = {
  anonymousLogin: [undefined],
  exchangeAnonymousToken: [undefined],
  login: [accepted, termsPending],
  exchangeUserToken: [undefined],
  acceptTerms: [undefined],
  exchangeRegistrationToken: [undefined],
  renewSessionToken: [undefined],
  logout: [undefined],
};

function callEvents(snapshot: Snapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [];
  for (const id of Object.keys(snapshot.children)) {
    for (const output of ANSWERS[id] ?? []) events.push({ type: `xstate.done.actor.${id}`, output });
    events.push({ type: `xstate.error.actor.${id}`, error: { kind: 'WrongCredentials' } });
  }
  return events;
}

const events = (snapshot: Snapshot): GraphEvent[] => [...DOMAIN_EVENTS, ...callEvents(snapshot)];

/** What a visitor does on the way to a login (no restore, no expiry): the alphabet of the simple paths. */
const VISITOR_EVENTS = DOMAIN_EVENTS.filter(
  (event) =>
    ['ENSURE_SESSION', 'ACCEPT_TERMS', 'DECLINE_TERMS', 'REGISTERED', 'SILENT_LOGOUT', 'LOGOUT'].includes(event.type) ||
    (event.type === 'LOGIN' && event.source === LOGIN_SOURCE.valuation),
);
const visitorEvents = (snapshot: Snapshot): GraphEvent[] => [...VISITOR_EVENTS, ...callEvents(snapshot)];

/** A state is its value and the context the guards read (the rest, such as names, does not change what can happen). */
function serializeState(snapshot: Snapshot): string {
  const c = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    c.silent,
    c.termsPrivacy,
    c.sessionHeld,
    c.userTokenHeld,
    c.freshUserToken,
    c.pendingRetryId,
    c.renewedRequestId,
  ]);
}

const traversal = { events, serializeState } as never;

/**
 * The simple paths run over the chart's states alone (with the silent flag): with the
 * guards' context in the key there are too many to walk. A simple path's steps then carry
 * the first snapshot seen for each key, so its replay compares keys, not whole contexts.
 */
const coarseState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.silent]);

/** Every atomic state of the chart, as a dotted path ('anonymous.idle', 'authenticated.silent'). */
function atomicStates(
  node: AnyStateNode = sessionMachine.root as unknown as AnyStateNode,
  prefix: string[] = [],
): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return [prefix.join('.')];
  return children.flatMap((child) => atomicStates(child, [...prefix, child.key]));
}

function valuePath(value: Snapshot['value']): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value)[0] as unknown as [string, Snapshot['value']];
  return `${key}.${valuePath(inner)}`;
}

const checkInvariants = checkSessionInvariants;

describe('session machine, generated from its graph', () => {
  const shortest = getShortestPaths(sessionMachine, traversal);
  // Every simple path (no state twice) a visitor can take to a session of their own.
  const simple = getSimplePaths(sessionMachine, {
    events: visitorEvents,
    serializeState: coarseState,
    toState: (snapshot: Snapshot) => snapshot.matches('authenticated'),
  } as never);
  const adjacency = getAdjacencyMap(sessionMachine, traversal);

  it('reaches every state of the chart', () => {
    const reached = new Set(shortest.map((path) => valuePath(path.state.value)));
    expect([...reached].sort()).toEqual(atomicStates().sort());
  });

  it('keeps the invariants after every event in every reachable state', () => {
    let tried = 0;
    for (const { state, transitions } of Object.values(adjacency) as AdjacencyEntry[]) {
      checkInvariants(state as Snapshot);
      for (const { state: next } of Object.values(transitions)) {
        checkInvariants(next as Snapshot);
        tried++;
      }
    }
    expect(tried).toBeGreaterThanOrEqual(Object.keys(adjacency).length * DOMAIN_EVENTS.length);
  });

  it('lets the visitor get back to an anonymous session from every reachable state', () => {
    const canReachAnonymous = new Set<string>();
    let grew = true;
    while (grew) {
      grew = false;
      for (const [key, { state, transitions }] of Object.entries(adjacency) as [string, AdjacencyEntry][]) {
        if (canReachAnonymous.has(key)) continue;
        const anonymous = (state as Snapshot).matches('anonymous');
        const viaNext = Object.values(transitions).some(({ state: next }) =>
          canReachAnonymous.has(serializeState(next as Snapshot)),
        );
        if (anonymous || viaNext) {
          canReachAnonymous.add(key);
          grew = true;
        }
      }
    }
    const trapped = Object.keys(adjacency).filter((key) => !canReachAnonymous.has(key));
    expect(trapped).toEqual([]);
  });

  it('answers every path the same way when it runs on a live actor', async () => {
    expect(simple.length).toBeGreaterThan(10);
    expect(simple.every((path) => path.state.matches('authenticated'))).toBe(true);
    for (const path of shortest) await replay(path as StatePath<Snapshot, GraphEvent>, serializeState);
    for (const path of simple) await replay(path as StatePath<Snapshot, GraphEvent>, coarseState);
  });
});

/**
 * Runs a path on a started actor whose calls wait until the path answers them, and checks
 * after each step that the live actor is where the graph said, with the same context.
 */
async function replay(path: StatePath<Snapshot, GraphEvent>, key: (snapshot: Snapshot) => string) {
  let pending: { resolve(value: unknown): void; reject(error: unknown): void } | undefined;
  const call = fromPromise<never, unknown>(
    () =>
      new Promise<never>((resolve, reject) => {
        pending = { resolve: resolve as (value: unknown) => void, reject };
      }),
  );
  const effects: string[] = [];
  const effect = (name: string) => () => void effects.push(name);
  const actor = createActor(
    sessionMachine.provide({
      actors: { anonymousLogin: call, exchangeToken: call, login: call, acceptTerms: call, logout: call } as never,
      actions: {
        persistSession: effect('persistSession'),
        persistTemporaryUser: effect('persistTemporaryUser'),
        clearStoredSession: effect('clearStoredSession'),
        openTermsModal: effect('openTermsModal'),
        closeLoginModal: effect('closeLoginModal'),
        redirectAfterLogin: effect('redirectAfterLogin'),
        runLoginCallback: effect('runLoginCallback'),
        retryRequest: effect('retryRequest'),
        goHome: effect('goHome'),
      },
    }),
  ).start();
  const description = path.steps.map((step) => step.event.type).join(' → ');
  for (const step of path.steps) {
    const { type } = step.event;
    if (type.startsWith('xstate.done.actor.')) pending?.resolve((step.event as unknown as { output: unknown }).output);
    else if (type.startsWith('xstate.error.actor.'))
      pending?.reject((step.event as unknown as { error: unknown }).error);
    else actor.send(step.event as SessionEvent);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const live = actor.getSnapshot();
    expect(live.value, description).toEqual(step.state.value);
    expect(key(live), description).toBe(key(step.state));
    checkInvariants(live);
  }
  // A login that completes runs the caller's callback or the redirect, never both.
  if (effects.includes('persistSession') && effects.includes('closeLoginModal')) {
    expect(
      effects.filter((name) => name === 'runLoginCallback' || name === 'redirectAfterLogin').length,
      description,
    ).toBeGreaterThan(0);
  }
  actor.stop();
}
