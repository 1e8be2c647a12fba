import { z } from 'zod';
import { ERROR_NAMES } from './catalogue';

/** `{ ExceptionType, ExceptionTypeString }`: the body of every error answer. */
export const ErrorBody = z
  .object({
    ExceptionType: z.number().int().describe('Number from the error catalogue (server/errors/catalogue.ts).'),
    ExceptionTypeString: z.enum(ERROR_NAMES).describe('Name from the error catalogue.'),
    Token: z.string().optional().describe('UserNotConfirmed only: token for requesting a new confirmation mail.'),
  })
  .meta({ id: 'ErrorBody', description: 'Every error answer: the HTTP status and this body, never a stack trace.' });

export type ErrorBodyType = z.infer<typeof ErrorBody>;

type Status = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 429 | 500 | 503;

/**
 * Response schemas for the error statuses a route can answer. Every route can answer
 * 400 (a wrong Portal header), 429 (rate limit) and 500, so those are always included.
 */
export function errorResponses<const S extends Status>(
  ...statuses: S[]
): Record<S | 400 | 429 | 500, typeof ErrorBody> {
  const out = {} as Record<S | 400 | 429 | 500, typeof ErrorBody>;
  for (const status of [400, 429, 500, ...statuses] as (S | 400 | 429 | 500)[]) out[status] = ErrorBody;
  return out;
}
