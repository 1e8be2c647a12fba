import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { listingWizardMachine, type ListingWizardEvent, type ListingWizardInput } from './listing-wizard.machine';
import {
  stepShown,
  WIZARD_TAGS,
  type Draft,
  type OrderState,
  type SaveDraftInput,
  type SaveDraftOutput,
} from './wizard-context';
import {
  ANSWERS,
  answerOf,
  answersBefore,
  FOUND,
  NONE,
  PLANS,
  RENT_ORDER,
  SALE_ORDER,
} from './testing/wizard-fixtures';
import { checkWizardInvariants } from './testing/wizard-invariants';
import {
  stepIdOf,
  type MarketResult,
  type PlanChoice,
  type StepId,
  type StepNumber,
  type WizardAnswers,
} from '@domain/wizard-steps';

interface Fakes {
  save?: (input: SaveDraftInput) => Promise<SaveDraftOutput>;
  comparables?: () => Promise<MarketResult>;
  createOrder?: () => Promise<{ orderId: string }>;
  checkOrder?: () => Promise<OrderState['outcome']>;
  publish?: () => Promise<void>;
}

function start(input: Partial<ListingWizardInput> = {}, fakes: Fakes = {}) {
  const calls = {
    saveDraft: vi.fn(),
    findComparables: vi.fn(),
    createOrder: vi.fn(),
    checkOrder: vi.fn(),
    publishListing: vi.fn(),
  };
  const effects = { startPayment: vi.fn() };
  let orders = 0;
  const machine = listingWizardMachine.provide({
    actors: {
      saveDraft: fromPromise(async ({ input: save }) => {
        calls.saveDraft(save);
        return fakes.save ? fakes.save(save) : { id: save.id ?? 41 };
      }),
      findComparables: fromPromise(async ({ input: search }) => {
        calls.findComparables(search);
        return fakes.comparables ? fakes.comparables() : FOUND;
      }),
      createOrder: fromPromise(async ({ input: order }) => {
        calls.createOrder(order);
        return fakes.createOrder ? fakes.createOrder() : { orderId: `order-${++orders}` };
      }),
      checkOrder: fromPromise(async ({ input: check }) => {
        calls.checkOrder(check);
        return fakes.checkOrder ? fakes.checkOrder() : 'paid';
      }),
      publishListing: fromPromise(async ({ input: publish }) => {
        calls.publishListing(publish);
        if (fakes.publish) await fakes.publish();
      }),
    },
    actions: { startPayment: (_, orderId) => effects.startPayment(orderId) },
  });
  const actor = createActor(machine, { input: { flow: 'sale', account: 'loggedIn', device: 'mobile', ...input } });
  const shown: StepNumber[] = [];
  actor.subscribe((s) => {
    const step = stepShown(s);
    if (step !== null && shown[shown.length - 1] !== step) shown.push(step);
  });
  actor.start();
  const settle = async () => {
    const s = await waitFor(actor, (snapshot) => !snapshot.hasTag(WIZARD_TAGS.busy), { timeout: 1000 });
    checkWizardInvariants(s);
    return s;
  };
  const send = async (event: ListingWizardEvent) => {
    actor.send(event);
    return settle();
  };
  const current = () => stepIdOf(actor.getSnapshot().context.page.currentStep) as StepId;
  /** Answers the step on screen with the fixture (or the given answer). */
  const answer = (answer?: unknown) => send(answerOf(current(), answer as never));
  /** Answers step after step until `until` is on screen (or the wizard ends). */
  const answerUntil = async (until: StepId, choices: { split?: boolean; plan?: PlanChoice } = {}) => {
    for (
      let i = 0;
      i < 60 &&
      actor.getSnapshot().status === 'active' &&
      !(actor.getSnapshot().hasTag(WIZARD_TAGS.step) && current() === until);
      i++
    ) {
      const step = current();
      if (step === 'split' && choices.split !== undefined) await answer({ priceFromMarket: choices.split });
      else if (step === 'valueLadder' && choices.plan) await answer(choices.plan);
      else await answer();
    }
    expect(current()).toBe(until);
    return actor.getSnapshot();
  };
  return { actor, send, answer, answerUntil, current, calls, effects, shown };
}

const personalData = answerOf('personalData');

describe('entry', () => {
  it('starts an anonymous seller at personal data (0) and a signed-in one at the locality (2)', () => {
    expect(start({ account: 'anonymous' }).current()).toBe('personalData');
    expect(start({ account: 'loggedIn' }).current()).toBe('locality');
    expect(start({ account: 'silent', flow: 'rent' }).current()).toBe('locality');
    expect(stepShown(start({ account: 'anonymous' }).actor.getSnapshot())).toBe(0);
  });

  it('starts a loaded draft at its first incomplete step with its trail', () => {
    const draft: Draft = {
      id: 9,
      answers: answersBefore(SALE_ORDER, 'heating'),
      history: [2, 3, 4, 5, 6, 7, 8],
      published: false,
      order: null,
    };
    const { actor, current } = start({ draft });
    expect(current()).toBe('heating');
    expect(actor.getSnapshot().context.id).toBe(9);
    expect(actor.getSnapshot().context.history).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('skips personal data and e-mail as soon as the visitor logs in', async () => {
    const { send, current } = start({ account: 'anonymous' });
    await send({ type: 'SESSION', account: 'loggedIn' });
    expect(current()).toBe('locality');
  });
});

describe('the sale path', () => {
  it('takes an anonymous seller through every step, saving each answer before the next shows, to a published listing', async () => {
    const { actor, send, answer, answerUntil, calls, shown } = start({ account: 'anonymous' });
    await answer();
    await answer();
    // Step 1 started the silent session.
    await send({ type: 'SESSION', account: 'silent' });
    await answerUntil('login', { split: true, plan: PLANS.basic });
    expect(actor.getSnapshot().can(answerOf('login'))).toBe(false);
    // The password is set: the session is full and the listing is published.
    await send({ type: 'SESSION', account: 'loggedIn' });
    expect(calls.publishListing).toHaveBeenCalledWith({ id: 41 });
    await answerUntil('nextSteps');
    await answer();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().value).toBe('published');
    expect(shown).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 12, 14, 13, 38, 15, 16, 17, 19, 18, 26, 27, 28, 30, 22, 34,
    ]);
    // Every answer was saved with the page it leads to and the trail.
    const saves = calls.saveDraft.mock.calls.map(([save]) => save as SaveDraftInput);
    expect(saves[0]).toMatchObject({
      id: null,
      flow: 'sale',
      answered: { step: 'personalData', answer: ANSWERS.personalData },
      page: { currentStep: 1, lastDevice: 'mobile' },
      history: [0],
    });
    expect(saves[1]).toMatchObject({ id: 41, answered: { step: 'email' }, page: { currentStep: 2 }, history: [0, 1] });
    expect(saves.find((save) => save.answered.step === 'loader')).toMatchObject({
      answered: { answer: FOUND },
      page: { currentStep: 13 },
      history: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 12],
    });
    expect(actor.getSnapshot().output).toMatchObject({ id: 41, flow: 'sale', published: true });
  });

  it('shows 40 then the estimate when no comparables are found', async () => {
    const { answerUntil, shown, calls } = start({}, { comparables: async () => NONE });
    await answerUntil('price', { split: true });
    expect(shown.slice(shown.indexOf(12))).toEqual([12, 14, 40, 38, 15]);
    expect(calls.findComparables.mock.calls[0][0]).toMatchObject({
      flow: 'sale',
      answers: { surface: ANSWERS.surface },
    });
  });

  it('goes on as if none were found when the search fails, with the error noted', async () => {
    const { answerUntil, actor } = start({}, { comparables: async () => Promise.reject(new Error('down')) });
    await answerUntil('noComparables', { split: true });
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'comparables', step: 14 });
    expect(actor.getSnapshot().context.answers.loader).toEqual(NONE);
  });

  it('skips the market for a seller who sets the price alone, and when comparables are off', async () => {
    const alone = start();
    await alone.answerUntil('price', { split: false });
    expect(alone.shown.slice(alone.shown.indexOf(11))).toEqual([11, 12, 15]);
    expect(alone.calls.findComparables).not.toHaveBeenCalled();
    const off = start({ comparablesEnabled: false });
    await off.answerUntil('price');
    expect(off.shown.slice(off.shown.indexOf(11))).toEqual([11, 15]);
  });
});

describe('the rent path', () => {
  it('asks availability, furnishing and deposit, then the monthly rent, never the market', async () => {
    const { answerUntil, shown, calls } = start({ flow: 'rent' });
    await answerUntil('valueLadder');
    expect(shown).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 39, 41, 42, 15, 16, 17, 19, 18, 26, 27, 28]);
    expect(calls.findComparables).not.toHaveBeenCalled();
  });
});

describe('plans and payments', () => {
  /** A signed-in seller whose draft is complete up to the value ladder. */
  const atLadder = (fakes: Fakes = {}, input: Partial<ListingWizardInput> = {}) =>
    start(
      {
        draft: {
          id: 7,
          answers: answersBefore(SALE_ORDER, 'valueLadder'),
          history: [18, 26, 27],
          published: false,
          order: null,
        },
        ...input,
      },
      fakes,
    );

  it('basic: publishes, then 22 and 34', async () => {
    const { answer, current, calls, shown, actor } = atLadder();
    expect(current()).toBe('valueLadder');
    await answer(PLANS.basic);
    expect(calls.publishListing).toHaveBeenCalledTimes(1);
    expect(calls.createOrder).not.toHaveBeenCalled();
    expect(current()).toBe('publicationSuccess');
    await answer();
    await answer();
    expect(shown).toEqual([28, 22, 34]);
    expect(actor.getSnapshot().value).toBe('published');
  });

  it('basic with a silent account: 30 first, and nothing is published until the password is set', async () => {
    const { answer, send, current, calls } = atLadder({}, { account: 'silent' });
    await answer(PLANS.basic);
    expect(current()).toBe('login');
    expect(calls.publishListing).not.toHaveBeenCalled();
    await send({ type: 'SESSION', account: 'loggedIn' });
    expect(current()).toBe('publicationSuccess');
  });

  it('a paid plan: creates the order, sends to the payment, then 33, the publication, 22 and 34', async () => {
    const { answer, send, current, calls, effects, actor, shown } = atLadder();
    const paying = await answer(PLANS.flexible);
    expect(calls.createOrder).toHaveBeenCalledWith({ id: 7, choice: PLANS.flexible });
    expect(effects.startPayment).toHaveBeenCalledWith('order-1');
    expect(paying.hasTag(WIZARD_TAGS.paying)).toBe(true);
    expect(paying.can({ type: 'BACK' })).toBe(false);
    await send({ type: 'PAYMENT_OUTCOME', orderId: 'order-1', outcome: 'paid' });
    expect(current()).toBe('paymentSuccess');
    expect(calls.publishListing).not.toHaveBeenCalled();
    await answer();
    expect(calls.publishListing).toHaveBeenCalledTimes(1);
    await answer();
    await answer();
    expect(shown).toEqual([28, 33, 22, 34]);
    expect(actor.getSnapshot().value).toBe('published');
  });

  it.each(['failed', 'abandoned'] as const)(
    'a %s payment returns to 28 with the outcome, and a new choice makes a new order',
    async (outcome) => {
      const { answer, send, current, actor, calls } = atLadder();
      await answer(PLANS.basicWithPhotos);
      await send({ type: 'PAYMENT_OUTCOME', orderId: 'order-1', outcome });
      expect(current()).toBe('valueLadder');
      expect(actor.getSnapshot().context.order).toEqual({ id: 'order-1', outcome });
      expect(actor.getSnapshot().hasTag(WIZARD_TAGS.step)).toBe(true);
      await answer(PLANS.flexible);
      expect(calls.createOrder).toHaveBeenCalledTimes(2);
      expect(actor.getSnapshot().context.order).toEqual({ id: 'order-2', outcome: 'pending' });
    },
  );

  it("ignores another order's outcome", async () => {
    const { answer, send, actor } = atLadder();
    await answer(PLANS.flexible);
    await send({ type: 'PAYMENT_OUTCOME', orderId: 'order-9', outcome: 'paid' });
    expect(actor.getSnapshot().hasTag(WIZARD_TAGS.paying)).toBe(true);
  });

  it('stays at 28 with the error when the order cannot be created', async () => {
    const { answer, current, actor } = atLadder({ createOrder: async () => Promise.reject(new Error('down')) });
    await answer(PLANS.flexible);
    expect(current()).toBe('valueLadder');
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'order', step: 28 });
  });

  it('stays at 28 with the error when the publication fails', async () => {
    const { answer, current, actor } = atLadder({ publish: async () => Promise.reject(new Error('down')) });
    await answer(PLANS.basic);
    expect(current()).toBe('valueLadder');
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'publish', step: 28 });
    expect(actor.getSnapshot().context.published).toBe(false);
  });

  it('exclusive: 43, 44, 45 and a lead, without an order or a publication', async () => {
    const { answer, calls, shown, actor } = atLadder();
    await answer(PLANS.exclusive);
    await answer();
    await answer();
    await answer();
    expect(shown).toEqual([28, 43, 44, 45]);
    expect(actor.getSnapshot().value).toBe('lead');
    expect(calls.createOrder).not.toHaveBeenCalled();
    expect(calls.publishListing).not.toHaveBeenCalled();
  });

  it('exclusive with partner: 46, 45 and a lead', async () => {
    const { answer, shown, actor } = atLadder();
    await answer(PLANS.exclusivePartner);
    await answer();
    await answer();
    expect(shown).toEqual([28, 46, 45]);
    expect(actor.getSnapshot().value).toBe('lead');
  });

  it('an upgrade bought later for a published listing: 28 by deep link, payment, 32, 22 without publishing again', async () => {
    const answers: WizardAnswers = { ...answersBefore(SALE_ORDER, 'valueLadder'), valueLadder: PLANS.basic };
    const { send, answer, current, calls, shown } = start({
      draft: { id: 7, answers, history: [], published: true, order: null },
    });
    expect(current()).toBe('summary');
    await send({ type: 'GOTO', step: 28 });
    await answer(PLANS.upgrade);
    await send({ type: 'PAYMENT_OUTCOME', orderId: 'order-1', outcome: 'paid' });
    expect(current()).toBe('upgradeSuccess');
    await answer();
    expect(current()).toBe('publicationSuccess');
    expect(calls.publishListing).not.toHaveBeenCalled();
    expect(shown).toEqual([27, 28, 32, 22]);
  });

  describe('back from the payment (/{gotostep}/{orderid})', () => {
    const returning = (outcome: OrderState['outcome']) =>
      atLadder(
        { checkOrder: async () => outcome },
        {
          draft: {
            id: 7,
            answers: { ...answersBefore(SALE_ORDER, 'valueLadder'), valueLadder: PLANS.flexible },
            history: [18, 26, 27],
            published: false,
            order: { id: 'order-5', outcome: 'pending' },
          },
        },
      );

    it('paid: the step asked for, with the order paid', async () => {
      const { send, current, calls, actor } = returning('paid');
      expect(current()).toBe('valueLadder');
      await send({ type: 'GOTO', step: 33, orderId: 'order-5' });
      expect(calls.checkOrder).toHaveBeenCalledWith({ id: 7, orderId: 'order-5' });
      expect(current()).toBe('paymentSuccess');
      expect(actor.getSnapshot().context.order).toEqual({ id: 'order-5', outcome: 'paid' });
      expect(actor.getSnapshot().context.history).toEqual([18, 26, 27, 28]);
    });

    it('failed: 28 with the outcome', async () => {
      const { send, current, actor } = returning('failed');
      await send({ type: 'GOTO', step: 33, orderId: 'order-5' });
      expect(current()).toBe('valueLadder');
      expect(actor.getSnapshot().context.order).toEqual({ id: 'order-5', outcome: 'failed' });
    });

    it('still pending: waits for the outcome', async () => {
      const { send, actor } = returning('pending');
      const s = await send({ type: 'GOTO', step: 33, orderId: 'order-5' });
      expect(s.hasTag(WIZARD_TAGS.paying)).toBe(true);
      await send({ type: 'PAYMENT_OUTCOME', orderId: 'order-5', outcome: 'paid' });
      expect(stepIdOf(actor.getSnapshot().context.page.currentStep)).toBe('paymentSuccess');
    });
  });
});

describe('back', () => {
  it('goes to the previous step of the history, and is refused at the first step', async () => {
    const { send, answerUntil, current, actor } = start();
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(false);
    await answerUntil('surface');
    await send({ type: 'BACK' });
    expect(current()).toBe('specialDescription');
    await send({ type: 'BACK' });
    expect(current()).toBe('propertyType');
    expect(actor.getSnapshot().context.history).toEqual([2]);
  });

  it('follows the history, not a fixed predecessor: 15 goes back to 38, to 12 or to 42 as the seller came', async () => {
    const market = start();
    await market.answerUntil('price', { split: true });
    await market.send({ type: 'BACK' });
    expect(market.current()).toBe('estimate');
    await market.send({ type: 'BACK' });
    // The loader is a wait, not a place: back from 13 is the split.
    await market.send({ type: 'BACK' });
    expect(market.current()).toBe('split');
    const alone = start();
    await alone.answerUntil('price', { split: false });
    await alone.send({ type: 'BACK' });
    expect(alone.current()).toBe('split');
    const rent = start({ flow: 'rent' });
    await rent.answerUntil('price');
    await rent.send({ type: 'BACK' });
    expect(rent.current()).toBe('deposit');
  });

  it('after a deep link from the summary returns to the summary; an edit comes back to it and Back then goes to 26', async () => {
    const { send, answer, answerUntil, current, actor } = start();
    await answerUntil('summary', { split: false });
    const trail = actor.getSnapshot().context.history;
    await send({ type: 'GOTO', step: 5 });
    expect(current()).toBe('surface');
    await send({ type: 'BACK' });
    expect(current()).toBe('summary');
    expect(actor.getSnapshot().context.history).toEqual(trail);
    await send({ type: 'GOTO', step: 5 });
    await answer({ surfaceM2: 90 });
    expect(current()).toBe('summary');
    expect(actor.getSnapshot().context.answers.surface).toEqual({ surfaceM2: 90 });
    expect(actor.getSnapshot().context.history).toEqual(trail);
    await send({ type: 'BACK' });
    expect(current()).toBe('endOfQuestions');
  });

  it('an edit that needs more goes there first: a new property type asks its details again', async () => {
    const { send, answer, answerUntil, current } = start();
    await answerUntil('summary', { split: false });
    await send({ type: 'GOTO', step: 3 });
    await answer({ propertyTypeId: 5 });
    expect(current()).toBe('specialDescription');
    await answer({ propertyTypeId: 5, details: { garden: true } });
    expect(current()).toBe('summary');
  });

  it('is refused once the listing is published', async () => {
    const { answer, current, actor } = start({
      draft: { id: 7, answers: answersBefore(SALE_ORDER, 'valueLadder'), history: [27], published: false, order: null },
    });
    await answer(PLANS.basic);
    expect(current()).toBe('publicationSuccess');
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(false);
  });
});

describe('deep links', () => {
  const draft: Draft = {
    id: 7,
    answers: answersBefore(RENT_ORDER, 'deposit'),
    history: [],
    published: false,
    order: null,
  };

  it('opens a step when every step before it is complete', async () => {
    const { send, current } = start({ flow: 'rent', draft });
    expect(current()).toBe('deposit');
    await send({ type: 'GOTO', step: 5 });
    expect(current()).toBe('surface');
  });

  it('lands on the first incomplete step when one before the target is missing, the step is not on the path, or no step has the number', async () => {
    for (const step of [16, 12, 20, 99]) {
      const { send, current, actor } = start({ flow: 'rent', draft });
      await send({ type: 'GOTO', step: 5 });
      await send({ type: 'GOTO', step });
      expect(current(), String(step)).toBe('deposit');
      expect(actor.getSnapshot().context.history).toEqual([]);
    }
  });

  it('RESUME goes to the loaded draft’s first incomplete step', async () => {
    const { send, current, actor } = start({ flow: 'rent' });
    await send({ type: 'RESUME', draft });
    expect(current()).toBe('deposit');
    expect(actor.getSnapshot().context.id).toBe(7);
  });
});

describe('a save that fails', () => {
  it('keeps the step with the error and without the answer; the next try goes on', async () => {
    let fail = true;
    const { answer, current, actor } = start(
      {},
      { save: async (save) => (fail ? Promise.reject(new Error('offline')) : { id: save.id ?? 41 }) },
    );
    await answer();
    expect(current()).toBe('locality');
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'save', step: 2 });
    expect(actor.getSnapshot().context.answers.locality).toBeUndefined();
    expect(actor.getSnapshot().context.history).toEqual([]);
    fail = false;
    await answer();
    expect(current()).toBe('propertyType');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("returns from the loader to the split when the search's result cannot be saved", async () => {
    let saves = 0;
    const { answerUntil, answer, current, actor } = start(
      {},
      {
        save: async (save) =>
          save.answered.step === 'loader' && saves++ === 0 ? Promise.reject(new Error('offline')) : { id: 41 },
      },
    );
    await answerUntil('split');
    await answer({ priceFromMarket: true });
    expect(current()).toBe('split');
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'save', step: 14 });
    await answer({ priceFromMarket: true });
    expect(current()).toBe('comparables');
  });
});

describe('answers', () => {
  it("takes only the step on screen's valid answer", () => {
    const { actor } = start({ account: 'anonymous' });
    expect(actor.getSnapshot().can(personalData)).toBe(true);
    expect(actor.getSnapshot().can(answerOf('email'))).toBe(false);
    expect(
      actor.getSnapshot().can(answerOf('personalData', { ...ANSWERS.personalData, privacy: false } as never)),
    ).toBe(false);
  });

  it('takes nothing while a save is under way', () => {
    const { actor } = start({ account: 'anonymous' }, { save: () => new Promise(() => {}) });
    actor.send(personalData);
    expect(actor.getSnapshot().hasTag(WIZARD_TAGS.saving)).toBe(true);
    for (const event of [
      answerOf('email'),
      { type: 'BACK' },
      { type: 'EXIT_REQUEST' },
      { type: 'GOTO', step: 2 },
    ] as ListingWizardEvent[])
      expect(actor.getSnapshot().can(event)).toBe(false);
  });
});

describe('the insert exit confirmation', () => {
  it('asks first; cancel returns to the step as it was, confirm leaves', async () => {
    const { send, answerUntil, current, actor } = start();
    await answerUntil('floors');
    const before = actor.getSnapshot().context;
    const asking = await send({ type: 'EXIT_REQUEST' });
    expect(asking.hasTag(WIZARD_TAGS.confirmingExit)).toBe(true);
    expect(asking.can(answerOf('floors'))).toBe(false);
    await send({ type: 'EXIT_CANCEL' });
    expect(current()).toBe('floors');
    expect(actor.getSnapshot().context).toEqual(before);
    await send({ type: 'EXIT_REQUEST' });
    const left = await send({ type: 'EXIT_CONFIRM' });
    expect(left.status).toBe('done');
    expect(left.value).toBe('exited');
  });

  it('returns to the payment wait when the exit was asked from there', async () => {
    const { send, answer, actor, calls, effects } = start({
      draft: { id: 7, answers: answersBefore(SALE_ORDER, 'valueLadder'), history: [], published: false, order: null },
    });
    await answer(PLANS.flexible);
    await send({ type: 'EXIT_REQUEST' });
    const back = await send({ type: 'EXIT_CANCEL' });
    expect(back.hasTag(WIZARD_TAGS.paying)).toBe(true);
    // The same order, not a second one, and the payment is not started again.
    expect(actor.getSnapshot().context.order).toEqual({ id: 'order-1', outcome: 'pending' });
    expect(calls.createOrder).toHaveBeenCalledTimes(1);
    expect(effects.startPayment).toHaveBeenCalledTimes(1);
  });
});

describe('model-based walk', () => {
  const CHOICES = [PLANS.basic, PLANS.flexible, PLANS.basicWithPhotos, PLANS.exclusive, PLANS.exclusivePartner];
  type Move = ListingWizardEvent | { choice: number };
  const events: fc.Arbitrary<Move> = fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0, max: CHOICES.length - 1 }).map((choice) => ({ choice })) },
    fc.constant<Move>({ type: 'BACK' }),
    fc.integer({ min: -1, max: 47 }).map((step): Move => ({ type: 'GOTO', step })),
    fc.constantFrom<Move>({ type: 'EXIT_REQUEST' }, { type: 'EXIT_CANCEL' }),
    fc.constantFrom<Move>({ type: 'SESSION', account: 'silent' }, { type: 'SESSION', account: 'loggedIn' }),
    fc
      .constantFrom('paid', 'failed', 'abandoned')
      .map((outcome): Move => ({ type: 'PAYMENT_OUTCOME', orderId: 'order-1', outcome: outcome as 'paid' })),
  );

  it('keeps the invariants over any sequence of answers, jumps, backs and outcomes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('sale', 'rent'),
        fc.constantFrom('anonymous', 'silent', 'loggedIn'),
        fc.array(events, { maxLength: 60 }),
        fc.boolean(),
        async (flow, account, steps, failSaves) => {
          let saves = 0;
          const wizard = start(
            { flow: flow as 'sale', account: account as 'anonymous' },
            {
              save: async (save) =>
                failSaves && ++saves % 5 === 0 ? Promise.reject(new Error('x')) : { id: save.id ?? 41 },
            },
          );
          for (const step of steps) {
            if (wizard.actor.getSnapshot().status !== 'active') break;
            if (!('choice' in step)) await wizard.send(step);
            else if (wizard.current() === 'split') await wizard.answer({ priceFromMarket: step.choice % 2 === 0 });
            else if (wizard.current() === 'valueLadder') await wizard.answer(CHOICES[step.choice]);
            else await wizard.answer();
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
