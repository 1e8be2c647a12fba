import { EXTRA_SERVICE_IDS, PLAN_TYPE_ID, type Plan, type PlanChoice } from '@domain/wizard-steps';
import type { Catalogue, CataloguePlan, CatalogueProduct } from '../api/orders-api';

// The value ladder (step 28): the plans and the extra services of the catalogue, and what a
// choice costs now. The answer is the wizard's `PlanChoice` (domain/wizard-steps.ts): a plan by
// its name (PLAN_TYPE_ID) and the extras of EXTRA_SERVICE_IDS (publishing, 7, is what every
// plan does; the flexible plan sold later, 9, is a plan here).

export type { Plan, PlanChoice };

const PLAN_BY_ID = new Map<number, Plan>(Object.entries(PLAN_TYPE_ID).map(([plan, id]) => [id, plan as Plan]));
const EXTRAS: readonly number[] = EXTRA_SERVICE_IDS;

/** Sold guaranteed: a sale's service (a landlord has nothing to sell). */
export const SOLD_GUARANTEED_ID = 3;

/** Exclusive plans are settled with the consultant or the agency: no order, no extras (the machine's rule). */
export function isExclusive(plan: Plan | null | undefined): boolean {
  return plan === 'exclusive' || plan === 'exclusivePartner';
}

export interface LadderPlan extends CataloguePlan {
  plan: Plan;
}

export interface Ladder {
  plans: LadderPlan[];
  extras: CatalogueProduct[];
}

/** The plans (catalogue order) and the extras this flow can add; sold guaranteed only on a sale. */
export function ladderOf(catalogue: Catalogue, flow: string): Ladder {
  const plans = catalogue.Plans.flatMap((plan) => {
    const name = PLAN_BY_ID.get(plan.Id);
    return name ? [{ ...plan, plan: name }] : [];
  });
  const extras = catalogue.ServiceProducts.filter(
    (product) =>
      EXTRAS.includes(product.Id) && product.WithPlan && (flow !== 'rent' || product.Id !== SOLD_GUARANTEED_ID),
  );
  return { plans, extras };
}

/** The answer to hand over: exclusive plans carry no services, the others those of the ladder, in its order. */
export function choiceOf(ladder: Ladder, plan: Plan, serviceIds: readonly number[]): PlanChoice {
  if (isExclusive(plan)) return { plan, serviceIds: [] };
  return { plan, serviceIds: ladder.extras.filter((extra) => serviceIds.includes(extra.Id)).map((extra) => extra.Id) };
}

export interface LadderLine {
  key: string;
  name: string;
  cents: number;
  /** Settled later (an exclusive plan's commission): nothing today, not free. */
  later: boolean;
}

/** What the choice costs now, line by line (a free plan is a line too: the seller sees what it is). */
export function linesOf(ladder: Ladder, choice: PlanChoice): LadderLine[] {
  const plan = ladder.plans.find((p) => p.plan === choice.plan);
  const lines: LadderLine[] = plan
    ? [{ key: `plan-${plan.Id}`, name: plan.Name, cents: plan.PriceCents, later: isExclusive(plan.plan) }]
    : [];
  for (const id of choice.serviceIds) {
    const extra = ladder.extras.find((e) => e.Id === id);
    if (extra) lines.push({ key: `service-${extra.Id}`, name: extra.Name, cents: extra.PriceCents, later: false });
  }
  return lines;
}

export function totalOf(lines: readonly LadderLine[]): number {
  return lines.reduce((sum, line) => sum + line.cents, 0);
}
