import { assign, enqueueActions, fromPromise, setup } from 'xstate';

// The session of spec section 4: anonymous, temporary (terms and privacy pending), logged
// in, silent (created at registration). The machine is pure: every call to the API is an
// actor the app provides (`session.machine.provide({ actors: ... })`), every effect on the
// page (persist, redirect, callback, go home) a named action the app provides. Tests
// provide fakes and walk every transition.

/** Where a login started (spec section 4): it decides redirect or callback. */
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

const CALLBACK_SOURCES: readonly LoginSource[] = [LOGIN_SOURCE.newProperty, LOGIN_SOURCE.offer, LOGIN_SOURCE.valuation, LOGIN_SOURCE.callbackOnly];

/** After a login: run the caller's callback (new property, valuation, offer, callback only) or redirect. */
export function loginCompletion(source: LoginSource): 'callback' | 'redirect' {
  return CALLBACK_SOURCES.includes(source) ? 'callback' : 'redirect';
}

export const PORTAL = 5;

export interface Credentials {
  username: string;
  password: string;
  recaptchaToken: string;
}

/** What the login call answers (spec section 7: UserToken, IsConfirmed, TermsAndPrivacyConfirmed). */
export interface LoginResult {
  userToken: string;
  isConfirmed: boolean;
  termsAndPrivacyConfirmed: boolean;
}

/** A login failure, by the catalogue's ExceptionTypeString (spec section 8). */
export interface LoginFailure {
  kind: 'WrongCredentials' | 'InvalidPassword' | 'UserNotConfirmed' | 'EmailIsUsedInSocialLogin' | 'PasswordAttemptsExceeded' | 'IPBanned' | 'UserIsSuspendedOrDeleted' | 'Other';
  /** The confirmation token that comes with UserNotConfirmed. */
  confirmationToken?: string;
}

/** The session record the app stores (spec section 3); the bearer itself stays server-side. */
export interface StoredSession {
  username: string;
  isConfirmed: boolean;
  termsPrivacy: boolean;
  silent: boolean;
}

export interface SessionContext {
  username: string | null;
  userToken: string | null;
  sessionToken: string | null;
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

export type SessionEvent =
  /** A first call needs a session: anonymous login, then the session call. */
  | { type: 'ENSURE_SESSION' }
  | { type: 'LOGIN'; credentials: Credentials; source?: LoginSource; redirectTo?: string }
  | { type: 'ACCEPT_TERMS' }
  | { type: 'DECLINE_TERMS' }
  /** Registration succeeded: the silent login with the token it returned. */
  | { type: 'REGISTERED'; email: string; token: string }
  /** The session the server already holds (app start): from the me call and the stored record. */
  | { type: 'RESTORE'; session: StoredSession; userToken: string; sessionToken: string }
  | { type: 'SESSION_TOKEN_EXPIRED'; requestId: string }
  | { type: 'USER_TOKEN_EXPIRED' }
  | { type: 'SILENT_LOGOUT' }
  | { type: 'LOGOUT' };

const EMPTY: SessionContext = {
  username: null,
  userToken: null,
  sessionToken: null,
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

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** POST /api/Account/AnonymousLogin {AnonymousToken, portal}: a user token. */
    anonymousLogin: fromPromise<string, { anonymousToken: string; portal: number }>(async () => {
      throw new Error('anonymousLogin is provided by the app');
    }),
    /** POST /api/Account/Session {userToken, portal}: a session (auth) token. */
    exchangeToken: fromPromise<string, { userToken: string; portal: number }>(async () => {
      throw new Error('exchangeToken is provided by the app');
    }),
    /** POST /api/Account/Login; rejects with a LoginFailure. */
    login: fromPromise<LoginResult, Credentials>(async () => {
      throw new Error('login is provided by the app');
    }),
    /** PUT /api/User/UpdateRexerTermsAndConditions with the temporary user token. */
    acceptTerms: fromPromise<void, { userToken: string }>(async () => {
      throw new Error('acceptTerms is provided by the app');
    }),
    /** Revokes the tokens on the server; the machine logs out whatever it answers. */
    logout: fromPromise<void, { sessionToken: string | null }>(async () => {}),
  },
  actions: {
    recordLoginError: assign({ loginError: ({ event }) => asLoginFailure((event as { error?: unknown }).error) }),
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
  },
  guards: {
    termsConfirmed: (_, result: LoginResult) => result.termsAndPrivacyConfirmed,
    alreadyRenewed: ({ context }, requestId: string) => context.renewedRequestId === requestId,
    restoredTemporary: (_, session: StoredSession) => !session.termsPrivacy,
    restoredSilent: (_, session: StoredSession) => session.silent,
  },
}).createMachine({
  id: 'session',
  context: EMPTY,
  initial: 'anonymous',
  on: {
    RESTORE: [
      {
        guard: { type: 'restoredTemporary', params: ({ event }) => event.session },
        target: '.temporary',
        actions: assign(({ event }) => ({ ...EMPTY, ...restored(event) })),
      },
      {
        guard: { type: 'restoredSilent', params: ({ event }) => event.session },
        target: '.silent',
        actions: assign(({ event }) => ({ ...EMPTY, ...restored(event) })),
      },
      { target: '.loggedIn', actions: assign(({ event }) => ({ ...EMPTY, ...restored(event) })) },
    ],
  },
  states: {
    anonymous: {
      initial: 'idle',
      on: {
        LOGIN: {
          target: 'authenticating',
          actions: assign(({ event }) => ({
            source: event.source ?? LOGIN_SOURCE.undefined,
            redirectTo: event.redirectTo ?? null,
            loginError: null,
          })),
        },
        REGISTERED: { target: 'silentExchanging', actions: assign(({ event }) => ({ username: event.email, userToken: event.token })) },
      },
      states: {
        idle: { on: { ENSURE_SESSION: 'loggingIn' } },
        loggingIn: {
          invoke: {
            src: 'anonymousLogin',
            input: () => ({ anonymousToken: newAnonymousToken(), portal: PORTAL }),
            onDone: { target: 'exchanging', actions: assign({ userToken: ({ event }) => event.output, freshUserToken: true }) },
            onError: 'failed',
          },
        },
        exchanging: {
          invoke: {
            src: 'exchangeToken',
            input: ({ context }) => ({ userToken: context.userToken ?? '', portal: PORTAL }),
            onDone: [
              {
                guard: ({ context }) => context.pendingRetryId !== null,
                target: 'ready',
                actions: [
                  assign({ sessionToken: ({ event }) => event.output, freshUserToken: false }),
                  { type: 'retryRequest', params: ({ context }) => context.pendingRetryId ?? '' },
                  assign({ pendingRetryId: null }),
                ],
              },
              { target: 'ready', actions: assign({ sessionToken: ({ event }) => event.output, freshUserToken: false }) },
            ],
            onError: [
              // A token just issued and already refused: the API is not answering well; wait for the next call.
              { guard: ({ context }) => context.freshUserToken, target: 'failed', actions: assign({ userToken: null, sessionToken: null, pendingRetryId: null, freshUserToken: false }) },
              // An older anonymous user token is gone: start again from a new anonymous login.
              { target: 'loggingIn', actions: assign({ userToken: null, sessionToken: null, pendingRetryId: null }) },
            ],
          },
        },
        ready: {
          on: {
            SESSION_TOKEN_EXPIRED: [
              { guard: { type: 'alreadyRenewed', params: ({ event }) => event.requestId }, target: 'loggingIn', actions: assign({ userToken: null, sessionToken: null }) },
              {
                target: 'exchanging',
                actions: assign(({ event }) => ({ sessionToken: null, renewedRequestId: event.requestId, pendingRetryId: event.requestId })),
              },
            ],
            USER_TOKEN_EXPIRED: { target: 'loggingIn', actions: assign({ userToken: null, sessionToken: null }) },
          },
        },
        failed: { on: { ENSURE_SESSION: 'loggingIn' } },
      },
    },
    authenticating: {
      invoke: {
        src: 'login',
        input: ({ event }) => (event as Extract<SessionEvent, { type: 'LOGIN' }>).credentials,
        onDone: [
          {
            guard: { type: 'termsConfirmed', params: ({ event }) => event.output },
            target: 'exchangingUser',
            actions: assign(({ event }) => ({
              userToken: event.output.userToken,
              isConfirmed: event.output.isConfirmed,
              termsPrivacy: true,
              silent: false,
            })),
          },
          {
            target: 'temporary',
            actions: [
              assign(({ event }) => ({ userToken: event.output.userToken, isConfirmed: event.output.isConfirmed, termsPrivacy: false, silent: false })),
              { type: 'persistTemporaryUser', params: ({ context }) => storedOf(context) },
              'openTermsModal',
            ],
          },
        ],
        // A failed login leaves the session it started from as it was.
        onError: [
          { guard: ({ context }) => context.silent && context.sessionToken !== null, target: 'silent', actions: 'recordLoginError' },
          { guard: ({ context }) => context.sessionToken !== null, target: 'anonymous.ready', actions: 'recordLoginError' },
          { target: 'anonymous', actions: 'recordLoginError' },
        ],
      },
      entry: assign(({ event }) => ({ username: (event as Extract<SessionEvent, { type: 'LOGIN' }>).credentials.username })),
    },
    exchangingUser: {
      invoke: {
        src: 'exchangeToken',
        input: ({ context }) => ({ userToken: context.userToken ?? '', portal: PORTAL }),
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({ sessionToken: ({ event }) => event.output }),
            { type: 'persistSession', params: ({ context }) => storedOf(context) },
            'closeLoginModal',
            // The login source decides: the caller's callback, or the redirect.
            enqueueActions(({ context, enqueue }) => {
              if (loginCompletion(context.source) === 'callback') enqueue('runLoginCallback');
              else enqueue({ type: 'redirectAfterLogin', params: context.redirectTo });
            }),
          ],
        },
        onError: { target: 'anonymous', actions: [assign(() => ({ ...EMPTY, loginError: { kind: 'Other' as const } })), 'clearStoredSession'] },
      },
    },
    temporary: {
      on: {
        ACCEPT_TERMS: 'acceptingTerms',
        DECLINE_TERMS: 'loggingOut',
        LOGOUT: 'loggingOut',
        USER_TOKEN_EXPIRED: { target: 'loggingOut', actions: 'goHome' },
      },
    },
    acceptingTerms: {
      invoke: {
        src: 'acceptTerms',
        input: ({ context }) => ({ userToken: context.userToken ?? '' }),
        onDone: { target: 'exchangingUser', actions: assign({ termsPrivacy: true, silent: false }) },
        // Spec section 8: a failed terms update logs the user out.
        onError: 'loggingOut',
      },
    },
    silentExchanging: {
      invoke: {
        src: 'exchangeToken',
        input: ({ context }) => ({ userToken: context.userToken ?? '', portal: PORTAL }),
        onDone: {
          target: 'silent',
          actions: [
            assign(({ event }) => ({ sessionToken: event.output, isConfirmed: false, silent: true, termsPrivacy: true })),
            { type: 'persistSession', params: ({ context }) => storedOf(context) },
          ],
        },
        onError: { target: 'anonymous', actions: assign(() => ({ ...EMPTY })) },
      },
    },
    silent: {
      on: {
        SILENT_LOGOUT: 'loggingOut',
        LOGOUT: 'loggingOut',
        LOGIN: {
          target: 'authenticating',
          actions: assign(({ event }) => ({ source: event.source ?? LOGIN_SOURCE.undefined, redirectTo: event.redirectTo ?? null, loginError: null })),
        },
        SESSION_TOKEN_EXPIRED: [
          { guard: { type: 'alreadyRenewed', params: ({ event }) => event.requestId }, target: 'loggingOut', actions: 'goHome' },
          { target: 'renewing', actions: assign(({ event }) => ({ renewedRequestId: event.requestId, pendingRetryId: event.requestId })) },
        ],
        USER_TOKEN_EXPIRED: { target: 'loggingOut', actions: 'goHome' },
      },
    },
    loggedIn: {
      on: {
        LOGOUT: 'loggingOut',
        SESSION_TOKEN_EXPIRED: [
          { guard: { type: 'alreadyRenewed', params: ({ event }) => event.requestId }, target: 'loggingOut', actions: 'goHome' },
          { target: 'renewing', actions: assign(({ event }) => ({ renewedRequestId: event.requestId, pendingRetryId: event.requestId })) },
        ],
        USER_TOKEN_EXPIRED: { target: 'loggingOut', actions: 'goHome' },
      },
    },
    renewing: {
      invoke: {
        src: 'exchangeToken',
        input: ({ context }) => ({ userToken: context.userToken ?? '', portal: PORTAL }),
        onDone: [
          {
            guard: ({ context }) => context.silent,
            target: 'silent',
            actions: [assign({ sessionToken: ({ event }) => event.output }), { type: 'retryRequest', params: ({ context }) => context.pendingRetryId ?? '' }, assign({ pendingRetryId: null })],
          },
          {
            target: 'loggedIn',
            actions: [assign({ sessionToken: ({ event }) => event.output }), { type: 'retryRequest', params: ({ context }) => context.pendingRetryId ?? '' }, assign({ pendingRetryId: null })],
          },
        ],
        // The user token is no longer good either: log out and go home.
        onError: { target: 'loggingOut', actions: 'goHome' },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ sessionToken: context.sessionToken }),
        onDone: { target: 'anonymous', actions: ['clearStoredSession', assign(() => ({ ...EMPTY }))] },
        onError: { target: 'anonymous', actions: ['clearStoredSession', assign(() => ({ ...EMPTY }))] },
      },
    },
  },
});

function restored(event: Extract<SessionEvent, { type: 'RESTORE' }>): Partial<SessionContext> {
  return {
    username: event.session.username,
    isConfirmed: event.session.isConfirmed,
    termsPrivacy: event.session.termsPrivacy,
    silent: event.session.silent,
    userToken: event.userToken,
    sessionToken: event.sessionToken,
  };
}

function storedOf(context: SessionContext): StoredSession {
  return { username: context.username ?? '', isConfirmed: context.isConfirmed, termsPrivacy: context.termsPrivacy, silent: context.silent };
}

const FAILURE_KINDS: readonly LoginFailure['kind'][] = [
  'WrongCredentials',
  'InvalidPassword',
  'UserNotConfirmed',
  'EmailIsUsedInSocialLogin',
  'PasswordAttemptsExceeded',
  'IPBanned',
  'UserIsSuspendedOrDeleted',
];

/** The failure the login actor rejected with; anything unknown is 'Other'. */
export function asLoginFailure(error: unknown): LoginFailure {
  if (typeof error === 'object' && error !== null && 'kind' in error) {
    const kind = (error as { kind: unknown }).kind;
    if (typeof kind === 'string' && (FAILURE_KINDS as readonly string[]).includes(kind)) {
      const token = (error as { confirmationToken?: unknown }).confirmationToken;
      return { kind: kind as LoginFailure['kind'], ...(typeof token === 'string' ? { confirmationToken: token } : {}) };
    }
  }
  return { kind: 'Other' };
}
