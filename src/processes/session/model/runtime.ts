import { createActor, fromPromise, waitFor, type Actor, type SnapshotFrom } from 'xstate';
import { LOGIN_SOURCE, type LoginSource, type RenewalFailure, type SessionActivity } from '@domain/session';
import { ApiError } from '@/shared/api';
import { inspectOptions } from '@/shared/lib/inspect';
import { deleteCookie } from '@/shared/lib/cookies';
import { modalStore } from '@/shared/lib/modal-store';
import { sameSitePath } from '@/shared/lib/site-url';
import { readStoredSession, sessionView, USER_COOKIE, type SessionRuntime } from '@/entities/session';
import { acceptTerms, anonymousLogin, exchangeSession, login, logout } from '@/entities/account';
import { SESSION_TAGS, sessionMachine } from '../../../../machines/session.machine';

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
  /** The machine's actor, for the session's own modals (the process may read the machine). */
  actor: Actor<typeof sessionMachine>;
  renew(requestId: string): Promise<boolean>;
  end(reason: string): void;
}

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** The machine waits on no call: a renewal still pending then did not happen. */
function settled(snapshot: Snapshot): boolean {
  return !snapshot.hasTag(SESSION_TAGS.busy);
}

/** What the modals show, read from the machine's tags and context. */
export function activityOf(snapshot: Snapshot): SessionActivity {
  return {
    signingIn: snapshot.hasTag(SESSION_TAGS.signingIn),
    signingOut: snapshot.hasTag(SESSION_TAGS.signingOut),
    termsPending: snapshot.can({ type: 'ACCEPT_TERMS' }),
    signedIn: snapshot.hasTag(SESSION_TAGS.signedIn),
    loginError: snapshot.context.loginError,
  };
}

function sameActivity(a: SessionActivity, b: SessionActivity): boolean {
  return (
    a.signingIn === b.signingIn &&
    a.signingOut === b.signingOut &&
    a.termsPending === b.termsPending &&
    a.signedIn === b.signedIn &&
    a.loginError === b.loginError
  );
}

/**
 * The session machine wired to the API (HttpOnly cookies hold the tokens; the machine knows
 * only whether they are held) and to the page: modals, redirect, callback, home.
 */
export function createSessionRuntime(
  effects: SessionEffects,
  options: Awaited<ReturnType<typeof inspectOptions>> = {},
): LoadedSessionRuntime {
  let pendingLogin: { source: LoginSource; redirectTo?: string; onLoggedIn?: () => void } = {
    source: LOGIN_SOURCE.undefined,
  };
  const pendingRenewals = new Map<string, (renewed: boolean) => void>();

  const changed = () => {
    sessionView.refresh();
    effects.sessionChanged();
  };

  const machine = sessionMachine.provide({
    actors: {
      // A returning visitor's anonymous session is in its HttpOnly cookie: the server keeps it.
      anonymousLogin: fromPromise(() => anonymousLogin()),
      exchangeToken: fromPromise(async () => {
        await exchangeSession().catch((error: unknown) => {
          // A 401 is the server's refusal of the user token; anything else left the call unanswered.
          throw {
            kind: error instanceof ApiError && error.status === 401 ? 'Refused' : 'Unanswered',
          } satisfies RenewalFailure;
        });
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

  const actor = createActor(machine, options);
  let activity = activityOf(actor.getSnapshot());
  actor.subscribe((snapshot) => {
    const next = activityOf(snapshot);
    if (!sameActivity(next, activity)) activity = next;
    if (!settled(snapshot)) return;
    for (const resolve of pendingRenewals.values()) resolve(false);
    pendingRenewals.clear();
  });
  actor.start();

  const restore = () => {
    const record = readStoredSession();
    if (record) actor.send({ type: 'RESTORE', session: record });
    // The server may have ended the session since the page loaded (a deleted account): show it.
    sessionView.refresh();
  };
  restore();

  return {
    actor,
    can: (intent) => actor.getSnapshot().can(intent),
    send(intent) {
      if (!actor.getSnapshot().can(intent)) return false;
      actor.send(intent);
      return true;
    },
    async logout() {
      if (!actor.getSnapshot().can({ type: 'LOGOUT' })) return;
      actor.send({ type: 'LOGOUT' });
      await waitFor(actor, (snapshot) => !snapshot.hasTag(SESSION_TAGS.signingOut));
    },
    activity: () => activity,
    subscribe(listener) {
      const subscription = actor.subscribe(() => listener());
      return () => subscription.unsubscribe();
    },
    openLogin(options = {}) {
      pendingLogin = {
        source: options.source ?? LOGIN_SOURCE.undefined,
        redirectTo: options.redirectTo,
        onLoggedIn: options.onLoggedIn,
      };
      modalStore.open({
        kind: 'login',
        email: options.email,
        socialEmail: options.socialEmail,
        notice: options.notice,
      });
    },
    adoptServerSession() {
      restore();
      changed();
    },
    async ensureSession() {
      // A call under way (a login, a renewal) decides first.
      const now = settled(actor.getSnapshot()) ? actor.getSnapshot() : await waitFor(actor, settled);
      if (now.context.sessionHeld) return true;
      if (!now.can({ type: 'ENSURE_SESSION' })) return false;
      actor.send({ type: 'ENSURE_SESSION' });
      return (await waitFor(actor, settled)).context.sessionHeld;
    },
    renew(requestId) {
      const snapshot = actor.getSnapshot();
      if (!snapshot.can({ type: 'SESSION_TOKEN_EXPIRED', requestId })) {
        // Another request's renewal (or a login) under way: its outcome decides this request's retry too.
        if (!settled(snapshot)) return waitFor(actor, settled).then((after) => after.context.sessionHeld);
        // No session to renew: nothing to wait for.
        return Promise.resolve(false);
      }
      return new Promise<boolean>((resolve) => {
        pendingRenewals.set(requestId, resolve);
        actor.send({ type: 'SESSION_TOKEN_EXPIRED', requestId });
        // Settled at once (the expiry ended the session): the request is not retried.
        if (settled(actor.getSnapshot()) && pendingRenewals.has(requestId)) {
          pendingRenewals.delete(requestId);
          resolve(false);
        }
      });
    },
    end(reason) {
      if (reason === 'UserIsSuspendedOrDeleted') modalStore.open({ kind: 'userBanned' });
      if (actor.getSnapshot().hasTag(SESSION_TAGS.signedIn)) {
        actor.send({ type: 'USER_TOKEN_EXPIRED' });
      } else {
        deleteCookie(USER_COOKIE);
        changed();
      }
    },
  };
}

export type { SessionRuntime };
