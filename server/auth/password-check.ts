import { hashPassword, verifyPassword } from '../db/password-hash';
import type { Db } from '../db/database';
import { AppError } from '../errors/app-error';
import { claimPasswordLogin, isLocked, recordFailedLogin, type UserRow } from './repository';

/** Wrong passwords in a row before the account is locked (far under the 100 an hour allowed), and for how long. */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MS = 15 * 60 * 1000;

// Verified when there is no account or no password, so an unknown user and a wrong password take as long.
const standInHash = hashPassword('rexer-timing-equaliser-not-a-password');

/**
 * The password of a login or of a re-authentication, under one lock-out: every answer runs one
 * argon2id verification (the account's hash or a stand-in), so the time taken tells nothing the
 * error codes of the spec do not already tell; a wrong password is counted atomically, and a
 * right one passes only if no lock was set meanwhile by wrong passwords racing it. Answers
 * the account whose password it is.
 */
export async function assertPassword(db: Db, user: UserRow | undefined, password: string, now: Date): Promise<UserRow> {
  const matches = await verifyPassword(user?.passwordHash ?? (await standInHash), password);
  if (!user || (!user.passwordHash && user.provider === 'local')) throw new AppError('WrongCredentials');
  if (!user.passwordHash) throw new AppError('EmailIsUsedInSocialLogin');
  if (isLocked(user, now)) throw new AppError('PasswordAttemptsExceeded');
  if (!matches) {
    const { locked } = await recordFailedLogin(db, user.id, { lockAfter: LOCK_AFTER_FAILURES, lockMs: LOCK_MS, now });
    throw new AppError(locked ? 'PasswordAttemptsExceeded' : 'WrongCredentials');
  }
  if (!(await claimPasswordLogin(db, user.id, now))) throw new AppError('PasswordAttemptsExceeded');
  return user;
}
