import type { Catalogue, CataloguePlan, CatalogueProduct } from '../api/orders-api';

// The value ladder (step 28): the plans and the extra services of the catalogue, and what a
// choice costs now. The answer's shape is the wizard's `PlanChoice` (machines/wizard-steps.ts,
// which features do not import: the listing page's registry checks that these types fit).

/** The plans by the wizard's names (machines/wizard-steps.ts PLAN_TYPE_ID). */
export type Plan = 'basic' | 'flexible' | 'exclusive' | 'exclusivePartner';

/** Step 28's answer (machines/wizard-steps.ts `PlanChoice`). */
export interface PlanChoice {
  plan: Plan;
  serviceIds: number[];
}

/** The catalogue's plan codes (plan_types.code) by the wizard's names. */
const PLAN_CODES: Record<string, Plan> = { basic: 'basic', flexible: 'flexible', exclusive: 'exclusive', exclusive_partner: 'exclusivePartner' };

/**
 * The services a seller may add at step 28 (machines/wizard-steps.ts EXTRA_SERVICE_IDS):
 * first row 1, sold guaranteed 3, photography 4, renovation 5, paddle 6, Premium 8. Publishing
 * (7) is what every plan does and the flexible plan sold later (9) is a plan here.
 */
export const EXTRA_SERVICE_IDS: readonly number[] = [1, 3, 4, 5, 6, 8];

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
  const plans = catalogue.Plans.flatMap((plan) => (PLAN_CODES[plan.Code] ? [{ ...plan, plan: PLAN_CODES[plan.Code]! }] : []));
  const extras = catalogue.ServiceProducts.filter((product) => EXTRA_SERVICE_IDS.includes(product.Id) && product.WithPlan && (flow !== 'rent' || product.Id !== SOLD_GUARANTEED_ID));
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
}

/** What the choice costs now, line by line (a free plan is a line too: the seller sees what it is). */
export function linesOf(ladder: Ladder, choice: PlanChoice): LadderLine[] {
  const plan = ladder.plans.find((p) => p.plan === choice.plan);
  const lines: LadderLine[] = plan ? [{ key: `plan-${plan.Id}`, name: plan.Name, cents: plan.PriceCents }] : [];
  for (const id of choice.serviceIds) {
    const extra = ladder.extras.find((e) => e.Id === id);
    if (extra) lines.push({ key: `service-${extra.Id}`, name: extra.Name, cents: extra.PriceCents });
  }
  return lines;
}

export function totalOf(lines: readonly LadderLine[]): number {
  return lines.reduce((sum, line) => sum + line.cents, 0);
}
