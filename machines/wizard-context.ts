import {
  backTarget,
  canGoTo,
  expectedPath,
  forwardHistory,
  isAnsweredByUser,
  isStepNode,
  isValidAnswer,
  jumpHistory,
  nextAfterEdit,
  nextNode,
  resumeStep,
  stepIdOf,
  stepNumberOf,
  STEPS,
  type Account,
  type Device,
  type Flow,
  type MarketResult,
  type PathNode,
  type StepAnswer,
  type StepId,
  type StepNumber,
  type WizardAnswers,
  type WizardFacts,
} from '@domain/wizard-steps';

// What the listing and the valuation wizards share: the context (the spec's insertProperty,
// plus the answers and what decides the path), the events, and the context changes as pure
// functions. Each machine wraps these in its own named `assign` actions and guards; the
// decisions themselves (which step is next, where Back goes, whether a deep link is
// allowed) are the step definitions' (wizard-steps.ts), so the machines, the pages and the
// server cannot disagree.

/** The spec's insertProperty.page. */
export interface WizardPage {
  currentStep: StepNumber;
  lastDevice: Device | null;
}

/** The latest order of the draft's value-ladder choice and what became of its payment. */
export interface OrderState {
  id: string;
  outcome: 'pending' | 'paid' | 'failed' | 'abandoned';
}
export type PaymentOutcome = Exclude<OrderState['outcome'], 'pending'>;

/** What went wrong last, shown on the step the wizard is back on. */
export interface WizardError {
  kind: 'save' | 'comparables' | 'order' | 'orderCheck' | 'publish';
  step: StepNumber;
}

/** A draft as the server answers it (the `properties` row and its latest order). */
export interface Draft {
  id: number;
  answers: WizardAnswers;
  history: StepNumber[];
  published: boolean;
  order: OrderState | null;
}

/** Where the wizard goes next: a step, a stage (payment, publication) or an end. */
export type Target = PathNode;

/** An answer being saved: what the context becomes once the save succeeds. */
export interface PendingSave {
  answered: StepAnswer;
  answers: WizardAnswers;
  order: OrderState | null;
  history: StepNumber[];
  next: Target;
}

export interface WizardContext {
  /** The draft's id (insertProperty.id); null until the first save creates it. */
  id: number | null;
  flow: Flow;
  page: WizardPage;
  /** Steps visited before the current one, oldest first (insertProperty.history). */
  history: StepNumber[];
  answers: WizardAnswers;
  account: Account;
  comparablesEnabled: boolean;
  published: boolean;
  order: OrderState | null;
  /** Where the routing state sends the wizard next. */
  target: Target;
  pending: PendingSave | null;
  /** 27 while a step opened from the summary is being edited: the answer comes back there. */
  returnTo: StepNumber | null;
  /** A payment return (/{gotostep}/{orderid}) being checked. */
  orderReturn: { step: number; orderId: string } | null;
  error: WizardError | null;
}

// ---------------------------------------------------------------------------------------
// Events.

/** The answer of the step on screen (null for a step that only shows something). */
export type AnswerEvent = { type: 'ANSWER' } & StepAnswer;
/** A deep link: /annuncio/{kind}/{id}/{gotostep}[/{orderid}]; `step` as the URL gave it. */
export type GotoEvent = { type: 'GOTO'; step: number; orderId?: string };
/** The draft the server holds was loaded: go on from its first incomplete step. */
export type ResumeEvent = { type: 'RESUME'; draft: Draft };
/** The session process tells the wizard who is filling it in (a silent account after 1, a full login at 30). */
export type SessionEvent = { type: 'SESSION'; account: Account };

export type WizardEvent =
  | AnswerEvent
  | { type: 'BACK' }
  | GotoEvent
  | ResumeEvent
  | SessionEvent
  /** Leaving the wizard midway asks first (the 'insert exit' modal). */
  | { type: 'EXIT_REQUEST' }
  | { type: 'EXIT_CONFIRM' }
  | { type: 'EXIT_CANCEL' };

/** Tags the process reads instead of state names. */
export const WIZARD_TAGS = {
  /** A numbered step is on screen (its number is the state's `meta.step`). */
  step: 'step',
  /** A call is under way: the wizard takes no navigation until it settles. */
  busy: 'busy',
  saving: 'saving',
  /** The comparables search of the loader (14). */
  searching: 'searching',
  /** An order waits for its payment. */
  paying: 'paying',
  publishing: 'publishing',
  /** The 'insert exit' modal is open. */
  confirmingExit: 'confirmingExit',
} as const;
export type WizardTag = (typeof WIZARD_TAGS)[keyof typeof WIZARD_TAGS];

/** The meta of a step's state. */
export interface StepMeta {
  step: StepNumber;
}

// ---------------------------------------------------------------------------------------
// Actors' contracts (the app and the server provide them).

/** Saves one step's answer with the page and the history, before the next step shows. */
export interface SaveDraftInput {
  id: number | null;
  flow: Flow;
  answered: StepAnswer;
  page: WizardPage;
  history: StepNumber[];
}
export interface SaveDraftOutput {
  /** The draft's id (created by the first save). */
  id: number;
}
export interface FindComparablesInput {
  id: number | null;
  flow: Flow;
  answers: WizardAnswers;
}
export type FindComparablesOutput = MarketResult;

// ---------------------------------------------------------------------------------------
// Context changes (pure).

export function factsOf(
  context: Pick<WizardContext, 'account' | 'comparablesEnabled' | 'published' | 'order'>,
): WizardFacts {
  return {
    account: context.account,
    comparablesEnabled: context.comparablesEnabled,
    published: context.published,
    orderPaid: context.order?.outcome === 'paid',
  };
}

export function currentStepId(context: WizardContext): StepId {
  return stepIdOf(context.page.currentStep) as StepId;
}

interface Start {
  flow: Flow;
  account: Account;
  device?: Device | null;
  comparablesEnabled?: boolean;
  draft?: Draft;
  /** Answers known before the first step (a valuation's locality from its landing). */
  known?: WizardAnswers;
}

/** The context a wizard starts with: a new draft at the entry step, or a loaded one at its first incomplete step. */
export function initialContext(start: Start): WizardContext {
  const base: WizardContext = {
    id: start.draft?.id ?? null,
    flow: start.flow,
    page: { currentStep: 0, lastDevice: start.device ?? null },
    history: start.draft ? [...start.draft.history] : [],
    answers: { ...start.known, ...start.draft?.answers },
    account: start.account,
    comparablesEnabled: start.comparablesEnabled ?? true,
    published: start.draft?.published ?? false,
    order: start.draft?.order ?? null,
    target: 'personalData',
    pending: null,
    returnTo: null,
    orderReturn: null,
    error: null,
  };
  const target = resumeStep(base.flow, base.answers, factsOf(base));
  return { ...base, target, page: { ...base.page, currentStep: stepNumberOf(target) } };
}

/** Arriving somewhere: the target, the page's step when it is a step, the trail. */
function arrive(context: WizardContext, target: Target, history: StepNumber[]): Partial<WizardContext> {
  const change: Partial<WizardContext> = { target, history };
  if (isStepNode(target)) {
    change.page = { ...context.page, currentStep: stepNumberOf(target) };
    // Back at the summary: the edit is over.
    if (target === 'summary') change.returnTo = null;
  }
  return change;
}

/** Whether an ANSWER is the current step's, answerable by a form, and valid. */
export function answersCurrentStep(context: WizardContext, event: AnswerEvent): boolean {
  return (
    event.step === currentStepId(context) &&
    isAnsweredByUser(event.step) &&
    isValidAnswer(event.step, event.answer, context.answers)
  );
}

/** Holds an answer (the user's, or the loader's result) while it is saved, with where it leads. */
export function holdAnswer(context: WizardContext, answered: StepAnswer): Partial<WizardContext> {
  const answers = answered.answer === null ? context.answers : { ...context.answers, [answered.step]: answered.answer };
  // A new choice at 28 needs a new order.
  const order = answered.step === 'valueLadder' ? null : context.order;
  const facts = factsOf({ ...context, order });
  const next =
    (context.returnTo !== null
      ? nextAfterEdit(context.flow, answered.step, answers, facts)
      : nextNode(context.flow, answered.step, answers, facts)) ?? answered.step;
  const history = isStepNode(next)
    ? forwardHistory(context.history, context.page.currentStep, stepNumberOf(next))
    : [...context.history];
  return { pending: { answered, answers, order, history, next }, error: null };
}

/** What the save sends: the answer, and the page and trail the wizard will be on once it is saved. */
export function saveInput(context: WizardContext): SaveDraftInput {
  const pending = context.pending as PendingSave;
  const currentStep = isStepNode(pending.next) ? stepNumberOf(pending.next) : context.page.currentStep;
  return {
    id: context.id,
    flow: context.flow,
    answered: pending.answered,
    page: { ...context.page, currentStep },
    history: pending.history,
  };
}

export function commitSave(context: WizardContext, output: SaveDraftOutput): Partial<WizardContext> {
  const pending = context.pending as PendingSave;
  return {
    id: output.id,
    answers: pending.answers,
    order: pending.order,
    pending: null,
    ...arrive(context, pending.next, pending.history),
  };
}

/**
 * A failed save keeps the step, with the error; the answer is not taken (the form still
 * holds it). The loader's result that cannot be saved goes back to the step before the
 * loader instead (staying would search again and again).
 */
export function failSave(context: WizardContext): Partial<WizardContext> {
  const step = context.page.currentStep;
  const error: WizardError = { kind: 'save', step };
  if (currentStepId(context) === 'loader') {
    const back = backTarget(context.history, 'loader', factsOf(context));
    if (back) return { pending: null, error, ...arrive(context, back.step, back.history) };
  }
  return { pending: null, error, ...arrive(context, currentStepId(context), [...context.history]) };
}

/** The comparables search failed: the seller goes on as if none were found. */
export const NO_MARKET: MarketResult = { found: false, comparableIds: [], estimateMin: null, estimateMax: null };

export function canGoBack(context: WizardContext): boolean {
  return backTarget(context.history, currentStepId(context), factsOf(context)) !== null;
}

export function goBack(context: WizardContext): Partial<WizardContext> {
  const back = backTarget(context.history, currentStepId(context), factsOf(context));
  if (!back) return {};
  return { error: null, ...arrive(context, back.step, back.history) };
}

/** Where a deep link lands: the step asked for if allowed, else the first incomplete one. */
export function gotoTarget(context: WizardContext, step: number): StepId {
  const facts = factsOf(context);
  const id = stepIdOf(step);
  return id !== null && canGoTo(context.flow, id, context.answers, facts)
    ? id
    : resumeStep(context.flow, context.answers, facts);
}

export function leadsElsewhere(context: WizardContext, step: number): boolean {
  return gotoTarget(context, step) !== currentStepId(context);
}

export function jump(context: WizardContext, step: number): Partial<WizardContext> {
  const target = gotoTarget(context, step);
  const history = jumpHistory(context.history, context.page.currentStep, stepNumberOf(target));
  const change: Partial<WizardContext> = { error: null, ...arrive(context, target, history) };
  // A step before the summary opened from it is an edit: its answer comes back to the summary.
  if (currentStepId(context) === 'summary' && isBeforeSummary(context, target))
    change.returnTo = context.page.currentStep;
  return change;
}

function isBeforeSummary(context: WizardContext, target: StepId): boolean {
  const path = expectedPath(context.flow, context.answers, factsOf(context));
  const at = path.indexOf(stepNumberOf(target));
  return at >= 0 && at < path.indexOf(STEPS.summary.step);
}

export function resume(context: WizardContext, draft: Draft): Partial<WizardContext> {
  const loaded = {
    ...context,
    id: draft.id,
    answers: { ...context.answers, ...draft.answers },
    published: draft.published,
    order: draft.order,
  };
  const target = resumeStep(loaded.flow, loaded.answers, factsOf(loaded));
  return {
    id: draft.id,
    answers: loaded.answers,
    published: draft.published,
    order: draft.order,
    returnTo: null,
    error: null,
    ...arrive(loaded, target, [...draft.history]),
  };
}

/** Personal data or e-mail on screen when the account is already full: on to where the draft resumes (the step is not kept in the trail). */
export function skipToResume(context: WizardContext): Partial<WizardContext> {
  return arrive(context, resumeStep(context.flow, context.answers, factsOf(context)), [...context.history]);
}

/** Goes on from the current step without an answer to save (the login answered by the session). */
export function advance(context: WizardContext): Partial<WizardContext> {
  const from = currentStepId(context);
  const next = nextNode(context.flow, from, context.answers, factsOf(context)) ?? from;
  const history = isStepNode(next)
    ? forwardHistory(context.history, context.page.currentStep, stepNumberOf(next))
    : [...context.history];
  return arrive(context, next, history);
}

/** Arrives at the step after a stage (payment, publication) done. */
export function afterStage(context: WizardContext, stage: 'payment' | 'publish'): Partial<WizardContext> {
  const next = nextNode(context.flow, stage, context.answers, factsOf(context)) ?? currentStepId(context);
  const history = isStepNode(next)
    ? forwardHistory(context.history, context.page.currentStep, stepNumberOf(next))
    : [...context.history];
  return arrive(context, next, history);
}

/** Arrives at a step named by the machine (back to 28 after a refused payment, ...). */
export function arriveAt(context: WizardContext, step: StepId): Partial<WizardContext> {
  return arrive(context, step, jumpHistory(context.history, context.page.currentStep, stepNumberOf(step)));
}

/** The numbered step a snapshot shows, read from its states' meta (null while busy between steps). */
export function stepShown(snapshot: { getMeta(): Record<string, unknown> }): StepNumber | null {
  for (const meta of Object.values(snapshot.getMeta())) {
    if (typeof meta === 'object' && meta !== null && 'step' in meta) return (meta as StepMeta).step;
  }
  return null;
}
