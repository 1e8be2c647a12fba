import { lazy, Suspense, useCallback, useContext, useEffect, useRef } from 'react';
import { LOGIN_SOURCE } from '@domain/session';
import { loadSessionRuntime, SessionViewContext, useSessionView } from '@/entities/session';
import { modalStore } from '@/shared/lib/modal-store';
import { markVisitDraftToSend, readVisitDraft } from '../model/visit-draft';

const loadBookVisitDialog = () => import('./book-visit-dialog');
const BookVisitDialog = lazy(loadBookVisitDialog);

/** Loads the dialog's code ahead (the button's hover or focus): it opens without a wait. */
export function preloadBookVisit(): void {
  void loadBookVisitDialog();
}

export interface BookVisitProps {
  propertyId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Scrivi al proprietario", offered when the owner has no visit times yet. */
  onWriteToOwner?: () => void;
}

/**
 * The booking dialog of a private owner's listing, and its way through the login: a visitor
 * who is not logged in picks the times, presses "Invia richiesta", logs in (or registers) and
 * the request goes; the choice waits in the tab (visit-draft.ts) meanwhile. Rendered once per
 * page; the page's buttons open it. The dialog's code loads when it first opens.
 */
export function BookVisit({ propertyId, open, onOpenChange, onWriteToOwner }: BookVisitProps) {
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
    markVisitDraftToSend(propertyId);
    onOpenChangeRef.current(true);
  }, [propertyId]);

  useEffect(() => {
    if (!session.isLoggedIn) return;
    if (waitingForLogin.current) {
      resumeAfterLogin();
      return;
    }
    // Logged in with a request left to send (back after a registration, a reload): show it to confirm.
    if (readVisitDraft(propertyId)?.sendAfterLogin) onOpenChangeRef.current(true);
  }, [session.isLoggedIn, propertyId, resumeAfterLogin]);

  // The login's modals closed: logged in, the request goes; otherwise it stays kept for later.
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
      (runtime) => runtime.openLogin({ source: LOGIN_SOURCE.appointment, redirectTo: `/immobile/${propertyId}`, onLoggedIn: resumeAfterLogin }),
      () => {
        // The login could not load: back to the dialog, the choice is still there.
        waitingForLogin.current = false;
        onOpenChangeRef.current(true);
      },
    );
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <BookVisitDialog
        propertyId={propertyId}
        onLoginNeeded={loginNeeded}
        onWriteToOwner={onWriteToOwner}
        onClose={() => onOpenChange(false)}
      />
    </Suspense>
  );
}
