import { ApiError, apiClient, unwrap, type components } from '@/shared/api';

// The valuation calls of docs/valuation.md, typed by the generated schema (schema.gen.ts).
// A valuation is readable only by its owner (the account or the anonymous session that asked;
// anyone else gets 404 ValuationNotFound). Pages render on the server without the visitor's
// cookies (docs/decisions.md, "Pages rendered on the server"): these are read in the browser.

export type Valuation = components['schemas']['Valuation'];
export type ValuationComparable = components['schemas']['ValuationComparable'];
export type ValuationEstimate = components['schemas']['ValuationEstimate'];
export type ValuationSummary = components['schemas']['ValuationSummary'];
export type ValuationList = components['schemas']['ValuationList'];

/** GET /api/Valuation/{id}: the valuation as it was given. */
export async function fetchValuation(id: number, signal?: AbortSignal): Promise<Valuation> {
  return unwrap(
    'GET /api/Valuation/{id}',
    await apiClient.GET('/api/Valuation/{id}', { params: { path: { id } }, signal }),
  );
}

/** GET /api/User/Valuations, newest first, 20 a page; `before` is the previous page's `NextBefore`. */
export async function fetchMyValuations(before: number | undefined, signal?: AbortSignal): Promise<ValuationList> {
  return unwrap(
    'GET /api/User/Valuations',
    await apiClient.GET('/api/User/Valuations', {
      params: { query: before === undefined ? {} : { Before: before } },
      signal,
    }),
  );
}

/** The API's answer for an unknown valuation, or another's: the page is not found. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A 4xx answers for good: asking again changes nothing (an expired session token is renewed by the transport for every call). */
export function retryServerErrors(failures: number, error: unknown): boolean {
  if (failures >= 2) return false;
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500;
}
