import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import type { UserRow } from '../../auth/repository';

// The social login's reads and writes of the users table.

type Provider = UserRow['provider'];

/** The account already linked to this identity of the provider. */
export async function findUserByIdentity(db: Db, provider: Provider, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.provider, provider), eq(users.providerSubject, subject)))
    .limit(1);
  return row;
}

/**
 * Links an identity to an existing account. `proveAddress`: the provider verified an address
 * the account never confirmed, so the password someone else may have chosen goes and the
 * address counts as confirmed.
 */
export async function linkIdentity(
  db: Db,
  userId: number,
  identity: { provider: Provider; subject: string },
  options: { proveAddress: boolean; now: Date },
): Promise<UserRow> {
  const { now } = options;
  const [updated] = await db
    .update(users)
    .set({
      provider: identity.provider,
      providerSubject: identity.subject,
      updatedAt: now,
      ...(options.proveAddress
        ? {
            passwordHash: null,
            suspendedPasswordHash: null,
            passwordSetByTokenId: null,
            registrationConfirmed: true,
            confirmedAt: now,
            isSilent: false,
          }
        : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

/** A new account from a social identity (no password; confirmed when the provider verified the e-mail). */
export async function createSocialUser(
  db: Db,
  account: {
    email: string;
    name: string | null;
    surname: string | null;
    provider: Provider;
    subject: string;
    emailVerified: boolean;
    now: Date;
  },
): Promise<UserRow> {
  const [created] = await db
    .insert(users)
    .values({
      email: account.email,
      name: account.name,
      surname: account.surname,
      provider: account.provider,
      providerSubject: account.subject,
      passwordHash: null,
      isSilent: false,
      registrationConfirmed: account.emailVerified,
      confirmedAt: account.emailVerified ? account.now : null,
    })
    .returning();
  return created;
}
