import type { ApiClient } from '@/shared/api';
import type { Account, Device, ListingFlow } from '../../../../machines/wizard-steps';
import { publishedAtOf, readOrder, resumeDraft, WizardCallError } from './calls';
import { publishedByPayment } from './draft';
import { createListingWizardRuntime, type ListingWizardEffects, type ListingWizardRuntime, type RuntimeOptions } from './runtime';

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
export async function startListingWizard(address: WizardAddress, session: { account: Account; device: Device }, effects: ListingWizardEffects, options: RuntimeOptions & { client?: ApiClient } = {}): Promise<StartOutcome> {
  const { flow, id, gotostep, orderId } = address;
  const { account, device } = session;
  if (id === null) return { kind: 'ready', runtime: createListingWizardRuntime({ flow, account, device }, effects, options) };
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
    const [order, publishedAt] = await Promise.all([readOrder(Number(orderId), options.client).catch(() => null), publishedAtOf(id, options.client).catch(() => null)]);
    paidPublication = publishedByPayment(publishedAt, order?.PaidAt ?? null);
  }

  const runtime = createListingWizardRuntime({ flow, account: draft.Account, device, draft, publishedByPayment: paidPublication }, effects, options);
  if (gotostep !== null) runtime.goTo(gotostep, orderId ?? undefined);
  else runtime.goTo(draft.WizardPage.CurrentStep);
  return { kind: 'ready', runtime };
}
