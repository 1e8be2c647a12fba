// The checks the forms make before a call, the same as the API's (its zod schemas decide).

/** The name rules of the registration, the profile and the wizards, shared with the API (domain/person-name.ts). */
export { isOneLineText, isPersonName, isPlainName } from '@domain/person-name';

/** An e-mail address: something, @, a domain with a dot. Surrounding spaces are ignored. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** A phone number: digits and spaces, 6 to 20, with an optional leading + (the API's Phone). */
export function isPhone(value: string): boolean {
  return /^\+?[0-9 ]{6,20}$/.test(value.trim());
}
