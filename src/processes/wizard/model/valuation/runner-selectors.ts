import type { WizardContext } from '../../../../../machines/wizard-context';
import {
  canGoTo,
  resumeStep,
  stepIdOf,
  stepNumberOf,
  type Account,
  type StepId,
  type StepNumber,
} from '@domain/wizard-steps';
import type { StoredValuation } from './stored-valuation';
import type { RegistrationFailed } from './valuation-calls';

// What the valuation wizard's runner reads: where a stored valuation starts again and which
// error the step on screen says. Plain functions of the machine's context, tested on their own.

/**
 * How a stored valuation starts again. The machine resumes at the first incomplete step; when
 * the visitor was elsewhere (the estimate, already complete; a step gone back to), a GOTO takes
 * it back there. The trail is given with that step at its end, so the jump back to it is
 * read as Back and the trail ends as it was (jumpHistory).
 */
export function startOf(
  stored: StoredValuation,
  account: Account,
): { account: Account; history: StepNumber[]; goto: number | null } {
  const resumeAt = stepNumberOf(resumeStep('valuation', stored.answers, { account }));
  const elsewhere =
    stored.currentStep !== resumeAt && canGoTo('valuation', stored.currentStep, stored.answers, { account });
  return {
    account,
    history: elsewhere ? [...stored.history, stored.currentStep as StepNumber] : stored.history,
    goto: elsewhere ? stored.currentStep : null,
  };
}

/** Why step 1's registration failed, with the address typed (the login it offers). */
export type Failure = { outcome: RegistrationFailed['outcome']; email: string };

/** The translation key of the error shown on the step on screen, or null. */
export function errorKeyOf(context: WizardContext, step: StepId, failure: Failure | null): string | null {
  const error = context.error;
  if (!error) return null;
  if (error.kind === 'comparables')
    return step === 'noComparables' || stepIdOf(error.step) === step ? 'errors.comparables' : null;
  if (stepIdOf(error.step) !== step) return null;
  if (step === 'email' && failure) {
    switch (failure.outcome.kind) {
      case 'alreadyRegistered':
        return failure.outcome.social ? 'errors.socialRegistered' : 'errors.alreadyRegistered';
      case 'captcha':
        return 'errors.captcha';
      case 'webAccountError':
        return 'errors.webAccountError';
      default:
        return 'errors.registration';
    }
  }
  return 'errors.save';
}
