import { getCookie, type CookieDocument } from '@/shared/lib/cookies';

/** The readable mirror of the session record the server keeps in HttpOnly cookies. */
export const USER_COOKIE = 'rexer_user';

/** docs/spec.md §3: stored session, without its token (the page never sees the bearer). */
export interface StoredSessionRecord {
  username: string;
  isConfirmed: boolean;
  termsPrivacy: boolean;
  silent: boolean;
}

function decodeBase64Url(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The record of the mirror cookie's value, or null when there is none or it is not one. */
export function parseStoredSession(value: string | undefined): StoredSessionRecord | null {
  if (!value) return null;
  try {
    const raw = JSON.parse(decodeBase64Url(value)) as Record<string, unknown>;
    if (
      typeof raw.username !== 'string' ||
      raw.username === '' ||
      typeof raw.isConfirmed !== 'boolean' ||
      typeof raw.terms_privacy !== 'boolean'
    )
      return null;
    return {
      username: raw.username,
      isConfirmed: raw.isConfirmed,
      termsPrivacy: raw.terms_privacy,
      silent: raw.silent === true,
    };
  } catch {
    return null;
  }
}

/** The record of the mirror cookie: the browser's, or a request's on the server. */
export function readStoredSession(cookies?: CookieDocument): StoredSessionRecord | null {
  return parseStoredSession(getCookie(USER_COOKIE, cookies));
}
