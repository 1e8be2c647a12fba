import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import {
  LOGIN_SOURCE,
  PORTAL,
  asLoginFailure,
  type LoginFailure,
  type LoginResult,
  type StoredSession,
} from '@domain/session';
import { loginCompletion, SESSION_TAGS, sessionMachine, type SessionEvent } from './session.machine';
import { checkSessionInvariants } from './testing/session-invariants';

/** The states that wait on a call; tests wait until the machine leaves them. */
const BUSY = [
  'anonymous.loggingIn',
  'anonymous.exchanging',
  'authenticating',
  'exchangingUser',
  'acceptingTerms',
  'silentExchanging',
  'renewing',
  'loggingOut',
];

interface Fakes {
  anonymousLogin?: () => Promise<void>;
  exchangeToken?: () => Promise<void>;
  login?: () => Promise<LoginResult>;
  acceptTerms?: () => Promise<void>;
  logout?: () => Promise<void>;
}

function start(fakes: Fakes = {}) {
  const calls = {
    anonymousLogin: vi.fn(),
    exchangeToken: vi.fn(),
    login: vi.fn(),
    acceptTerms: vi.fn(),
    logout: vi.fn(),
  };
  const effects = {
    persistSession: vi.fn(),
    persistTemporaryUser: vi.fn(),
    clearStoredSession: vi.fn(),
    openTermsModal: vi.fn(),
    closeLoginModal: vi.fn(),
    redirectAfterLogin: vi.fn(),
    runLoginCallback: vi.fn(),
    retryRequest: vi.fn(),
    goHome: vi.fn(),
  };
  const machine = sessionMachine.provide({
    actors: {
      anonymousLogin: fromPromise(async ({ input }) => {
        calls.anonymousLogin(input);
        if (fakes.anonymousLogin) await fakes.anonymousLogin();
      }),
      exchangeToken: fromPromise(async ({ input }) => {
        calls.exchangeToken(input);
        if (fakes.exchangeToken) await fakes.exchangeToken();
      }),
      login: fromPromise(async ({ input }) => {
        calls.login(input);
        return fakes.login ? fakes.login() : { isConfirmed: true, termsAndPrivacyConfirmed: true };
      }),
      acceptTerms: fromPromise(async () => {
        calls.acceptTerms();
        if (fakes.acceptTerms) await fakes.acceptTerms();
      }),
      logout: fromPromise(async ({ input }) => {
        calls.logout(input);
        if (fakes.logout) await fakes.logout();
      }),
    },
    actions: {
      persistSession: (_, params) => effects.persistSession(params),
      persistTemporaryUser: (_, params) => effects.persistTemporaryUser(params),
      clearStoredSession: () => effects.clearStoredSession(),
      openTermsModal: () => effects.openTermsModal(),
      closeLoginModal: () => effects.closeLoginModal(),
      redirectAfterLogin: (_, params) => effects.redirectAfterLogin(params),
      runLoginCallback: () => effects.runLoginCallback(),
      retryRequest: (_, params) => effects.retryRequest(params),
      goHome: () => effects.goHome(),
    },
  });
  const actor = createActor(machine).start();
  const settle = () => waitFor(actor, (s) => !s.hasTag(SESSION_TAGS.busy), { timeout: 1000 });
  const send = async (event: SessionEvent) => {
    actor.send(event);
    return settle();
  };
  return { actor, send, calls, effects };
}

function stateValue(path: string) {
  const [parent, child] = path.split('.');
  return (child ? { [parent]: child } : parent) as never;
}

const credentials = { username: 'giulia@example.com', password: 'Rexer#Demo2025', recaptchaToken: 'captcha' };
const stored: StoredSession = { username: 'giulia@example.com', isConfirmed: true, termsPrivacy: true, silent: false };
const restore = (session: Partial<StoredSession> = {}): SessionEvent => ({
  type: 'RESTORE',
  session: { ...stored, ...session },
});

describe('anonymous session', () => {
  it('on the first call logs in anonymously with a generated token and portal 5, then trades the user token for a session token', async () => {
    const { send, calls } = start();
    const s = await send({ type: 'ENSURE_SESSION' });
    expect(s.matches({ anonymous: 'ready' })).toBe(true);
    const anonymous = calls.anonymousLogin.mock.calls[0][0] as { anonymousToken: string; portal: number };
    expect(anonymous.portal).toBe(PORTAL);
    expect(anonymous.anonymousToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.exchangeToken).toHaveBeenCalledWith({ portal: 5 });
    expect(calls.exchangeToken).toHaveBeenCalledTimes(1);
    expect(s.context).toMatchObject({ userTokenHeld: true, sessionHeld: true });
  });

  it('generates a new anonymous token each time', async () => {
    const first = start();
    const second = start();
    await first.send({ type: 'ENSURE_SESSION' });
    await second.send({ type: 'ENSURE_SESSION' });
    expect(first.calls.anonymousLogin.mock.calls[0][0].anonymousToken).not.toBe(
      second.calls.anonymousLogin.mock.calls[0][0].anonymousToken,
    );
  });

  it('waits for the next call after a failed anonymous login', async () => {
    let fail = true;
    const { send } = start({ anonymousLogin: async () => (fail ? Promise.reject(new Error('offline')) : undefined) });
    expect((await send({ type: 'ENSURE_SESSION' })).matches({ anonymous: 'failed' })).toBe(true);
    fail = false;
    expect((await send({ type: 'ENSURE_SESSION' })).matches({ anonymous: 'ready' })).toBe(true);
  });

  it('renews an expired anonymous session token once and retries the request', async () => {
    const { send, effects, calls } = start();
    await send({ type: 'ENSURE_SESSION' });
    const s = await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'r1' });
    expect(s.matches({ anonymous: 'ready' })).toBe(true);
    expect(calls.exchangeToken).toHaveBeenCalledTimes(2);
    expect(calls.anonymousLogin).toHaveBeenCalledTimes(1);
    expect(s.context.sessionHeld).toBe(true);
    expect(effects.retryRequest).toHaveBeenCalledWith('r1');
  });

  it('starts a new anonymous login when the same request expires again, or the user token expires', async () => {
    const { send, calls } = start();
    await send({ type: 'ENSURE_SESSION' });
    await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'r1' });
    await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'r1' });
    expect(calls.anonymousLogin).toHaveBeenCalledTimes(2);
    await send({ type: 'USER_TOKEN_EXPIRED' });
    expect(calls.anonymousLogin).toHaveBeenCalledTimes(3);
  });

  it('starts again from the anonymous login when an older anonymous token is refused at renewal', async () => {
    let refuse = false;
    const { send, calls } = start({
      exchangeToken: async () =>
        refuse ? ((refuse = false), Promise.reject(new Error('ExpiredUserToken'))) : undefined,
    });
    await send({ type: 'ENSURE_SESSION' });
    refuse = true;
    const s = await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'r1' });
    expect(calls.anonymousLogin).toHaveBeenCalledTimes(2);
    expect(s.matches({ anonymous: 'ready' })).toBe(true);
  });

  it('does not loop when the API refuses the token it has just issued: it waits for the next call', async () => {
    const { send, calls } = start({ exchangeToken: () => Promise.reject(new Error('down')) });
    const s = await send({ type: 'ENSURE_SESSION' });
    expect(s.matches({ anonymous: 'failed' })).toBe(true);
    expect(calls.anonymousLogin).toHaveBeenCalledTimes(1);
  });
});

describe('login', () => {
  it('with confirmed terms: trades the token, saves the session, closes the modal and redirects', async () => {
    const { send, effects, calls } = start();
    const s = await send({
      type: 'LOGIN',
      credentials,
      source: LOGIN_SOURCE.appointment,
      redirectTo: '/myrexer/appuntamenti',
    });
    expect(s.value).toEqual({ authenticated: 'loggedIn' });
    expect(calls.login).toHaveBeenCalledWith(credentials);
    expect(calls.exchangeToken).toHaveBeenCalledWith({ portal: 5 });
    expect(effects.persistSession).toHaveBeenCalledWith({
      username: 'giulia@example.com',
      isConfirmed: true,
      termsPrivacy: true,
      silent: false,
    });
    expect(effects.closeLoginModal).toHaveBeenCalled();
    expect(effects.redirectAfterLogin).toHaveBeenCalledWith('/myrexer/appuntamenti');
    expect(effects.runLoginCallback).not.toHaveBeenCalled();
  });

  it.each([LOGIN_SOURCE.newProperty, LOGIN_SOURCE.offer, LOGIN_SOURCE.valuation, LOGIN_SOURCE.callbackOnly])(
    'from source %i runs the callback instead of redirecting',
    async (source) => {
      const { send, effects } = start();
      await send({ type: 'LOGIN', credentials, source, redirectTo: '/x' });
      expect(effects.runLoginCallback).toHaveBeenCalledTimes(1);
      expect(effects.redirectAfterLogin).not.toHaveBeenCalled();
    },
  );

  it('decides callback or redirect by source exactly as the spec lists', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((source) => loginCompletion(source as never))).toEqual([
      'redirect',
      'redirect',
      'callback',
      'callback',
      'callback',
      'callback',
      'redirect',
    ]);
  });

  it('without confirmed terms: stays temporary, stores the temporary user and opens the terms modal', async () => {
    const { send, effects, calls } = start({
      login: async () => ({ isConfirmed: true, termsAndPrivacyConfirmed: false }),
    });
    const s = await send({ type: 'LOGIN', credentials });
    expect(s.value).toBe('temporary');
    expect(s.context.termsPrivacy).toBe(false);
    expect(effects.persistTemporaryUser).toHaveBeenCalledWith(expect.objectContaining({ termsPrivacy: false }));
    expect(effects.openTermsModal).toHaveBeenCalled();
    expect(effects.persistSession).not.toHaveBeenCalled();
    expect(calls.exchangeToken).not.toHaveBeenCalled();
  });

  it('completes after the partner terms are accepted', async () => {
    const { send, effects, calls } = start({
      login: async () => ({ isConfirmed: true, termsAndPrivacyConfirmed: false }),
    });
    await send({ type: 'LOGIN', credentials });
    const s = await send({ type: 'ACCEPT_TERMS' });
    expect(calls.acceptTerms).toHaveBeenCalledTimes(1);
    expect(s.value).toEqual({ authenticated: 'loggedIn' });
    expect(effects.persistSession).toHaveBeenCalledWith(expect.objectContaining({ termsPrivacy: true }));
  });

  it('logs out when the terms update fails or the terms are declined', async () => {
    const failing = start({
      login: async () => ({ isConfirmed: true, termsAndPrivacyConfirmed: false }),
      acceptTerms: () => Promise.reject(new Error('500')),
    });
    await failing.send({ type: 'LOGIN', credentials });
    expect((await failing.send({ type: 'ACCEPT_TERMS' })).matches({ anonymous: 'idle' })).toBe(true);
    expect(failing.effects.clearStoredSession).toHaveBeenCalled();

    const declining = start({ login: async () => ({ isConfirmed: true, termsAndPrivacyConfirmed: false }) });
    await declining.send({ type: 'LOGIN', credentials });
    const s = await declining.send({ type: 'DECLINE_TERMS' });
    expect(s.matches({ anonymous: 'idle' })).toBe(true);
    expect(s.context).toMatchObject({ userTokenHeld: false, sessionHeld: false });
  });

  it('keeps the visitor anonymous with the failure of the catalogue', async () => {
    const failure: LoginFailure = { kind: 'UserNotConfirmed', confirmationToken: 'confirm-me' };
    const { send } = start({ login: () => Promise.reject(failure) });
    const s = await send({ type: 'LOGIN', credentials });
    expect(s.matches('anonymous')).toBe(true);
    expect(s.context.loginError).toEqual(failure);
  });

  it('reads any other rejection as the generic failure', () => {
    expect(asLoginFailure(new Error('boom'))).toEqual({ kind: 'Other' });
    expect(asLoginFailure({ kind: 'Nonsense' })).toEqual({ kind: 'Other' });
    expect(asLoginFailure({ kind: 'WrongCredentials' })).toEqual({ kind: 'WrongCredentials' });
    expect(asLoginFailure({ kind: 'UserIsSuspendedOrDeleted' })).toEqual({ kind: 'UserIsSuspendedOrDeleted' });
  });

  it('goes back to anonymous when the session call fails after a good login', async () => {
    const { send, effects } = start({ exchangeToken: () => Promise.reject(new Error('down')) });
    const s = await send({ type: 'LOGIN', credentials });
    expect(s.matches('anonymous')).toBe(true);
    expect(s.context.loginError).toEqual({ kind: 'Other' });
    expect(effects.persistSession).not.toHaveBeenCalled();
  });
});

describe('silent login after registration', () => {
  it('stores a silent, unconfirmed session', async () => {
    const { send, effects, calls } = start();
    const s = await send({ type: 'REGISTERED', email: 'nuovo@example.com' });
    expect(s.value).toEqual({ authenticated: 'silent' });
    expect(calls.exchangeToken).toHaveBeenCalledWith({ portal: 5 });
    expect(s.context).toMatchObject({ userTokenHeld: true, sessionHeld: true });
    expect(effects.persistSession).toHaveBeenCalledWith({
      username: 'nuovo@example.com',
      isConfirmed: false,
      termsPrivacy: true,
      silent: true,
    });
  });

  it('is ended by the silent logout', async () => {
    const { send, calls, effects } = start();
    await send({ type: 'REGISTERED', email: 'nuovo@example.com' });
    const s = await send({ type: 'SILENT_LOGOUT' });
    expect(s.matches({ anonymous: 'idle' })).toBe(true);
    expect(calls.logout).toHaveBeenCalledWith({ sessionHeld: true });
    expect(effects.clearStoredSession).toHaveBeenCalled();
  });

  it('can become a full login', async () => {
    const { send } = start();
    await send({ type: 'REGISTERED', email: 'nuovo@example.com' });
    const s = await send({ type: 'LOGIN', credentials });
    expect(s.value).toEqual({ authenticated: 'loggedIn' });
    expect(s.context.silent).toBe(false);
  });

  it('renews its session token like a logged-in one', async () => {
    const { send, effects } = start();
    await send({ type: 'REGISTERED', email: 'nuovo@example.com' });
    const s = await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'me' });
    expect(s.value).toEqual({ authenticated: 'silent' });
    expect(effects.retryRequest).toHaveBeenCalledWith('me');
  });
});

describe('logged in', () => {
  it('restores the session the server holds, by its flags', async () => {
    expect((await start().send(restore())).value).toEqual({ authenticated: 'loggedIn' });
    expect((await start().send(restore({ silent: true, isConfirmed: false }))).value).toEqual({
      authenticated: 'silent',
    });
    expect((await start().send(restore({ termsPrivacy: false }))).value).toBe('temporary');
  });

  it('renews an expired session token once, without the user noticing, and retries the request', async () => {
    const { send, effects, calls } = start();
    await send(restore());
    const s = await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'favourites' });
    expect(s.value).toEqual({ authenticated: 'loggedIn' });
    expect(calls.exchangeToken).toHaveBeenCalledTimes(1);
    expect(calls.exchangeToken).toHaveBeenCalledWith({ portal: 5 });
    expect(s.context.sessionHeld).toBe(true);
    expect(effects.retryRequest).toHaveBeenCalledWith('favourites');
    expect(effects.goHome).not.toHaveBeenCalled();
  });

  it("renews a temporary user's expired session token (the social login's phone step) and stays temporary", async () => {
    const { send, effects, calls } = start();
    await send(restore({ termsPrivacy: false }));
    const s = await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'phone' });
    expect(s.value).toBe('temporary');
    expect(calls.exchangeToken).toHaveBeenCalledWith({ portal: 5 });
    expect(effects.retryRequest).toHaveBeenCalledWith('phone');
    // Expired again on the retry: the session ends, as for a full login.
    const again = await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'phone' });
    expect(again.matches({ anonymous: 'idle' })).toBe(true);
    expect(effects.goHome).toHaveBeenCalledTimes(1);
  });

  it('logs out and goes home when the retried request expires again', async () => {
    const { send, effects } = start();
    await send(restore());
    await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'favourites' });
    const s = await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'favourites' });
    expect(s.matches({ anonymous: 'idle' })).toBe(true);
    expect(effects.goHome).toHaveBeenCalledTimes(1);
  });

  it('logs out and goes home when the renewal is refused', async () => {
    const { send, effects, calls } = start({ exchangeToken: () => Promise.reject({ kind: 'Refused' }) });
    await send(restore());
    const s = await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'x' });
    expect(s.matches({ anonymous: 'idle' })).toBe(true);
    expect(effects.goHome).toHaveBeenCalled();
    expect(calls.logout).toHaveBeenCalled();
  });

  it('stays logged in when the renewal got no answer (offline, the page left while it ran), and renews on the next expiry', async () => {
    let answer: () => Promise<void> = () => Promise.reject({ kind: 'Unanswered' });
    const { send, effects, calls } = start({ exchangeToken: () => answer() });
    await send(restore());
    let s = await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'profile' });
    expect(s.value).toEqual({ authenticated: 'loggedIn' });
    expect(s.context).toMatchObject({
      username: 'giulia@example.com',
      userTokenHeld: true,
      sessionHeld: true,
      pendingRetryId: null,
    });
    expect(effects.goHome).not.toHaveBeenCalled();
    expect(calls.logout).not.toHaveBeenCalled();
    expect(effects.clearStoredSession).not.toHaveBeenCalled();
    expect(effects.retryRequest).not.toHaveBeenCalled();
    // Anything but an explicit refusal counts as no answer (a TypeError of fetch, a timeout).
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    s = await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'favourites' });
    expect(s.value).toEqual({ authenticated: 'loggedIn' });
    answer = () => Promise.resolve();
    s = await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'unread' });
    expect(s.context.sessionHeld).toBe(true);
    expect(calls.exchangeToken).toHaveBeenCalledTimes(3);
    expect(effects.retryRequest).toHaveBeenCalledWith('unread');
  });

  it('keeps a silent session silent when its renewal got no answer', async () => {
    const { send, calls } = start({ exchangeToken: () => Promise.reject({ kind: 'Unanswered' }) });
    await send(restore({ silent: true, isConfirmed: false }));
    const s = await send({ type: 'SESSION_TOKEN_EXPIRED', requestId: 'me' });
    expect(s.value).toEqual({ authenticated: 'silent' });
    expect(calls.logout).not.toHaveBeenCalled();
  });

  it('logs out and goes home on an expired user token', async () => {
    const { send, effects, calls } = start();
    await send(restore());
    const s = await send({ type: 'USER_TOKEN_EXPIRED' });
    expect(s.matches({ anonymous: 'idle' })).toBe(true);
    expect(effects.goHome).toHaveBeenCalled();
    expect(calls.logout).toHaveBeenCalled();
  });

  it('logs out, revoking on the server, even when the server does not answer', async () => {
    const { send, effects, calls } = start({ logout: () => Promise.reject(new Error('offline')) });
    await send(restore());
    const s = await send({ type: 'LOGOUT' });
    expect(calls.logout).toHaveBeenCalledWith({ sessionHeld: true });
    expect(s.matches({ anonymous: 'idle' })).toBe(true);
    expect(s.context).toMatchObject({ userTokenHeld: false, sessionHeld: false, username: null });
    expect(effects.clearStoredSession).toHaveBeenCalled();
  });
});

// A model-based walk: random sequences of every event, with the calls answering at random,
// must keep the session's invariants in every state the machine reaches.
describe('model-based walk', () => {
  const eventArb: fc.Arbitrary<SessionEvent> = fc.oneof(
    fc.constant<SessionEvent>({ type: 'ENSURE_SESSION' }),
    fc
      .constantFrom(...([0, 1, 2, 3, 4, 5, 6] as const))
      .map((source): SessionEvent => ({ type: 'LOGIN', credentials, source, redirectTo: '/dopo' })),
    fc.constant<SessionEvent>({ type: 'ACCEPT_TERMS' }),
    fc.constant<SessionEvent>({ type: 'DECLINE_TERMS' }),
    fc.constant<SessionEvent>({ type: 'REGISTERED', email: 'nuovo@example.com' }),
    fc.record({ silent: fc.boolean(), termsPrivacy: fc.boolean() }).map((flags) => restore(flags)),
    fc.constantFrom('a', 'b').map((requestId): SessionEvent => ({ type: 'SESSION_TOKEN_EXPIRED', requestId })),
    fc.constant<SessionEvent>({ type: 'USER_TOKEN_EXPIRED' }),
    fc.constant<SessionEvent>({ type: 'SILENT_LOGOUT' }),
    fc.constant<SessionEvent>({ type: 'LOGOUT' }),
  );

  function checkInvariants(s: SnapshotFrom<typeof sessionMachine>) {
    checkSessionInvariants(s);
    // After each step of the walk the machine has settled.
    expect(BUSY.some((state) => s.matches(stateValue(state)))).toBe(false);
    expect(s.hasTag(SESSION_TAGS.busy)).toBe(false);
  }

  it('keeps the invariants over any sequence of events and answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(eventArb, fc.boolean(), fc.boolean()), { maxLength: 25 }), async (steps) => {
        let ok = true;
        let terms = true;
        const { send, actor } = start({
          login: async () => {
            if (!ok) throw { kind: 'WrongCredentials' };
            return { isConfirmed: true, termsAndPrivacyConfirmed: terms };
          },
          exchangeToken: async () => {
            if (!ok) throw new Error('refused');
          },
        });
        for (const [event, callsSucceed, termsConfirmed] of steps) {
          ok = callsSucceed;
          terms = termsConfirmed;
          checkInvariants(await send(event));
        }
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});
