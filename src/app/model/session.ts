import { sessionView, type SessionViewStore } from '@/entities/session';

/** What the router knows about the visitor's session: read from the session's mirror cookie. */
export interface RouterSession {
  readonly isLoggedIn: boolean;
}

export function routerSessionOf(store: SessionViewStore = sessionView): RouterSession {
  return {
    get isLoggedIn() {
      return store.get().isLoggedIn;
    },
  };
}
