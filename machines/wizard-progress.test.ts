import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { listingWizardMachine, type ListingWizardInput } from './listing-wizard.machine';
import { stepShown, WIZARD_TAGS, type OrderState } from './wizard-context';
import { ANSWERS, answerOf, answersBefore, FOUND, NONE, PLANS, SALE_ORDER } from './testing/wizard-fixtures';
import { countsAccountSteps, questionCount, wizardProgress, type QuestionCount } from '@domain/wizard-progress';
import {
  backTarget,
  canGoTo,
  expectedPath,
  stepIdOf,
  type Account,
  type MarketResult,
  type PlanChoice,
  type StepId,
} from '@domain/wizard-steps';

// The "Domanda X di Y" of the listing wizard over whole paths, walked on the machine as a
// seller walks them: at each step shown, the count the page shows
// (questionCount(flow, step, countsAccountSteps(account, history)), as the process computes it).

interface Walk {
  input: Partial<ListingWizardInput>;
  split?: boolean;
  market?: MarketResult;
  plan?: PlanChoice;
}

interface Seen {
  step: StepId;
  count: QuestionCount;
}

async function walk({ input, split, market = FOUND, plan = PLANS.basic }: Walk): Promise<Seen[]> {
  const machine = listingWizardMachine.provide({
    actors: {
      saveDraft: fromPromise(async ({ input: save }) => ({ id: save.id ?? 41 })),
      findComparables: fromPromise(async () => market),
      createOrder: fromPromise(async () => ({ orderId: 'order-1' })),
      checkOrder: fromPromise(async (): Promise<OrderState['outcome']> => 'paid'),
      publishListing: fromPromise(async (): Promise<void> => {}),
    },
    actions: { startPayment: () => undefined },
  });
  const actor = createActor(machine, { input: { flow: 'sale', account: 'loggedIn', device: 'mobile', ...input } });
  const seen: Seen[] = [];
  const record = (snapshot: SnapshotFrom<typeof machine>) => {
    const shown = stepShown(snapshot);
    const step = shown === null ? null : stepIdOf(shown);
    if (step === null || seen.at(-1)?.step === step) return;
    const { flow, account, history } = snapshot.context;
    seen.push({ step, count: questionCount(flow, step, countsAccountSteps(account as Account, history)) });
  };
  actor.subscribe(record);
  actor.start();
  const settle = () => waitFor(actor, (s) => !s.hasTag(WIZARD_TAGS.busy), { timeout: 1000 });
  for (let i = 0; i < 60 && actor.getSnapshot().status === 'active'; i++) {
    const snapshot = await settle();
    if (snapshot.status !== 'active') break;
    if (snapshot.hasTag(WIZARD_TAGS.paying)) {
      // Back from the payment page, paid.
      actor.send({ type: 'PAYMENT_OUTCOME', orderId: 'order-1', outcome: 'paid' });
      continue;
    }
    const step = stepIdOf(snapshot.context.page.currentStep) as StepId;
    if (step === 'login') {
      // The password is set: the session is full.
      actor.send({ type: 'SESSION', account: 'loggedIn' });
      continue;
    }
    if (step === 'split' && split !== undefined) actor.send(answerOf('split', { priceFromMarket: split }));
    else if (step === 'valueLadder') actor.send(answerOf('valueLadder', plan));
    else actor.send(answerOf(step));
    // Step 1 registers the silent account.
    if (step === 'email') {
      await settle();
      actor.send({ type: 'SESSION', account: 'silent' });
    }
  }
  expect(actor.getSnapshot().status).toBe('done');
  return seen;
}

/** What a person must see along a path: steady progress to "Y di Y", then only the last steps. */
function expectSteadyProgress(seen: Seen[]) {
  const counted = seen.filter(({ count }) => !count.beyond);
  // The total never changes.
  expect(new Set(seen.map(({ count }) => count.total)).size).toBe(1);
  const total = seen[0]!.count.total;
  // Never backwards; by one from a step to the next except where a shorter branch skips places
  // (and the comparables' search, a wait, keeps the place of the step before it).
  counted.forEach(({ step, count }, index) => {
    const before = counted[index - 1];
    if (!before) return expect(count.current).toBe(1);
    expect(count.current, `${before.step} → ${step}`).toBeGreaterThanOrEqual(before.count.current);
    if (step === 'loader') expect(count.current).toBe(before.count.current);
    else expect(count.current, `${before.step} → ${step}`).toBeGreaterThan(before.count.current);
  });
  // The last question is "Y di Y"; what follows it is beyond the count, never a number past it.
  expect(counted.at(-1)).toMatchObject({ step: 'valueLadder', count: { current: total, total } });
  expect(seen.slice(counted.length).every(({ count }) => count.beyond && count.current === total)).toBe(true);
  // No step shown twice, and the category is not asked again after the type.
  const steps = seen.map(({ step }) => step);
  expect(new Set(steps).size).toBe(steps.length);
  expect(steps).not.toContain('publicationType');
}

const countsOf = (seen: Seen[]) =>
  seen.map(({ step, count }) => `${step} ${count.beyond ? '-' : count.current}/${count.total}`);

describe('the question count of the listing wizard, over whole paths', () => {
  it('sale, an anonymous seller who sees the market first: 1 to 26 of 26, the account steps counted before and after the registration', async () => {
    const seen = await walk({ input: { flow: 'sale', account: 'anonymous' }, split: true });
    expectSteadyProgress(seen);
    expect(countsOf(seen).slice(0, 4)).toEqual([
      'personalData 1/26',
      'email 2/26',
      'locality 3/26',
      'propertyType 4/26',
    ]);
    expect(countsOf(seen).slice(-6)).toEqual([
      'endOfQuestions 24/26',
      'summary 25/26',
      'valueLadder 26/26',
      'login -/26',
      'publicationSuccess -/26',
      'nextSteps -/26',
    ]);
  });

  it('sale, the same seller setting the price alone: the market places are skipped forward, the total stays', async () => {
    const seen = await walk({ input: { flow: 'sale', account: 'anonymous' }, split: false });
    expectSteadyProgress(seen);
    const at = (step: StepId) => seen.find((s) => s.step === step)!.count;
    expect(at('split')).toEqual({ current: 16, total: 26, beyond: false });
    expect(at('price')).toEqual({ current: 19, total: 26, beyond: false });
  });

  it('sale, a signed-in seller without comparables found, and one whose comparables are off, paying the flexible plan', async () => {
    const none = await walk({ input: { flow: 'sale', account: 'loggedIn' }, split: true, market: NONE });
    expectSteadyProgress(none);
    expect(none[0]!.count).toEqual({ current: 1, total: 24, beyond: false });
    expect(none.map(({ step }) => step)).toContain('noComparables');
    const off = await walk({
      input: { flow: 'sale', account: 'loggedIn', comparablesEnabled: false },
      plan: PLANS.flexible,
    });
    expectSteadyProgress(off);
    expect(off.map(({ step }) => step).slice(-3)).toEqual(['paymentSuccess', 'publicationSuccess', 'nextSteps']);
  });

  it('sale, an exclusive request and one with the partner: the agency steps come after the count', async () => {
    expectSteadyProgress(
      await walk({ input: { flow: 'sale', account: 'loggedIn' }, split: false, plan: PLANS.exclusive }),
    );
    expectSteadyProgress(
      await walk({ input: { flow: 'sale', account: 'loggedIn' }, split: false, plan: PLANS.exclusivePartner }),
    );
  });

  it('rent, an anonymous landlord and a signed-in one: 26 and 24 questions, steady to the end', async () => {
    const anonymous = await walk({ input: { flow: 'rent', account: 'anonymous' } });
    expectSteadyProgress(anonymous);
    expect(anonymous.find((s) => s.step === 'valueLadder')!.count).toEqual({ current: 26, total: 26, beyond: false });
    const signedIn = await walk({ input: { flow: 'rent', account: 'silent' } });
    expectSteadyProgress(signedIn);
    expect(countsOf(signedIn).slice(12, 17)).toEqual([
      'characteristicsSaved 13/24',
      'availability 14/24',
      'furnishing 15/24',
      'deposit 16/24',
      'price 17/24',
    ]);
  });
});

describe('questionCount', () => {
  it('gives the valuation the same steady count, its account steps in the middle for a visitor', () => {
    expect(questionCount('valuation', 'propertyType', true)).toEqual({ current: 1, total: 15, beyond: false });
    expect(questionCount('valuation', 'personalData', true)).toEqual({ current: 11, total: 15, beyond: false });
    expect(questionCount('valuation', 'comparables', true)).toEqual(questionCount('valuation', 'noComparables', true));
    expect(questionCount('valuation', 'saleOrRent', true)).toEqual({ current: 15, total: 15, beyond: false });
    expect(questionCount('valuation', 'saleOrRent', false)).toEqual({ current: 13, total: 13, beyond: false });
    expect(questionCount('valuation', 'thankYou', false)).toEqual({ current: 13, total: 13, beyond: true });
  });

  it('counts the account steps for a visitor, and for a seller who filled them in (they are in the trail)', () => {
    expect(countsAccountSteps('anonymous')).toBe(true);
    expect(countsAccountSteps('silent', [0, 1, 2])).toBe(true);
    expect(countsAccountSteps('silent', [2, 3])).toBe(false);
    expect(countsAccountSteps('loggedIn')).toBe(false);
  });
});

describe('wizardProgress, the count both wizards show', () => {
  it('places the step on its flow, the total fixed', () => {
    expect(wizardProgress('valuation', 'propertyType', 'loggedIn')).toEqual({ current: 1, total: 13, beyond: false });
    expect(wizardProgress('valuation', 'heating', 'loggedIn')).toEqual({ current: 8, total: 13, beyond: false });
  });
  it('counts the account steps for a visitor, and once filled in (in the trail) after the registration', () => {
    expect(wizardProgress('valuation', 'propertyType', 'anonymous')).toEqual({ current: 1, total: 15, beyond: false });
    expect(wizardProgress('valuation', 'comparables', 'silent', [3, 4, 5, 6, 7, 8, 9, 36, 10, 11, 0, 1])).toEqual({
      current: 13,
      total: 15,
      beyond: false,
    });
    expect(wizardProgress('sale', 'personalData', 'anonymous')).toEqual(questionCount('sale', 'personalData', true));
  });
  it('puts the steps after the questions beyond the count', () => {
    expect(wizardProgress('valuation', 'thankYou', 'loggedIn')).toEqual({ current: 13, total: 13, beyond: true });
  });
});

describe('the category is not asked again after the type (step 25, retired)', () => {
  it('is on no path, cannot be opened by a deep link, and Back from an older trail passes over it', () => {
    for (const flow of ['sale', 'rent'] as const) expect(expectedPath(flow, ANSWERS)).not.toContain(25);
    expect(
      canGoTo('sale', 25, answersBefore(SALE_ORDER, 'summary', { split: ANSWERS.split, loader: FOUND }), {
        account: 'loggedIn',
      }),
    ).toBe(false);
    expect(backTarget([2, 3, 17, 19, 18, 25], 'endOfQuestions', { account: 'loggedIn' })).toEqual({
      step: 'documents',
      history: [2, 3, 17, 19],
    });
  });
});
