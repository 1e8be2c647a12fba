import { lazy, Suspense, useCallback, useContext, useEffect, useRef } from 'react';
import { LOGIN_SOURCE } from '@domain/session';
import { loadSessionRuntime, SessionViewContext, useSessionView } from '@/entities/session';
import { modalStore } from '@/shared/lib/modal-store';
import { markOwnerMessageToSend, readOwnerMessageDraft } from '../model/owner-message-draft';

const loadWriteToOwnerDialog = () => import('./write-to-owner-dialog');
const WriteToOwnerDialog = lazy(loadWriteToOwnerDialog);

/** Loads the dialog's code ahead (the button's hover or focus): it opens without a wait. */
export function preloadWriteToOwner(): void {
  void loadWriteToOwnerDialog();
}

export interface WriteToOwnerProps {
  propertyId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Scrivi al proprietario" on a private owner's listing, and its way through the login: a
 * visitor who is not logged in writes, presses "Invia", logs in (or registers) and the message
 * goes; the text waits in the tab (owner-message-draft.ts) meanwhile. Rendered once per page;
 * the page's buttons open it. The dialog's code loads when it first opens.
 */
export function WriteToOwner({ propertyId, open, onOpenChange }: WriteToOwnerProps) {
  const session = useSessionView();
  const sessionStore = useContext(SessionViewContext);
  // Set while the login this dialog asked for is under way.
  const waitingForLogin = useRef(false);
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });

  // The dialog finds in the draft whether to send it at once (this dialog's login) or to show it.
  const resumeAfterLogin = useCallback(() => {
    if (!waitingForLogin.current) return;
    waitingForLogin.current = false;
    markOwnerMessageToSend(propertyId);
    onOpenChangeRef.current(true);
  }, [propertyId]);

  useEffect(() => {
    if (!session.isLoggedIn) return;
    if (waitingForLogin.current) {
      resumeAfterLogin();
      return;
    }
    // Logged in with a message left to send (back after a registration, a reload): show it to confirm.
    if (readOwnerMessageDraft(propertyId)?.sendAfterLogin) onOpenChangeRef.current(true);
  }, [session.isLoggedIn, propertyId, resumeAfterLogin]);

  // The login's modals closed: logged in, the message goes; otherwise it stays kept for later.
  useEffect(
    () =>
      modalStore.subscribe(() => {
        if (!waitingForLogin.current || modalStore.current() !== null) return;
        if (sessionStore.get().isLoggedIn) resumeAfterLogin();
        else waitingForLogin.current = false;
      }),
    [sessionStore, resumeAfterLogin],
  );

  const loginNeeded = () => {
    waitingForLogin.current = true;
    onOpenChange(false);
    void loadSessionRuntime().then(
      (runtime) => runtime.openLogin({ source: LOGIN_SOURCE.callbackOnly, onLoggedIn: resumeAfterLogin }),
      () => {
        // The login could not load: back to the dialog, the text is still there.
        waitingForLogin.current = false;
        onOpenChangeRef.current(true);
      },
    );
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <WriteToOwnerDialog
        propertyId={propertyId}
        onLoginNeeded={loginNeeded}
        onClose={() => onOpenChange(false)}
      />
    </Suspense>
  );
}
