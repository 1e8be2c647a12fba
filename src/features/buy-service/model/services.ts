import type { Catalogue, CatalogueProduct, Order } from '../api/orders-api';
import { SOLD_GUARANTEED_ID } from './ladder';

// The services a published listing can buy from MyRexer, and where each stands.

/** Service product ids (server/db/reference-ids.ts SERVICE_PRODUCT). */
export const SERVICE = {
  firstRow: 1,
  soldGuaranteed: 3,
  photography: 4,
  renovation: 5,
  paddle: 6,
  publish: 7,
  premium: 8,
  flexible: 9,
} as const;

/** Listing statuses (spec: 1 incomplete, 2 published, 3 suspended, 4 sold). */
const PUBLISHED = 2;
const SUSPENDED = 3;
const BASIC_PLAN = 1;
const FLEXIBLE_PLAN = 2;

/** Done once for a listing: bought, it is not offered again. */
const ONCE: ReadonlySet<number> = new Set([SERVICE.photography, SERVICE.renovation, SERVICE.soldGuaranteed]);

/** What the services page needs of the listing (GetMyPropertyById). */
export interface ServiceListing {
  Status: number;
  SellType: number | null;
  PlanType: number | null;
  HighlightedUntil: string | null;
  PremiumUntil: string | null;
}

export type ServiceState =
  /** A period running until then (first row, Premium). */
  | { kind: 'activeUntil'; until: string }
  /** The listing's plan already (the flexible plan). */
  | { kind: 'currentPlan' }
  /** Bought on that day (the once-only services; the last sign). */
  | { kind: 'bought'; on: string }
  | { kind: 'none' };

export interface ServiceOffer {
  product: CatalogueProduct;
  state: ServiceState;
  /** Whether it can be bought (again) now. */
  canBuy: boolean;
  /** The listing's order waiting for its payment, when it holds this service. */
  pending: Order | null;
}

/** Whether a listing in this status can buy services: published or suspended, never a draft, a sold or a deleted one. */
export function canBuyServices(status: number): boolean {
  return status === PUBLISHED || status === SUSPENDED;
}

function holds(order: Order, serviceId: number): boolean {
  return order.ServiceProducts.some((line) => line.Id === serviceId);
}

function isFuture(iso: string | null, now: Date): iso is string {
  return iso !== null && new Date(iso).getTime() > now.getTime();
}

/**
 * The services of the catalogue this listing can buy, in the catalogue's order, with their
 * state: the ladder's extras (sold guaranteed only for a sale) and, for a listing on the basic
 * plan, the flexible plan sold later (9). Publishing (7) is free and done.
 */
export function servicesFor(
  catalogue: Catalogue,
  listing: ServiceListing,
  orders: readonly Order[],
  now: Date = new Date(),
): ServiceOffer[] {
  const open = canBuyServices(listing.Status);
  const offers: ServiceOffer[] = [];
  for (const product of catalogue.ServiceProducts) {
    if (product.Id === SERVICE.publish) continue;
    if (product.Id === SOLD_GUARANTEED_ID && listing.SellType === 2) continue;
    const onBasic = listing.PlanType === null || listing.PlanType === BASIC_PLAN;
    if (product.Id === SERVICE.flexible && !onBasic && listing.PlanType !== FLEXIBLE_PLAN) continue;
    const paid = orders.find((order) => order.Status === 'paid' && holds(order, product.Id));
    const pending = orders.find((order) => order.Status === 'pending' && holds(order, product.Id)) ?? null;
    let state: ServiceState = { kind: 'none' };
    let canBuy = open;
    if (product.Id === SERVICE.firstRow && isFuture(listing.HighlightedUntil, now))
      state = { kind: 'activeUntil', until: listing.HighlightedUntil };
    else if (product.Id === SERVICE.premium && isFuture(listing.PremiumUntil, now))
      state = { kind: 'activeUntil', until: listing.PremiumUntil };
    else if (product.Id === SERVICE.flexible && listing.PlanType === FLEXIBLE_PLAN) {
      state = { kind: 'currentPlan' };
      canBuy = false;
    } else if (paid && (ONCE.has(product.Id) || product.Id === SERVICE.paddle)) {
      state = { kind: 'bought', on: paid.PaidAt ?? paid.CreatedAt };
      if (ONCE.has(product.Id)) canBuy = false;
    }
    offers.push({ product, state, canBuy, pending });
  }
  return offers;
}

/** The order of the listing waiting for its payment, if any (at most one: the server's rule). */
export function pendingOrderOf(orders: readonly Order[]): Order | null {
  return orders.find((order) => order.Status === 'pending' && order.PaymentUrl !== null) ?? null;
}
