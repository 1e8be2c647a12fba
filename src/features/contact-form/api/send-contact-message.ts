import { createApiClient } from '@/shared/api';
import type { ContactRequest } from '../model/contact-values';

// The app's client sends every 429 to /toomanyrequest. Here the form explains the limit in
// place instead, so the visitor keeps what they typed: this client has no redirect. The
// call needs no session token, so none is attached.
const contactClient = createApiClient();

export type SendOutcome =
  { kind: 'sent'; id: number } | { kind: 'badRequest' } | { kind: 'tooManyRequests' } | { kind: 'failed' };

/** POST /api/Contact/Send. Never throws: the form shows every outcome in place. */
export async function sendContactMessage(body: ContactRequest): Promise<SendOutcome> {
  try {
    const { data, response } = await contactClient.POST('/api/Contact/Send', { body });
    if (response.ok && data) return { kind: 'sent', id: data.Id };
    if (response.status === 400) return { kind: 'badRequest' };
    if (response.status === 429) return { kind: 'tooManyRequests' };
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
