import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error';
import { findSessionToken } from './repository';

/** The version of the terms and privacy texts a consent refers to. */
export const CONSENT_TEXT_VERSION = '2025-01';

/** The bearer of the request: its session token, or the error the client reacts to. */
export async function requireSession(fastify: FastifyInstance, authorization: string | undefined, now = new Date()) {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,128})$/.exec(authorization ?? '');
  if (!authorization) throw new AppError('MissingToken');
  if (!match) throw new AppError('InvalidSessionToken');
  const session = await findSessionToken(fastify.db, match[1]);
  if (!session || session.userTokenRevokedAt) throw new AppError('InvalidSessionToken');
  if (session.userTokenExpiresAt <= now) throw new AppError('ExpiredUserToken');
  if (session.expiresAt <= now) throw new AppError('ExpiredSessionToken');
  return session;
}

