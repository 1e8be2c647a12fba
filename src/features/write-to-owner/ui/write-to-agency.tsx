import { lazy, Suspense } from 'react';
import { LOGIN_SOURCE } from '@domain/session';
import { useLoginThenResume } from '@/entities/session';
import { markOwnerMessageToSend, readOwnerMessageDraft } from '../model/owner-message-draft';
import { draftKeyOf, type MessageRecipient } from '../model/recipient';

// The same dialog as "Scrivi al proprietario" (one chunk), written to an agency.
const loadDialog = () => import('./write-to-owner-dialog');
const WriteToOwnerDialog = lazy(loadDialog);

/** Loads the dialog's code ahead (the button's hover or focus): it opens without a wait. */
export function preloadWriteToAgency(): void {
  void loadDialog();
}

export interface WriteToAgencyProps {
  /** The agency's slug (POST /api/Message with AgencySlug) and name (the dialog's texts). */
  slug: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Contatta l'agenzia" on an agency's page: a message to the agency's account, and its way
 * through the login as for a listing's owner (a visitor writes, presses "Invia", logs in or
 * registers and the message goes; the text waits in the tab meanwhile). After sending, the
 * conversation opens in Messages.
 */
export function WriteToAgency({ slug, name, open, onOpenChange }: WriteToAgencyProps) {
  const recipient: MessageRecipient = { kind: 'agency', slug, name };
  const draftKey = draftKeyOf(recipient);
  const loginNeeded = useLoginThenResume({
    source: LOGIN_SOURCE.callbackOnly,
    onOpenChange,
    draftKey,
    markToSend: () => markOwnerMessageToSend(draftKey),
    hasDraftToSend: () => readOwnerMessageDraft(draftKey)?.sendAfterLogin === true,
  });

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <WriteToOwnerDialog recipient={recipient} onLoginNeeded={loginNeeded} onClose={() => onOpenChange(false)} />
    </Suspense>
  );
}
