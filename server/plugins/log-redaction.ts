import type { FastifyRequest } from 'fastify';

/**
 * Single-use tokens travel in URLs (the links of the mails, the CRM's auto-login, the social
 * login's callback): a log line with a full URL would hand them to whoever reads the logs.
 * Every text that reaches the log goes through redactText first (app.ts): the request's URL
 * and the errors (the logger's serializers), and the message and the other fields of every
 * call (its logMethod hook), Fastify's own messages included.
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
/**
 * A query (or fragment) parameter: its name, then its value. Names are matched whole and
 * tested apart, so a long URL costs linear time (a pattern that looked for a secret word
 * inside the name backtracked quadratically and more on crafted query strings).
 */
const queryParam = /([?&#;])([^=&#;?\s"']*)=([^&#;\s"']*)/g;
/** A parameter whose name says it is secret: token, analyticsToken, code, state, key ..., and `t` (the signed delete link of a saved search's mail). */
const secretName = /^t$|token|code|state|key|password|secret|session/i;
/** A safety net: a path segment of 20 or more URL-safe characters has the shape of a token... */
const tokenSegment = /\/([A-Za-z0-9_-]{20,})(?=[/?#\s"']|$)/g;
/**
 * ... unless it is made of words, as the name of a route is (RequestNewConfirmationMail,
 * registrazionetelefonosocial, appartamenti-in-vendita): lower-case runs, each after a capital
 * or a dash. A random token of 20 or more characters is almost never so (and those of Rexer,
 * 43 characters, practically never). Every word starts at a character the previous one cannot
 * take, so the match is linear whatever the segment.
 */
const wordShaped = /^[A-Za-z][a-z]+(?:[-_][A-Za-z][a-z]+|[A-Z][a-z]+)*$/;

/**
 * Every pattern above starts at a slash or a query separator: a text without one (most log
 * messages, "incoming request") is returned as it is, without running the three of them.
 */
const mayHoldToken = /[/?&#;]/;

/** The text with every token of a URL in it replaced by [redacted]. */
export function redactText(text: string): string {
  if (!mayHoldToken.test(text)) return text;
  return text
    .replace(tokenRoute, (_match, route: string) => `/${route}/${REDACTED}`)
    .replace(queryParam, (match, separator: string, name: string) =>
      secretName.test(name) ? `${separator}${name}=${REDACTED}` : match,
    )
    .replace(tokenSegment, (match, segment: string) => (wordShaped.test(segment) ? match : `/${REDACTED}`));
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

/** How deep a logged value is searched for texts to redact (and how many causes are kept). */
const MAX_DEPTH = 5;

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * A logged value with every text in it redacted: strings, arrays and plain objects however
 * deep (a failed query's parameters can hold a mail with its link), URLs, search params and
 * errors. Other objects (the request, the reply) are left to their serializers.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (value instanceof Error) return serializeError(value, depth + 1);
  if (value instanceof URL) return redactText(value.href);
  if (value instanceof URLSearchParams) return redactText(`?${value.toString()}`).slice(1);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (!isPlainObject(value)) return value;
  // The object itself when nothing in it changed (Fastify's { req } and { res, responseTime }
  // on every request): a copy only where a value was redacted.
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const redacted = redactValue(item, depth + 1);
    if (redacted !== item && copy === undefined) copy = { ...value };
    if (copy !== undefined) copy[key] = redacted;
  }
  return copy ?? value;
}

/**
 * An error as pino's standard serializer writes it, every text in it redacted, its cause
 * too. A plain object (the error plugin logs refusals as `{ type, message, code }`) keeps
 * its fields, redacted.
 */
export function serializeError(error: Error, depth = 0): SerializedError {
  const fields: Record<string, unknown> =
    error instanceof Error ? { type: error.name, message: error.message, stack: error.stack ?? '' } : {};
  if (error !== null && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) if (!(key in fields)) fields[key] = value;
    const cause: unknown = (error as { cause?: unknown }).cause;
    if (cause !== undefined) fields.cause = cause;
  }
  const out = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, redactValue(value, depth + 1)]));
  return out as SerializedError;
}

/**
 * pino's logMethod hook: the arguments of every log call redacted before pino formats them,
 * the message and its interpolated values as much as the fields of the merging object.
 */
export function redactLogArguments(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
  const [first, ...rest] = args;
  // An error logged alone stays an error (the err serializer redacts it), but pino would take
  // its message, unredacted, for the line's message: it is given one.
  if (first instanceof Error) {
    method.apply(this, [
      first,
      ...(rest.length > 0 ? rest.map((arg) => redactValue(arg)) : [redactText(first.message)]),
    ]);
    return;
  }
  method.apply(
    this,
    args.map((arg) => redactValue(arg)),
  );
}
