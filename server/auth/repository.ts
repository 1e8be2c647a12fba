import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { AppError } from '../errors/app-error';
import { sessionTokens, userActionTokens, userConsents, userTokens, users } from '../db/schema';
import { SESSION_TOKEN_TTL_MS, USER_TOKEN_TTL_MS, hashToken, newToken } from './tokens';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The version of the terms and privacy texts in force: a consent to an older text must be given again. */
export const CONSENT_TEXT_VERSION = '2025-01';

/**
 * The latest grant or withdrawal of each consent kind. Terms and privacy count only when
 * the text accepted is the one in force (after a change the user accepts again at login).
 */
export async function currentConsents(
  db: Db,
  userId: number,
): Promise<Record<'terms' | 'privacy' | 'commercial' | 'partner', boolean>> {
  const rows = await db
    .select({ kind: userConsents.kind, granted: userConsents.granted, textVersion: userConsents.textVersion })
    .from(userConsents)
    .where(eq(userConsents.userId, userId))
    .orderBy(desc(userConsents.recordedAt), desc(userConsents.id));
  const latest = { terms: false, privacy: false, commercial: false, partner: false };
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.kind)) continue;
    seen.add(row.kind);
    latest[row.kind] =
      row.granted && (row.kind === 'commercial' || row.kind === 'partner' || row.textVersion === CONSENT_TEXT_VERSION);
  }
  return latest;
}

/**
 * A new user token: the value for the client, and its row (to trade it for a session token at
 * once). A login (`authenticated`) records when the user proved who they are; every token ends
 * at `maxAgeMs` from now at the latest, whatever the daily refreshes (the absolute lifetime).
 */
export async function issueUserToken(
  db: Db,
  opts: {
    userId: number | null;
    silent?: boolean;
    authenticated?: boolean;
    ip: string;
    userAgent: string;
    now: Date;
    maxAgeMs: number;
  },
): Promise<{ token: string; id: number; userId: number | null }> {
  const token = newToken();
  const absoluteExpiresAt = new Date(opts.now.getTime() + opts.maxAgeMs);
  const { userId } = opts;
  // A login under way while its account is deleted must not leave a token behind: the users row
  // is read FOR SHARE in the token's transaction, so a deletion (which starts by locking it FOR
  // UPDATE) either waits for this token and deletes it, or has already marked the row, and the
  // login answers as for an unknown user.
  if (userId === null) return insertUserToken(db, token, absoluteExpiresAt, opts);
  return db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('share');
    if (!live) throw new AppError('WrongCredentials', { message: `user ${userId} was deleted during the login` });
    return insertUserToken(tx as unknown as Db, token, absoluteExpiresAt, opts);
  });
}

async function insertUserToken(
  db: Db,
  token: string,
  absoluteExpiresAt: Date,
  opts: { userId: number | null; silent?: boolean; authenticated?: boolean; ip: string; userAgent: string; now: Date },
): Promise<{ token: string; id: number; userId: number | null }> {
  const [row] = await db
    .insert(userTokens)
    .values({
      tokenHash: hashToken(token),
      userId: opts.userId,
      silent: opts.silent ?? false,
      ip: opts.ip.slice(0, 45),
      userAgent: opts.userAgent.slice(0, 350),
      createdAt: opts.now,
      expiresAt: new Date(Math.min(opts.now.getTime() + USER_TOKEN_TTL_MS, absoluteExpiresAt.getTime())),
      absoluteExpiresAt,
      authenticatedAt: opts.authenticated ? opts.now : null,
      lastUsedAt: opts.now,
    })
    .returning({ id: userTokens.id, userId: userTokens.userId });
  return { token, ...row };
}

/** The user token's row when it is known and not revoked (expired ones too: the caller tells them apart). */
export async function findUserToken(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), isNull(userTokens.revokedAt)))
    .limit(1);
  return row;
}

export async function issueSessionToken(
  db: Db,
  userToken: { id: number; userId: number | null },
  now: Date,
  ttlMs = SESSION_TOKEN_TTL_MS,
): Promise<string> {
  const token = newToken();
  await db.insert(sessionTokens).values({
    tokenHash: hashToken(token),
    userTokenId: userToken.id,
    userId: userToken.userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  await db.update(userTokens).set({ lastUsedAt: now }).where(eq(userTokens.id, userToken.id));
  return token;
}

export async function findSessionToken(db: Db, token: string) {
  const [row] = await db
    .select({
      id: sessionTokens.id,
      userId: sessionTokens.userId,
      expiresAt: sessionTokens.expiresAt,
      userTokenId: sessionTokens.userTokenId,
      userTokenExpiresAt: userTokens.expiresAt,
      userTokenRevokedAt: userTokens.revokedAt,
      silent: userTokens.silent,
      authenticatedAt: userTokens.authenticatedAt,
    })
    .from(sessionTokens)
    .innerJoin(userTokens, eq(userTokens.id, sessionTokens.userTokenId))
    .where(and(eq(sessionTokens.tokenHash, hashToken(token)), isNull(sessionTokens.revokedAt)))
    .limit(1);
  return row;
}

/** Of these session tokens, the ones still valid at `now` (neither they nor their user token revoked or expired). */
export async function liveSessionIds(db: Db, ids: readonly number[], now: Date): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessionTokens.id })
    .from(sessionTokens)
    .innerJoin(userTokens, eq(userTokens.id, sessionTokens.userTokenId))
    .where(
      and(
        inArray(sessionTokens.id, [...ids]),
        isNull(sessionTokens.revokedAt),
        isNull(userTokens.revokedAt),
        gt(sessionTokens.expiresAt, now),
        gt(userTokens.expiresAt, now),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Revokes a user token and every session token derived from it. */
export async function revokeUserToken(db: Db, userTokenId: number, now: Date): Promise<void> {
  await db
    .update(userTokens)
    .set({ revokedAt: now })
    .where(and(eq(userTokens.id, userTokenId), isNull(userTokens.revokedAt)));
  await db
    .update(sessionTokens)
    .set({ revokedAt: now })
    .where(and(eq(sessionTokens.userTokenId, userTokenId), isNull(sessionTokens.revokedAt)));
}

/** A session token with what the guards read of its user token. */
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionToken>>>;

export type ActionTokenKind = (typeof userActionTokens.$inferSelect)['kind'];

const ACTION_TOKEN_TTL_MS: Record<ActionTokenKind, number> = {
  confirm_email: 7 * 24 * 60 * 60 * 1000,
  set_password: 7 * 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  auto_login: 24 * 60 * 60 * 1000,
  resend_confirmation: 24 * 60 * 60 * 1000,
};

/**
 * A single-use token sent by mail (confirm the address, set or reset the password, auto-login),
 * or handed to the page that proved the mailbox; `ttlMs` shortens its kind's lifetime.
 */
export async function issueActionToken(
  db: Db,
  userId: number,
  kind: ActionTokenKind,
  now: Date,
  ttlMs = ACTION_TOKEN_TTL_MS[kind],
): Promise<string> {
  const token = newToken();
  await db.insert(userActionTokens).values({
    tokenHash: hashToken(token),
    kind,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + Math.min(ttlMs, ACTION_TOKEN_TTL_MS[kind])),
  });
  return token;
}

/**
 * The token a login on an unconfirmed account answers (UserNotConfirmed, for «Invia di nuovo»):
 * good only to ask RequestNewConfirmationMail for a new mail, never to confirm the address,
 * since whoever typed the password has not shown they read the mailbox.
 */
export function issueResendConfirmationToken(db: Db, userId: number, now: Date): Promise<string> {
  return issueActionToken(db, userId, 'resend_confirmation', now);
}

/**
 * Counts a wrong password in one statement (the row lock orders concurrent requests, on one
 * server or many): the attempt that reaches `lockAfter` locks the account and restarts the count.
 */
export async function recordFailedLogin(
  db: Db,
  userId: number,
  opts: { lockAfter: number; lockMs: number; now: Date },
): Promise<{ locked: boolean }> {
  const reaches = sql`${users.failedLoginAttempts} + 1 >= ${opts.lockAfter}`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginAttempts: sql`case when ${reaches} then 0 else ${users.failedLoginAttempts} + 1 end`,
      lockedUntil: sql`case when ${reaches} then ${new Date(opts.now.getTime() + opts.lockMs).toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return { locked: row?.lockedUntil != null && row.lockedUntil > opts.now };
}

/**
 * A right password logs in only if the account is not locked at this very moment: the check
 * and the reset of the counter are one statement, so a lock set by concurrent wrong passwords
 * cannot be slipped past. False when the account is locked.
 */
export async function claimPasswordLogin(db: Db, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ failedLoginAttempts: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A login succeeded: the count of wrong passwords starts again. */
export async function recordLogin(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ failedLoginAttempts: 0, lockedUntil: null, lastLoginAt: now })
    // Not on an account deleted while the login was checking its password.
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
}

export function isLocked(user: UserRow, now: Date): boolean {
  return user.lockedUntil !== null && user.lockedUntil > now;
}

type ActionTokenRow = typeof userActionTokens.$inferSelect;
type FoundActionToken = { ok: true; row: ActionTokenRow } | { ok: false; error: 'InvalidToken' | 'ExpiredToken' };

/** Why a token of one of the kinds cannot be used (unknown, of another kind, used, revoked or expired). */
async function whyUnusable(
  db: Db,
  token: string,
  kinds: readonly ActionTokenKind[],
  now: Date,
): Promise<FoundActionToken> {
  const [row] = await db
    .select()
    .from(userActionTokens)
    .where(eq(userActionTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || !kinds.includes(row.kind) || row.revokedAt || row.usedAt) return { ok: false, error: 'InvalidToken' };
  if (row.expiresAt <= now) return { ok: false, error: 'ExpiredToken' };
  return { ok: true, row };
}

/** A usable single-use token of one of the kinds, without spending it (to check a link before showing its form). */
export function findActionToken(
  db: Db,
  token: string,
  kinds: readonly ActionTokenKind[],
  now: Date,
): Promise<FoundActionToken> {
  return whyUnusable(db, token, kinds, now);
}

/**
 * Spends a single-use token in one statement: of two requests racing with the same token,
 * exactly one gets the row; the other learns why the token is unusable.
 */
export async function spendActionToken(
  db: Db,
  token: string,
  kinds: readonly ActionTokenKind[],
  now: Date,
): Promise<FoundActionToken> {
  const [row] = await db
    .update(userActionTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userActionTokens.tokenHash, hashToken(token)),
        inArray(userActionTokens.kind, [...kinds]),
        isNull(userActionTokens.usedAt),
        isNull(userActionTokens.revokedAt),
        gt(userActionTokens.expiresAt, now),
      ),
    )
    .returning();
  if (row) return { ok: true, row };
  const why = await whyUnusable(db, token, kinds, now);
  // Usable a moment ago and not now: another request spent it first.
  return why.ok ? { ok: false, error: 'InvalidToken' } : why;
}

/** Revokes a user's outstanding single-use tokens of the kinds (after a password change, the old links stop working). */
export async function revokeActionTokens(
  db: Db,
  userId: number,
  kinds: readonly ActionTokenKind[],
  now: Date,
): Promise<void> {
  await db
    .update(userActionTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(userActionTokens.userId, userId),
        inArray(userActionTokens.kind, [...kinds]),
        isNull(userActionTokens.usedAt),
        isNull(userActionTokens.revokedAt),
      ),
    );
}

/** Revokes every user token of a user but one (the session that changed the password stays); answers how many. */
export async function revokeOtherTokens(db: Db, userId: number, keepUserTokenId: number, now: Date): Promise<number> {
  const others = await db
    .update(userTokens)
    .set({ revokedAt: now })
    .where(and(eq(userTokens.userId, userId), isNull(userTokens.revokedAt), ne(userTokens.id, keepUserTokenId)))
    .returning({ id: userTokens.id });
  if (others.length > 0) {
    await db
      .update(sessionTokens)
      .set({ revokedAt: now })
      .where(
        and(
          inArray(
            sessionTokens.userTokenId,
            others.map((row) => row.id),
          ),
          isNull(sessionTokens.revokedAt),
        ),
      );
  }
  return others.length;
}

/** The live logins of a user (one per device), the most recently used first. */
export async function listUserSessions(db: Db, userId: number, now: Date) {
  return db
    .select({
      id: userTokens.id,
      userAgent: userTokens.userAgent,
      ip: userTokens.ip,
      createdAt: userTokens.createdAt,
      lastUsedAt: userTokens.lastUsedAt,
    })
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), isNull(userTokens.revokedAt), gt(userTokens.expiresAt, now)))
    .orderBy(desc(sql`coalesce(${userTokens.lastUsedAt}, ${userTokens.createdAt})`), desc(userTokens.id));
}

/** Ends one of the user's own sessions; false when the user has no such live session. */
export async function revokeUserSession(db: Db, userId: number, userTokenId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .update(userTokens)
    .set({ revokedAt: now })
    .where(and(eq(userTokens.id, userTokenId), eq(userTokens.userId, userId), isNull(userTokens.revokedAt)))
    .returning({ id: userTokens.id });
  if (!row) return false;
  await db
    .update(sessionTokens)
    .set({ revokedAt: now })
    .where(and(eq(sessionTokens.userTokenId, row.id), isNull(sessionTokens.revokedAt)));
  return true;
}

/** The user proved who they are again on this session (the password typed now). */
export async function recordAuthentication(db: Db, userTokenId: number, now: Date): Promise<void> {
  await db.update(userTokens).set({ authenticatedAt: now }).where(eq(userTokens.id, userTokenId));
}

export async function revokeAllTokens(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(userTokens)
    .set({ revokedAt: now })
    .where(and(eq(userTokens.userId, userId), isNull(userTokens.revokedAt)));
  await db
    .update(sessionTokens)
    .set({ revokedAt: now })
    .where(and(eq(sessionTokens.userId, userId), isNull(sessionTokens.revokedAt)));
}

/**
 * Sets a new password: the lock and the count of wrong passwords start again, a password a
 * confirmation suspended is gone, and the links mailed before (reset, set-password,
 * auto-login) stop working. `setBy`: the session that chose it while the address is still
 * unproven (a change before the confirmation), else null.
 */
export async function setPassword(
  db: Db,
  userId: number,
  passwordHash: string,
  opts: { confirm: boolean; now: Date; setBy?: number | null },
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      passwordSetByTokenId: opts.setBy ?? null,
      suspendedPasswordHash: null,
      failedLoginAttempts: 0,
      lockedUntil: null,
      ...(opts.confirm ? { registrationConfirmed: true, confirmedAt: opts.now, isSilent: false } : {}),
      updatedAt: opts.now,
    })
    .where(eq(users.id, userId));
  await revokeActionTokens(db, userId, ['reset_password', 'set_password', 'auto_login'], opts.now);
}

/**
 * Records the session (user token) that chose the password of an account whose address is not
 * proven yet: the confirmation keeps that password only when it is opened in this session.
 */
export async function recordPasswordSetter(db: Db, userId: number, userTokenId: number): Promise<void> {
  await db
    .update(users)
    .set({ passwordSetByTokenId: userTokenId })
    .where(and(eq(users.id, userId), eq(users.registrationConfirmed, false)));
}

/**
 * The confirmation was opened outside the session that chose the password: the password stops
 * logging in and waits, until the person who opened the link types it again (it stays) or
 * chooses another. One statement; answers whether there was a password to suspend.
 */
export async function suspendPassword(
  db: Db,
  userId: number,
  now: Date,
  options: { unlessChosenIn?: number } = {},
): Promise<boolean> {
  // Decided on the row as it is now, not as a caller read it: a password set a moment before
  // (a race with the confirmation) is suspended as well.
  const chosenElsewhere =
    options.unlessChosenIn === undefined
      ? undefined
      : sql`${users.passwordSetByTokenId} is distinct from ${options.unlessChosenIn}`;
  const rows = await db
    .update(users)
    .set({
      suspendedPasswordHash: sql`${users.passwordHash}`,
      passwordHash: null,
      passwordSetByTokenId: null,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), isNotNull(users.passwordHash), chosenElsewhere))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The suspended password logs in again (its owner typed it); false when there is none to restore. */
export async function restoreSuspendedPassword(db: Db, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      passwordHash: sql`${users.suspendedPasswordHash}`,
      suspendedPasswordHash: null,
      failedLoginAttempts: 0,
      lockedUntil: null,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), isNotNull(users.suspendedPasswordHash), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** A token of one of the kinds, used or expired or not (revoked ones are unknown): the callers decide what each state means. */
export async function findTokenOfKind(db: Db, token: string, kinds: readonly ActionTokenKind[]) {
  const [row] = await db
    .select()
    .from(userActionTokens)
    .where(
      and(
        eq(userActionTokens.tokenHash, hashToken(token)),
        inArray(userActionTokens.kind, [...kinds]),
        isNull(userActionTokens.revokedAt),
      ),
    )
    .limit(1);
  return row;
}

/** How many tokens of a kind a user was sent since a moment (the per-account limit of recovery mails). */
export async function countRecentActionTokens(
  db: Db,
  userId: number,
  kind: ActionTokenKind,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userActionTokens)
    .where(
      and(eq(userActionTokens.userId, userId), eq(userActionTokens.kind, kind), gt(userActionTokens.createdAt, since)),
    );
  return row?.n ?? 0;
}
