import type { SnapshotFrom } from 'xstate';
import type { valuationWizardMachine, ValuationWizardOutput } from '../../../../../machines/valuation-wizard.machine';
import { currentStepId, stepShown, WIZARD_TAGS } from '../../../../../machines/wizard-context';
import { wizardProgress, type QuestionCount } from '@domain/wizard-progress';
import { stepIdOf, type Account, type AnswerTypes, type StepId, type WizardAnswers } from '@domain/wizard-steps';
import { errorKeyOf, type Failure } from './runner-selectors';

type Snapshot = SnapshotFrom<typeof valuationWizardMachine>;

/** What the valuation's page shows, read from the machine's snapshot (tags, `can`, meta, context, output). */
export interface ValuationView {
  /** The step on screen (the step the machine stands on while a call is under way). */
  step: StepId;
  account: Account;
  answers: WizardAnswers;
  /** The answer saved for the step on screen. */
  answer: AnswerTypes[StepId] | undefined;
  busy: boolean;
  canGoBack: boolean;
  /** The translation key (valuation-wizard namespace) of the error the step on screen says, or null. */
  errorKey: string | null;
  /** Step 1 refused an address already registered: the login it offers, with the address typed. */
  login: { email: string; social: boolean } | null;
  /** "Domanda X di Y" (domain/wizard-progress.ts, the listing's view reads the same function). */
  progress: QuestionCount;
  /** The valuation POST /api/Valuation stored (steps 13, 38, 29 show it). */
  valuationId: number | null;
  /** A stored valuation reloaded elsewhere than its first incomplete step is back there: the page shows. */
  ready: boolean;
  /** The machine ended: the thank-you, a listing to continue into, or "Esci". */
  done: boolean;
  /** Ended at the thank-you: no exit left to ask. */
  finished: boolean;
  output: ValuationWizardOutput | null;
}

/** What the runtime keeps beside the snapshot. */
export interface ValuationViewExtras {
  failure: Failure | null;
  valuationId: number | null;
  ready: boolean;
}

export function valuationViewOf(snapshot: Snapshot, extras: ValuationViewExtras): ValuationView {
  const { context } = snapshot;
  const done = snapshot.status === 'done';
  const shown = stepShown(snapshot);
  const step: StepId = shown !== null ? (stepIdOf(shown) as StepId) : currentStepId(context);
  const errorKey = errorKeyOf(context, step, extras.failure);
  const { failure } = extras;
  return {
    step,
    account: context.account,
    answers: context.answers,
    answer: (context.answers as Record<string, unknown>)[step] as AnswerTypes[StepId] | undefined,
    busy: snapshot.hasTag(WIZARD_TAGS.busy),
    canGoBack: !done && snapshot.can({ type: 'BACK' }),
    errorKey,
    login:
      step === 'email' && errorKey !== null && failure?.outcome.kind === 'alreadyRegistered'
        ? { email: failure.email, social: failure.outcome.social }
        : null,
    progress: wizardProgress('valuation', step, context.account, context.history),
    valuationId: extras.valuationId,
    ready: extras.ready,
    done,
    finished: done && step === 'thankYou',
    output: done ? (snapshot.output ?? null) : null,
  };
}
