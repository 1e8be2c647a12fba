import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';

/** The deepest a request body may nest: no call takes more than a few levels (a wizard answer four). */
export const BODY_MAX_DEPTH = 32;

/**
 * Why a parsed body cannot be taken, or null: a NUL character in a string or a key (PostgreSQL
 * stores none in text or jsonb: the insert would fail), or nesting deeper than BODY_MAX_DEPTH
 * (a stored answer is serialised again, recursively). Walked without recursion, so a body of
 * 20,000 nested arrays costs a loop, not the stack.
 */
export function unacceptableBody(body: unknown): string | null {
  const stack: Array<[unknown, number]> = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'a NUL character';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= BODY_MAX_DEPTH) return `nesting deeper than ${BODY_MAX_DEPTH}`;
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return 'a NUL character in a key';
      stack.push([item, depth + 1]);
    }
  }
  return null;
}

/**
 * Every parsed body (JSON, a form) is checked before its route's schema: what the database
 * cannot store or the server cannot serialise again is a 400 ValidationError, never a 500
 * from deep inside a transaction.
 */
export default fp(
  async function jsonBodyGuard(fastify) {
    // A callback hook: a GET has no body, and an async hook would cost it a promise all the same.
    fastify.addHook('preValidation', (request, _reply, done) => {
      if (typeof request.body !== 'object' || request.body === null) {
        done();
        return;
      }
      const why = unacceptableBody(request.body);
      done(why === null ? undefined : new AppError('ValidationError', { message: `request body: ${why}` }));
    });
  },
  { name: 'json-body-guard', fastify: '5.x' },
);
