// The listing of every list (search results, favourites, similar listings, a development's
// units, landings): the `SearchListing` of docs/search.md. Written by hand from the contract
// while the server's routes land; it matches the server's zod schema
// (server/modules/shared/search-listing.ts) field for field.

/** 1 sale, 2 rent. */
export type ListingSellType = 1 | 2;

export interface SearchListing {
  Id: number;
  Title: string;
  SellType: ListingSellType;
  /** Euros; monthly for rent. */
  Price: number | null;
  PricePerM2: number | null;
  /** The price before the latest change. */
  PreviousPrice: number | null;
  /** ISO date of the last change, set only when that change was a reduction. */
  PriceReducedAt: string | null;
  SurfaceM2: number | null;
  Rooms: number | null;
  Bathrooms: number | null;
  /** -1 basement, 0 ground floor, 1 first floor ... */
  Floor: number | null;
  PropertyTypeId: number | null;
  PropertyTypeName: string | null;
  CityName: string | null;
  ProvinceCode: string | null;
  DistrictName: string | null;
  /** Null when the advertiser hides the address. */
  Address: string | null;
  Latitude: number | null;
  Longitude: number | null;
  ImageUrl: string | null;
  ThumbnailUrl: string | null;
  PhotoCount: number;
  EnergyClass: string | null;
  IsNewBuild: boolean;
  DevelopmentId: number | null;
  PublishedAt: string | null;
  AgencyName: string | null;
  Highlighted: boolean;
}

export const SELL_TYPE = { SALE: 1, RENT: 2 } as const;

/** How long a price cut is shown on the card ("Prezzo ribassato"). */
export const PRICE_REDUCTION_SHOWN_DAYS = 30;

/** The path of a listing's page. Units of a new development have their own page too. */
export function listingPath(id: number): string {
  return `/immobile/${id}`;
}

/** Whether the price went down in the last 30 days, so the card marks it. */
export function isPriceRecentlyReduced(listing: Pick<SearchListing, 'PriceReducedAt' | 'PreviousPrice' | 'Price'>, now: number = Date.now()): boolean {
  if (!listing.PriceReducedAt || listing.PreviousPrice === null || listing.Price === null) return false;
  if (listing.PreviousPrice <= listing.Price) return false;
  const at = Date.parse(listing.PriceReducedAt);
  if (Number.isNaN(at)) return false;
  const age = now - at;
  return age >= -86_400_000 && age <= PRICE_REDUCTION_SHOWN_DAYS * 86_400_000;
}
