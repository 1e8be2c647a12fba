import { parseSearchParams, toSearchQuery, type SearchParamKey, type SearchParams } from '@domain/search';

// A results route's `validateSearch`, apart from the rest of results-route.ts: the route tree (the
// entry, every page's first screen) holds it, while the addresses of a changed search travel with
// the results page's code.

/**
 * The search a URL's query asks for, without what it could not read: a malformed key or a
 * range upside down is dropped (the API would refuse the whole query), a search type that
 * lacks its place falls back to the whole of Italy.
 */
export function cleanSearch(raw: Record<string, unknown>): SearchParams {
  const { params, errors } = parseSearchParams(raw);
  for (const key of Object.keys(errors)) {
    if (key !== 'Search') delete params[key as SearchParamKey];
  }
  if (errors.Search) params.SearchType = 'free';
  return params;
}

/**
 * A search query as the router keeps it: the router writes its search back into the address
 * with JSON (a string "300000" would come out quoted), so values that read as numbers or
 * booleans are kept as such and the address stays `?PriceMax=300000`.
 */
export function toRouterSearch(query: Record<string, string>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = value;
    }
    out[key] = (typeof parsed === 'number' || typeof parsed === 'boolean') && String(parsed) === value ? parsed : value;
  }
  return out;
}

/** A route's `validateSearch`: the query cleaned of what the search cannot read, in the router's form. */
export function validateResultsSearch(raw: Record<string, unknown>): Record<string, string | number | boolean> {
  return toRouterSearch(toSearchQuery(cleanSearch(raw)));
}
