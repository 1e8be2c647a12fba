import type { Account, AnswerTypes, ListingFlow, StepId, WizardAnswers } from '@domain/wizard-steps';

/** Why the last call failed (the process names it; the page says it in Italian). */
export type WizardFailureKey = string;

/** An order of the value ladder and what became of its payment. */
export interface PageOrder {
  id: string;
  outcome: 'pending' | 'paid' | 'failed' | 'abandoned';
}

/** What the server said of the draft last: the title it generates, the quality score. */
export interface PageDraftFacts {
  generatedTitle: string | null;
  qualityScore: number;
  qualityNext: readonly string[];
  status: number;
}

/** What the listing wizard's page shows, read by its process from the machine. */
export interface WizardPageView {
  flow: ListingFlow;
  /** The step on screen; null between steps (an order, a payment, a publication under way). */
  step: StepId | null;
  /** The step's number (its place in the URL and on the path); null with `step`. */
  stepNumber: number | null;
  listingId: number | null;
  answers: WizardAnswers;
  account: Account;
  busy: boolean;
  /** A call or a wait between steps (the page says which). */
  stage: 'saving' | 'ordering' | 'checking' | 'publishing' | 'paying' | null;
  searching: boolean;
  paying: boolean;
  publishing: boolean;
  confirmingExit: boolean;
  canGoBack: boolean;
  canExit: boolean;
  /** The listing is published (or the exclusive request sent): no «Esci», leaving asks nothing. */
  settled: boolean;
  error: { kind: 'save' | 'comparables' | 'order' | 'orderCheck' | 'publish'; failure: WizardFailureKey | null } | null;
  order: PageOrder | null;
  paymentUrl: string | null;
  /** The seller is being sent to the payment page. */
  redirecting: boolean;
  editing: boolean;
  /** The steps of the path as far as the answers decide it. */
  path: readonly number[];
  /** "Domanda X di Y" of the step on screen: only goes forward; past the questions, `beyond`. Null between steps. */
  progress: { current: number; total: number; beyond: boolean } | null;
  draft: PageDraftFacts | null;
}

export type FirstPasswordOutcome =
  'ok' | 'InvalidPassword' | 'PasswordTooWeak' | 'PasswordBreached' | 'PasswordAlreadySet' | 'error';

/** What the page asks of its process. */
export interface WizardPageActions {
  answer<K extends StepId>(step: K, answer: AnswerTypes[K]): void;
  back(): void;
  /** A deep link: the summary's «Modifica», the payment wait's «Cambia la tua scelta». */
  goTo(step: number): void;
  /** Esci was confirmed in the frame's modal. */
  exit(): void;
  /** The exit asked by a navigation away (the router's blocker): confirmed or cancelled. */
  confirmExit(): void;
  cancelExit(): void;
  /** Step 30: the silent account's first password. */
  setFirstPassword(password: string): Promise<FirstPasswordOutcome>;
  /** Opens the login modal (an e-mail already registered, step 30 with a password already set). */
  openLogin(email?: string): void;
}

export type ListingWizardPageState =
  | { kind: 'loading' }
  | { kind: 'needsLogin'; onLogin: () => void }
  | { kind: 'failed'; onRetry: () => void }
  | {
      kind: 'wizard';
      view: WizardPageView;
      actions: WizardPageActions;
      username: string | null;
      /** The seller's first interaction with the page (a focus, a press): the first screen loads the machine then. */
      onInteract?: () => void;
    };

export interface ListingWizardPageProps {
  flow: ListingFlow;
  state: ListingWizardPageState;
}
