import { assign, fromPromise, setup } from 'xstate';
import {
  asLoginFailure,
  asRenewalFailure,
  LOGIN_SOURCE,
  PORTAL,
  type Credentials,
  type LoginFailure,
  type LoginResult,
  type LoginSource,
  type SessionIntent,
  type StoredSession,
} from '@domain/session';

// The session of docs/spec.md §4: anonymous, temporary (terms and privacy pending), logged
// in, silent (created at registration). The machine is pure: every call to the API is an
// actor the app provides (`sessionMachine.provide({ actors: ... })`), every effect on the
// page (persist, redirect, callback, go home) a named action the app provides. Guards and
// actions are named here and nowhere inline, so the chart reads as the spec does.
//
// This file is the model for every machine of the product: domain types in `domain/`,
// `setup()` with named guards, actions and actors, a `description` on every state, tags
// for what the UI asks (busy, signed in), tests generated from the graph beside the
// transition tests (session.machine.test.ts, session.machine.graph.test.ts).

/** After a login: run the caller's callback (new property, valuation, offer, callback only) or redirect. */
const CALLBACK_SOURCES: readonly LoginSource[] = [
  LOGIN_SOURCE.newProperty,
  LOGIN_SOURCE.offer,
  LOGIN_SOURCE.valuation,
  LOGIN_SOURCE.callbackOnly,
];

export function loginCompletion(source: LoginSource): 'callback' | 'redirect' {
  return CALLBACK_SOURCES.includes(source) ? 'callback' : 'redirect';
}

/**
 * What the machine knows of the session. It holds no token: in the browser the user token and
 * the session token are HttpOnly cookies the page never reads. It knows whether the server
 * gave this visitor a user token and whether a session token is held, which is what every
 * decision below needs (renew, log in again, revoke at logout).
 */
export interface SessionContext {
  username: string | null;
  /** The server issued a user token (anonymous login, login, registration, or a session restored). */
  userTokenHeld: boolean;
  /** A session token (the bearer) is held: the last exchange succeeded and has not expired since. */
  sessionHeld: boolean;
  isConfirmed: boolean;
  termsPrivacy: boolean;
  silent: boolean;
  source: LoginSource;
  /** Where to go after the login when the source redirects. */
  redirectTo: string | null;
  loginError: LoginFailure | null;
  /** The request whose expired session token was renewed: a second expiry of it logs out. */
  renewedRequestId: string | null;
  pendingRetryId: string | null;
  /** The anonymous user token was issued by the call just made (its refusal is not an expiry). */
  freshUserToken: boolean;
}

/** The intents of the pages, and what the app itself tells the machine. */
export type SessionEvent =
  | SessionIntent
  /** A first call needs a session: anonymous login, then the session call. */
  | { type: 'ENSURE_SESSION' }
  /** The session the server already holds (app start): from the me call and the stored record. */
  | { type: 'RESTORE'; session: StoredSession }
  | { type: 'SESSION_TOKEN_EXPIRED'; requestId: string }
  | { type: 'USER_TOKEN_EXPIRED' };

/** Tags the process reads instead of state names. */
export const SESSION_TAGS = {
  /** A login, or the terms acceptance and token exchange that complete it, is under way. */
  signingIn: 'signingIn',
  signingOut: 'signingOut',
  /** A session belongs to a person: logged in, silent, or with the terms pending. */
  signedIn: 'signedIn',
  /** A call is under way: the machine answers nothing new until it settles. */
  busy: 'busy',
} as const;
export type SessionTag = (typeof SESSION_TAGS)[keyof typeof SESSION_TAGS];

const EMPTY: SessionContext = {
  username: null,
  userTokenHeld: false,
  sessionHeld: false,
  isConfirmed: false,
  termsPrivacy: false,
  silent: false,
  source: LOGIN_SOURCE.undefined,
  redirectTo: null,
  loginError: null,
  renewedRequestId: null,
  pendingRetryId: null,
  freshUserToken: false,
};

/** A random anonymous token (122 bits, RFC 4122 v4 form) for the anonymous login. */
export function newAnonymousToken(random: () => string = () => crypto.randomUUID()): string {
  return random();
}

type LoginEvent = Extract<SessionEvent, { type: 'LOGIN' }>;
type RestoreEvent = Extract<SessionEvent, { type: 'RESTORE' }>;

/** Retries the request that waited for the new session token, then forgets it. */
const RETRY_PENDING_REQUEST = [
  { type: 'retryRequest', params: ({ context }: { context: SessionContext }) => context.pendingRetryId ?? '' },
  'forgetPendingRetry',
] as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as SessionTag,
  },
  actors: {
    /** POST /api/Account/AnonymousLogin {AnonymousToken, portal}: the server issues a user token. */
    anonymousLogin: fromPromise<void, { anonymousToken: string; portal: number }>(async () => {
      throw new Error('anonymousLogin is provided by the app');
    }),
    /** POST /api/Account/Session {portal}: the user token held is traded for a session (auth) token. */
    exchangeToken: fromPromise<void, { portal: number }>(async () => {
      throw new Error('exchangeToken is provided by the app');
    }),
    /** POST /api/Account/Login; rejects with a LoginFailure. */
    login: fromPromise<LoginResult, Credentials>(async () => {
      throw new Error('login is provided by the app');
    }),
    /** POST /api/User/UpdateRexerTermsAndConditions with the temporary user's session. */
    acceptTerms: fromPromise<void>(async () => {
      throw new Error('acceptTerms is provided by the app');
    }),
    /** Revokes the tokens on the server (`sessionHeld`: a session token goes with the call); the machine logs out whatever it answers. */
    logout: fromPromise<void, { sessionHeld: boolean }>(async () => {}),
  },
  actions: {
    // Effects the app provides.
    /** Stores the session record (persistent unless silent). */
    persistSession: (_, _session: StoredSession) => {},
    /** Stores the temporary-user record while the terms are pending. */
    persistTemporaryUser: (_, _session: StoredSession) => {},
    clearStoredSession: () => {},
    openTermsModal: () => {},
    closeLoginModal: () => {},
    redirectAfterLogin: (_, _to: string | null) => {},
    runLoginCallback: () => {},
    /** Retries the request whose session token had expired, with the new token. */
    retryRequest: (_, _requestId: string) => {},
    /** Back to the home page of the visitor's current mode. */
    goHome: () => {},

    // Context changes.
    resetSession: assign(() => ({ ...EMPTY })),
    restoreSession: assign((_, event: RestoreEvent) => ({
      ...EMPTY,
      username: event.session.username,
      isConfirmed: event.session.isConfirmed,
      termsPrivacy: event.session.termsPrivacy,
      silent: event.session.silent,
      userTokenHeld: true,
      sessionHeld: true,
    })),
    rememberLoginRequest: assign((_, event: LoginEvent) => ({
      source: event.source ?? LOGIN_SOURCE.undefined,
      redirectTo: event.redirectTo ?? null,
      username: event.credentials.username,
      loginError: null,
    })),
    /** The login call's rejection, read as a failure of the catalogue. */
    recordLoginError: assign(({ event }) => ({ loginError: asLoginFailure((event as { error?: unknown }).error) })),
    recordSessionCallFailure: assign(() => ({ ...EMPTY, loginError: { kind: 'Other' as const } })),
    storeLoginResult: assign((_, result: LoginResult) => ({
      userTokenHeld: true,
      isConfirmed: result.isConfirmed,
      termsPrivacy: result.termsAndPrivacyConfirmed,
      silent: false,
    })),
    /** The registration's answer set the new account's user token. */
    storeRegistration: assign((_, registration: { email: string }) => ({
      username: registration.email,
      userTokenHeld: true,
    })),
    holdAnonymousUserToken: assign({ userTokenHeld: true, freshUserToken: true }),
    holdSession: assign({ sessionHeld: true, freshUserToken: false }),
    holdSilentSession: assign({ sessionHeld: true, isConfirmed: false, silent: true, termsPrivacy: true }),
    markTermsAccepted: assign({ termsPrivacy: true, silent: false }),
    forgetTokens: assign({ userTokenHeld: false, sessionHeld: false, pendingRetryId: null, freshUserToken: false }),
    /** An anonymous session token expired: it is traded again, and the request waits for it. */
    rememberExpiredRequest: assign((_, requestId: string) => ({
      sessionHeld: false,
      renewedRequestId: requestId,
      pendingRetryId: requestId,
    })),
    /** A logged-in session token expired: the old one stays until the renewal answers (it still revokes at logout). */
    rememberRenewedRequest: assign((_, requestId: string) => ({
      renewedRequestId: requestId,
      pendingRetryId: requestId,
    })),
    forgetPendingRetry: assign({ pendingRetryId: null }),
  },
  guards: {
    hasAcceptedTerms: (_, result: LoginResult) => result.termsAndPrivacyConfirmed,
    wasAlreadyRenewed: ({ context }, requestId: string) => context.renewedRequestId === requestId,
    isRestoredTemporary: (_, session: StoredSession) => !session.termsPrivacy,
    isRestoredSilent: (_, session: StoredSession) => session.silent,
    hasPendingRetry: ({ context }) => context.pendingRetryId !== null,
    /** The session-token call was answered with a refusal, not merely left without an answer. */
    renewalWasRefused: ({ event }) => asRenewalFailure((event as { error?: unknown }).error).kind === 'Refused',
    isFreshUserToken: ({ context }) => context.freshUserToken,
    holdsSession: ({ context }) => context.sessionHeld,
    isSilentSession: ({ context }) => context.silent,
    isTemporarySession: ({ context }) => !context.termsPrivacy,
    holdsSilentSession: ({ context }) => context.silent && context.sessionHeld,
    /** The login source asks for the caller's callback rather than a redirect (docs/spec.md §4). */
    completesWithCallback: ({ context }) => loginCompletion(context.source) === 'callback',
  },
}).createMachine({
  id: 'session',
  description: 'The visitor session of docs/spec.md §4: anonymous until someone logs in or registers.',
  context: EMPTY,
  initial: 'anonymous',
  on: {
    RESTORE: [
      {
        guard: { type: 'isRestoredTemporary', params: ({ event }) => event.session },
        target: '.temporary',
        actions: { type: 'restoreSession', params: ({ event }) => event },
      },
      {
        guard: { type: 'isRestoredSilent', params: ({ event }) => event.session },
        target: '.authenticated.silent',
        actions: { type: 'restoreSession', params: ({ event }) => event },
      },
      { target: '.authenticated.loggedIn', actions: { type: 'restoreSession', params: ({ event }) => event } },
    ],
  },
  states: {
    anonymous: {
      description:
        'Nobody is logged in. A call that needs a session gets an anonymous one; a login or a registration starts here.',
      initial: 'idle',
      on: {
        LOGIN: { target: 'authenticating', actions: { type: 'rememberLoginRequest', params: ({ event }) => event } },
        REGISTERED: {
          target: 'silentExchanging',
          actions: { type: 'storeRegistration', params: ({ event }) => event },
        },
      },
      states: {
        idle: {
          description: 'No anonymous session yet: the first call that needs one asks for it.',
          on: { ENSURE_SESSION: 'loggingIn' },
        },
        loggingIn: {
          description: 'Anonymous login with a new random token: a user token.',
          tags: [SESSION_TAGS.busy],
          invoke: {
            id: 'anonymousLogin',
            src: 'anonymousLogin',
            input: () => ({ anonymousToken: newAnonymousToken(), portal: PORTAL }),
            onDone: { target: 'exchanging', actions: 'holdAnonymousUserToken' },
            onError: 'failed',
          },
        },
        exchanging: {
          description: 'The anonymous user token is traded for a session token.',
          tags: [SESSION_TAGS.busy],
          invoke: {
            id: 'exchangeAnonymousToken',
            src: 'exchangeToken',
            input: () => ({ portal: PORTAL }),
            onDone: [
              { guard: 'hasPendingRetry', target: 'ready', actions: ['holdSession', ...RETRY_PENDING_REQUEST] },
              { target: 'ready', actions: 'holdSession' },
            ],
            onError: [
              // A token just issued and already refused: the API is not answering well; wait for the next call.
              { guard: 'isFreshUserToken', target: 'failed', actions: 'forgetTokens' },
              // An older anonymous user token is gone: start again from a new anonymous login.
              { target: 'loggingIn', actions: 'forgetTokens' },
            ],
          },
        },
        ready: {
          description: 'An anonymous session is in place; an expired token is renewed once per request.',
          on: {
            SESSION_TOKEN_EXPIRED: [
              {
                guard: { type: 'wasAlreadyRenewed', params: ({ event }) => event.requestId },
                target: 'loggingIn',
                actions: 'forgetTokens',
              },
              {
                target: 'exchanging',
                actions: { type: 'rememberExpiredRequest', params: ({ event }) => event.requestId },
              },
            ],
            USER_TOKEN_EXPIRED: { target: 'loggingIn', actions: 'forgetTokens' },
          },
        },
        failed: {
          description: 'The anonymous login did not succeed: the next call tries again.',
          on: { ENSURE_SESSION: 'loggingIn' },
        },
      },
    },
    authenticating: {
      description: 'The login call with e-mail, password and captcha.',
      tags: [SESSION_TAGS.signingIn, SESSION_TAGS.busy],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => (event as LoginEvent).credentials,
        onDone: [
          {
            guard: { type: 'hasAcceptedTerms', params: ({ event }) => event.output },
            target: 'exchangingUser',
            actions: { type: 'storeLoginResult', params: ({ event }) => event.output },
          },
          {
            target: 'temporary',
            actions: [
              { type: 'storeLoginResult', params: ({ event }) => event.output },
              { type: 'persistTemporaryUser', params: ({ context }) => storedOf(context) },
              'openTermsModal',
            ],
          },
        ],
        // A failed login leaves the session it started from as it was.
        onError: [
          { guard: 'holdsSilentSession', target: 'authenticated.silent', actions: 'recordLoginError' },
          { guard: 'holdsSession', target: 'anonymous.ready', actions: 'recordLoginError' },
          { target: 'anonymous', actions: 'recordLoginError' },
        ],
      },
    },
    exchangingUser: {
      description: 'The logged-in user token is traded for a session token; then the login completes.',
      tags: [SESSION_TAGS.signingIn, SESSION_TAGS.busy],
      invoke: {
        id: 'exchangeUserToken',
        src: 'exchangeToken',
        input: () => ({ portal: PORTAL }),
        // The login source decides: the caller's callback, or the redirect.
        onDone: [
          {
            guard: 'completesWithCallback',
            target: 'authenticated.loggedIn',
            actions: [
              'holdSession',
              { type: 'persistSession', params: ({ context }) => storedOf(context) },
              'closeLoginModal',
              'runLoginCallback',
            ],
          },
          {
            target: 'authenticated.loggedIn',
            actions: [
              'holdSession',
              { type: 'persistSession', params: ({ context }) => storedOf(context) },
              'closeLoginModal',
              { type: 'redirectAfterLogin', params: ({ context }) => context.redirectTo },
            ],
          },
        ],
        onError: { target: 'anonymous', actions: ['recordSessionCallFailure', 'clearStoredSession'] },
      },
    },
    temporary: {
      description:
        'Logged in with the partner terms and privacy not yet accepted (docs/spec.md §4): the terms modal is open.',
      tags: [SESSION_TAGS.signedIn],
      on: {
        ACCEPT_TERMS: 'acceptingTerms',
        DECLINE_TERMS: 'loggingOut',
        LOGOUT: 'loggingOut',
        USER_TOKEN_EXPIRED: { target: 'loggingOut', actions: 'goHome' },
        // The pages of a temporary user call the API too (the social login's phone and consents):
        // their expired session token is renewed like a full login's.
        SESSION_TOKEN_EXPIRED: [
          {
            guard: { type: 'wasAlreadyRenewed', params: ({ event }) => event.requestId },
            target: 'loggingOut',
            actions: 'goHome',
          },
          { target: 'renewing', actions: { type: 'rememberRenewedRequest', params: ({ event }) => event.requestId } },
        ],
      },
    },
    acceptingTerms: {
      description: 'The terms update call with the temporary user token.',
      tags: [SESSION_TAGS.signingIn, SESSION_TAGS.signedIn, SESSION_TAGS.busy],
      invoke: {
        id: 'acceptTerms',
        src: 'acceptTerms',
        onDone: { target: 'exchangingUser', actions: 'markTermsAccepted' },
        // docs/spec.md §8: a failed terms update logs the user out.
        onError: 'loggingOut',
      },
    },
    silentExchanging: {
      description: 'Right after a registration: its user token is traded for a silent session.',
      tags: [SESSION_TAGS.busy],
      invoke: {
        id: 'exchangeRegistrationToken',
        src: 'exchangeToken',
        input: () => ({ portal: PORTAL }),
        onDone: {
          target: 'authenticated.silent',
          actions: ['holdSilentSession', { type: 'persistSession', params: ({ context }) => storedOf(context) }],
        },
        onError: { target: 'anonymous', actions: 'resetSession' },
      },
    },
    authenticated: {
      description:
        'A person holds a session: expiries, renewal and logout are handled alike for a full and a silent login.',
      tags: [SESSION_TAGS.signedIn],
      on: {
        LOGOUT: 'loggingOut',
        SESSION_TOKEN_EXPIRED: [
          {
            guard: { type: 'wasAlreadyRenewed', params: ({ event }) => event.requestId },
            target: 'loggingOut',
            actions: 'goHome',
          },
          { target: 'renewing', actions: { type: 'rememberRenewedRequest', params: ({ event }) => event.requestId } },
        ],
        USER_TOKEN_EXPIRED: { target: 'loggingOut', actions: 'goHome' },
      },
      initial: 'loggedIn',
      states: {
        loggedIn: {
          description: 'Logged in with confirmed terms.',
        },
        silent: {
          description:
            'The silent session of a new registration (docs/spec.md §4): unconfirmed, ended by the confirmation or by a full login.',
          on: {
            SILENT_LOGOUT: '#session.loggingOut',
            LOGIN: {
              target: '#session.authenticating',
              actions: { type: 'rememberLoginRequest', params: ({ event }) => event },
            },
          },
        },
      },
    },
    renewing: {
      description:
        'An expired session token is renewed with the user token, then the request that met the expiry is retried.',
      tags: [SESSION_TAGS.signedIn, SESSION_TAGS.busy],
      invoke: {
        id: 'renewSessionToken',
        src: 'exchangeToken',
        input: () => ({ portal: PORTAL }),
        onDone: [
          { guard: 'isTemporarySession', target: 'temporary', actions: ['holdSession', ...RETRY_PENDING_REQUEST] },
          {
            guard: 'isSilentSession',
            target: 'authenticated.silent',
            actions: ['holdSession', ...RETRY_PENDING_REQUEST],
          },
          { target: 'authenticated.loggedIn', actions: ['holdSession', ...RETRY_PENDING_REQUEST] },
        ],
        // The server refused the user token too: log out and go home. No answer at all (offline,
        // the page left while the call ran) ends nothing: logging out then would revoke, for
        // every tab, a session the server still holds. The request gets its 401; the next call renews.
        onError: [
          { guard: 'renewalWasRefused', target: 'loggingOut', actions: 'goHome' },
          { guard: 'isTemporarySession', target: 'temporary', actions: 'forgetPendingRetry' },
          { guard: 'isSilentSession', target: 'authenticated.silent', actions: 'forgetPendingRetry' },
          { target: 'authenticated.loggedIn', actions: 'forgetPendingRetry' },
        ],
      },
    },
    loggingOut: {
      description: 'The tokens are revoked on the server; whatever it answers, the session ends here.',
      tags: [SESSION_TAGS.signingOut, SESSION_TAGS.busy],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ sessionHeld: context.sessionHeld }),
        onDone: { target: 'anonymous', actions: ['clearStoredSession', 'resetSession'] },
        onError: { target: 'anonymous', actions: ['clearStoredSession', 'resetSession'] },
      },
    },
  },
});

function storedOf(context: SessionContext): StoredSession {
  return {
    username: context.username ?? '',
    isConfirmed: context.isConfirmed,
    termsPrivacy: context.termsPrivacy,
    silent: context.silent,
  };
}
