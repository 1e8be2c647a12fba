import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';
import { findSessionToken, findUserById, type SessionRow, type UserRow } from './repository';

export { CONSENT_TEXT_VERSION } from './repository';

/** The token of an `Authorization: Bearer …` header, when it has the shape of one. */
export function bearerOf(authorization: string | undefined): string | undefined {
  return /^Bearer\s+([A-Za-z0-9_-]{20,128})$/.exec(authorization ?? '')?.[1];
}

/** The bearer of the request: its session token, or the error the client reacts to. */
export async function requireSession(fastify: FastifyInstance, authorization: string | undefined, now = new Date()) {
  if (!authorization) throw new AppError('MissingToken');
  const bearer = bearerOf(authorization);
  if (!bearer) throw new AppError('InvalidSessionToken');
  const session = await findSessionToken(fastify.db, bearer);
  if (!session || session.userTokenRevokedAt) throw new AppError('InvalidSessionToken');
  if (session.userTokenExpiresAt <= now) throw new AppError('ExpiredUserToken');
  if (session.expiresAt <= now) throw new AppError('ExpiredSessionToken');
  return session;
}

/** Refuses an account that was suspended or deleted (spec: 401, type 68). */
export function assertActive(user: UserRow | undefined): asserts user is UserRow {
  if (!user || user.suspendedAt || user.deletedAt) throw new AppError('UserIsSuspendedOrDeleted');
}

export interface RequireUserOptions {
  /**
   * A rapid registration (the silent session a registration opens, before the address is
   * confirmed) may read its profile but not change the account: the calls that change it
   * answer 401 InvalidAccessForRapidRegistration unless they allow it.
   */
  allowRapidRegistration?: boolean;
}

/** The user and the session behind the bearer: anonymous sessions and closed accounts are refused. */
export async function userSessionOf(
  fastify: FastifyInstance,
  authorization: string | undefined,
  now = new Date(),
  options: RequireUserOptions = {},
) {
  const session = await requireSession(fastify, authorization, now);
  if (session.userId === null) throw new AppError('Unauthorized');
  const user = await findUserById(fastify.db, session.userId);
  assertActive(user);
  if (session.silent && !user.registrationConfirmed && !options.allowRapidRegistration)
    throw new AppError('InvalidAccessForRapidRegistration');
  return { user, session };
}

/** How recent a proof of identity a sensitive change needs (ASVS: re-authentication). */
export const RECENT_AUTHENTICATION_MS = 10 * 60 * 1000;

/**
 * Deleting the account or changing a phone number needs the password typed (or a social
 * login) in the last 10 minutes on this session: a session left open on a shared computer
 * cannot do them.
 */
export function assertRecentAuthentication(session: { authenticatedAt: Date | null }, now: Date): void {
  if (!session.authenticatedAt || now.getTime() - session.authenticatedAt.getTime() > RECENT_AUTHENTICATION_MS)
    throw new AppError('RecentLoginRequired');
}

/** A change of an existing phone number (a first number, as a registration completes, is not one). */
export function changesPhone(
  user: { phone: string | null; phonePrefix: string | null },
  phone: string | undefined,
  phonePrefix: string | undefined,
): boolean {
  if (user.phone === null || user.phone.trim() === '') return false;
  const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');
  return (
    (phone !== undefined && digits(phone) !== digits(user.phone)) ||
    (phonePrefix !== undefined && digits(phonePrefix) !== digits(user.phonePrefix))
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user: set by the `requireUser` pre-handler, null on routes without it. */
    user: UserRow;
    /** The session behind the bearer: set with `user`. */
    userSession: SessionRow;
  }
}

/**
 * The pre-handler of every call that needs a logged-in user: `{ preHandler: requireUser() }`
 * refuses anonymous sessions, closed accounts and (unless allowed) a rapid registration, and
 * gives the handler `request.user` and `request.userSession`.
 */
export function requireUser(options: RequireUserOptions = {}): preHandlerAsyncHookHandler {
  return async function requireUserHook(request: FastifyRequest) {
    const { user, session } = await userSessionOf(request.server, request.headers.authorization, new Date(), options);
    request.user = user;
    request.userSession = session;
  };
}

/**
 * The pre-handler of the moderation calls: a logged-in Rexer moderator (users.is_moderator),
 * anyone else 403 Forbidden.
 */
export function requireModerator(): preHandlerAsyncHookHandler {
  const requireLoggedIn = requireUser();
  return async function requireModeratorHook(request, reply) {
    await requireLoggedIn.call(this, request, reply);
    if (!request.user.isModerator) throw new AppError('Forbidden');
  };
}

/** Declares the request fields `requireUser` sets, once for the app. */
export const authentication = fp(
  async function authentication(fastify) {
    fastify.decorateRequest('user', null as unknown as UserRow);
    fastify.decorateRequest('userSession', null as unknown as SessionRow);
  },
  { name: 'authentication', fastify: '5.x' },
);
