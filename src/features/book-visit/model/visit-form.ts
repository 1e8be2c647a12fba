import { isOneLineText } from '@domain/person-name';

// The request's optional fields, checked as the server checks them
// (server/modules/appointments/schemas.ts), so the visitor hears of a problem before sending.

export const VISIT_MESSAGE_MAX = 1000;
const PHONE = /^\+?[0-9 ]{6,20}$/;

export type MessageProblem = 'tooLong' | 'characters';
export type PhoneProblem = 'invalid';

export function messageProblem(message: string): MessageProblem | null {
  const text = message.trim();
  if (text.length > VISIT_MESSAGE_MAX) return 'tooLong';
  return text.split(/\r\n|\r|\n|\t/).every(isOneLineText) ? null : 'characters';
}

export function phoneProblem(phone: string): PhoneProblem | null {
  const value = phone.trim();
  return value === '' || PHONE.test(value) ? null : 'invalid';
}
