import { fromPromise, type Actor } from 'xstate';
import { valuationWizardMachine } from '../../../../../machines/valuation-wizard.machine';
import type { FindComparablesInput, SaveDraftInput, WizardEvent } from '../../../../../machines/wizard-context';
import { stepNumberOf, type Account, type AnswerTypes, type StepId } from '@domain/wizard-steps';
import { createWizardRuntimeCore, type WizardInspect } from '../runtime-core';
import { startOf, type Failure } from './runner-selectors';
import { readStoredValuation, writeStoredValuation, type StoredValuation } from './stored-valuation';
import { RegistrationFailed, valuationCalls, type ValuationCallsDeps } from './valuation-calls';
import { valuationViewOf, type ValuationView } from './view';

/** What the app does for the valuation beyond its calls (the session, the query cache). */
export type ValuationWizardEffects = Pick<ValuationCallsDeps, 'registered' | 'ensureSession' | 'valued'>;

export interface ValuationWizardRuntime {
  actor: Actor<typeof valuationWizardMachine>;
  /** What the page shows; the same object until something changes. */
  view(): ValuationView;
  subscribe(listener: () => void): () => void;
  /** The answer of the step on screen. */
  answer(answer: AnswerTypes[StepId]): boolean;
  back(): boolean;
  /** «Esci»: the exit asked and confirmed at once (the frame asked already). */
  exit(): boolean;
  /** The session process says who fills the wizard in. */
  setAccount(account: Account): void;
  stop(): void;
}

export interface ValuationRuntimeOptions {
  inspect?: WizardInspect;
  /** The tab's storage of the valuation (stored-valuation.ts unless a test gives its own). */
  storage?: Pick<ValuationCallsDeps, 'read' | 'write'>;
  /** The machine's calls (valuation-calls.ts unless a test gives its own). */
  calls?: Pick<ReturnType<typeof valuationCalls>, 'saveDraft' | 'findComparables'>;
}

/**
 * The valuation machine with its calls provided (valuation-calls.ts: the answers kept in the
 * tab, the silent account at step 1, POST /api/Valuation at 14), started where the stored
 * valuation stood (startOf), on the same core as the listing wizard's runtime.
 */
export function createValuationWizardRuntime(
  initial: StoredValuation,
  account: Account,
  effects: ValuationWizardEffects,
  options: ValuationRuntimeOptions = {},
): ValuationWizardRuntime {
  let failure: Failure | null = null;
  let valuationId = initial.valuationId;
  const start = startOf(initial, account);
  // A reload elsewhere than the first incomplete step: nothing shows until the GOTO took it back
  // there, so the step seen first is that one.
  let ready = start.goto === null;

  const calls =
    options.calls ??
    valuationCalls({
      read: options.storage?.read ?? (() => readStoredValuation() ?? initial),
      write: options.storage?.write ?? writeStoredValuation,
      registered: effects.registered,
      ensureSession: effects.ensureSession,
      valued: (valuation) => {
        valuationId = valuation.Id;
        effects.valued(valuation);
        core.refresh();
      },
    });

  const machine = valuationWizardMachine.provide({
    actors: {
      saveDraft: fromPromise(({ input }: { input: SaveDraftInput }) =>
        calls.saveDraft(input).catch((error: unknown) => {
          const email = input.answered.step === 'email' ? (input.answered.answer?.email ?? '') : '';
          failure = error instanceof RegistrationFailed ? { outcome: error.outcome, email } : null;
          throw error;
        }),
      ),
      findComparables: fromPromise(({ input }: { input: FindComparablesInput }) => calls.findComparables(input)),
    },
  });

  const core = createWizardRuntimeCore(machine, {
    input: {
      account: start.account,
      locality: initial.answers.locality!,
      draft: { id: initial.draftId, answers: initial.answers, history: start.history, published: false, order: null },
    },
    inspect: options.inspect,
    view: (snapshot) => {
      const view = valuationViewOf(snapshot, { failure, valuationId, ready });
      if (!ready && stepNumberOf(view.step) === start.goto) {
        ready = true;
        return { ...view, ready };
      }
      return view;
    },
  });
  core.start();
  // Refused (the path no longer leads there): the machine's own step shows.
  if (start.goto !== null && !core.send({ type: 'GOTO', step: start.goto })) {
    ready = true;
    core.refresh();
  }

  const { actor, send } = core;
  return {
    actor,
    view: core.view,
    subscribe: core.subscribe,
    answer(answer) {
      failure = null;
      const sent = send({ type: 'ANSWER', step: core.view().step, answer } as WizardEvent);
      core.refresh();
      return sent;
    },
    back: () => send({ type: 'BACK' }),
    exit: () => send({ type: 'EXIT_REQUEST' }) && send({ type: 'EXIT_CONFIRM' }),
    setAccount(next) {
      if (actor.getSnapshot().context.account !== next) send({ type: 'SESSION', account: next });
    },
    stop: core.stop,
  };
}
