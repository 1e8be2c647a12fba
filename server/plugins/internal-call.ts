import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/**
 * The API calls a page makes while it renders on the server travel inside this process
 * (`fastify.inject`), marked with a header whose value is made at start and never leaves the
 * process. They come from the address of the visitor the page renders for (`request.ip` of the
 * page, server/plugins/pages.ts), so every limit of its own a route has (the searches) and its
 * ban count them against that visitor; the general per-IP limit, which counted the page itself,
 * lets them through. From outside the header is only a header: the request keeps its own address
 * and every limit.
 */
export const INTERNAL_CALL_HEADER = 'x-rexer-internal-call';
export const INTERNAL_CALL_TOKEN = randomBytes(24).toString('base64url');

export function isInternalCall(request: FastifyRequest): boolean {
  return isInternalRawCall(request.headers);
}

export function isInternalRawCall(headers: IncomingHttpHeaders): boolean {
  return headers[INTERNAL_CALL_HEADER] === INTERNAL_CALL_TOKEN;
}
