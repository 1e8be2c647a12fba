import type { FastifyRequest } from 'fastify';

/**
 * Single-use tokens travel in URLs (the links of the mails, the CRM's auto-login, the social
 * login's callback): a log line with a full URL would hand them to whoever reads the logs.
 * Every URL and error text that reaches the log goes through redactText first (the logger's
 * serializers in app.ts).
 */

const REDACTED = '[redacted]';

/** Routes whose next path segment is a token (or, for mailnonconfermata, an address). */
const TOKEN_ROUTES = [
  'recuperaPassword',
  'inserisciPassword',
  'mailconfermata',
  'mailnonconfermata',
  'Account/Confirm',
  'Account/RequestNewConfirmationMail',
  'Account/DecryptAnalyticsToken',
  'AutoLogin',
];

const tokenRoute = new RegExp(`/(${TOKEN_ROUTES.join('|')})/[^/?#\\s"']+`, 'gi');
/** A query parameter whose name says it is secret: token, analyticsToken, code, state, key ... */
const secretParam = /([?&][^=&#\s"']*(?:token|code|state|key|password|secret|session)[^=&#\s"']*=)[^&#\s"']*/gi;
/** A safety net: a path segment of 20 or more URL-safe characters has the shape of a token. */
const tokenSegment = /\/[A-Za-z0-9_-]{20,}(?=[/?#\s"']|$)/g;

/** The text with every token of a URL in it replaced by [redacted]. */
export function redactText(text: string): string {
  return text
    .replace(tokenRoute, (_match, route: string) => `/${route}/${REDACTED}`)
    .replace(secretParam, (_match, name: string) => `${name}${REDACTED}`)
    .replace(tokenSegment, `/${REDACTED}`);
}

/** What a request log line says of the request: as Fastify's default, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactText(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * An error as pino's standard serializer writes it, with its texts redacted. A plain object
 * (the error plugin logs refusals as `{ type, message, code }`) keeps its fields, redacted.
 */
export function serializeError(error: Error): SerializedError {
  const fields: Record<string, unknown> = error instanceof Error ? { type: error.name, message: error.message, stack: error.stack ?? '' } : {};
  if (error !== null && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) if (!(key in fields) && key !== 'cause') fields[key] = value;
  }
  const out = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? redactText(value) : value]));
  return out as SerializedError;
}
