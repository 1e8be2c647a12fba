import { createContext, useContext, useSyncExternalStore } from 'react';
import { readStoredSession, type StoredSessionRecord } from '../lib/stored-session';

/**
 * What the pages know about the session without loading the session machine: who is
 * logged in, read from the mirror cookie. The session process refreshes it on every
 * change; the first screen needs nothing else (the machine loads when a flow needs it).
 */
export type SessionStatus = 'anonymous' | 'temporary' | 'silent' | 'loggedIn';

export interface SessionView {
  status: SessionStatus;
  username: string | null;
  /** True for a logged-in or silent session: the MyRexer pages open. */
  isLoggedIn: boolean;
}

export function viewOf(record: StoredSessionRecord | null): SessionView {
  if (!record) return { status: 'anonymous', username: null, isLoggedIn: false };
  if (!record.termsPrivacy) return { status: 'temporary', username: record.username, isLoggedIn: false };
  if (record.silent) return { status: 'silent', username: record.username, isLoggedIn: true };
  return { status: 'loggedIn', username: record.username, isLoggedIn: true };
}

function sameView(a: SessionView, b: SessionView): boolean {
  return a.status === b.status && a.username === b.username;
}

export function createSessionViewStore(read: () => StoredSessionRecord | null = readStoredSession) {
  let current = viewOf(read());
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    /** Reads the mirror cookie again (after a login, a logout, a renewal). */
    refresh() {
      const next = viewOf(read());
      if (sameView(next, current)) return;
      current = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type SessionViewStore = ReturnType<typeof createSessionViewStore>;

/** The browser's store (the session process refreshes it). */
export const sessionView = createSessionViewStore();

/**
 * The store the components read: the browser's by default; a page rendered on the server
 * provides one read from that request's cookie, so concurrent requests never share it.
 */
export const SessionViewContext = createContext<SessionViewStore>(sessionView);

export function useSessionView(): SessionView {
  const store = useContext(SessionViewContext);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
