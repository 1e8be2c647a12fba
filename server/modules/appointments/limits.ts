import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { countRequest } from '../../plugins/rate-limit-store';

// How many visit requests a buyer may send. Every request mails the listing's owner (and a
// cancellation mails them again), so without a limit one account could fill an owner's inbox
// by requesting and cancelling in a loop. Counted in the database (rate_limit_counters), so
// every server agrees; only requests that reach the insert are counted (a slot refused or a
// listing not found sends no mail).

/** Requests a buyer may send in an hour, across listings. */
export const APPOINTMENT_REQUESTS_PER_HOUR = 10;
/** Requests a buyer may send in a day, across listings. */
export const APPOINTMENT_REQUESTS_PER_DAY = 30;
/** Requests a buyer may send in a day for one listing (a request, a cancellation, a new one...). */
export const APPOINTMENT_REQUESTS_PER_LISTING_PER_DAY = 3;

/**
 * Counts one request of `userId` for `propertyId`; past a limit, 429 TooManyRequests with
 * Retry-After (nothing is stored, no mail leaves).
 */
export async function chargeAppointmentRequest(db: Db, userId: number, propertyId: number): Promise<void> {
  const windows = [
    { max: APPOINTMENT_REQUESTS_PER_HOUR, key: `appointments-hour user:${userId}`, ms: 60 * 60 * 1000 },
    { max: APPOINTMENT_REQUESTS_PER_DAY, key: `appointments-day user:${userId}`, ms: 24 * 60 * 60 * 1000 },
    {
      max: APPOINTMENT_REQUESTS_PER_LISTING_PER_DAY,
      key: `appointments-day user:${userId} property:${propertyId}`,
      ms: 24 * 60 * 60 * 1000,
    },
  ];
  let retryAfterMs = 0;
  for (const window of windows) {
    const count = await countRequest(db, window.key, window.ms);
    if (count.current > window.max) retryAfterMs = Math.max(retryAfterMs, count.ttl);
  }
  if (retryAfterMs > 0) {
    throw new AppError('TooManyRequests', {
      message: `user ${userId} over the visit request limit`,
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
    });
  }
}
