import { STEPS, type StepId } from '@domain/wizard-steps';

export interface WizardProgress {
  /** The step's place on the path, from 1. */
  current: number;
  /** The steps the path expects, as far as the answers decide it. */
  total: number;
}

/**
 * Where `step` is on the expected path (`expectedPath(flow, answers, facts)` of
 * domain/wizard-steps.ts, which the page's process computes). A step off the path (a deep
 * link the machine redirects, a step shown while the answers change the branch) counts as
 * the last one reached.
 */
export function progressOf(path: readonly number[], step: StepId): WizardProgress {
  const total = Math.max(path.length, 1);
  const index = path.indexOf(STEPS[step].step);
  return { current: index >= 0 ? index + 1 : total, total };
}
