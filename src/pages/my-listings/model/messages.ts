import { ApiError } from '@/shared/api';

const KNOWN = [
  'ListingStatusChangeRefused',
  'ListingNotReadyToPublish',
  'ListingNotFound',
  'Unauthorized',
  'TooManyRequests',
] as const;

/** The translation key of a failed call's Italian message, read from the API's error body. */
export function errorKey(error: unknown): string {
  const type = error instanceof ApiError ? error.body?.ExceptionTypeString : undefined;
  return type && (KNOWN as readonly string[]).includes(type) ? `errors.${type}` : 'errors.generic';
}

/** Whether the API said the listing is not the caller's, is deleted or does not exist. */
export function isListingNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

const DATE = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Rome',
});

/** "12 novembre 2026" (the same on the server and in the browser). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}
