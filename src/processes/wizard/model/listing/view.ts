import type { SnapshotFrom } from 'xstate';
import type { listingWizardMachine } from '../../../../../machines/listing-wizard.machine';
import { wizardProgress, type QuestionCount } from '@domain/wizard-progress';
import {
  expectedPath,
  stepIdOf,
  STEPS,
  type Account,
  type ListingFlow,
  type StepId,
  type StepNumber,
  type WizardAnswers,
} from '@domain/wizard-steps';
import {
  factsOf,
  stepShown,
  WIZARD_TAGS,
  type OrderState,
  type WizardError,
} from '../../../../../machines/wizard-context';
import type { ListingDraft, WizardFailure } from './calls';
import { draftIdOf } from './draft';

type Snapshot = SnapshotFrom<typeof listingWizardMachine>;

/** Where the wizard ended: published (after 34), an exclusive lead (after 45), or left midway. */
export type WizardEnd = 'published' | 'lead' | 'exited';

/** What the server said of the draft last (the title it generates, the quality score). */
export interface DraftFacts {
  generatedTitle: string | null;
  qualityScore: number;
  qualityNext: readonly string[];
  status: number;
}

/** A call or a wait between steps: what the page says meanwhile. */
export type WizardStage = 'saving' | 'ordering' | 'checking' | 'publishing' | 'paying';

/** What the page shows, read from the machine's snapshot (tags, `can`, meta, context): no state names. */
export interface WizardView {
  flow: ListingFlow;
  /** The step on screen; null between steps (an order, a payment, a publication under way). */
  step: StepId | null;
  stepNumber: StepNumber | null;
  /** The draft's id once the server holds one. */
  listingId: number | null;
  answers: WizardAnswers;
  account: Account;
  busy: boolean;
  /** Null while a step is on screen and nothing is under way. */
  stage: WizardStage | null;
  saving: boolean;
  searching: boolean;
  paying: boolean;
  publishing: boolean;
  confirmingExit: boolean;
  canGoBack: boolean;
  canExit: boolean;
  /** The listing is published (or the exclusive request sent): leaving needs no confirmation. */
  settled: boolean;
  /** What went wrong on this step: the machine's kind and, when known, why the call failed. */
  error: { kind: WizardError['kind']; failure: WizardFailure | null } | null;
  order: OrderState | null;
  /** The payment page of the order waiting for its payment, when known. */
  paymentUrl: string | null;
  /** The seller is being sent to the payment page. */
  redirecting: boolean;
  /** How the exit was asked (while confirming it, and once the wizard exited). */
  exitBy: 'button' | 'navigation' | null;
  /** A step opened from the summary: its answer comes back there. */
  editing: boolean;
  /** The steps of the path as far as the answers decide it (the progress indicator). */
  path: StepNumber[];
  /** The steps already behind the seller on that path. */
  done: number;
  /** "Domanda X di Y" of the step on screen (domain/wizard-progress.ts): only goes forward; null between steps. */
  progress: QuestionCount | null;
  end: WizardEnd | null;
  draft: DraftFacts | null;
}

export interface ViewExtras {
  failure: WizardFailure | null;
  draft: ListingDraft | null;
  paymentUrl: string | null;
  redirecting: boolean;
  exitBy: 'button' | 'navigation' | null;
}

const ENDS: readonly WizardEnd[] = ['published', 'lead', 'exited'];
const ACCOUNT_STEPS: readonly StepNumber[] = [0, 1];
/** Steps after the publication, a paid upgrade or the exclusive request: leaving asks nothing. */
const SETTLED: readonly StepId[] = ['publicationSuccess', 'upgradeSuccess', 'nextSteps', 'exclusiveSuccess'];

export function viewOf(snapshot: Snapshot, extras: ViewExtras): WizardView {
  const { context } = snapshot;
  const saving = snapshot.hasTag(WIZARD_TAGS.saving);
  // While an answer is saved, the step answered stays on screen (its submit busy).
  const shown = snapshot.hasTag(WIZARD_TAGS.step) ? stepShown(snapshot) : saving ? context.page.currentStep : null;
  const step = shown === null ? null : stepIdOf(shown);
  // The account's steps (0 and 1) leave the expected path once the account exists: still counted as done.
  const expected = expectedPath(context.flow, context.answers, factsOf(context));
  const accountSteps = ACCOUNT_STEPS.filter((n) => context.history.includes(n) && !expected.includes(n));
  const path = [...accountSteps, ...expected];
  const at = shown === null ? -1 : path.indexOf(shown);
  // A failed comparables search goes on as if none were found: 40 says so.
  const errorStep = context.error?.kind === 'comparables' ? STEPS.noComparables.step : context.error?.step;
  const error =
    context.error && (shown === null || errorStep === shown)
      ? { kind: context.error.kind, failure: extras.failure }
      : null;
  const end =
    snapshot.status === 'done' && ENDS.includes(snapshot.value as WizardEnd) ? (snapshot.value as WizardEnd) : null;
  return {
    flow: context.flow as ListingFlow,
    step,
    stepNumber: shown,
    listingId: draftIdOf(context.id),
    answers: context.answers,
    account: context.account,
    busy: snapshot.hasTag(WIZARD_TAGS.busy),
    stage: stageOf(snapshot, saving),
    saving,
    searching: snapshot.hasTag(WIZARD_TAGS.searching),
    paying: snapshot.hasTag(WIZARD_TAGS.paying),
    publishing: snapshot.hasTag(WIZARD_TAGS.publishing),
    confirmingExit: snapshot.hasTag(WIZARD_TAGS.confirmingExit),
    canGoBack: snapshot.can({ type: 'BACK' }),
    canExit: snapshot.can({ type: 'EXIT_REQUEST' }),
    settled: step !== null && SETTLED.includes(step),
    error,
    order: context.order,
    paymentUrl: extras.paymentUrl,
    redirecting: extras.redirecting,
    exitBy: extras.exitBy,
    editing: context.returnTo !== null,
    path,
    done: at >= 0 ? at : shown === null ? 0 : path.length,
    progress: step === null ? null : wizardProgress(context.flow, step, context.account, context.history),
    end,
    draft: extras.draft
      ? {
          generatedTitle: extras.draft.GeneratedTitle,
          qualityScore: extras.draft.Quality.Score,
          qualityNext: extras.draft.Quality.Next,
          status: extras.draft.Status,
        }
      : null,
  };
}

function stageOf(snapshot: Snapshot, saving: boolean): WizardStage | null {
  if (saving) return 'saving';
  if (snapshot.hasTag(WIZARD_TAGS.publishing)) return 'publishing';
  if (snapshot.hasTag(WIZARD_TAGS.paying)) return 'paying';
  if (snapshot.hasTag(WIZARD_TAGS.busy) && !snapshot.hasTag(WIZARD_TAGS.step))
    return snapshot.context.orderReturn !== null ? 'checking' : 'ordering';
  return null;
}
