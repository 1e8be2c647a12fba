import { ApiError } from '@/shared/api';

const KNOWN = ['SavedSearchNotFound', 'SavedSearchLimitReached', 'ValidationError', 'Unauthorized'] as const;

/** The translation key of a failed call's Italian message. */
export function errorKey(error: unknown): string {
  const type = error instanceof ApiError ? error.body?.ExceptionTypeString : undefined;
  return type && (KNOWN as readonly string[]).includes(type) ? `errors.${type}` : 'errors.generic';
}

const DATE = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric' });

/** "12 novembre 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}
