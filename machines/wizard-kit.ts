import { assign, fromPromise, type EventObject, type ParameterizedObject } from 'xstate';
import {
  STEPS,
  type Account,
  type Device,
  type ListingFlow,
  type MarketResult,
  type StepId,
} from '@domain/wizard-steps';
import {
  answersCurrentStep,
  canGoBack,
  commitSave,
  failSave,
  goBack,
  holdAnswer,
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
  type Target,
  type WizardContext,
  type StepMeta,
  type WizardTag,
} from './wizard-context';

// The navigation kit the listing and the valuation wizards are built from (docs/wizard-flow.md,
// "One navigation kit"). wizard-context.ts holds the context and the moves as pure functions;
// this file wraps them once in what a machine is made of:
//   - the two calls both wizards make (`wizardActors`: saveDraft, findComparables),
//   - the named context changes (`wizardActions`) and guards (`wizardGuards`) of the moves,
//   - the shared states: the `wizard` state (`wizardState`: its navigation, `routing`,
//     `saving` and the history state the exit returns to, around the machine's own stages),
//     the loader (14), the steps skipped once signed in, the exit confirmation and the
//     `exited` end.
// Each machine spreads these into its own `setup()` and declares only its own stages: which
// steps, where `routing` sends each target, and the calls of its own (the listing's order,
// payment and publication). The names are the machines' outside contract: the processes
// `provide()` the actors by these names, and the tests read these states and tags.

/** The listing wizard's input; the valuation's output leads to it (`listingInputFromValuation`). */
export interface ListingWizardInput {
  flow: ListingFlow;
  account: Account;
  device?: Device | null;
  /** The sale path's market detour (12, 14, 13/40, 38); on unless the configuration says otherwise. */
  comparablesEnabled?: boolean;
  /** A draft loaded from the server (resume, deep link, an edit from My listings, a valuation carried over). */
  draft?: Draft;
}

/** The calls both wizards make; the app provides them (`machine.provide({ actors })`). */
export const wizardActors = {
  /** Saves one step's answer, the page and the trail; answers the draft's id. */
  saveDraft: fromPromise<SaveDraftOutput, SaveDraftInput>(async () => {
    throw new Error('saveDraft is provided by the app');
  }),
  /** The comparable listings near the property and the estimate they give. */
  findComparables: fromPromise<MarketResult, FindComparablesInput>(async () => {
    throw new Error('findComparables is provided by the app');
  }),
};

/**
 * The context changes of the moves, typed for the machine's own events (`TEvent`: the
 * listing adds PAYMENT_OUTCOME to the shared WizardEvent).
 */
export function wizardActions<TEvent extends EventObject>() {
  const change = <TParams extends ParameterizedObject['params'] | undefined>(
    update: (context: WizardContext, params: TParams) => Partial<WizardContext>,
  ) => assign<WizardContext, TEvent, TParams, TEvent, never>(({ context }, params) => update(context, params));
  return {
    holdAnswer: change((context, event: AnswerEvent) => holdAnswer(context, event)),
    holdMarketResult: change((context, result: MarketResult) =>
      holdAnswer(context, { step: 'loader', answer: result }),
    ),
    /** The comparables search failing counts as no comparables (40), with the error noted. */
    holdNoMarket: change((context) => ({
      ...holdAnswer(context, { step: 'loader', answer: NO_MARKET }),
      error: { kind: 'comparables' as const, step: context.page.currentStep },
    })),
    commitSave: change((context, output: SaveDraftOutput) => commitSave(context, output)),
    recordSaveError: change((context) => failSave(context)),
    goBack: change((context) => goBack(context)),
    jump: change((context, step: number) => jump(context, step)),
    resume: change((context, draft: Draft) => resume(context, draft)),
    setAccount: change((_, account: Account) => ({ account })),
    skipToResume: change((context) => skipToResume(context)),
  };
}

/** The guards of the moves. */
export const wizardGuards = {
  answersCurrentStep: ({ context }: { context: WizardContext }, event: AnswerEvent) =>
    answersCurrentStep(context, event),
  canGoBack: ({ context }: { context: WizardContext }) => canGoBack(context),
  leadsElsewhere: ({ context }: { context: WizardContext }, step: number) => leadsElsewhere(context, step),
  isLoggedIn: ({ context }: { context: WizardContext }) => context.account === 'loggedIn',
  targetIs: ({ context }: { context: WizardContext }, params: { target: Target }) => context.target === params.target,
};

/** A numbered step: its description, the step tag and `meta: { step: N }` the pages read. */
export function step(id: StepId) {
  return {
    description: `Step ${STEPS[id].step}: ${STEPS[id].about}`,
    tags: [WIZARD_TAGS.step],
    meta: { step: STEPS[id].step },
  };
}

/** The property's characteristics both wizards ask, in the flow's order (3 to 10). */
export const characteristicSteps = {
  propertyType: step('propertyType'),
  specialDescription: step('specialDescription'),
  surface: step('surface'),
  composition: step('composition'),
  floors: step('floors'),
  renovation: step('renovation'),
  energyClass: step('energyClass'),
  heating: step('heating'),
  condoFees: step('condoFees'),
};

/** While a call is under way the wizard takes no navigation. */
export const WHILE_BUSY = {
  ANSWER: undefined,
  BACK: undefined,
  GOTO: undefined,
  RESUME: undefined,
  EXIT_REQUEST: undefined,
} as const;

/** The `types` of a wizard's `setup()`: the shared context, tags and meta, the machine's own events, input and output. */
export function wizardTypes<TEvent extends EventObject, TInput, TOutput>() {
  return {
    context: {} as WizardContext,
    events: {} as TEvent,
    input: {} as TInput,
    output: {} as TOutput,
    tags: {} as WizardTag,
    meta: {} as StepMeta,
  };
}

/** The machine's root transitions: the session process tells who is filling the wizard in. */
export const sessionTransition = {
  SESSION: { actions: { type: 'setAccount', params: ({ event }: { event: { account: Account } }) => event.account } },
} as const;

/** GOTO: a deep link, allowed when the path leads there (else to the first incomplete step). */
export const gotoTransition = {
  guard: { type: 'leadsElsewhere', params: ({ event }: { event: { step: number } }) => event.step },
  target: '.routing',
  actions: { type: 'jump', params: ({ event }: { event: { step: number } }) => event.step },
} as const;

/** The navigation of the `wizard` state, handled there once for every step of machine `machineId`. */
export function wizardNavigation(machineId: string) {
  return {
    ANSWER: {
      guard: { type: 'answersCurrentStep', params: ({ event }: { event: AnswerEvent }) => event },
      target: '.saving',
      actions: { type: 'holdAnswer', params: ({ event }: { event: AnswerEvent }) => event },
    },
    BACK: { guard: 'canGoBack', target: '.routing', actions: 'goBack' },
    GOTO: gotoTransition,
    RESUME: {
      target: '.routing',
      actions: { type: 'resume', params: ({ event }: { event: { draft: Draft } }) => event.draft },
    },
    EXIT_REQUEST: `#${machineId}.confirmingExit`,
  } as const;
}

/**
 * The `wizard` state of machine `machineId`: the navigation, `routing` (to the states
 * `stateOf` names for `targets`), `saving`, the machine's own `stages` (its steps and calls)
 * and the history state the exit returns to.
 */
export function wizardState<const TStages extends object>(
  machineId: string,
  targets: readonly Target[],
  stateOf: (target: Target) => string,
  stages: TStages,
) {
  return {
    description: 'The steps, and the calls between them. Navigation is handled here once for every step.',
    initial: 'routing',
    on: wizardNavigation(machineId),
    states: {
      routing: routingState(targets, stateOf),
      saving: savingState,
      ...stages,
      /** Where EXIT_CANCEL returns: the step (or the wait) the exit was asked from. */
      resumePoint: { type: 'history' },
    },
  } as const;
}

/** `routing` enters the place `context.target` names: `stateOf` says which state each target is. */
export function routingState(targets: readonly Target[], stateOf: (target: Target) => string) {
  return {
    description: 'Enters the place context.target names (never rests here).',
    always: targets.map((target) => ({
      guard: { type: 'targetIs' as const, params: { target } },
      target: stateOf(target),
    })),
  };
}

/** The answer is saved (`saveDraft`) before the next step shows. */
export const savingState = {
  description: 'The answer is saved before the next step shows; a failure keeps the step with the error.',
  tags: [WIZARD_TAGS.busy, WIZARD_TAGS.saving],
  on: WHILE_BUSY,
  invoke: {
    id: 'saveDraft',
    src: 'saveDraft',
    input: ({ context }: { context: WizardContext }) => saveInput(context),
    onDone: {
      target: 'routing',
      actions: { type: 'commitSave', params: ({ event }: { event: { output: SaveDraftOutput } }) => event.output },
    },
    onError: { target: 'routing', actions: 'recordSaveError' },
  },
} as const;

/** The loader (14): the comparables search, whose result is saved like an answer. */
export const loaderState = {
  ...step('loader'),
  tags: [WIZARD_TAGS.step, WIZARD_TAGS.busy, WIZARD_TAGS.searching],
  on: WHILE_BUSY,
  invoke: {
    id: 'findComparables',
    src: 'findComparables',
    input: ({ context }: { context: WizardContext }): FindComparablesInput => ({
      id: context.id,
      flow: context.flow,
      answers: context.answers,
    }),
    onDone: {
      target: 'saving',
      actions: { type: 'holdMarketResult', params: ({ event }: { event: { output: MarketResult } }) => event.output },
    },
    onError: { target: 'saving', actions: 'holdNoMarket' },
  },
} as const;

/** Personal data (0) and e-mail (1): skipped as soon as the account is full. */
export function skippedOnceLoggedIn(id: 'personalData' | 'email') {
  return { ...step(id), always: { guard: 'isLoggedIn', target: 'routing', actions: 'skipToResume' } } as const;
}

/** The 'insert exit' modal, beside the `wizard` state. */
export const confirmingExitState = {
  description: "The 'insert exit' modal: leave the wizard, or go back to the step.",
  tags: [WIZARD_TAGS.confirmingExit],
  on: {
    EXIT_CONFIRM: 'exited',
    EXIT_CANCEL: 'wizard.resumePoint',
  },
} as const;

/** The end of a wizard left midway (`who`: the seller, the visitor). */
export function exitedState(who: string) {
  return {
    type: 'final',
    description: `The ${who} left the wizard midway; the draft keeps every saved answer.`,
  } as const;
}
