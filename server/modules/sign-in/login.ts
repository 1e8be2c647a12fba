import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  currentConsents,
  findSessionToken,
  findUserToken,
  issueSessionToken,
  issueUserToken,
  recordLogin,
  revokeUserToken,
  type UserRow,
} from '../../auth/repository';
import { bearerOf } from '../../auth/require-user';
import { adoptAnonymousFavorites } from '../favorites/repository';
import { adoptAnonymousValuations } from '../valuation/repository';

export interface LoginMeta {
  ip: string;
  userAgent: string;
  now: Date;
  /**
   * How the user got in: a password typed or a social login prove who they are (sensitive
   * changes may follow at once); a single-use link from a mail or the CRM does not.
   */
  proof: 'password' | 'social' | 'link';
}

/** Who is logging in from where, and when. */
export function requestMeta(request: { ip: string; headers: Record<string, unknown> }): Omit<LoginMeta, 'proof'> {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? ''), now: new Date() };
}

/**
 * Sets the browser's bearer cookie: a session token for a user token just issued. A silent
 * login's (the registration's) is a session cookie, gone when the browser closes.
 */
export async function startBearer(
  fastify: FastifyInstance,
  reply: FastifyReply,
  userToken: { id: number; userId: number | null },
  now: Date,
  opts: { silent: boolean },
): Promise<void> {
  fastify.browserSession.setAuth(
    reply,
    await issueSessionToken(fastify.db, userToken, now, fastify.config.sessionTokenTtlMs),
    opts,
  );
}

/**
 * The anonymous session the request came with (the browser's cookie record, or the bearer of
 * another client) ends when the visitor logs in: its token would otherwise stay valid for 30
 * days beside the new login. Its favourites and valuations move to the account in the same transaction.
 */
export async function endAnonymousSession(
  fastify: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  now: Date,
): Promise<void> {
  const anonymousTokenIds = new Set<number>();
  const record = fastify.browserSession.recordOf(request);
  if (record && record.username === '') {
    const anonymous = await findUserToken(fastify.db, record.userdata);
    // Only a live anonymous session hands its favourites over (an expired token is dead).
    if (anonymous && anonymous.userId === null && anonymous.expiresAt > now) anonymousTokenIds.add(anonymous.id);
  }
  const bearer = bearerOf(request.headers.authorization);
  if (bearer) {
    const session = await findSessionToken(fastify.db, bearer);
    if (session && session.userId === null && !session.userTokenRevokedAt && session.userTokenExpiresAt > now)
      anonymousTokenIds.add(session.userTokenId);
  }
  for (const userTokenId of anonymousTokenIds) {
    await fastify.db.transaction(async (tx) => {
      await adoptAnonymousFavorites(tx, userTokenId, userId);
      await adoptAnonymousValuations(tx, userTokenId, userId);
      await revokeUserToken(tx, userTokenId, now);
    });
  }
}

/**
 * The live login (user token) a request comes from, whatever its bearer's age: the bearer's
 * (a session token of an hour, perhaps expired since), else the browser's session cookie (its
 * user token lives 30 days). Undefined for a request without one, or with a revoked or expired
 * one. The confirmation asks it: a link opened two hours after the registration, in the same
 * browser, still comes from the registration's session.
 */
export async function loginOfRequest(
  fastify: FastifyInstance,
  request: FastifyRequest,
  now: Date,
): Promise<{ userTokenId: number; userId: number | null } | undefined> {
  const bearer = bearerOf(request.headers.authorization);
  if (bearer) {
    const session = await findSessionToken(fastify.db, bearer);
    if (session && !session.userTokenRevokedAt && session.userTokenExpiresAt > now)
      return { userTokenId: session.userTokenId, userId: session.userId };
  }
  const record = fastify.browserSession.temporaryRecordOf(request) ?? fastify.browserSession.recordOf(request);
  if (record) {
    const token = await findUserToken(fastify.db, record.userdata);
    if (token && token.expiresAt > now) return { userTokenId: token.id, userId: token.userId };
  }
  return undefined;
}

/**
 * The end of every successful login (password, single-use link, social): the attempt counter
 * reset, the anonymous session ended, a new user token that records the proof of identity
 * (not for a link),
 * the flags the client reads. A browser gets its session in cookies (temporary while the
 * terms are pending) and a first bearer; other clients get the token.
 */
export async function completeLogin(
  fastify: FastifyInstance,
  reply: FastifyReply,
  user: UserRow,
  m: LoginMeta,
  browser: boolean,
) {
  return (await completeLoginIssuing(fastify, reply, user, m, browser)).answer;
}

/** What a login answers (LoginResponse): the user token only to a client that is not a browser. */
export interface LoginAnswer {
  UserToken?: string;
  IsConfirmed: boolean;
  TermsAndPrivacyConfirmed: boolean;
}

/** completeLogin, with the id of the user token it issued (the session that set a password records it). */
export async function completeLoginIssuing(
  fastify: FastifyInstance,
  reply: FastifyReply,
  user: UserRow,
  m: LoginMeta,
  browser: boolean,
): Promise<{ answer: LoginAnswer; userTokenId: number }> {
  await recordLogin(fastify.db, user.id, m.now);
  await endAnonymousSession(fastify, reply.request, user.id, m.now);
  const consents = await currentConsents(fastify.db, user.id);
  const issued = await issueUserToken(fastify.db, {
    userId: user.id,
    authenticated: m.proof !== 'link',
    maxAgeMs: fastify.config.sessionMaxAgeMs,
    ip: m.ip,
    userAgent: m.userAgent,
    now: m.now,
  });
  const termsAndPrivacy = consents.terms && consents.privacy;
  const answer = { IsConfirmed: user.registrationConfirmed, TermsAndPrivacyConfirmed: termsAndPrivacy };
  if (!browser) return { answer: { UserToken: issued.token, ...answer }, userTokenId: issued.id };
  fastify.browserSession.setUser(
    reply,
    {
      username: user.email,
      userdata: issued.token,
      isConfirmed: user.registrationConfirmed,
      terms_privacy: termsAndPrivacy,
      silent: false,
    },
    { temporary: !termsAndPrivacy, now: m.now },
  );
  await startBearer(fastify, reply, issued, m.now, { silent: false });
  return { answer, userTokenId: issued.id };
}
