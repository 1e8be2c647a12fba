import { createHash } from 'node:crypto';
import { PLAN_TYPE, SELL_TYPE, SERVICE_PRODUCT } from '../../db/reference-ids';
import { AppError } from '../../errors/app-error';

// The price of an order, computed on the server from the catalogue rows (plan_types,
// service_products: euro cents, VAT included). Nothing the client sends is a price.

export const ORDER_CURRENCY = 'EUR' as const;

export interface CataloguePlan {
  id: number;
  code: string;
  name: string;
  description: string;
  priceCents: number;
}

export interface CatalogueProduct extends CataloguePlan {
  active: boolean;
}

export interface ProductRule {
  /** How many of it one order may hold. */
  maxQuantity: number;
  /**
   * Whether it may be bought with a plan at the value ladder (step 28). The flexible plan
   * sold as a product (9) is bought later, for a listing published with the basic plan: at
   * step 28 it is the plan itself.
   */
  withPlan: boolean;
  /** Only for a listing for sale (sold guaranteed: a landlord has nothing to sell). */
  saleOnly?: boolean;
}

/** Per product: quantity limit and whether it goes with a plan. A product not listed here is not sold. */
export const PRODUCT_RULES: Record<number, ProductRule> = {
  [SERVICE_PRODUCT.first_row]: { maxQuantity: 6, withPlan: true }, // periods of 30 days
  [SERVICE_PRODUCT.sold_guaranteed]: { maxQuantity: 1, withPlan: true, saleOnly: true },
  [SERVICE_PRODUCT.photography]: { maxQuantity: 1, withPlan: true },
  [SERVICE_PRODUCT.renovation]: { maxQuantity: 1, withPlan: true },
  [SERVICE_PRODUCT.paddle]: { maxQuantity: 3, withPlan: true },
  [SERVICE_PRODUCT.publish_listing]: { maxQuantity: 1, withPlan: true },
  [SERVICE_PRODUCT.upgrade]: { maxQuantity: 1, withPlan: true }, // Premium for 30 days
  [SERVICE_PRODUCT.flexible]: { maxQuantity: 1, withPlan: false },
};

/** Plans settled by a mandate, never ordered (step 28 sends them to the agency as a lead). */
export const EXCLUSIVE_PLANS: readonly number[] = [PLAN_TYPE.exclusive, PLAN_TYPE.exclusive_partner];

export interface OrderRequest {
  PropertyId: number;
  PlanType?: number | null;
  ServiceProducts: { Id: number; Quantity: number }[];
  /** Where the purchase is made (not part of what is bought: the request's fingerprint leaves it out). */
  Origin?: 'wizard' | 'myrexer';
}

export interface PricedItem {
  serviceProductId: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export interface PricedOrder {
  plan: CataloguePlan | null;
  items: PricedItem[];
  amountCents: number;
}

function invalid(message: string): AppError {
  return new AppError('InvalidOrder', { message });
}

/** Prices a request against the catalogue for a listing of this sell type (null: not known yet), or throws InvalidOrder. */
export function priceOrder(
  plans: readonly CataloguePlan[],
  products: readonly CatalogueProduct[],
  request: OrderRequest,
  sellTypeId: number | null = null,
): PricedOrder {
  const plan = request.PlanType == null ? null : plans.find((p) => p.id === request.PlanType);
  if (request.PlanType != null && !plan) throw invalid(`unknown plan ${request.PlanType}`);
  // An exclusive plan is not bought: the wizard makes it a request to Rexer or a partner agency
  // (a lead), settled by the mandate. Ordered, its price of 0 would make it the listing's plan
  // at once, without the agency's answer.
  if (plan && EXCLUSIVE_PLANS.includes(plan.id))
    throw invalid(`plan ${plan.id} is exclusive: a request to an agency, not a purchase`);
  if (!plan && request.ServiceProducts.length === 0) throw invalid('neither a plan nor a service product');
  const seen = new Set<number>();
  const items: PricedItem[] = [];
  for (const line of request.ServiceProducts) {
    if (seen.has(line.Id)) throw invalid(`service product ${line.Id} twice`);
    seen.add(line.Id);
    const product = products.find((p) => p.id === line.Id);
    const rule = PRODUCT_RULES[line.Id];
    if (!product || !product.active || !rule) throw invalid(`service product ${line.Id} is not sold`);
    if (!Number.isInteger(line.Quantity) || line.Quantity < 1 || line.Quantity > rule.maxQuantity)
      throw invalid(`service product ${line.Id}: quantity ${line.Quantity} over ${rule.maxQuantity}`);
    if (plan && !rule.withPlan) throw invalid(`service product ${line.Id} cannot be bought with a plan`);
    if (rule.saleOnly && sellTypeId === SELL_TYPE.rent) throw invalid(`service product ${line.Id} is for a sale only`);
    items.push({
      serviceProductId: product.id,
      name: product.name,
      quantity: line.Quantity,
      unitPriceCents: product.priceCents,
    });
  }
  items.sort((a, b) => a.serviceProductId - b.serviceProductId);
  const amountCents =
    (plan?.priceCents ?? 0) + items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
  return { plan: plan ?? null, items, amountCents };
}

/**
 * The fingerprint of a request, for its Idempotency-Key: the same property, plan and products
 * (in any order) give the same hash.
 */
export function requestHash(request: OrderRequest): string {
  const canonical = {
    PropertyId: request.PropertyId,
    PlanType: request.PlanType ?? null,
    ServiceProducts: [...request.ServiceProducts]
      .sort((a, b) => a.Id - b.Id || a.Quantity - b.Quantity)
      .map((line) => [line.Id, line.Quantity]),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
