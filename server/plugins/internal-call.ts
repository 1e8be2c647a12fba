import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/**
 * The API calls a page makes while it renders on the server travel inside this process
 * (`fastify.inject`), marked with a header whose value is made at start and never leaves the
 * process: the general per-IP limit, which would otherwise count every visitor's page against
 * one loopback address, lets them through.
 */
export const INTERNAL_CALL_HEADER = 'x-rexer-internal-call';
export const INTERNAL_CALL_TOKEN = randomBytes(24).toString('base64url');

export function isInternalCall(request: FastifyRequest): boolean {
  return isInternalRawCall(request.headers);
}

export function isInternalRawCall(headers: IncomingHttpHeaders): boolean {
  return headers[INTERNAL_CALL_HEADER] === INTERNAL_CALL_TOKEN;
}
