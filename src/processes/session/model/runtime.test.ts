import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { sessionView } from '@/entities/session';
import { modalStore } from '@/shared/lib/modal-store';
import { LOGIN_SOURCE } from '@domain/session';
import { createSessionRuntime } from './runtime';

/** A fake API: answers by path and writes the readable mirror cookie the way the server does. */
function fakeApi(routes: Record<string, (request: Request) => Response | Promise<Response>>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      calls.push(`${request.method} ${path}`);
      const answer = routes[`${request.method} ${path}`];
      return answer ? answer(request) : json({ ExceptionType: 5, ExceptionTypeString: 'NotFound' }, 404);
    }),
  );
  return calls;
}

function json(body: unknown, status = 200) {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setMirror(
  record: { username: string; isConfirmed: boolean; terms_privacy: boolean; silent?: boolean } | null,
) {
  if (record === null) document.cookie = 'rexer_user=; path=/; max-age=0';
  else
    document.cookie = `rexer_user=${Buffer.from(JSON.stringify({ ...record, stamp: '2026-11-23' })).toString('base64url')}; path=/`;
  sessionView.refresh();
}

function effects() {
  return { navigate: vi.fn(), goHome: vi.fn(), sessionChanged: vi.fn() };
}

beforeEach(() => {
  setMirror(null);
  modalStore.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session runtime', () => {
  it('restores the session of the mirror cookie and renews an expired session token once', async () => {
    setMirror({ username: 'laura@example.it', isConfirmed: true, terms_privacy: true });
    const calls = fakeApi({ 'POST /api/Account/Session': () => json({}) });
    const runtime = createSessionRuntime(effects());
    expect(runtime.actor.getSnapshot().value).toEqual({ authenticated: 'loggedIn' });
    await expect(runtime.renew('r1')).resolves.toBe(true);
    expect(calls).toEqual(['POST /api/Account/Session']);
    expect(runtime.actor.getSnapshot().value).toEqual({ authenticated: 'loggedIn' });
    // The same request expiring again is not renewed twice: the session ends.
    await expect(runtime.renew('r1')).resolves.toBe(false);
  });

  it('retries every request that met the expiry at once, after the one renewal', async () => {
    setMirror({ username: 'laura@example.it', isConfirmed: true, terms_privacy: true });
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const calls = fakeApi({ 'POST /api/Account/Session': async () => (await answered, json({})) });
    const runtime = createSessionRuntime(effects());
    const renewals = [runtime.renew('a'), runtime.renew('b'), runtime.renew('c')];
    release();
    await expect(Promise.all(renewals)).resolves.toEqual([true, true, true]);
    expect(calls).toEqual(['POST /api/Account/Session']);
  });

  it('answers what the session allows and carries out intents, without the caller reading states', async () => {
    setMirror({ username: 'laura@example.it', isConfirmed: true, terms_privacy: true });
    const calls = fakeApi({ 'POST /api/Account/Logout': () => json(null, 204) });
    const runtime = createSessionRuntime(effects());
    const seen: boolean[] = [];
    const unsubscribe = runtime.subscribe(() => seen.push(runtime.activity().signedIn));
    expect(runtime.activity()).toMatchObject({
      signedIn: true,
      signingIn: false,
      termsPending: false,
      loginError: null,
    });
    // The same object until something changes (what useSyncExternalStore needs).
    expect(runtime.activity()).toBe(runtime.activity());
    // A full login has no silent session to end, and no terms to accept.
    expect(runtime.can({ type: 'SILENT_LOGOUT' })).toBe(false);
    expect(runtime.send({ type: 'ACCEPT_TERMS' })).toBe(false);
    expect(runtime.can({ type: 'LOGOUT' })).toBe(true);
    await runtime.logout();
    expect(calls).toEqual(['POST /api/Account/Logout']);
    expect(runtime.activity()).toMatchObject({ signedIn: false, signingOut: false });
    expect(seen).toContain(false);
    // Nothing left to end: a second logout calls nobody.
    await runtime.logout();
    expect(calls).toEqual(['POST /api/Account/Logout']);
    unsubscribe();
  });

  it('logs out and goes home when the user token cannot be renewed', async () => {
    setMirror({ username: 'laura@example.it', isConfirmed: true, terms_privacy: true });
    fakeApi({
      'POST /api/Account/Session': () => json({ ExceptionType: 60, ExceptionTypeString: 'ExpiredUserToken' }, 401),
      'POST /api/Account/Logout': () => json(null, 204),
    });
    const fx = effects();
    const runtime = createSessionRuntime(fx);
    await expect(runtime.renew('r2')).resolves.toBe(false);
    await waitFor(runtime.actor, (snapshot) => snapshot.matches('anonymous'));
    expect(fx.goHome).toHaveBeenCalled();
    expect(sessionView.get().isLoggedIn).toBe(false);
  });

  it('shows a session the server ended while the page was open (a deleted account)', () => {
    setMirror({ username: 'laura@example.it', isConfirmed: true, terms_privacy: true });
    // The server's answer cleared the mirror cookie; the page has not looked yet.
    document.cookie = 'rexer_user=; path=/; max-age=0';
    expect(sessionView.get().isLoggedIn).toBe(true);
    fakeApi({});
    const runtime = createSessionRuntime(effects());
    expect(runtime.actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(sessionView.get().isLoggedIn).toBe(false);
  });

  it('does not wait for a renewal the anonymous machine cannot make', async () => {
    fakeApi({});
    const runtime = createSessionRuntime(effects());
    await expect(runtime.renew('r3')).resolves.toBe(false);
  });

  it('logs in, redirects where the visitor was going, and closes the modal', async () => {
    const calls = fakeApi({
      'POST /api/Account/Login': () => {
        setMirror({ username: 'laura@example.it', isConfirmed: true, terms_privacy: true });
        return json({ IsConfirmed: true, TermsAndPrivacyConfirmed: true });
      },
      'POST /api/Account/Session': () => json({}),
    });
    const fx = effects();
    const runtime = createSessionRuntime(fx);
    runtime.openLogin({ redirectTo: '/myrexer/profilo' });
    expect(modalStore.current()).toMatchObject({ kind: 'login' });
    runtime.actor.send({
      type: 'LOGIN',
      credentials: { username: 'laura@example.it', password: 'Casa#2026', recaptchaToken: 'off' },
    });
    await waitFor(runtime.actor, (snapshot) => snapshot.matches({ authenticated: 'loggedIn' }));
    expect(calls).toEqual(['POST /api/Account/Login', 'POST /api/Account/Session']);
    expect(fx.navigate).toHaveBeenCalledWith('/myrexer/profilo');
    expect(modalStore.current()).toBeNull();
    expect(sessionView.get()).toMatchObject({ status: 'loggedIn', username: 'laura@example.it' });
  });

  it('runs the caller back for the callback sources instead of redirecting', async () => {
    fakeApi({
      'POST /api/Account/Login': () => json({ IsConfirmed: true, TermsAndPrivacyConfirmed: true }),
      'POST /api/Account/Session': () => json({}),
    });
    const fx = effects();
    const onLoggedIn = vi.fn();
    const runtime = createSessionRuntime(fx);
    runtime.openLogin({ source: LOGIN_SOURCE.valuation, redirectTo: '/myrexer/profilo', onLoggedIn });
    runtime.actor.send({
      type: 'LOGIN',
      source: LOGIN_SOURCE.valuation,
      credentials: { username: 'a@b.it', password: 'Casa#2026', recaptchaToken: 'off' },
    });
    await waitFor(runtime.actor, (snapshot) => snapshot.matches({ authenticated: 'loggedIn' }));
    expect(onLoggedIn).toHaveBeenCalledTimes(1);
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('opens the terms modal for pending terms and completes the login after acceptance', async () => {
    const calls = fakeApi({
      'POST /api/Account/Login': () => json({ IsConfirmed: true, TermsAndPrivacyConfirmed: false }),
      'POST /api/User/UpdateRexerTermsAndConditions': async (request) => {
        expect(await request.json()).toEqual({ RexerTermsAndConditions: true, RexerPrivacy: true });
        return json({ Ok: true });
      },
      'POST /api/Account/Session': () => json({}),
    });
    const runtime = createSessionRuntime(effects());
    runtime.openLogin();
    runtime.actor.send({
      type: 'LOGIN',
      credentials: { username: 'a@b.it', password: 'Casa#2026', recaptchaToken: 'off' },
    });
    await waitFor(runtime.actor, (snapshot) => snapshot.matches('temporary'));
    expect(modalStore.current()).toEqual({ kind: 'terms' });
    runtime.actor.send({ type: 'ACCEPT_TERMS' });
    await waitFor(runtime.actor, (snapshot) => snapshot.matches({ authenticated: 'loggedIn' }));
    expect(calls).toEqual([
      'POST /api/Account/Login',
      'POST /api/User/UpdateRexerTermsAndConditions',
      'POST /api/Account/Session',
    ]);
    expect(modalStore.current()).toBeNull();
  });

  it('records the Italian-facing failure kinds of a refused login', async () => {
    fakeApi({
      'POST /api/Account/Login': () =>
        json({ ExceptionType: 33, ExceptionTypeString: 'UserNotConfirmed', Token: 'conferma-token-123456' }, 400),
    });
    const runtime = createSessionRuntime(effects());
    runtime.actor.send({ type: 'LOGIN', credentials: { username: 'a@b.it', password: 'x', recaptchaToken: 'off' } });
    await waitFor(runtime.actor, (snapshot) => snapshot.context.loginError !== null);
    expect(runtime.actor.getSnapshot().context.loginError).toEqual({
      kind: 'UserNotConfirmed',
      confirmationToken: 'conferma-token-123456',
    });
  });

  it('shows the banned modal and ends the session of a suspended account', async () => {
    setMirror({ username: 'laura@example.it', isConfirmed: true, terms_privacy: true });
    fakeApi({ 'POST /api/Account/Logout': () => json(null, 204) });
    const fx = effects();
    const runtime = createSessionRuntime(fx);
    runtime.end('UserIsSuspendedOrDeleted');
    expect(modalStore.current()).toEqual({ kind: 'userBanned' });
    await waitFor(runtime.actor, (snapshot) => snapshot.matches('anonymous'));
    expect(fx.goHome).toHaveBeenCalled();
  });
  it('opens an anonymous session for a first call that needs one, once, without a refused call first', async () => {
    let hasUserToken = false;
    const calls = fakeApi({
      'POST /api/Account/Session': () =>
        hasUserToken ? json({}) : json({ ExceptionType: 60, ExceptionTypeString: 'MissingToken' }, 401),
      'POST /api/Account/AnonymousLogin': () => {
        hasUserToken = true;
        return json({});
      },
    });
    const runtime = createSessionRuntime(effects());
    await expect(Promise.all([runtime.ensureSession(), runtime.ensureSession()])).resolves.toEqual([true, true]);
    // The server keeps a returning visitor's anonymous user token (its cookie is HttpOnly): no 401 to try it.
    expect(calls).toEqual(['POST /api/Account/AnonymousLogin', 'POST /api/Account/Session']);
    await expect(runtime.ensureSession()).resolves.toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('answers false when the anonymous session cannot be opened', async () => {
    fakeApi({
      'POST /api/Account/AnonymousLogin': () => json({ ExceptionType: 1, ExceptionTypeString: 'Error' }, 500),
    });
    await expect(createSessionRuntime(effects()).ensureSession()).resolves.toBe(false);
  });
});
