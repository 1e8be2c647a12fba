import { ApiError } from '@/shared/api';

const KNOWN = [
  'AppointmentNotFound',
  'AppointmentTransitionRefused',
  'AppointmentSlotTaken',
  'AppointmentSlotUnavailable',
  'AppointmentOwnerPhoneMissing',
  'AppointmentNotConfirmed',
  'Unauthorized',
  'TooManyRequests',
] as const;
export type AppointmentErrorType = (typeof KNOWN)[number];

/** The API's error type when it is one the visits' pages explain, else null. */
export function appointmentErrorType(error: unknown): AppointmentErrorType | null {
  const type = error instanceof ApiError ? error.body?.ExceptionTypeString : undefined;
  return type && (KNOWN as readonly string[]).includes(type) ? (type as AppointmentErrorType) : null;
}

/** The key (namespace 'appointments') of a failed call's Italian message. */
export function appointmentErrorKey(error: unknown): string {
  const type = appointmentErrorType(error);
  return type ? `errors.${type}` : 'errors.generic';
}

/** A refusal that means the visit changed elsewhere: the lists are read again. */
export function isStaleAppointmentError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 409);
}
