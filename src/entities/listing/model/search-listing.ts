import type { components } from '@/shared/api';

/**
 * The listing of every list (search results, favourites, similar listings, a development's
 * units, landings): the generated `SearchListing` of the API schema (schema.gen.ts).
 */
export type SearchListing = components['schemas']['SearchListing'];

/** 1 sale, 2 rent. */
export type ListingSellType = SearchListing['SellType'];

export const SELL_TYPE = { SALE: 1, RENT: 2 } as const;

/** How long a price cut is shown on the card ("Prezzo ribassato"). */
export const PRICE_REDUCTION_SHOWN_DAYS = 30;

/** The path of a listing's page. Units of a new development have their own page too. */
export function listingPath(id: number): string {
  return `/immobile/${id}`;
}

/** Whether the price went down in the last 30 days, so the card marks it. */
export function isPriceRecentlyReduced(
  listing: Pick<SearchListing, 'PriceReducedAt' | 'PreviousPrice' | 'Price'>,
  now: number = Date.now(),
): boolean {
  if (!listing.PriceReducedAt || listing.PreviousPrice === null || listing.Price === null) return false;
  if (listing.PreviousPrice <= listing.Price) return false;
  const at = Date.parse(listing.PriceReducedAt);
  if (Number.isNaN(at)) return false;
  const age = now - at;
  return age >= -86_400_000 && age <= PRICE_REDUCTION_SHOWN_DAYS * 86_400_000;
}
