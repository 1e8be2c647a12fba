import { ApiError } from '@/shared/api';

/** What went wrong with a request, as the dialog tells it. */
export type BookingProblem =
  'alreadyRequested' | 'slotUnavailable' | 'ownListing' | 'listingClosed' | 'invalid' | 'loginNeeded' | 'generic';

const BY_TYPE: Record<string, BookingProblem> = {
  AppointmentAlreadyRequested: 'alreadyRequested',
  AppointmentSlotUnavailable: 'slotUnavailable',
  AppointmentSlotTaken: 'slotUnavailable',
  AppointmentOwnListing: 'ownListing',
  PropertyNotFound: 'listingClosed',
  AppointmentTransitionRefused: 'generic',
  ValidationError: 'invalid',
  Unauthorized: 'loginNeeded',
  MissingToken: 'loginNeeded',
};

export function bookingProblemOf(error: unknown): BookingProblem {
  const type = error instanceof ApiError ? error.body?.ExceptionTypeString : undefined;
  return (type && BY_TYPE[type]) || 'generic';
}
