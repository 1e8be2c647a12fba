/**
 * Whether `error` or one of its causes passes `test`. Drizzle, pg-boss and the SDKs wrap the
 * driver's or the system's error in their own (`cause`), so the chain is walked, a few links deep.
 */
export function someCause(error: unknown, test: (link: { code?: unknown; message?: unknown }) => boolean): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (test(current as { code?: unknown; message?: unknown })) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A peer that could not be reached or went away: refused, reset, timed out, unknown name, no route. */
export const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
