import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { userTokens } from '../db/schema';
import { hashToken, USER_TOKEN_TTL_MS } from '../auth/tokens';

/**
 * The session of a browser, kept in cookies the server sets (docs/spec.md §3, "Stored user
 * session"). The bearer never reaches page scripts:
 * - `rexer_session` (HttpOnly): the spec's record — username, userdata (the user token),
 *   isConfirmed, terms_privacy, silent, and a date stamp. Anonymous visitors have one too,
 *   with an empty username.
 * - `rexer_temp_user` (HttpOnly): the same record while the terms are pending (a login
 *   whose user has not accepted the current terms yet).
 * - `rexer_auth` (HttpOnly): the session (bearer) token; the API reads it when a request
 *   has no Authorization header.
 * - `rexer_user` (readable): the record without the token, so the app knows at start who
 *   is logged in without a call.
 * Every cookie lasts 30 days, is Secure and SameSite=Lax; the three that carry a token are
 * named with the `__Host-` prefix when Secure (sessionCookieNames). A silent login's cookies
 * (the registration's, docs/spec.md §4: "persistent unless silent") are session cookies
 * instead: no Max-Age, so they end when the browser closes. When the stamp of a record
 * is from another day, the next request refreshes the cookies and the user token's expiry:
 * a session lasts 30 days from its last day of use, and never past the absolute end set at
 * login (SESSION_MAX_AGE_DAYS).
 *
 * Requests that send `X-Token-Transport: cookie` (the web app does) get the tokens in these
 * cookies only: the token fields of the answers are left out. Other clients (the mobile
 * app, scripts) get them in the body, as the spec's calls describe, and send a bearer.
 */

export const SESSION_COOKIE = 'rexer_session';
export const TEMP_USER_COOKIE = 'rexer_temp_user';
export const AUTH_COOKIE = 'rexer_auth';
export const USER_COOKIE = 'rexer_user';

/**
 * The names of the cookies that carry a session. Where cookies are Secure they take the
 * `__Host-` prefix: the browser then accepts them only from this host over HTTPS, with
 * Path=/ and no Domain, so a sibling subdomain or a plain-http page cannot plant or
 * overwrite them. The readable mirror carries no token and keeps its plain name.
 */
export function sessionCookieNames(secure: boolean): { session: string; temporary: string; auth: string } {
  const prefix = secure ? '__Host-' : '';
  return {
    session: `${prefix}${SESSION_COOKIE}`,
    temporary: `${prefix}${TEMP_USER_COOKIE}`,
    auth: `${prefix}${AUTH_COOKIE}`,
  };
}
export const TOKEN_TRANSPORT_HEADER = 'x-token-transport';

/** docs/spec.md §9: the session cookie lasts 2592000 s. */
export const SESSION_COOKIE_MAX_AGE_S = 2_592_000;

export interface SessionRecord {
  username: string;
  /** The user token. */
  userdata: string;
  isConfirmed: boolean;
  terms_privacy: boolean;
  silent?: boolean;
  /** The day (YYYY-MM-DD, UTC) the cookie was last written. */
  stamp: string;
}

export type PublicSessionRecord = Omit<SessionRecord, 'userdata'>;

export function dayStamp(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function encodeRecord(record: SessionRecord | PublicSessionRecord): string {
  return Buffer.from(JSON.stringify(record), 'utf8').toString('base64url');
}

/** The record of a cookie value, or undefined when it is not one (a forged or old cookie is ignored). */
export function decodeRecord(value: string | undefined): SessionRecord | undefined {
  if (!value || value.length > 2048) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const r = parsed as Record<string, unknown>;
    if (typeof r.username !== 'string' || typeof r.userdata !== 'string' || !/^[A-Za-z0-9_-]{20,128}$/.test(r.userdata))
      return undefined;
    if (typeof r.isConfirmed !== 'boolean' || typeof r.terms_privacy !== 'boolean' || typeof r.stamp !== 'string')
      return undefined;
    return {
      username: r.username,
      userdata: r.userdata,
      isConfirmed: r.isConfirmed,
      terms_privacy: r.terms_privacy,
      silent: r.silent === true,
      stamp: r.stamp,
    };
  } catch {
    return undefined;
  }
}

/** Whether the request asked for its tokens in cookies only. */
export function wantsCookieTransport(request: FastifyRequest): boolean {
  return request.headers[TOKEN_TRANSPORT_HEADER] === 'cookie';
}

/** `persistent`: 30 days; otherwise a session cookie (no Max-Age, no Expires), as for a silent login. */
function cookieOptions(fastify: FastifyInstance, httpOnly: boolean, persistent: boolean) {
  return {
    path: '/',
    httpOnly,
    secure: fastify.config.cookieSecure,
    sameSite: 'lax' as const,
    ...(persistent ? { maxAge: SESSION_COOKIE_MAX_AGE_S } : {}),
  };
}

function publicOf(record: SessionRecord): PublicSessionRecord {
  const { userdata: _token, ...rest } = record;
  return rest;
}

export interface BrowserSession {
  /** A logged-in, silent or temporary user: the record goes to its cookie, the mirror follows. */
  setUser(reply: FastifyReply, record: Omit<SessionRecord, 'stamp'>, opts: { temporary: boolean; now: Date }): void;
  /** An anonymous visitor's user token. */
  setAnonymous(reply: FastifyReply, userToken: string, now: Date): void;
  /** The bearer cookie; `silent`: the session token of a silent login, kept only until the browser closes. */
  setAuth(reply: FastifyReply, sessionToken: string, opts: { silent: boolean }): void;
  /** The user token a Session call without one in its body trades: the pending temporary user first. */
  userTokenOf(request: FastifyRequest): string | undefined;
  /** The browser's session record (logged in, silent or anonymous), if its cookie holds a valid one. */
  recordOf(request: FastifyRequest): SessionRecord | undefined;
  /** The record of a login waiting for the terms, if any. */
  temporaryRecordOf(request: FastifyRequest): SessionRecord | undefined;
  /** The session token of the browser's bearer cookie. */
  authOf(request: FastifyRequest): string | undefined;
  /** The pending temporary user becomes the session (after the terms are accepted). */
  promoteTemporary(request: FastifyRequest, reply: FastifyReply, now: Date): void;
  clear(reply: FastifyReply): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    browserSession: BrowserSession;
  }
}

/**
 * Decorates `fastify.browserSession`; reads the bearer from `rexer_auth` when a request has no
 * Authorization header; refreshes day-old records.
 */
export default fp(
  async function browserSessionPlugin(fastify) {
    const names = sessionCookieNames(fastify.config.cookieSecure);
    const setRecord = (reply: FastifyReply, name: string, record: SessionRecord) => {
      const persistent = record.silent !== true;
      reply.setCookie(name, encodeRecord(record), cookieOptions(fastify, true, persistent));
      if (record.username !== '')
        reply.setCookie(USER_COOKIE, encodeRecord(publicOf(record)), cookieOptions(fastify, false, persistent));
    };
    const clearCookie = (reply: FastifyReply, name: string) =>
      reply.clearCookie(name, { path: '/', secure: fastify.config.cookieSecure, sameSite: 'lax' });

    const api: BrowserSession = {
      setUser(reply, record, { temporary, now }) {
        const full = { ...record, stamp: dayStamp(now) };
        if (temporary) {
          setRecord(reply, names.temporary, full);
          // The mirror says "terms pending"; the previous session, if any, stays until the terms are accepted.
        } else {
          setRecord(reply, names.session, full);
          clearCookie(reply, names.temporary);
        }
      },
      setAnonymous(reply, userToken, now) {
        setRecord(reply, names.session, {
          username: '',
          userdata: userToken,
          isConfirmed: false,
          terms_privacy: false,
          stamp: dayStamp(now),
        });
        clearCookie(reply, USER_COOKIE);
      },
      setAuth(reply, sessionToken, { silent }) {
        reply.setCookie(names.auth, sessionToken, cookieOptions(fastify, true, !silent));
      },
      userTokenOf(request) {
        return (api.temporaryRecordOf(request) ?? api.recordOf(request))?.userdata;
      },
      recordOf(request) {
        return decodeRecord(request.cookies[names.session]);
      },
      temporaryRecordOf(request) {
        return decodeRecord(request.cookies[names.temporary]);
      },
      authOf(request) {
        return request.cookies[names.auth];
      },
      promoteTemporary(request, reply, now) {
        const temporary = api.temporaryRecordOf(request);
        if (!temporary) return;
        setRecord(reply, names.session, { ...temporary, terms_privacy: true, silent: false, stamp: dayStamp(now) });
        clearCookie(reply, names.temporary);
      },
      clear(reply) {
        for (const name of [names.session, names.temporary, names.auth, USER_COOKIE]) clearCookie(reply, name);
      },
    };
    fastify.decorate('browserSession', api);

    const recordCookies = [names.session, names.temporary];
    // A callback hook that goes asynchronous only for a record to refresh (once a day per
    // browser): most calls carry no session cookie, or one stamped today, and pay no promise.
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.url.slice(0, 5).toLowerCase() !== '/api/') {
        done();
        return;
      }
      const auth = api.authOf(request);
      if (request.headers.authorization === undefined && auth) request.headers.authorization = `Bearer ${auth}`;
      const stale = staleRecords(request, recordCookies);
      if (stale.length === 0) {
        done();
        return;
      }
      refreshRecords(fastify, reply, stale, setRecord).then(() => done(), done);
    });
  },
  { name: 'browser-session', dependencies: ['cookies'], fastify: '5.x' },
);

interface StaleRecord {
  name: string;
  record: SessionRecord;
  now: Date;
}

/** The records of the request's session cookies stamped on another day than today. */
function staleRecords(request: FastifyRequest, cookieNames: string[]): StaleRecord[] {
  const stale: StaleRecord[] = [];
  // Most calls carry no session cookie: nothing to date then.
  const cookies = request.cookies;
  if (cookieNames.every((name) => cookies[name] === undefined)) return stale;
  const now = new Date();
  const today = dayStamp(now);
  for (const name of cookieNames) {
    const record = decodeRecord(cookies[name]);
    if (record && record.stamp !== today) stale.push({ name, record, now });
  }
  return stale;
}

/**
 * A record stamped on another day is written again, and its user token lives 30 days from
 * now, or until the absolute end of its login if that comes first.
 */
async function refreshRecords(
  fastify: FastifyInstance,
  reply: FastifyReply,
  stale: StaleRecord[],
  setRecord: (reply: FastifyReply, name: string, record: SessionRecord) => void,
): Promise<void> {
  for (const { name, record, now } of stale) {
    const today = dayStamp(now);
    const slid = new Date(now.getTime() + USER_TOKEN_TTL_MS).toISOString();
    const extended = await fastify.db
      .update(userTokens)
      .set({
        expiresAt: sql`least(${slid}::timestamptz, coalesce(${userTokens.absoluteExpiresAt}, ${slid}::timestamptz))`,
      })
      .where(
        and(
          eq(userTokens.tokenHash, hashToken(record.userdata)),
          isNull(userTokens.revokedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
      .returning({ id: userTokens.id });
    // An expired or revoked token is not revived: the client meets ExpiredUserToken and logs out.
    if (extended.length > 0) setRecord(reply, name, { ...record, stamp: today });
  }
}
