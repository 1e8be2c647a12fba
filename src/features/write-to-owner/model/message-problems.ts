import { isMessageText, MESSAGE_TEXT_MAX, normalizeMessageText } from '@domain/message-text';
import { ApiError } from '@/shared/api';

export { MESSAGE_TEXT_MAX };

export type TextProblem = 'empty' | 'tooLong' | 'characters';
export type SendProblem =
  | 'rateLimited'
  | 'characters'
  | 'ownListing'
  | 'listingClosed'
  | 'ownAgency'
  | 'agencyUnreachable'
  | 'agencyNotFound'
  | 'generic';

/** What is wrong with the text before it is sent (the server checks the same rule). */
export function textProblem(text: string): TextProblem | null {
  const value = normalizeMessageText(text);
  if (value.length === 0) return 'empty';
  if (value.length > MESSAGE_TEXT_MAX) return 'tooLong';
  return isMessageText(value) ? null : 'characters';
}

const BY_TYPE: Record<string, SendProblem> = {
  MessageRateLimited: 'rateLimited',
  TooManyRequests: 'rateLimited',
  ValidationError: 'characters',
  MessageToOwnListing: 'ownListing',
  PropertyNotFound: 'listingClosed',
  MessageToOwnAgency: 'ownAgency',
  AgencyNotReachable: 'agencyUnreachable',
  AgencyNotFound: 'agencyNotFound',
};

export function sendProblemOf(error: unknown): SendProblem {
  const type = error instanceof ApiError ? error.body?.ExceptionTypeString : undefined;
  return (type && BY_TYPE[type]) || 'generic';
}
