/** The telemetry limits of docs/spec.md §9. */
export const TELEMETRY_LIMITS = {
  batchIntervalMs: 15_000,
  maxBatchBytes: 102_400,
  maxMemoryItems: 10_000,
  maxStoredItems: 2_000,
  retryMinMs: 10_000,
  retryMaxMs: 3_600_000,
  sessionRenewalMs: 30 * 60_000,
  sessionExpiryMs: 24 * 60 * 60_000,
  routeChangeDelayMs: 500,
  beaconMaxBytes: 65_000,
  defaultSamplingPercentage: 100,
  /** Ajax calls (API calls) reported per page view; the rest until the next page view are not. */
  maxAjaxCallsPerView: 500,
  /** A page view's load duration above this is not believable: it is sent without one. */
  maxPageViewDurationMs: 3_600_000,
  /** The client's own diagnostic messages sent per page view, the notice of the limit included. */
  maxInternalMessagesPerView: 25,
} as const;

/** Statuses after which a batch is sent again later (docs/spec.md §8). */
export const RETRYABLE_STATUSES: readonly number[] = [401, 403, 408, 429, 500, 502, 503, 504];
/** The ingestion answers 206 when it took only some items; the response lists the others. */
export const PARTIAL_SUCCESS_STATUS = 206;

/** Longest text per kind of field, in characters (docs/spec.md §9). */
export const SANITIZE_LIMITS = {
  name: 150,
  id: 128,
  string: 1024,
  url: 2048,
  propertyValue: 8192,
  message: 32_768,
  exception: 32_768,
} as const;

export const SEVERITY = {
  Verbose: 0,
  Information: 1,
  Warning: 2,
  Error: 3,
  Critical: 4,
} as const;

export type SeverityLevel = (typeof SEVERITY)[keyof typeof SEVERITY];

/** The wait before retry number `attempt` (1-based): 10 s doubling, at most an hour. */
export function retryDelay(attempt: number): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(TELEMETRY_LIMITS.retryMaxMs, TELEMETRY_LIMITS.retryMinMs * 2 ** Math.min(exponent, 30));
}
