import { apiClient, unwrap, type components } from '@/shared/api';
import type { MessageRecipient } from '../model/recipient';

export type SentMessage = components['schemas']['SendMessageResponse'];

/** A buyer's first (or next) message about a listing: the server opens the thread with its owner. */
export async function writeToOwner(propertyId: number, text: string): Promise<SentMessage> {
  return unwrap(
    'POST /api/Message',
    await apiClient.POST('/api/Message', { body: { PropertyId: propertyId, Text: text } }),
  );
}

/** A first (or next) message to an agency: the server opens the thread with the agency's account. */
export async function writeToAgency(slug: string, text: string): Promise<SentMessage> {
  return unwrap('POST /api/Message', await apiClient.POST('/api/Message', { body: { AgencySlug: slug, Text: text } }));
}

/** The first (or next) message to `recipient`. */
export function writeTo(recipient: MessageRecipient, text: string): Promise<SentMessage> {
  return recipient.kind === 'owner' ? writeToOwner(recipient.propertyId, text) : writeToAgency(recipient.slug, text);
}
