// The wizards' "Domanda X di Y": a count that only goes forward.
//
// Pure TypeScript over the routes of domain/wizard-steps.ts. The count does not follow the
// path the answers chose so far (that path grows and shrinks as they change: a seller who
// wants to see the market first has three more steps than one who sets the price alone, and
// its total moved from 28 to 25 and back). Each step has a fixed place instead: the length of
// the LONGEST way from the flow's entry to it, counting every screen the person sees (the
// comparables' search is a wait, not a screen: it shares the place of the step before it).
// So, going forward:
//   - the total never changes (it is the longest way to the last counted step);
//   - the number only grows: by one from a step to the next, by more when a branch is
//     shorter than the longest (setting the price alone skips the market's three places),
//     never backwards;
//   - every path ends on "Y di Y".
// The count covers the questions: up to the value ladder (28) of a listing, up to "sell, let
// or stop" (37) of a valuation. The steps after it (the password, the payment, the
// publication, the exclusive request, the thank-you) are `beyond`: the frame shows them as
// the last steps, not as a number past the total.
//
// The account's steps (0 and 1) count only for a visitor who fills them in: anonymous, or
// with them in the trail once they registered the account.

import { isStepNode, ROUTES, STEPS, type Account, type Flow, type PathNode, type StepId } from './wizard-steps';

export interface QuestionCount {
  /** The step's place, from 1. */
  current: number;
  /** The places of the flow's questions. */
  total: number;
  /** A step after the questions: the count is complete. */
  beyond: boolean;
}

/** The last step the count covers, by flow. */
export const LAST_COUNTED_STEP: Record<Flow, StepId> = {
  sale: 'valueLadder',
  rent: 'valueLadder',
  valuation: 'saleOrRent',
};

const ACCOUNT_STEPS: readonly number[] = [STEPS.personalData.step, STEPS.email.step];

/** Whether the account's steps (0 and 1) count: a visitor fills them in, or did (they are in the trail). */
export function countsAccountSteps(account: Account, history: readonly number[] = []): boolean {
  return account === 'anonymous' || history.some((step) => ACCOUNT_STEPS.includes(step));
}

/** A screen the person sees and moves on from (the loader is a wait). */
const isCounted = (node: PathNode) => isStepNode(node) && STEPS[node].kind !== 'loader';

/**
 * Where a place may lead: every branch that the answers may still choose. The account's
 * branch (`isAnonymous`) is decided by whether the account's steps count; any other
 * condition may go either way; a branch without a condition ends the choice.
 */
function successors(
  branches: readonly { to: PathNode; when?: string }[] | undefined,
  withAccount: boolean,
): PathNode[] {
  const out: PathNode[] = [];
  for (const branch of branches ?? []) {
    if (branch.when === undefined) {
      out.push(branch.to);
      break;
    }
    if (branch.when === 'isAnonymous') {
      if (withAccount) {
        out.push(branch.to);
        break;
      }
      continue;
    }
    out.push(branch.to);
  }
  return out;
}

const PLACES = new Map<string, ReadonlyMap<PathNode, number>>();

/** Every place of the flow up to its last counted step, with its fixed place (the longest way to it). */
function placesOf(flow: Flow, withAccount: boolean): ReadonlyMap<PathNode, number> {
  const key = `${flow}:${withAccount}`;
  const known = PLACES.get(key);
  if (known) return known;
  const routes = ROUTES[flow] as unknown as Record<string, readonly { to: PathNode; when?: string }[] | undefined>;
  const places = new Map<PathNode, number>();
  const visit = (node: PathNode, before: number) => {
    const here = before + (isCounted(node) ? 1 : 0);
    if ((places.get(node) ?? -1) >= here) return;
    places.set(node, here);
    if (node === LAST_COUNTED_STEP[flow]) return;
    for (const next of successors(routes[node], withAccount)) visit(next, here);
  };
  for (const first of successors(routes.entry, withAccount)) visit(first, 0);
  PLACES.set(key, places);
  return places;
}

/**
 * The count shown on `step` of `flow`: its fixed place and the flow's total, or `beyond`
 * once the questions are over. `withAccount`: `countsAccountSteps(account, history)`.
 */
export function questionCount(flow: Flow, step: StepId, withAccount: boolean): QuestionCount {
  const places = placesOf(flow, withAccount);
  const total = places.get(LAST_COUNTED_STEP[flow]) ?? 1;
  const place = places.get(step);
  if (place !== undefined) return { current: Math.max(1, place), total, beyond: false };
  // The account's steps shown when they do not count (a deep link the machine redirects): the start.
  if (ACCOUNT_STEPS.includes(STEPS[step].step)) return { current: 1, total, beyond: false };
  return { current: total, total, beyond: true };
}

/**
 * The count shown on `step` to whoever fills the wizard in: both wizards' views read it (the
 * listing's and the valuation's, src/processes/wizard). The account's steps count for a
 * visitor, and once filled in (they are in `history`).
 */
export function wizardProgress(
  flow: Flow,
  step: StepId,
  account: Account,
  history: readonly number[] = [],
): QuestionCount {
  return questionCount(flow, step, countsAccountSteps(account, history));
}
