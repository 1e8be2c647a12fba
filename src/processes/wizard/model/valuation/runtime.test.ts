import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { WIZARD_TAGS, type SaveDraftInput, type SaveDraftOutput } from '../../../../../machines/wizard-context';
import { ANSWERS, FOUND, LOCALITY } from '../../../../../machines/testing/wizard-fixtures';
import type { Account, StepNumber } from '@domain/wizard-steps';
import { createValuationWizardRuntime } from './runtime';
import { newStoredValuation, type StoredValuation } from './stored-valuation';
import { RegistrationFailed } from './valuation-calls';

const STORED = newStoredValuation(LOCALITY, { municipalityName: 'Milano', label: 'Via Paolo Sarpi 12, Milano' });
const EFFECTS = { registered: vi.fn(), ensureSession: vi.fn(), valued: vi.fn() };

function run(
  account: Account,
  stored: StoredValuation = STORED,
  save: (input: SaveDraftInput) => Promise<SaveDraftOutput> = () => Promise.resolve({ id: stored.draftId }),
  inspect?: () => void,
) {
  const calls = { saveDraft: vi.fn(save), findComparables: vi.fn(() => Promise.resolve(FOUND)) };
  const runtime = createValuationWizardRuntime(stored, account, EFFECTS, { calls, inspect });
  const settled = () => waitFor(runtime.actor, (snapshot) => !snapshot.hasTag(WIZARD_TAGS.busy));
  const answerShown = async (answer?: unknown) => {
    const { step } = runtime.view();
    runtime.answer((answer ?? (ANSWERS as Record<string, unknown>)[step] ?? null) as never);
    await settled();
  };
  return { runtime, calls, settled, answerShown };
}

describe('the valuation wizard runtime', () => {
  it('runs the valuation machine, inspectable, from the address of the landing', () => {
    const inspect = vi.fn();
    const { runtime } = run('loggedIn', STORED, undefined, inspect);
    expect(inspect).toHaveBeenCalledWith(expect.objectContaining({ type: '@xstate.actor', actorRef: runtime.actor }));
    expect(runtime.view()).toMatchObject({ step: 'propertyType', ready: true, canGoBack: false });
    expect(runtime.actor.getSnapshot().context.answers.locality).toEqual(LOCALITY);
    runtime.stop();
  });

  it('starts again where a reloaded valuation stood, shown only once it is back there', () => {
    const answers = { ...ANSWERS };
    const stored: StoredValuation = {
      ...STORED,
      answers: {
        locality: LOCALITY,
        propertyType: answers.propertyType,
        specialDescription: answers.specialDescription,
        surface: answers.surface,
      },
      history: [3, 4, 5] as StepNumber[],
      currentStep: 4,
    };
    const { runtime } = run('loggedIn', stored);
    expect(runtime.view()).toMatchObject({ step: 'specialDescription', ready: true, canGoBack: true });
    runtime.stop();
  });

  it('sends only what the machine takes: no Back at the first step, no answer while one is saved', async () => {
    let release: (value: SaveDraftOutput) => void = () => undefined;
    const { runtime, calls, settled } = run(
      'loggedIn',
      STORED,
      () => new Promise<SaveDraftOutput>((resolve) => (release = resolve)),
    );
    expect(runtime.back()).toBe(false);
    expect(runtime.answer(ANSWERS.propertyType as never)).toBe(true);
    expect(runtime.view().busy).toBe(true);
    expect(runtime.answer(ANSWERS.propertyType as never)).toBe(false);
    expect(runtime.back()).toBe(false);
    release({ id: STORED.draftId });
    await settled();
    expect(calls.saveDraft).toHaveBeenCalledTimes(1);
    expect(runtime.view()).toMatchObject({ step: 'specialDescription', busy: false, canGoBack: true });
    expect(runtime.back()).toBe(true);
    expect(runtime.view().step).toBe('propertyType');
    runtime.stop();
  });

  it("keeps step 1's refusal for its message and the login, until the next answer", async () => {
    const { runtime, answerShown } = run('anonymous', STORED, (input) =>
      input.answered.step === 'email'
        ? Promise.reject(new RegistrationFailed({ kind: 'alreadyRegistered', social: false }))
        : Promise.resolve({ id: STORED.draftId }),
    );
    for (let i = 0; i < 20 && runtime.view().step !== 'email'; i++) await answerShown();
    await answerShown();
    expect(runtime.view()).toMatchObject({
      step: 'email',
      errorKey: 'errors.alreadyRegistered',
      login: { email: ANSWERS.email.email, social: false },
    });
    const listener = vi.fn();
    runtime.subscribe(listener);
    runtime.answer({ email: 'altra@example.com' } as never);
    expect(runtime.view().login).toBeNull();
    expect(listener).toHaveBeenCalled();
    runtime.stop();
  });

  it('leaves by «Esci» (asked and confirmed), and takes the session it is told of', () => {
    const { runtime } = run('anonymous');
    runtime.setAccount('silent');
    expect(runtime.actor.getSnapshot().context.account).toBe('silent');
    expect(runtime.exit()).toBe(true);
    expect(runtime.view()).toMatchObject({ done: true, finished: false, output: { continueAs: null } });
    expect(runtime.exit()).toBe(false);
    runtime.stop();
  });
});
