import { setup } from 'xstate';
import {
  stepsOfFlow,
  type Account,
  type Device,
  type ListingFlow,
  type Locality,
  type StepId,
  type WizardAnswers,
} from '@domain/wizard-steps';
import { initialContext, type Draft, type Target, type WizardEvent } from './wizard-context';
import {
  characteristicSteps,
  confirmingExitState,
  exitedState,
  loaderState,
  sessionTransition,
  skippedOnceLoggedIn,
  step,
  wizardActions,
  wizardActors,
  wizardGuards,
  wizardState,
  wizardTypes,
  type ListingWizardInput,
} from './wizard-kit';

// The valuation wizard (docs/wizard-flow.md, "The valuation path"): 3 ... 11,
// then 0 and 1 if the visitor is anonymous (the estimate is sent by mail), the comparables
// search (14), 13 or 40, the estimate (38), and 37: continue into the sale or rent listing
// with every answer carried over, or stop at the thank-you (29).
//
// It shares the listing wizard's step definitions (wizard-steps.ts), context and moves
// (wizard-context.ts) and is built from the same navigation kit (wizard-kit.ts): ANSWER
// saved by `saveDraft` before the next step, BACK through the history, GOTO guarded by the
// path, RESUME at the first incomplete step, the 'insert exit' confirmation. This file
// declares only the valuation's stages. See listing-wizard.machine.ts for the common rules.
//
// Choices made where the flow is silent:
//   - The address typed on the landing is the locality answer of the draft (`input.locality`:
//     municipality, street, number, pin), so a valuation carried into a listing has step 2
//     done.
//   - 29 is the final state `thankYou` itself (meta { step: 29 }): nothing follows it.
//   - Continuing into a listing is the final state `continued`; its output
//     (`listingInputFromValuation`) starts the listing wizard on the same draft with every
//     answer, which resumes at its first incomplete step (23 for a visitor who gave 0 and 1
//     or is signed in). The valuation's own paths thus end in thankYou, continued or exited;
//     a carried-over path then ends where the listing's do.
//   - The search always runs in a valuation; the comparables switch concerns only the sale
//     listing's optional market detour.
//   - A silent visitor (an account registered earlier, not yet confirmed) skips 0 and 1 like
//     a signed-in one: the mail goes to the account's address.

export interface ValuationWizardInput {
  account: Account;
  /** The address typed on the landing, resolved to a locality. */
  locality: Locality;
  device?: Device | null;
  draft?: Draft;
}

export interface ValuationWizardOutput {
  id: number | null;
  answers: WizardAnswers;
  account: Account;
  /** The listing the visitor continues into at 37, or null (stopped or exited). */
  continueAs: ListingFlow | null;
}

/** The steps of the valuation machine. */
export const VALUATION_STEPS: readonly StepId[] = stepsOfFlow('valuation');

const VALUATION_TARGETS: readonly Target[] = [...VALUATION_STEPS, 'continued'];

function stateOf(target: Target): string {
  return target === 'thankYou' || target === 'continued' ? `#valuationWizard.${target}` : target;
}

/** The listing wizard's input for a valuation continued at 37 (null when it was not). */
export function listingInputFromValuation(
  output: ValuationWizardOutput,
  options: { device?: Device | null; comparablesEnabled?: boolean } = {},
): ListingWizardInput | null {
  if (output.continueAs === null || output.id === null) return null;
  return {
    flow: output.continueAs,
    account: output.account,
    device: options.device ?? null,
    comparablesEnabled: options.comparablesEnabled,
    draft: { id: output.id, answers: output.answers, history: [], published: false, order: null },
  };
}

export const valuationWizardMachine = setup({
  types: wizardTypes<WizardEvent, ValuationWizardInput, ValuationWizardOutput>(),
  actors: wizardActors,
  actions: wizardActions<WizardEvent>(),
  guards: wizardGuards,
}).createMachine({
  id: 'valuationWizard',
  description:
    'The valuation wizard of docs/wizard-flow.md: the property, the contact if anonymous, the estimate, then stop or continue into a listing.',
  context: ({ input }) =>
    initialContext({
      flow: 'valuation',
      account: input.account,
      device: input.device,
      draft: input.draft,
      known: { locality: input.locality },
    }),
  output: ({ context }) => ({
    id: context.id,
    answers: context.answers,
    account: context.account,
    continueAs:
      context.target === 'continued' && context.answers.saleOrRent && context.answers.saleOrRent.next !== 'stop'
        ? context.answers.saleOrRent.next
        : null,
  }),
  initial: 'wizard',
  on: sessionTransition,
  states: {
    wizard: wizardState('valuationWizard', VALUATION_TARGETS, stateOf, {
      ...characteristicSteps,
      characteristicsSaved: step('characteristicsSaved'),

      // Anonymous visitors: who gets the estimate.
      personalData: skippedOnceLoggedIn('personalData'),
      email: skippedOnceLoggedIn('email'),

      loader: loaderState,
      comparables: step('comparables'),
      noComparables: step('noComparables'),
      estimate: step('estimate'),
      saleOrRent: step('saleOrRent'),
    }),
    confirmingExit: confirmingExitState,
    thankYou: {
      ...step('thankYou'),
      type: 'final',
      description: 'Step 29: the visitor stopped after the estimate (sent by mail).',
    },
    continued: {
      type: 'final',
      description: 'The visitor continues into the sale or rent listing with every answer (listingInputFromValuation).',
    },
    exited: exitedState('visitor'),
  },
});
