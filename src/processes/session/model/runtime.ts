import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { deleteCookie } from '@/shared/lib/cookies';
import { modalStore } from '@/shared/lib/modal-store';
import { sameSitePath } from '@/shared/lib/same-site-path';
import { readStoredSession, sessionView, USER_COOKIE, type SessionRuntime } from '@/entities/session';
import { acceptTerms, anonymousLogin, COOKIE_HELD_TOKEN, exchangeSession, login, logout } from '@/entities/account';
import { LOGIN_SOURCE, sessionMachine, type LoginSource } from '../../../../machines/session.machine';

/** What the app does for the session: navigation and the caches that depend on who is logged in. */
export interface SessionEffects {
  /** A same-site path after a login (validated here before it is asked). */
  navigate(to: string): void;
  /** The home page of the visitor's current mode. */
  goHome(): void;
  /** The session changed: refresh what depends on it (profile queries, route guards). */
  sessionChanged(): void;
}

export interface LoadedSessionRuntime extends SessionRuntime {
  renew(requestId: string): Promise<boolean>;
  end(reason: string): void;
}

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** States where the machine is not busy: a renewal still waiting at one of them did not happen. */
function settled(snapshot: Snapshot): boolean {
  return !snapshot.matches('renewing') && !snapshot.matches({ anonymous: 'exchanging' }) && !snapshot.matches({ anonymous: 'loggingIn' });
}

/**
 * The session machine wired to the API (cookies hold the tokens, so the machine's token
 * values are a marker) and to the page: modals, redirect, callback, home.
 */
export function createSessionRuntime(effects: SessionEffects): LoadedSessionRuntime {
  let pendingLogin: { source: LoginSource; redirectTo?: string; onLoggedIn?: () => void } = { source: LOGIN_SOURCE.undefined };
  const pendingRenewals = new Map<string, (renewed: boolean) => void>();

  const changed = () => {
    sessionView.refresh();
    effects.sessionChanged();
  };

  const machine = sessionMachine.provide({
    actors: {
      // A returning visitor's anonymous session is in its cookie: reuse it before asking for a new one.
      anonymousLogin: fromPromise(async () => {
        const reused = await exchangeSession().then(
          () => true,
          () => false,
        );
        if (!reused) await anonymousLogin();
        return COOKIE_HELD_TOKEN;
      }),
      exchangeToken: fromPromise(async () => {
        await exchangeSession();
        return COOKIE_HELD_TOKEN;
      }),
      login: fromPromise(({ input }) => login(input)),
      acceptTerms: fromPromise(() => acceptTerms()),
      logout: fromPromise(() => logout()),
    },
    actions: {
      persistSession: changed,
      persistTemporaryUser: changed,
      clearStoredSession: () => {
        // The server clears its HttpOnly cookies at logout; the readable mirror goes here too,
        // so the page shows the logout even when the call did not get through.
        deleteCookie(USER_COOKIE);
        changed();
      },
      openTermsModal: () => modalStore.open({ kind: 'terms' }),
      closeLoginModal: () => {
        const current = modalStore.current();
        if (current?.kind === 'login' || current?.kind === 'terms') modalStore.close();
      },
      redirectAfterLogin: (_, to) => {
        const target = sameSitePath(to ?? pendingLogin.redirectTo);
        if (target) effects.navigate(target);
      },
      runLoginCallback: () => pendingLogin.onLoggedIn?.(),
      retryRequest: (_, requestId) => {
        pendingRenewals.get(requestId)?.(true);
        pendingRenewals.delete(requestId);
      },
      goHome: () => effects.goHome(),
    },
  });

  const actor = createActor(machine);
  actor.subscribe((snapshot) => {
    if (!settled(snapshot)) return;
    for (const resolve of pendingRenewals.values()) resolve(false);
    pendingRenewals.clear();
  });
  actor.start();

  const restore = () => {
    const record = readStoredSession();
    if (record) actor.send({ type: 'RESTORE', session: record, userToken: COOKIE_HELD_TOKEN, sessionToken: COOKIE_HELD_TOKEN });
    // The server may have ended the session since the page loaded (a deleted account): show it.
    sessionView.refresh();
  };
  restore();

  return {
    actor,
    openLogin(options = {}) {
      pendingLogin = { source: options.source ?? LOGIN_SOURCE.undefined, redirectTo: options.redirectTo, onLoggedIn: options.onLoggedIn };
      modalStore.open({ kind: 'login', email: options.email, socialEmail: options.socialEmail, notice: options.notice });
    },
    adoptServerSession() {
      restore();
      changed();
    },
    renew(requestId) {
      return new Promise<boolean>((resolve) => {
        pendingRenewals.set(requestId, resolve);
        actor.send({ type: 'SESSION_TOKEN_EXPIRED', requestId });
        // An event the current state does not take: nothing to wait for.
        if (settled(actor.getSnapshot()) && pendingRenewals.has(requestId)) {
          pendingRenewals.delete(requestId);
          resolve(false);
        }
      });
    },
    end(reason) {
      if (reason === 'UserIsSuspendedOrDeleted') modalStore.open({ kind: 'userBanned' });
      const snapshot = actor.getSnapshot();
      if (snapshot.matches('loggedIn') || snapshot.matches('silent') || snapshot.matches('temporary')) {
        actor.send({ type: 'USER_TOKEN_EXPIRED' });
      } else {
        deleteCookie(USER_COOKIE);
        changed();
      }
    },
  };
}

export type { SessionRuntime };
