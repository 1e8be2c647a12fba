import { STEPS, type StepId } from '@domain/wizard-steps';
import { progressAt } from './progress-at';

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
 *
 * With the trail (`history`, the steps visited before this one), the steps done are the
 * trail's and the total is those plus what the path has left: steps that leave the path once
 * answered (personal data and e-mail, after the registration) still count as done, so the
 * count never goes back.
 */
export function progressOf(path: readonly number[], step: StepId, history?: readonly number[]): WizardProgress {
  const index = path.indexOf(STEPS[step].step);
  if (history && index >= 0) {
    const done = history.filter((visited) => visited !== STEPS.loader.step).length;
    return { current: done + 1, total: done + path.length - index };
  }
  return progressAt(path, STEPS[step].step);
}
