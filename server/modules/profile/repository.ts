import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { MEDIA_TYPE } from '../../db/reference-ids';
import { media, userAddresses, userConsents, users } from '../../db/schema';
import { CONSENT_TEXT_VERSION, type UserRow } from '../../auth/repository';

// The profile's reads and writes: the user's data, addresses, consents and profile images.

export type AddressType = 'residential' | 'shipping' | 'billing' | 'legal';
export type ConsentKind = 'terms' | 'privacy' | 'commercial' | 'partner';
export type MediaRow = typeof media.$inferSelect;

export interface AddressInput {
  address: string;
  number: string;
  city: string;
  postalCode: string;
  province: string;
  country: string;
}

/** Saves one address of the user (one per type): inserted or replaced. */
export async function saveAddress(db: Db, userId: number, type: AddressType, address: AddressInput): Promise<void> {
  const values = {
    street: address.address,
    number: address.number,
    city: address.city,
    postalCode: address.postalCode,
    province: address.province,
    country: address.country,
    updatedAt: new Date(),
  };
  await db
    .insert(userAddresses)
    .values({ userId, type, ...values })
    .onConflictDoUpdate({ target: [userAddresses.userId, userAddresses.type], set: values });
}

export async function addressesOf(db: Db, userId: number) {
  return db.select().from(userAddresses).where(eq(userAddresses.userId, userId));
}

export async function addressOfKind(db: Db, userId: number, type: AddressType) {
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.type, type)))
    .limit(1);
  return row;
}

export async function deleteAddress(db: Db, userId: number, type: AddressType): Promise<void> {
  await db.delete(userAddresses).where(and(eq(userAddresses.userId, userId), eq(userAddresses.type, type)));
}

/** Appends consent records (the history is kept: the latest record of a kind counts). */
export async function recordConsents(
  db: Db,
  userId: number,
  ip: string,
  source: string,
  consents: Partial<Record<ConsentKind, boolean>>,
): Promise<void> {
  const now = new Date();
  const rows = Object.entries(consents).map(([kind, granted]) => ({
    userId,
    kind: kind as ConsentKind,
    granted: Boolean(granted),
    textVersion: CONSENT_TEXT_VERSION,
    source,
    ip: ip.slice(0, 45),
    recordedAt: now,
  }));
  if (rows.length > 0) await db.insert(userConsents).values(rows);
}

/** Changes some columns of the user. */
export async function updateUser(
  db: Db,
  userId: number,
  values: Partial<Pick<UserRow, 'businessName' | 'phone' | 'phonePrefix'>>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export interface PrivateData {
  name: string;
  surname: string;
  phonePrefix?: string;
  phone?: string;
  birthdayDate?: string;
  birthdayCity?: string;
  birthdayCountry?: string;
  sex?: 'M' | 'F';
  fiscalCode?: string;
  residentialAddress?: AddressInput;
}

/** The private profile: what is left out of the phone is kept, the rest is what the form sent. */
export async function updatePrivateData(
  db: Db,
  user: Pick<UserRow, 'id' | 'phone' | 'phonePrefix'>,
  data: PrivateData,
): Promise<void> {
  await db
    .update(users)
    .set({
      name: data.name,
      surname: data.surname,
      phonePrefix: data.phonePrefix ?? user.phonePrefix,
      phone: data.phone ?? user.phone,
      birthdayDate: data.birthdayDate ?? null,
      birthdayCity: data.birthdayCity ?? null,
      birthdayCountry: data.birthdayCountry ?? null,
      sex: data.sex ?? null,
      fiscalCode: data.fiscalCode?.toUpperCase() ?? null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id));
  if (data.residentialAddress) await saveAddress(db, user.id, 'residential', data.residentialAddress);
}

export interface CorporateData {
  companyName: string;
  VATNumber: string;
  pecAddress?: string;
  uniqueCode?: string;
  referentName: string;
  referentSurname: string;
  referentPhone?: string;
  legalAddress: AddressInput;
}

export async function updateCorporateData(db: Db, userId: number, data: CorporateData): Promise<void> {
  await db
    .update(users)
    .set({
      companyName: data.companyName,
      vatNumber: data.VATNumber,
      pecAddress: data.pecAddress ?? null,
      uniqueCode: data.uniqueCode?.toUpperCase() ?? null,
      referentName: data.referentName,
      referentSurname: data.referentSurname,
      referentPhone: data.referentPhone ?? null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await saveAddress(db, userId, 'legal', data.legalAddress);
}

/** A deleted account keeps its row (orders, listings refer to it) without any personal data. */
export async function anonymiseAccount(db: Db, userId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userAddresses).where(eq(userAddresses.userId, userId));
    await tx
      .update(users)
      .set({
        email: `eliminato-${userId}@deleted.invalid`,
        passwordHash: null,
        suspendedPasswordHash: null,
        passwordSetByTokenId: null,
        providerSubject: null,
        name: null,
        surname: null,
        phone: null,
        phonePrefix: null,
        birthdayDate: null,
        birthdayCity: null,
        birthdayCountry: null,
        sex: null,
        fiscalCode: null,
        companyName: null,
        pecAddress: null,
        vatNumber: null,
        uniqueCode: null,
        referentName: null,
        referentSurname: null,
        referentPhone: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
  });
}

/** The URL template of the user's current profile image. */
export async function avatarOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ url: media.url })
    .from(media)
    .where(and(eq(media.userId, userId), eq(media.mediaTypeId, MEDIA_TYPE.profile_image)))
    .orderBy(desc(media.id))
    .limit(1);
  return row?.url ?? null;
}

export async function profileImagesOf(db: Db, userId: number): Promise<MediaRow[]> {
  return db
    .select()
    .from(media)
    .where(and(eq(media.userId, userId), eq(media.mediaTypeId, MEDIA_TYPE.profile_image)));
}

/**
 * Records a profile image, unless the account was deleted meanwhile (false then: the caller
 * removes the files it stored). The users row is read FOR SHARE in the insert's transaction: a
 * deletion (which locks it FOR UPDATE first) waits for this row and deletes it, or has already
 * marked the account.
 */
export async function insertProfileImage(
  db: Db,
  userId: number,
  image: { storageKey: string; url: string; size: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('share');
    if (!live) return false;
    await insertProfileImageRow(tx as unknown as Db, userId, image);
    return true;
  });
}

async function insertProfileImageRow(
  db: Db,
  userId: number,
  image: { storageKey: string; url: string; size: number },
): Promise<void> {
  await db.insert(media).values({
    userId,
    mediaTypeId: MEDIA_TYPE.profile_image,
    storageKey: image.storageKey,
    url: image.url,
    thumbnailKey: image.storageKey,
    contentType: 'image/jpeg',
    width: image.size,
    height: image.size,
  });
}

export async function deleteMediaRows(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(media).where(inArray(media.id, ids));
}
