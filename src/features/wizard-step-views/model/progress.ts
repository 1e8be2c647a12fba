import { countsAccountSteps, questionCount } from '@domain/wizard-progress';
import type { Account, Flow, StepId } from '@domain/wizard-steps';

export interface WizardProgress {
  /** The step's place, from 1. */
  current: number;
  /** The places of the flow's questions: the same from the first step to the last. */
  total: number;
  /** A step after the questions (the password, the payment, the publication ...): the count is complete. */
  beyond?: boolean;
}

/**
 * The "Domanda X di Y" of `step` (domain/wizard-progress.ts): a fixed place on the flow, so
 * going forward the number only grows and the total never changes, whatever the answers
 * choose. The account's steps count for a visitor, and once filled in (they are in `history`).
 */
export function progressOf(
  flow: Flow,
  step: StepId,
  account: Account,
  history: readonly number[] = [],
): WizardProgress {
  return questionCount(flow, step, countsAccountSteps(account, history));
}
