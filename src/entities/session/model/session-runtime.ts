import type { Actor } from 'xstate';
import type { LoginSource, sessionMachine } from '../../../../machines/session.machine';

/** The running session machine, with what the app adds around it. */
export interface SessionRuntime {
  actor: Actor<typeof sessionMachine>;
  /** Opens the login modal for a flow; `onLoggedIn` runs for the callback sources. */
  openLogin(options?: { source?: LoginSource; redirectTo?: string; email?: string; socialEmail?: boolean; notice?: 'confirmed' | 'passwordChanged' | 'socialError'; onLoggedIn?: () => void }): void;
  /** The server has just set a session in cookies (auto-login, social login): the machine takes it. */
  adoptServerSession(): void;
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
