import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error';
import { findSessionToken, findUserById, type UserRow } from './repository';

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

/** The logged-in user behind the bearer: anonymous sessions and closed accounts are refused. */
export async function requireUser(fastify: FastifyInstance, authorization: string | undefined, now = new Date(), options: RequireUserOptions = {}): Promise<UserRow> {
  return (await requireUserSession(fastify, authorization, now, options)).user;
}

/** The user and the session behind the bearer (for calls that act on the session itself). */
export async function requireUserSession(fastify: FastifyInstance, authorization: string | undefined, now = new Date(), options: RequireUserOptions = {}) {
  const session = await requireSession(fastify, authorization, now);
  if (session.userId === null) throw new AppError('Unauthorized');
  const user = await findUserById(fastify.db, session.userId);
  assertActive(user);
  if (session.silent && !user.registrationConfirmed && !options.allowRapidRegistration) throw new AppError('InvalidAccessForRapidRegistration');
  return { user, session };
}
