import type { DraftKey } from './owner-message-draft';

/**
 * Who the first message goes to: a listing's owner («Scrivi al proprietario», by the listing)
 * or an agency's account («Contatta l'agenzia», by the agency's slug). Either way the server
 * opens the thread, or continues the caller's, and the conversation goes on in Messages.
 */
export type MessageRecipient = { kind: 'owner'; propertyId: number } | { kind: 'agency'; slug: string; name: string };

/** Where the recipient's draft is kept (a listing's id, as before agencies, or `agency-{slug}`). */
export function draftKeyOf(recipient: MessageRecipient): DraftKey {
  return recipient.kind === 'owner' ? recipient.propertyId : `agency-${recipient.slug}`;
}
