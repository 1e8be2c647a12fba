import { lazy, Suspense } from 'react';
import { LOGIN_SOURCE } from '@domain/session';
import { useLoginThenResume } from '@/entities/session';
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
  const loginNeeded = useLoginThenResume({
    source: LOGIN_SOURCE.appointment,
    redirectTo: `/immobile/${propertyId}`,
    onOpenChange,
    draftKey: propertyId,
    markToSend: () => markVisitDraftToSend(propertyId),
    hasDraftToSend: () => readVisitDraft(propertyId)?.sendAfterLogin === true,
  });

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
