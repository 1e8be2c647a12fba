import type { WizardProgress } from './progress';

/**
 * Where the step numbered `stepNumber` is on `path` (the expected path's step numbers): its
 * place from 1, and the path's length. A step off the path counts as the last one reached.
 * No step table needed: a wizard's first screen computes it before its machine loads.
 */
export function progressAt(path: readonly number[], stepNumber: number): WizardProgress {
  const index = path.indexOf(stepNumber);
  const total = Math.max(path.length, 1);
  return { current: index >= 0 ? index + 1 : total, total };
}
