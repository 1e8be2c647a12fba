import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { listingWizardMachine } from './listing-wizard.machine';
import {
  listingInputFromValuation,
  valuationWizardMachine,
  type ValuationWizardInput,
} from './valuation-wizard.machine';
import { stepShown, WIZARD_TAGS, type SaveDraftInput, type SaveDraftOutput, type WizardEvent } from './wizard-context';
import { ANSWERS, answerOf, answersBefore, FOUND, LOCALITY, NONE, VALUATION_ORDER } from './testing/wizard-fixtures';
import { checkWizardInvariants } from './testing/wizard-invariants';
import { stepIdOf, type MarketResult, type StepId, type StepNumber } from '@domain/wizard-steps';

interface Fakes {
  save?: (input: SaveDraftInput) => Promise<SaveDraftOutput>;
  comparables?: () => Promise<MarketResult>;
}

function start(input: Partial<ValuationWizardInput> = {}, fakes: Fakes = {}) {
  const calls = { saveDraft: vi.fn(), findComparables: vi.fn() };
  const machine = valuationWizardMachine.provide({
    actors: {
      saveDraft: fromPromise(async ({ input: save }) => {
        calls.saveDraft(save);
        return fakes.save ? fakes.save(save) : { id: save.id ?? 77 };
      }),
      findComparables: fromPromise(async ({ input: search }) => {
        calls.findComparables(search);
        return fakes.comparables ? fakes.comparables() : FOUND;
      }),
    },
  });
  const actor = createActor(machine, {
    input: { account: 'anonymous', locality: LOCALITY, device: 'desktop', ...input },
  });
  const shown: StepNumber[] = [];
  actor.subscribe((s) => {
    const step = stepShown(s);
    if (step !== null && shown[shown.length - 1] !== step) shown.push(step);
  });
  actor.start();
  const send = async (event: WizardEvent) => {
    actor.send(event);
    const s = await waitFor(actor, (snapshot) => !snapshot.hasTag(WIZARD_TAGS.busy), { timeout: 1000 });
    checkWizardInvariants(s);
    return s;
  };
  const current = () => stepIdOf(actor.getSnapshot().context.page.currentStep) as StepId;
  const answer = (answer?: unknown) => send(answerOf(current(), answer as never));
  const answerUntil = async (until: StepId) => {
    for (let i = 0; i < 40 && current() !== until; i++) await answer();
    expect(current()).toBe(until);
  };
  return { actor, send, answer, answerUntil, current, calls, shown };
}

describe('the valuation wizard', () => {
  it('starts at the property type (3) with the address of the landing as the locality', () => {
    const { current, actor } = start();
    expect(current()).toBe('propertyType');
    expect(actor.getSnapshot().context.answers.locality).toEqual(LOCALITY);
    expect(actor.getSnapshot().context.flow).toBe('valuation');
  });

  it('asks an anonymous visitor for personal data and e-mail after 11, then searches, shows the estimate and stops at the thank-you (29)', async () => {
    const { answerUntil, answer, send, shown, calls } = start();
    await answerUntil('email');
    await answer();
    await send({ type: 'SESSION', account: 'silent' });
    await answerUntil('saleOrRent');
    const done = await answer({ next: 'stop' });
    expect(shown).toEqual([3, 4, 5, 6, 7, 8, 9, 36, 10, 11, 0, 1, 14, 13, 38, 37, 29]);
    expect(done.status).toBe('done');
    expect(done.value).toBe('thankYou');
    expect(stepShown(done)).toBe(29);
    expect(done.output).toMatchObject({ id: 77, continueAs: null });
    expect(calls.findComparables.mock.calls[0][0]).toMatchObject({
      flow: 'valuation',
      answers: { locality: LOCALITY, surface: ANSWERS.surface },
    });
  });

  it('skips personal data and e-mail for a signed-in visitor, and shows 40 when there are no comparables', async () => {
    const { answerUntil, shown } = start({ account: 'loggedIn' }, { comparables: async () => NONE });
    await answerUntil('saleOrRent');
    expect(shown).toEqual([3, 4, 5, 6, 7, 8, 9, 36, 10, 11, 14, 40, 38, 37]);
  });

  it('goes back through the history', async () => {
    const { answerUntil, send, current } = start();
    await answerUntil('comparables');
    await send({ type: 'BACK' });
    expect(current()).toBe('email');
    await send({ type: 'BACK' });
    await send({ type: 'BACK' });
    expect(current()).toBe('characteristicsSaved');
  });

  it('keeps a step whose save failed, with the error', async () => {
    const { answer, current, actor } = start({}, { save: async () => Promise.reject(new Error('offline')) });
    await answer();
    expect(current()).toBe('propertyType');
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'save', step: 3 });
  });

  it('asks before leaving midway', async () => {
    const { send, answerUntil, current } = start();
    await answerUntil('floors');
    await send({ type: 'EXIT_REQUEST' });
    await send({ type: 'EXIT_CANCEL' });
    expect(current()).toBe('floors');
    await send({ type: 'EXIT_REQUEST' });
    expect((await send({ type: 'EXIT_CONFIRM' })).value).toBe('exited');
  });

  it('resumes a loaded valuation at its first incomplete step', async () => {
    const { send, current } = start({ account: 'loggedIn' });
    await send({
      type: 'RESUME',
      draft: {
        id: 5,
        answers: answersBefore(VALUATION_ORDER, 'heating'),
        history: [3, 4, 5, 6, 7, 8, 9],
        published: false,
        order: null,
      },
    });
    expect(current()).toBe('heating');
  });
});

describe('a valuation carried into a listing', () => {
  it.each([
    ['anonymous', 'sale'],
    ['loggedIn', 'rent'],
  ] as const)(
    'an %s visitor continues into the %s listing on the same draft with every answer, at the first step the valuation did not ask (23)',
    async (account, flow) => {
      const valuation = start({ account });
      await valuation.answerUntil('saleOrRent');
      if (account === 'anonymous') expect(valuation.shown).toContain(1);
      // The process tells both wizards about the silent session the e-mail step started.
      const silentOrFull = account === 'anonymous' ? 'silent' : 'loggedIn';
      await valuation.send({ type: 'SESSION', account: silentOrFull });
      const done = await valuation.answer({ next: flow });
      expect(done.value).toBe('continued');
      expect(done.output?.continueAs).toBe(flow);

      const input = listingInputFromValuation(done.output!, { device: 'mobile' });
      expect(input).toMatchObject({ flow, account: silentOrFull, draft: { id: 77 } });
      const listing = createActor(listingWizardMachine, { input: input! }).start();
      const s = listing.getSnapshot();
      checkWizardInvariants(s);
      expect(stepShown(s)).toBe(23);
      expect(s.context.id).toBe(77);
      expect(s.context.answers).toMatchObject({
        locality: LOCALITY,
        propertyType: ANSWERS.propertyType,
        surface: ANSWERS.surface,
        condoFees: ANSWERS.condoFees,
        loader: FOUND,
      });
      expect(s.context.flow).toBe(flow);
    },
  );

  it('gives no listing input when the visitor stopped', async () => {
    const valuation = start({ account: 'loggedIn' });
    await valuation.answerUntil('saleOrRent');
    const done = await valuation.answer({ next: 'stop' });
    expect(listingInputFromValuation(done.output!)).toBeNull();
  });
});
