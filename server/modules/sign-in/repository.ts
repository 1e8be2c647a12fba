import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { userConsents, users } from '../../db/schema';
import { CONSENT_TEXT_VERSION } from '../../auth/repository';

// The sign-in module's own writes; users and tokens are read and issued by server/auth/repository.ts.

export interface NewAccount {
  email: string;
  name: string;
  surname: string;
  /** The phone split into its prefix and national number (server/auth/phone.ts). */
  phone: { prefix: string; number: string } | null;
  /** Null for an account that will set its password from the registration mail. */
  passwordHash: string | null;
}

/** A registered account, silent and unconfirmed, with the consents given at registration (terms and privacy are required). */
export async function createRegisteredUser(
  db: Db,
  account: NewAccount,
  consents: { commercial: boolean; partner: boolean },
  at: { ip: string; now: Date },
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: account.email,
        name: account.name,
        surname: account.surname,
        phone: account.phone?.number ?? null,
        phonePrefix: account.phone?.prefix ?? null,
        passwordHash: account.passwordHash,
        isSilent: true,
        registrationConfirmed: false,
      })
      .returning({ id: users.id });
    const consent = (kind: 'terms' | 'privacy' | 'commercial' | 'partner', granted: boolean) => ({
      userId: user.id,
      kind,
      granted,
      textVersion: CONSENT_TEXT_VERSION,
      source: 'registration',
      ip: at.ip.slice(0, 45),
      recordedAt: at.now,
    });
    await tx
      .insert(userConsents)
      .values([
        consent('terms', true),
        consent('privacy', true),
        consent('commercial', consents.commercial),
        consent('partner', consents.partner),
      ]);
    return user;
  });
}

/** The address was proven from the mailbox: the account is confirmed and no longer silent. */
export async function markEmailConfirmed(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ registrationConfirmed: true, confirmedAt: now, isSilent: false, passwordSetByTokenId: null })
    .where(eq(users.id, userId));
}

/**
 * The first password of a silent account (the wizard's step 30): set only while the account is
 * silent and has none, in one statement, so of two racing requests one wins. The account stops
 * being silent (the address stays unconfirmed until the mail's link is followed). Answers
 * whether it was set.
 */
export async function setFirstPassword(db: Db, userId: number, passwordHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash, isSilent: false, failedLoginAttempts: 0, lockedUntil: null, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.passwordHash), eq(users.isSilent, true)))
    .returning({ id: users.id });
  return rows.length === 1;
}
