import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { valuationWizardMachine } from '../../../../../machines/valuation-wizard.machine';
import { WIZARD_TAGS, type SaveDraftInput, type SaveDraftOutput } from '../../../../../machines/wizard-context';
import { answerOf, FOUND, LOCALITY } from '../../../../../machines/testing/wizard-fixtures';
import { wizardProgress } from '@domain/wizard-progress';
import type { Account, StepId } from '@domain/wizard-steps';
import { RegistrationFailed } from './valuation-calls';
import { valuationViewOf, type ValuationViewExtras } from './view';

const EXTRAS: ValuationViewExtras = { failure: null, valuationId: null, ready: true };

/** The valuation machine with calls that answer at once (or as `save` says). */
function machineAt(account: Account, save?: (input: SaveDraftInput) => Promise<SaveDraftOutput>) {
  const actor = createActor(
    valuationWizardMachine.provide({
      actors: {
        saveDraft: fromPromise(({ input }: { input: SaveDraftInput }) =>
          save ? save(input) : Promise.resolve({ id: 7 }),
        ),
        findComparables: fromPromise(() => Promise.resolve(FOUND)),
      },
    }),
    { input: { account, locality: LOCALITY } },
  ).start();
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag(WIZARD_TAGS.busy));
  const answer = async (step: StepId, value?: never) => {
    actor.send(answerOf(step, value));
    return settled();
  };
  return { actor, answer };
}

describe("the valuation view (what the runner's page shows)", () => {
  it('shows the first step with its progress, nothing to go back to, no error', () => {
    const { actor } = machineAt('anonymous');
    const view = valuationViewOf(actor.getSnapshot(), { ...EXTRAS, valuationId: 12 });
    expect(view).toMatchObject({
      step: 'propertyType',
      account: 'anonymous',
      answer: undefined,
      busy: false,
      canGoBack: false,
      errorKey: null,
      login: null,
      progress: { current: 1, total: 15, beyond: false },
      valuationId: 12,
      ready: true,
      done: false,
      finished: false,
      output: null,
    });
    expect(valuationViewOf(actor.getSnapshot(), { ...EXTRAS, ready: false }).ready).toBe(false);
  });

  it('computes the progress with the function the listing view uses, and offers Back once a step is behind', async () => {
    const { actor, answer } = machineAt('loggedIn');
    await answer('propertyType');
    const view = valuationViewOf(actor.getSnapshot(), EXTRAS);
    expect(view.step).toBe('specialDescription');
    expect(view.canGoBack).toBe(true);
    expect(view.progress).toEqual(wizardProgress('valuation', 'specialDescription', 'loggedIn', []));
    expect(view.progress.current).toBe(2);
  });

  it('is busy while the answer is saved, the step answered still on screen', () => {
    const { actor } = machineAt('loggedIn', () => new Promise(() => undefined));
    actor.send(answerOf('propertyType'));
    const view = valuationViewOf(actor.getSnapshot(), EXTRAS);
    expect(view).toMatchObject({ step: 'propertyType', busy: true, errorKey: null });
  });

  it('says why step 1 refused the address, and offers the login for one already registered', async () => {
    const refused = new RegistrationFailed({ kind: 'alreadyRegistered', social: true });
    const { actor, answer } = machineAt('anonymous', (input) =>
      input.answered.step === 'email' ? Promise.reject(refused) : Promise.resolve({ id: 7 }),
    );
    for (let i = 0; i < 20 && valuationViewOf(actor.getSnapshot(), EXTRAS).step !== 'email'; i++)
      await answer(valuationViewOf(actor.getSnapshot(), EXTRAS).step);
    await answer('email');
    const failure = { outcome: refused.outcome, email: 'giulia.bianchi@example.com' };
    expect(valuationViewOf(actor.getSnapshot(), { ...EXTRAS, failure })).toMatchObject({
      step: 'email',
      errorKey: 'errors.socialRegistered',
      login: { email: 'giulia.bianchi@example.com', social: true },
    });
    // Without the registration's outcome (a save that failed otherwise): the plain message, no login.
    expect(valuationViewOf(actor.getSnapshot(), EXTRAS)).toMatchObject({ errorKey: 'errors.save', login: null });
  });

  it('ends at the thank-you with the output and nothing left to go back to', async () => {
    const { actor, answer } = machineAt('loggedIn');
    for (let i = 0; i < 30 && valuationViewOf(actor.getSnapshot(), EXTRAS).step !== 'saleOrRent'; i++)
      await answer(valuationViewOf(actor.getSnapshot(), EXTRAS).step);
    await answer('saleOrRent', { next: 'stop' } as never);
    const view = valuationViewOf(actor.getSnapshot(), EXTRAS);
    expect(view).toMatchObject({ step: 'thankYou', done: true, finished: true, canGoBack: false });
    expect(view.output).toMatchObject({ continueAs: null, account: 'loggedIn' });
  });
});
