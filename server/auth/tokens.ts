import { createHash, randomBytes } from 'node:crypto';

/** A user token lives 30 days, like the session cookie (docs/spec.md §9). */
export const USER_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session (bearer) token lives an hour; the client trades its user token for a new one. */
export const SESSION_TOKEN_TTL_MS = 60 * 60 * 1000;

/** 256 random bits, URL-safe: the value the client holds. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored: a copy of the database signs nobody in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
