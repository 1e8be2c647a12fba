import {
  createActor,
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
  type Observer,
  type SnapshotFrom,
} from 'xstate';

/** The inspector's option of `createActor` (`inspectOptions()` of `@/shared/lib/inspect`). */
export type WizardInspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export interface WizardRuntimeCoreOptions<TMachine extends AnyStateMachine, TView> {
  input: InputFrom<TMachine>;
  /** The inspector (`?inspect`): the actor is created with it, as every actor of the app. */
  inspect?: WizardInspect;
  /** What the page shows, read from a snapshot (and from what the wizard's runtime keeps beside it). */
  view(snapshot: SnapshotFrom<TMachine>): TView;
}

/**
 * What both wizards' runtimes are built on: one actor of a provided machine and the view the
 * page reads (with useWizardView). The view is derived again on every snapshot and stays the
 * same object until a value of it changes, so a React store re-renders only for a change.
 */
export interface WizardRuntimeCore<TMachine extends AnyStateMachine, TView> {
  actor: Actor<TMachine>;
  /** Starts the actor: a separate call, so the runtime's calls can hold the actor before its first step runs them. */
  start(): void;
  /** What the page shows; the same object until something changes. */
  view(): TView;
  subscribe(listener: () => void): () => void;
  /** Sends `event` only when the running machine takes it now (`snapshot.can`); says whether it did. */
  send(event: EventFromLogic<TMachine>): boolean;
  /** Derives the view again: something the view reads beside the snapshot changed. */
  refresh(): void;
  stop(): void;
}

/** A plain object or an array (a Date, a Map or a class instance is compared by identity). */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);

/** Whether two objects (or arrays) hold the same values key by key, compared with `same`. */
function sameKeys(a: Record<string, unknown>, b: Record<string, unknown>, same: (x: unknown, y: unknown) => boolean) {
  const keys = Object.keys(a);
  return (
    Array.isArray(a) === Array.isArray(b) &&
    keys.length === Object.keys(b).length &&
    keys.every((key) => key in b && same(a[key], b[key]))
  );
}

/**
 * Whether two views hold the same values: key by key, a value derived again (a progress, an
 * error, a path) compared by its own keys, anything deeper by identity.
 */
function sameView(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!isRecord(a) || !isRecord(b)) return false;
  return sameKeys(a, b, (x, y) => Object.is(x, y) || (isRecord(x) && isRecord(y) && sameKeys(x, y, Object.is)));
}

export function createWizardRuntimeCore<TMachine extends AnyStateMachine, TView>(
  machine: TMachine,
  options: WizardRuntimeCoreOptions<TMachine, TView>,
): WizardRuntimeCore<TMachine, TView> {
  // xstate's own overloads want the input as an option only for machines that declare one.
  const actor = createActor(machine as AnyStateMachine, {
    input: options.input,
    inspect: options.inspect,
  }) as unknown as Actor<TMachine>;
  const listeners = new Set<() => void>();
  let view = options.view(actor.getSnapshot());

  const derive = () => {
    const next = options.view(actor.getSnapshot());
    if (sameView(view, next)) return;
    view = next;
    listeners.forEach((listener) => listener());
  };
  actor.subscribe(() => derive());

  return {
    actor,
    start: () => void actor.start(),
    view: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    send(event) {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      // A stopped actor's last snapshot still answers `can`: it takes nothing.
      if (snapshot.status !== 'active' || !snapshot.can(event)) return false;
      actor.send(event);
      return true;
    },
    refresh: derive,
    stop: () => void actor.stop(),
  };
}
