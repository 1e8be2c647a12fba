import { lazy, Suspense } from 'react';
import { LOGIN_SOURCE } from '@domain/session';
import { useLoginThenResume } from '@/entities/session';
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
  const loginNeeded = useLoginThenResume({
    source: LOGIN_SOURCE.callbackOnly,
    onOpenChange,
    draftKey: propertyId,
    markToSend: () => markOwnerMessageToSend(propertyId),
    hasDraftToSend: () => readOwnerMessageDraft(propertyId)?.sendAfterLogin === true,
  });

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <WriteToOwnerDialog
        recipient={{ kind: 'owner', propertyId }}
        onLoginNeeded={loginNeeded}
        onClose={() => onOpenChange(false)}
      />
    </Suspense>
  );
}
