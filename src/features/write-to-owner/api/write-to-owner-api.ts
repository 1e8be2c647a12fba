import { apiClient, unwrap, type components } from '@/shared/api';

export type SentMessage = components['schemas']['SendMessageResponse'];

/** A buyer's first (or next) message about a listing: the server opens the thread with its owner. */
export async function writeToOwner(propertyId: number, text: string): Promise<SentMessage> {
  return unwrap(
    'POST /api/Message',
    await apiClient.POST('/api/Message', { body: { PropertyId: propertyId, Text: text } }),
  );
}
