import {
  AMENITY_IDS,
  CONDITION_IDS,
  CONTRACT_TYPE_IDS,
  ENERGY_CLASS_IDS,
  FURNISHING_IDS,
  PROPERTY_TYPE_IDS,
  PUBLISHED_WITHIN_DAYS,
  SORTS,
  type SearchParams,
} from '@domain/search';
import { SEARCH_AMENITY_GROUPS } from '@domain/listing/amenities';

// The filters of a search: which keys they are, how many are on (the "Filtri (3)" button),
// how to clear them, and the choices each control offers.

/** The groups of keys the visitor sets in the filter panel; each counts once when on. */
export const FILTER_GROUPS = [
  ['PropertyTypes'],
  ['PriceMin', 'PriceMax'],
  ['SurfaceMin', 'SurfaceMax'],
  ['RoomsMin', 'RoomsMax'],
  ['BathroomsMin'],
  ['EnergyClasses'],
  ['Conditions'],
  ['FloorMin', 'FloorMax'],
  ['Amenities'],
  ['NewBuild'],
  ['WithPhotos'],
  ['PrivateOnly'],
  ['Furnishing'],
  ['Contracts'],
  ['Pets'],
  ['PublishedWithin'],
  ['Text'],
] as const satisfies readonly (readonly (keyof SearchParams)[])[];

export type FilterKey = (typeof FILTER_GROUPS)[number][number];
export const FILTER_KEYS: readonly FilterKey[] = FILTER_GROUPS.flat();

function isOn(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === '') return false;
  return !Array.isArray(value) || value.length > 0;
}

/** How many filter groups are on. */
export function countActiveFilters(params: Partial<SearchParams>): number {
  return FILTER_GROUPS.filter((group) => group.some((key) => isOn(params[key]))).length;
}

/** The same search with every filter off (place, contract, type slug and sort stay). */
export function withoutFilters(params: SearchParams): SearchParams {
  const next = { ...params };
  for (const key of FILTER_KEYS) delete next[key];
  return next;
}

/** A search changed by a filter: set keys, drop the ones given as undefined, and start again at the first page. */
export function applyFilters(params: SearchParams, patch: Partial<SearchParams>): SearchParams {
  const next = { ...params, ...patch } as SearchParams;
  for (const [key, value] of Object.entries(patch)) {
    if (!isOn(value)) delete (next as unknown as Record<string, unknown>)[key];
  }
  delete next.Cursor;
  return next;
}

export const SALE_PRICES = [
  50_000, 75_000, 100_000, 150_000, 200_000, 250_000, 300_000, 400_000, 500_000, 750_000, 1_000_000, 2_000_000,
] as const;
export const RENT_PRICES = [300, 400, 500, 600, 700, 800, 1_000, 1_200, 1_500, 2_000, 3_000, 5_000] as const;
export const SURFACES = [30, 50, 70, 90, 110, 130, 150, 200, 300, 500] as const;
export const ROOMS = [1, 2, 3, 4, 5] as const;
export const BATHROOMS = [1, 2, 3] as const;

export {
  AMENITY_IDS,
  CONDITION_IDS,
  CONTRACT_TYPE_IDS,
  ENERGY_CLASS_IDS,
  FURNISHING_IDS,
  PROPERTY_TYPE_IDS,
  PUBLISHED_WITHIN_DAYS,
  SEARCH_AMENITY_GROUPS,
  SORTS,
};

/** The filters only a rent has (furnishing, lease, pets): the contract switch to a sale clears them. */
export const RENT_ONLY_FILTERS = {
  Furnishing: undefined,
  Contracts: undefined,
  Pets: undefined,
} as const satisfies Partial<SearchParams>;

/** The sorts the select offers, in its order (the surface one largest first). */
export const SORT_CHOICES = [
  'relevance',
  'price-asc',
  'price-desc',
  'price-m2-asc',
  'newest',
  'surface-desc',
] as const satisfies readonly (typeof SORTS)[number][];

/** The property types worth filtering on a home search (the rest are rooms, cellars, land). */
export const PROPERTY_TYPE_CHOICES = [
  1, 2, 3, 6, 5, 9, 18, 15, 8, 7, 4, 10, 16, 17, 14,
] as const satisfies readonly (typeof PROPERTY_TYPE_IDS)[number][];
