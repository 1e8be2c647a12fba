/** `/myrexer/annuncio/{id}/{type}`: the one type is a listing's services; any other slug is a 404. */
export const SERVICES_SLUG = 'servizi';

export function isServicesSlug(value: unknown): value is typeof SERVICES_SLUG {
  return value === SERVICES_SLUG;
}

/** The search of a services page: `ordine`, the order the payment page sent the buyer back with. */
export interface ServicesSearch {
  ordine?: number;
}

/** Keeps `ordine` when it is a positive whole number; drops the rest. */
export function parseServicesSearch(search: Record<string, unknown>): ServicesSearch {
  const raw = search.ordine;
  const value = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647
    ? { ordine: value }
    : {};
}
