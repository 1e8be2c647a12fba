import { apiClient, unwrap } from '@/shared/api';
import { registerSilentAccount, type RegisterOutcome } from '@/entities/account';
import type { FindComparablesInput, SaveDraftInput, SaveDraftOutput } from '../../../../../machines/wizard-context';
import type { MarketResult } from '@domain/wizard-steps';
import { marketResultOf, valuationRequestOf, type ValuationAnswer } from './valuation-request';
import type { StoredValuation } from './stored-valuation';

/** Why step 1's registration failed: the page says it in Italian (and offers the login for a known address). */
export class RegistrationFailed extends Error {
  constructor(readonly outcome: Exclude<RegisterOutcome, { kind: 'registered' }>) {
    super(`registration failed: ${outcome.kind}`);
  }
}

export interface ValuationCallsDeps {
  read(): StoredValuation;
  write(stored: StoredValuation): void;
  /** Step 1 registered the silent account (the session process takes it). */
  registered(email: string): Promise<void>;
  /** Makes sure a session exists before the valuation call (an anonymous one at worst). */
  ensureSession(): Promise<unknown>;
  /** The valuation was stored: its id for steps 13, 38 and 29. */
  valued(valuation: ValuationAnswer): void;
}

/**
 * The machine's calls for a valuation: `saveDraft` keeps every answer in the tab (and at step
 * 1 registers the silent account with step 0's data: POST /api/Account/Register, the captcha
 * token of the step's form); `findComparables` is POST /api/Valuation.
 */
export function valuationCalls(deps: ValuationCallsDeps) {
  async function saveDraft({ answered, page, history }: SaveDraftInput): Promise<SaveDraftOutput> {
    const stored = deps.read();
    let answer = answered.answer;
    if (answered.step === 'email' && answered.answer) {
      const { captchaToken, ...email } = answered.answer;
      answer = email;
      const data = stored.answers.personalData;
      if (!data) throw new Error('step 1 without step 0');
      const outcome = await registerSilentAccount(data, email.email, captchaToken ?? '').catch((): RegisterOutcome => ({
        kind: 'error',
      }));
      if (outcome.kind !== 'registered') throw new RegistrationFailed(outcome);
      await deps.registered(outcome.email);
    }
    const answers = answer === null ? stored.answers : { ...stored.answers, [answered.step]: answer };
    deps.write({ ...stored, answers, history, currentStep: page.currentStep });
    return { id: stored.draftId };
  }

  async function findComparables({ answers }: FindComparablesInput): Promise<MarketResult> {
    const stored = deps.read();
    const request = valuationRequestOf(answers, stored.address.label);
    if (!request) throw new Error('the valuation needs steps 3, 5 and 8');
    // Asked from an agency's page: the valuation goes through it.
    const body = stored.agency ? { ...request, AgencySlug: stored.agency.slug } : request;
    await deps.ensureSession();
    const valuation = unwrap('POST /api/Valuation', await apiClient.POST('/api/Valuation', { body }));
    deps.write({ ...deps.read(), valuationId: valuation.Id });
    deps.valued(valuation);
    return marketResultOf(valuation);
  }

  return { saveDraft, findComparables };
}
