import { assign, fromPromise, setup } from 'xstate';
import { STEPS, stepsOfFlow, type Account, type Device, type ListingFlow, type Locality, type MarketResult, type StepId, type WizardAnswers } from '@domain/wizard-steps';
import {
  answersCurrentStep,
  canGoBack,
  commitSave,
  failSave,
  goBack,
  holdAnswer,
  initialContext,
  jump,
  leadsElsewhere,
  NO_MARKET,
  resume,
  saveInput,
  skipToResume,
  WIZARD_TAGS,
  type AnswerEvent,
  type Draft,
  type FindComparablesInput,
  type SaveDraftInput,
  type SaveDraftOutput,
  type StepMeta,
  type Target,
  type WizardContext,
  type WizardEvent,
  type WizardTag,
} from './wizard-context';
import type { ListingWizardInput } from './listing-wizard.machine';

// The valuation wizard (docs/wizard-flow.md, "The valuation path"): 3 ... 11,
// then 0 and 1 if the visitor is anonymous (the estimate is sent by mail), the comparables
// search (14), 13 or 40, the estimate (38), and 37: continue into the sale or rent listing
// with every answer carried over, or stop at the thank-you (29).
//
// It shares the listing wizard's step definitions (wizard-steps.ts), context and moves
// (wizard-context.ts): ANSWER saved by `saveDraft` before the next step, BACK through the
// history, GOTO guarded by the path, RESUME at the first incomplete step, the 'insert exit'
// confirmation. See listing-wizard.machine.ts for the common rules.
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

function step(id: StepId) {
  return { description: `Step ${STEPS[id].step}: ${STEPS[id].about}`, tags: [WIZARD_TAGS.step], meta: { step: STEPS[id].step } };
}

const WHILE_BUSY = { ANSWER: undefined, BACK: undefined, GOTO: undefined, RESUME: undefined, EXIT_REQUEST: undefined } as const;

/** The listing wizard's input for a valuation continued at 37 (null when it was not). */
export function listingInputFromValuation(output: ValuationWizardOutput, options: { device?: Device | null; comparablesEnabled?: boolean } = {}): ListingWizardInput | null {
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
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as ValuationWizardInput,
    output: {} as ValuationWizardOutput,
    tags: {} as WizardTag,
    meta: {} as StepMeta,
  },
  actors: {
    /** Saves one step's answer, the page and the trail; answers the draft's id. */
    saveDraft: fromPromise<SaveDraftOutput, SaveDraftInput>(async () => {
      throw new Error('saveDraft is provided by the app');
    }),
    /** The comparable listings near the property and the estimate they give. */
    findComparables: fromPromise<MarketResult, FindComparablesInput>(async () => {
      throw new Error('findComparables is provided by the app');
    }),
  },
  actions: {
    holdAnswer: assign(({ context }, event: AnswerEvent) => holdAnswer(context, event)),
    holdMarketResult: assign(({ context }, result: MarketResult) => holdAnswer(context, { step: 'loader', answer: result })),
    holdNoMarket: assign(({ context }) => ({ ...holdAnswer(context, { step: 'loader', answer: NO_MARKET }), error: { kind: 'comparables' as const, step: context.page.currentStep } })),
    commitSave: assign(({ context }, output: SaveDraftOutput) => commitSave(context, output)),
    recordSaveError: assign(({ context }) => failSave(context)),
    goBack: assign(({ context }) => goBack(context)),
    jump: assign(({ context }, step: number) => jump(context, step)),
    resume: assign(({ context }, draft: Draft) => resume(context, draft)),
    setAccount: assign((_, account: Account) => ({ account })),
    skipToResume: assign(({ context }) => skipToResume(context)),
  },
  guards: {
    answersCurrentStep: ({ context }, event: AnswerEvent) => answersCurrentStep(context, event),
    canGoBack: ({ context }) => canGoBack(context),
    leadsElsewhere: ({ context }, step: number) => leadsElsewhere(context, step),
    isLoggedIn: ({ context }) => context.account === 'loggedIn',
    targetIs: ({ context }, params: { target: Target }) => context.target === params.target,
  },
}).createMachine({
  id: 'valuationWizard',
  description: 'The valuation wizard of docs/wizard-flow.md: the property, the contact if anonymous, the estimate, then stop or continue into a listing.',
  context: ({ input }) => initialContext({ flow: 'valuation', account: input.account, device: input.device, draft: input.draft, known: { locality: input.locality } }),
  output: ({ context }) => ({
    id: context.id,
    answers: context.answers,
    account: context.account,
    continueAs: context.target === 'continued' && context.answers.saleOrRent && context.answers.saleOrRent.next !== 'stop' ? context.answers.saleOrRent.next : null,
  }),
  initial: 'wizard',
  on: {
    SESSION: { actions: { type: 'setAccount', params: ({ event }) => event.account } },
  },
  states: {
    wizard: {
      description: 'The steps, and the calls between them. Navigation is handled here once for every step.',
      initial: 'routing',
      on: {
        ANSWER: {
          guard: { type: 'answersCurrentStep', params: ({ event }) => event },
          target: '.saving',
          actions: { type: 'holdAnswer', params: ({ event }) => event },
        },
        BACK: { guard: 'canGoBack', target: '.routing', actions: 'goBack' },
        GOTO: { guard: { type: 'leadsElsewhere', params: ({ event }) => event.step }, target: '.routing', actions: { type: 'jump', params: ({ event }) => event.step } },
        RESUME: { target: '.routing', actions: { type: 'resume', params: ({ event }) => event.draft } },
        EXIT_REQUEST: '#valuationWizard.confirmingExit',
      },
      states: {
        routing: {
          description: 'Enters the place context.target names (never rests here).',
          always: VALUATION_TARGETS.map((target) => ({ guard: { type: 'targetIs' as const, params: { target } }, target: stateOf(target) })),
        },
        saving: {
          description: 'The answer is saved before the next step shows; a failure keeps the step with the error.',
          tags: [WIZARD_TAGS.busy, WIZARD_TAGS.saving],
          on: WHILE_BUSY,
          invoke: {
            id: 'saveDraft',
            src: 'saveDraft',
            input: ({ context }) => saveInput(context),
            onDone: { target: 'routing', actions: { type: 'commitSave', params: ({ event }) => event.output } },
            onError: { target: 'routing', actions: 'recordSaveError' },
          },
        },

        propertyType: step('propertyType'),
        specialDescription: step('specialDescription'),
        surface: step('surface'),
        composition: step('composition'),
        floors: step('floors'),
        renovation: step('renovation'),
        energyClass: step('energyClass'),
        heating: step('heating'),
        condoFees: step('condoFees'),
        characteristicsSaved: step('characteristicsSaved'),

        // Anonymous visitors: who gets the estimate.
        personalData: { ...step('personalData'), always: { guard: 'isLoggedIn', target: 'routing', actions: 'skipToResume' } },
        email: { ...step('email'), always: { guard: 'isLoggedIn', target: 'routing', actions: 'skipToResume' } },

        loader: {
          ...step('loader'),
          tags: [WIZARD_TAGS.step, WIZARD_TAGS.busy, WIZARD_TAGS.searching],
          on: WHILE_BUSY,
          invoke: {
            id: 'findComparables',
            src: 'findComparables',
            input: ({ context }) => ({ id: context.id, flow: context.flow, answers: context.answers }),
            onDone: { target: 'saving', actions: { type: 'holdMarketResult', params: ({ event }) => event.output } },
            onError: { target: 'saving', actions: 'holdNoMarket' },
          },
        },
        comparables: step('comparables'),
        noComparables: step('noComparables'),
        estimate: step('estimate'),
        saleOrRent: step('saleOrRent'),

        /** Where EXIT_CANCEL returns: the step the exit was asked from. */
        resumePoint: { type: 'history' },
      },
    },
    confirmingExit: {
      description: "The 'insert exit' modal: leave the wizard, or go back to the step.",
      tags: [WIZARD_TAGS.confirmingExit],
      on: {
        EXIT_CONFIRM: 'exited',
        EXIT_CANCEL: 'wizard.resumePoint',
      },
    },
    thankYou: { ...step('thankYou'), type: 'final', description: 'Step 29: the visitor stopped after the estimate (sent by mail).' },
    continued: { type: 'final', description: 'The visitor continues into the sale or rent listing with every answer (listingInputFromValuation).' },
    exited: { type: 'final', description: 'The visitor left the wizard midway; the draft keeps every saved answer.' },
  },
});
