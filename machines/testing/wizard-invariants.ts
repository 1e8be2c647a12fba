import { expect } from 'vitest';
import { stepShown, WIZARD_TAGS, type WizardContext, type WizardTag } from '../wizard-context';
import { HISTORY_LIMIT, isValidAnswer, stepIdOf, STEPS, type AnsweredStepId, type Flow } from '@domain/wizard-steps';

// What must hold in every state of the listing and valuation wizards, checked by the
// transition tests, the random walk and the graph-generated tests alike. The checks are
// plain code returning what is violated (the graph tests run them on every snapshot of
// every transition, which `expect` per rule would make slow); `checkWizardInvariants`
// asserts that nothing is.

export interface WizardSnapshotLike {
  value: unknown;
  status: string;
  context: WizardContext;
  children: Record<string, unknown>;
  hasTag(tag: WizardTag): boolean;
  getMeta(): Record<string, unknown>;
}

function activeKeys(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => [key, ...activeKeys(inner)]);
}

const ENDS = ['published', 'lead', 'thankYou', 'continued', 'exited'];

function inFlow(step: number, flow: Flow): boolean {
  const id = stepIdOf(step);
  return id !== null && (STEPS[id].flows as readonly Flow[]).includes(flow);
}

export function wizardInvariantViolations(s: WizardSnapshotLike): string[] {
  const violations: string[] = [];
  const rule = (holds: boolean, message: string) => {
    if (!holds) violations.push(message);
  };
  const c = s.context;
  const keys = activeKeys(s.value);

  rule(!keys.includes('routing'), 'the routing state is a passage, never a place');

  // The page's step is a step of the flow; a step on screen is the page's step, in the state of its id.
  rule(inFlow(c.page.currentStep, c.flow), `page step ${c.page.currentStep} is not a step of the ${c.flow} flow`);
  const shown = stepShown(s);
  if (s.hasTag(WIZARD_TAGS.step)) {
    rule(shown === c.page.currentStep, `meta.step ${shown} differs from the page step ${c.page.currentStep}`);
    rule(
      keys.includes(stepIdOf(c.page.currentStep) ?? ''),
      `the state ${JSON.stringify(s.value)} is not the page step's`,
    );
  } else {
    rule(shown === null, 'a state without the step tag has a meta.step');
  }

  // The trail: steps of the flow, never the loader, bounded.
  rule(c.history.length <= HISTORY_LIMIT, 'the history is longer than its limit');
  rule(
    c.history.every((step) => inFlow(step, c.flow)),
    `the history ${JSON.stringify(c.history)} holds a step outside the flow`,
  );
  rule(!c.history.includes(STEPS.loader.step), 'the loader is in the history');

  // A busy state waits on exactly one call; nothing else runs one.
  const calls = Object.keys(s.children).length;
  rule(calls === (s.hasTag(WIZARD_TAGS.busy) ? 1 : 0), `${calls} calls under way in ${JSON.stringify(s.value)}`);
  rule((c.pending !== null) === keys.includes('saving'), 'an answer is held exactly while it is saved');
  if (s.hasTag(WIZARD_TAGS.paying))
    rule(c.order?.outcome === 'pending', 'waiting for a payment without a pending order');
  rule(
    s.hasTag(WIZARD_TAGS.confirmingExit) === keys.includes('confirmingExit'),
    'the confirmingExit tag and state disagree',
  );

  // Stored answers are valid (the details of step 4 may wait for a new property type's).
  for (const [step, answer] of Object.entries(c.answers)) {
    if (step !== 'specialDescription')
      rule(isValidAnswer(step as AnsweredStepId, answer, c.answers), `the stored ${step} answer is not valid`);
  }
  rule(c.returnTo === null || c.returnTo === STEPS.summary.step, 'an edit returns only to the summary');

  // The ends mean what they say.
  if (keys.includes('published')) rule(c.published, 'published without a publication');
  if (keys.includes('lead'))
    rule(
      c.answers.agencyChoice !== undefined || c.answers.partnerLead !== undefined,
      'a lead without an agency or a partner',
    );
  if (keys.includes('thankYou')) rule(c.answers.saleOrRent?.next === 'stop', 'thank-you without stopping');
  if (keys.includes('continued'))
    rule(
      c.answers.saleOrRent?.next === 'sale' || c.answers.saleOrRent?.next === 'rent',
      'continued without a listing kind',
    );
  rule((s.status === 'done') === ENDS.some((end) => keys.includes(end)), 'done exactly in an end');
  return violations;
}

export function checkWizardInvariants(s: WizardSnapshotLike): void {
  expect(wizardInvariantViolations(s), JSON.stringify(s.value)).toEqual([]);
}
