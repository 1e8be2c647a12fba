import { useCallback, useContext, useEffect, useRef } from 'react';
import type { LoginSource } from '@domain/session';
import { modalStore } from '@/shared/lib/modal-store';
import { loadSessionRuntime } from './session-runtime';
import { SessionViewContext, useSessionView } from './session-view';

export interface LoginThenResumeOptions {
  /** Where the login comes from (docs/spec.md §7, login sources). */
  source: LoginSource;
  /** Where a registration's confirmation leads back to. */
  redirectTo?: string;
  /** Opens or closes the dialog that asked for the login. */
  onOpenChange: (open: boolean) => void;
  /** Marks the kept draft to go at once when the dialog opens again. */
  markToSend: () => void;
  /** Whether a draft waits to be sent after a login (back after a registration, a reload). */
  hasDraftToSend: () => boolean;
  /** What the draft belongs to (a listing's id): another one is looked at anew. */
  draftKey: string | number;
}

/**
 * A dialog's way through the login: `loginNeeded()` closes the dialog and opens the login; once
 * logged in (the login's callback, or its modals closing on a logged-in session) the draft is
 * marked to send and the dialog opens again. Logged in with a draft left from before (a
 * registration, a reload), the dialog opens to confirm it. A login closed without logging in
 * leaves the draft kept for later; a login that cannot load reopens the dialog.
 */
export function useLoginThenResume({
  source,
  redirectTo,
  onOpenChange,
  markToSend,
  hasDraftToSend,
  draftKey,
}: LoginThenResumeOptions): () => void {
  const session = useSessionView();
  const sessionStore = useContext(SessionViewContext);
  // Set while the login this dialog asked for is under way.
  const waitingForLogin = useRef(false);
  const latest = useRef({ onOpenChange, markToSend, hasDraftToSend });
  useEffect(() => {
    latest.current = { onOpenChange, markToSend, hasDraftToSend };
  });

  const resumeAfterLogin = useCallback(() => {
    if (!waitingForLogin.current) return;
    waitingForLogin.current = false;
    latest.current.markToSend();
    latest.current.onOpenChange(true);
  }, []);

  useEffect(() => {
    if (!session.isLoggedIn) return;
    if (waitingForLogin.current) {
      resumeAfterLogin();
      return;
    }
    if (latest.current.hasDraftToSend()) latest.current.onOpenChange(true);
  }, [session.isLoggedIn, draftKey, resumeAfterLogin]);

  useEffect(
    () =>
      modalStore.subscribe(() => {
        if (!waitingForLogin.current || modalStore.current() !== null) return;
        if (sessionStore.get().isLoggedIn) resumeAfterLogin();
        else waitingForLogin.current = false;
      }),
    [sessionStore, resumeAfterLogin],
  );

  return () => {
    waitingForLogin.current = true;
    latest.current.onOpenChange(false);
    void loadSessionRuntime().then(
      (runtime) => runtime.openLogin({ source, redirectTo, onLoggedIn: resumeAfterLogin }),
      () => {
        waitingForLogin.current = false;
        latest.current.onOpenChange(true);
      },
    );
  };
}
