import type { ComponentType } from 'react';
import type { AnswerTypes, Flow, StepId, WizardAnswers } from '@domain/wizard-steps';

// The contract between a wizard's page (listing or valuation) and the view of one step.
//
// A page asks its machine (through its process) which step is current and renders that
// step's view inside the shared `WizardFrame` (progress, back, exit). The view shows one
// question, validates it inline and hands a valid answer to `onAnswer`; it never decides
// which step comes next (the machine does) and never calls the drafts API itself (the
// process saves the answer). Views are loaded on demand, one chunk per step or per group.

/** What went wrong on this step, in the words of the page (already translated), or null. */
export type StepError = string | null;

export interface StepViewProps<K extends StepId = StepId> {
  step: K;
  flow: Flow;
  /** The answer saved for this step, when the seller comes back to it (edit, back, resume). */
  answer: AnswerTypes[K] | undefined;
  /** Every saved answer (a step may depend on earlier ones: the property type, the surface). */
  answers: WizardAnswers;
  /** The draft's id once the first save created it (media uploads need it); null before. */
  listingId: number | null;
  /** A save (or another call) is under way: the view disables its submit. */
  busy: boolean;
  /** The last call's failure on this step, shown by the view beside its submit. */
  error: StepError;
  /**
   * The valuation the comparables search stored (POST /api/Valuation answered its `Id`), when
   * the page knows it: steps 13, 38 and 40 then show its comparables and figures
   * (GET /api/Valuation/{id}); without it they show what `answers.loader` carries.
   */
  valuationId?: number | null;
  /** Hands the step's valid answer (null for a step that only shows something) to the machine. */
  onAnswer: (answer: AnswerTypes[K]) => void;
  /**
   * The wizard's latest order and what became of its payment (the machine's `order`), when
   * the page has one: step 28 says a failed or abandoned payment. Optional: other steps ignore it.
   */
  order?: { id: string; outcome: 'pending' | 'paid' | 'failed' | 'abandoned' } | null;
}

export type StepView<K extends StepId = StepId> = ComponentType<StepViewProps<K>>;

/** Lazily loaded views by step id: each page merges the shared ones with its own. */
export type StepViewRegistry = { [K in StepId]?: () => Promise<{ default: StepView<K> }> };
