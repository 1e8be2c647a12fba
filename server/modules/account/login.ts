import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentConsents, issueSessionToken, issueUserToken, recordLogin, type UserRow } from './repository';

export interface LoginMeta {
  ip: string;
  userAgent: string;
  now: Date;
}

/** Sets the browser's bearer cookie: a session token for a user token just issued. */
export async function startBearer(fastify: FastifyInstance, reply: FastifyReply, userToken: { id: number; userId: number | null }, now: Date): Promise<void> {
  fastify.browserSession.setAuth(reply, await issueSessionToken(fastify.db, userToken, now, fastify.config.sessionTokenTtlMs));
}

/**
 * The end of every successful login (password, single-use link, social): the attempt counter
 * reset, a new user token, the flags the client reads. A browser gets its session in cookies
 * (temporary while the terms are pending) and a first bearer; other clients get the token.
 */
export async function completeLogin(fastify: FastifyInstance, reply: FastifyReply, user: UserRow, m: LoginMeta, browser: boolean) {
  await recordLogin(fastify.db, user.id, m.now);
  const consents = await currentConsents(fastify.db, user.id);
  const issued = await issueUserToken(fastify.db, { userId: user.id, ...m });
  const termsAndPrivacy = consents.terms && consents.privacy;
  const answer = { IsConfirmed: user.registrationConfirmed, TermsAndPrivacyConfirmed: termsAndPrivacy };
  if (!browser) return { UserToken: issued.token, ...answer };
  fastify.browserSession.setUser(
    reply,
    { username: user.email, userdata: issued.token, isConfirmed: user.registrationConfirmed, terms_privacy: termsAndPrivacy, silent: false },
    { temporary: !termsAndPrivacy, now: m.now },
  );
  await startBearer(fastify, reply, issued, m.now);
  return answer;
}
