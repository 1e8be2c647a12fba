import type { StepNumber, WizardAnswers } from '@domain/wizard-steps';
import type { Draft, OrderState } from '../../../../../machines/wizard-context';
import { outcomeOf, type ListingDraft } from './calls';

/** Before step 1 creates the account there is no draft: the personal data's save answers this id. */
export const NO_DRAFT_YET = 0;

/** The draft's id once the server holds one. */
export function draftIdOf(id: number | null): number | null {
  return id !== null && id > NO_DRAFT_YET ? id : null;
}

/**
 * The machine's order of a draft: the latest order, paid when a paid order covers the plan and
 * services chosen at 28 (`OrderPaid`), else its own outcome (a paid order of an earlier choice
 * is no payment of this one).
 */
export function orderOf(draft: ListingDraft): OrderState | null {
  if (!draft.Order) return null;
  const id = String(draft.Order.Id);
  if (draft.OrderPaid) return { id, outcome: 'paid' };
  const outcome = outcomeOf(draft.Order.Status);
  return outcome === 'paid' ? null : { id, outcome };
}

/**
 * The draft as the machine takes it. `publishedByPayment`: the listing was published by the
 * order the seller comes back from (the server publishes a ready draft when its order is paid,
 * docs/listings.md); the wizard then shows 33 and its own publication step answers at once,
 * as on any paid path, instead of treating the payment as an upgrade of a listing published
 * before (32).
 */
export function draftOf(draft: ListingDraft, options: { publishedByPayment?: boolean } = {}): Draft {
  const published = (draft.Status === 2 || draft.Status === 3) && !options.publishedByPayment;
  return {
    id: draft.Id,
    answers: draft.Answers as WizardAnswers,
    history: draft.WizardHistory as StepNumber[],
    published,
    order: orderOf(draft),
  };
}

/** Whether the publication came with the payment (the server stamps both with the payment's time). */
export function publishedByPayment(publishedAt: string | null, paidAt: string | null): boolean {
  if (!publishedAt || !paidAt) return false;
  return Date.parse(publishedAt) >= Date.parse(paidAt) - 1000;
}
