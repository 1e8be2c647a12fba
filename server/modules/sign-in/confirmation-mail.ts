import type { FastifyInstance } from 'fastify';
import { countRecentActionTokens, issueActionToken } from '../../auth/repository';
import { queueConfirmationMail } from './mail';
import { CONFIRMATION_MAILS_PER_ACCOUNT } from './rate-limits';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Mails a new confirmation link to an unconfirmed account's own address, with a link to choose
 * a password when the account has none: the way in for the mailbox's owner, whoever typed the
 * address at the registration (an account registered by someone else would otherwise lock its
 * owner out once its first link expired: the registration says "already registered", the
 * recovery "not confirmed", and nobody knows a password). Confirming from the mailbox ends the
 * registrant's sessions and suspends a password they chose (registration-routes.ts, Confirm).
 * At most CONFIRMATION_MAILS_PER_ACCOUNT an hour, whatever the IP: false when that is spent.
 */
export async function mailConfirmationAgain(
  fastify: FastifyInstance,
  user: { id: number; email: string; name: string | null; passwordHash: string | null },
  now: Date,
): Promise<boolean> {
  if (
    (await countRecentActionTokens(fastify.db, user.id, 'confirm_email', new Date(now.getTime() - HOUR_MS))) >=
    CONFIRMATION_MAILS_PER_ACCOUNT
  )
    return false;
  const token = await issueActionToken(fastify.db, user.id, 'confirm_email', now);
  const setPassword =
    user.passwordHash === null ? await issueActionToken(fastify.db, user.id, 'set_password', now) : undefined;
  await queueConfirmationMail(fastify, {
    to: user.email,
    name: user.name,
    link: `${fastify.config.publicUrl}/mailconfermata/${token}`,
    setPasswordLink: setPassword ? `${fastify.config.publicUrl}/inserisciPassword/${setPassword}` : undefined,
  });
  return true;
}
