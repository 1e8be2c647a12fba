import type { ApiClient } from '@/shared/api';
import { takeListingCarry } from '@/shared/lib/listing-carry';
import {
  expectedPath,
  stepIdOf,
  type Account,
  type Device,
  type ListingFlow,
  type StepAnswer,
  type WizardAnswers,
} from '@domain/wizard-steps';
import {
  createDraft,
  publishedAtOf,
  readOrder,
  resumeDraft,
  saveStep,
  WizardCallError,
  type ListingDraft,
} from './calls';
import { publishedByPayment } from './draft';
import {
  createListingWizardRuntime,
  type ListingWizardEffects,
  type ListingWizardRuntime,
  type RuntimeOptions,
} from './runtime';

/** What the wizard's URL names: /annuncio/{kind}[/{id}[/{gotostep}[/{orderid}]]]. */
export interface WizardAddress {
  flow: ListingFlow;
  id: number | null;
  gotostep: number | null;
  orderId: string | null;
}

export type StartOutcome =
  | { kind: 'ready'; runtime: ListingWizardRuntime }
  /** A draft's URL opened without a signed-in session: its owner logs in first. */
  | { kind: 'needsLogin' }
  | { kind: 'notFound' }
  /** The draft is a rent on the sale's URL (or the reverse): the same place on the right URL. */
  | { kind: 'otherFlow'; flow: ListingFlow }
  | { kind: 'failed' };

/**
 * Starts the wizard at its URL (docs/listings.md, "The pages"): a new listing at its entry (2
 * when signed in, 0 otherwise; a visitor's personal data kept on this tab resume at 1); a
 * draft's URL loads the draft and opens it where it stood on any device (`resume`), then a
 * deep link or a payment return goes through the machine's GOTO (guarded: a step not
 * reachable yet lands on the first incomplete one).
 */
export async function startListingWizard(
  address: WizardAddress,
  session: { account: Account; device: Device },
  effects: ListingWizardEffects,
  options: RuntimeOptions & { client?: ApiClient } = {},
): Promise<StartOutcome> {
  const { flow, id, gotostep, orderId } = address;
  const { account, device } = session;
  if (id === null) {
    // A valuation continued into this listing (its step 37) hands its answers over once.
    const carried = account !== 'anonymous' ? takeListingCarry(flow) : null;
    const draft = carried
      ? await draftWithAnswers(flow, device, carried.answers, options.client).catch(() => undefined)
      : undefined;
    return {
      kind: 'ready',
      runtime: createListingWizardRuntime(
        { flow, account: draft?.Account ?? account, device, draft },
        effects,
        options,
      ),
    };
  }
  if (account === 'anonymous') return { kind: 'needsLogin' };

  let draft;
  try {
    draft = await resumeDraft(id, device, options.client);
  } catch (error) {
    if (error instanceof WizardCallError && error.failure === 'notFound') return { kind: 'notFound' };
    if (error instanceof WizardCallError && error.failure === 'unauthorized') return { kind: 'needsLogin' };
    return { kind: 'failed' };
  }
  if (draft.Flow === 'valuation') return { kind: 'notFound' };
  if (draft.Flow !== flow) return { kind: 'otherFlow', flow: draft.Flow };

  // Back from the payment of a draft the paid order published: the payment's own steps (33, 22) follow.
  let paidPublication = false;
  if (orderId !== null && draft.Order && String(draft.Order.Id) === orderId && draft.OrderPaid && draft.Status === 2) {
    const [order, publishedAt] = await Promise.all([
      readOrder(Number(orderId), options.client).catch(() => null),
      publishedAtOf(id, options.client).catch(() => null),
    ]);
    paidPublication = publishedByPayment(publishedAt, order?.PaidAt ?? null);
  }

  const runtime = createListingWizardRuntime(
    { flow, account: draft.Account, device, draft, publishedByPayment: paidPublication },
    effects,
    options,
  );
  if (gotostep !== null) runtime.goTo(gotostep, orderId ?? undefined);
  else runtime.goTo(draft.WizardPage.CurrentStep);
  return { kind: 'ready', runtime };
}

/**
 * A new draft with a valuation's answers saved in it, step after step in the flow's order, as
 * far as they go (the server checks each as it would the seller's: a town pin too far from its
 * town stops there, and the seller answers that step). The wizard then opens the draft at its
 * first step without an answer.
 */
async function draftWithAnswers(
  flow: ListingFlow,
  device: Device,
  answers: WizardAnswers,
  client?: ApiClient,
): Promise<ListingDraft> {
  let draft = await createDraft(flow, device, client);
  for (const step of expectedPath(flow, answers, { account: draft.Account })) {
    const id = stepIdOf(step);
    const answer = id === null ? undefined : (answers as Record<string, unknown>)[id];
    if (id === null || answer === undefined) break;
    const answered = { step: id, answer } as StepAnswer;
    try {
      draft = await saveStep(draft.Id, step, { answered, device }, client);
    } catch {
      break;
    }
  }
  return draft;
}
