import type { LoginSource, SessionActivity, SessionIntent } from '@domain/session';
import type { LoginNotice } from '@/shared/lib/modal-store';

/**
 * The running session, as pages, features and modals see it: intents to send and what the
 * session allows now. The machine behind it belongs to the session process; nothing here
 * knows its states.
 */
export interface SessionRuntime {
  /** Whether the session takes this intent now (the machine's `snapshot.can`). */
  can(intent: SessionIntent): boolean;
  /** Sends the intent when the session takes it; answers whether it did. */
  send(intent: SessionIntent): boolean;
  /** Ends the session (revoking it on the server); resolves once it has ended. */
  logout(): Promise<void>;
  /** What the session's modals show; the same object until something changes. */
  activity(): SessionActivity;
  /** Calls `listener` whenever the activity may have changed; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Opens the login modal for a flow; `onLoggedIn` runs for the callback sources. */
  openLogin(options?: {
    source?: LoginSource;
    redirectTo?: string;
    email?: string;
    socialEmail?: boolean;
    notice?: LoginNotice;
    onLoggedIn?: () => void;
  }): void;
  /** The server has just set a session in cookies (auto-login, social login): the machine takes it. */
  adoptServerSession(): void;
  /**
   * A call that needs a session is about to be made (a favourite saved by a visitor): opens
   * the anonymous session when there is none yet; resolves whether a session is in place.
   */
  ensureSession(): Promise<boolean>;
}

type Loader = () => Promise<SessionRuntime>;

let loader: Loader | undefined;

/**
 * The session machine is loaded when a flow needs it, not with the first screen; the session
 * process provides the loader at start-up, and pages and features ask for it here.
 */
export function provideSessionRuntime(load: Loader | undefined): void {
  loader = load;
}

export function loadSessionRuntime(): Promise<SessionRuntime> {
  if (!loader) return Promise.reject(new Error('The session process is not installed'));
  return loader();
}

/**
 * Makes sure the visitor holds a session before a call that needs one (`PUT` a favourite):
 * a logged-in visitor already does; anyone else gets the anonymous session of docs/spec.md §4
 * (the returning visitor's is reused). The session machine loads here, on the first such
 * call, never with the first screen.
 */
export async function ensureSession(isLoggedIn: boolean): Promise<boolean> {
  if (isLoggedIn) return true;
  return (await loadSessionRuntime()).ensureSession();
}
