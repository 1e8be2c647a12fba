// The session's domain (docs/spec.md §3, §4, §7 and §8): what a login sends and answers, how it
// fails, what the app stores, and the intents a page may express. Pure types and constants,
// importable by the machine (machines/), the session process and the entities alike, so
// that nothing below the processes layer needs the machine itself.

/** The portal id every request carries (docs/spec.md §7: `Portal: 5`). */
export const PORTAL = 5;

/** Where a login started (docs/spec.md §4): it decides redirect or callback. */
export const LOGIN_SOURCE = {
  undefined: 0,
  appointment: 1,
  newProperty: 2,
  offer: 3,
  valuation: 4,
  callbackOnly: 5,
  createListingFromAppointment: 6,
} as const;
export type LoginSource = (typeof LOGIN_SOURCE)[keyof typeof LOGIN_SOURCE];

export interface Credentials {
  username: string;
  password: string;
  recaptchaToken: string;
}

/**
 * What a login tells the session (docs/spec.md §7: IsConfirmed, TermsAndPrivacyConfirmed). The
 * UserToken it answers reaches the browser as an HttpOnly cookie, never as a value the app holds.
 */
export interface LoginResult {
  isConfirmed: boolean;
  termsAndPrivacyConfirmed: boolean;
}

/** The login failures the catalogue names (docs/spec.md §8); anything else is 'Other'. */
export const LOGIN_FAILURE_KINDS = [
  'WrongCredentials',
  'InvalidPassword',
  'UserNotConfirmed',
  'EmailIsUsedInSocialLogin',
  'PasswordAttemptsExceeded',
  'IPBanned',
  'UserIsSuspendedOrDeleted',
] as const;

/** A login failure, by the catalogue's ExceptionTypeString (docs/spec.md §8). */
export interface LoginFailure {
  kind: (typeof LOGIN_FAILURE_KINDS)[number] | 'Other';
  /** The confirmation token that comes with UserNotConfirmed. */
  confirmationToken?: string;
}

/** The failure a login call rejected with; anything unknown is 'Other'. */
export function asLoginFailure(error: unknown): LoginFailure {
  if (typeof error === 'object' && error !== null && 'kind' in error) {
    const kind = (error as { kind: unknown }).kind;
    if (typeof kind === 'string' && (LOGIN_FAILURE_KINDS as readonly string[]).includes(kind)) {
      const token = (error as { confirmationToken?: unknown }).confirmationToken;
      return { kind: kind as LoginFailure['kind'], ...(typeof token === 'string' ? { confirmationToken: token } : {}) };
    }
  }
  return { kind: 'Other' };
}

/**
 * Why trading the user token for a new session token failed. `Refused`: the server answered
 * that the user token is no good (401: expired, revoked, account closed); the session is over.
 * `Unanswered`: no answer came (offline, a timeout, the page being left while the call ran,
 * a server error); the session stands and the next call tries again.
 */
export interface RenewalFailure {
  kind: 'Refused' | 'Unanswered';
}

/** The failure a session-token call rejected with; anything but an explicit refusal is `Unanswered`. */
export function asRenewalFailure(error: unknown): RenewalFailure {
  const kind =
    typeof error === 'object' && error !== null && 'kind' in error ? (error as { kind: unknown }).kind : undefined;
  return { kind: kind === 'Refused' ? 'Refused' : 'Unanswered' };
}

/** The session record the app stores (docs/spec.md §3); the bearer itself stays server-side. */
export interface StoredSession {
  username: string;
  isConfirmed: boolean;
  termsPrivacy: boolean;
  silent: boolean;
}

/**
 * What a page or a modal may ask of the session. The session process answers whether the
 * session takes it now (`can`) and carries it out (`send`); nobody outside the process
 * reads the machine's states.
 */
export type SessionIntent =
  | { type: 'LOGIN'; credentials: Credentials; source?: LoginSource; redirectTo?: string }
  | { type: 'ACCEPT_TERMS' }
  | { type: 'DECLINE_TERMS' }
  /** Registration succeeded (its user token set in a cookie): the silent login of that account. */
  | { type: 'REGISTERED'; email: string }
  /** The silent session of a new registration ends (the address was just confirmed). */
  | { type: 'SILENT_LOGOUT' }
  | { type: 'LOGOUT' };

/** What the session's modals show while a flow runs. */
export interface SessionActivity {
  /** A login (or the terms acceptance that completes it) is being carried out. */
  signingIn: boolean;
  /** The session is being ended. */
  signingOut: boolean;
  /** The partner terms wait for an answer. */
  termsPending: boolean;
  /** Someone is logged in (fully, silently after registering, or with the terms pending). */
  signedIn: boolean;
  loginError: LoginFailure | null;
}
