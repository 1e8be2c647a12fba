import { inArray, sql } from 'drizzle-orm';
import { base, en, Faker, it } from '@faker-js/faker';
import type { FileStorage } from '../../storage/file-storage';
import type { Db, Tx } from '../database';
import { hashPassword } from '../password-hash';
import {
  APPOINTMENT_STATUS,
  MEDIA_TYPE,
  PLAN_TYPE,
  PROPERTY_STATUS,
  ROOM_TYPE,
  SEARCH_TYPE,
  SELL_TYPE,
  SERVICE_PRODUCT,
  USER_TYPE,
} from '../reference-ids';
import {
  agencies,
  appointmentEvents,
  appointments,
  appointmentSlots,
  favorites,
  listingVisitWindows,
  media,
  municipalities,
  orderItems,
  orders,
  properties,
  propertyAmenities,
  propertyRooms,
  savedSearches,
  userAddresses,
  userConsents,
  users,
} from '../schema';
import { toSearchName, toSlug } from '../search-text';
import agencyData from './data/agencies.json';
import texts from './data/listing-texts.json';
import lists from './data/reference-lists.json';
import { CONSENT_TEXT_VERSION } from '../../auth/repository';
import { seedAgencyReviews } from './agency-reviews';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { writeDemoDevelopments, writeDemoPriceReductions } from './developments';
import { buildDemoListings, DEMO_CITIES, SEED_EPOCH, type DemoListing } from './listings';
import { ensurePhotoPool, renderAgencyLogo, type PhotoKind, type PoolPhoto } from './photos';
import { applySeedPart, chunk, type SeedLog } from './seed-runs';

export type DemoSize = 'full' | 'small';

/**
 * The demo part is applied once and then kept, even when a newer build carries a new
 * version: re-running it would duplicate listings that users may have edited since.
 * Delete the data folder (or the 'demo' row of seed_runs and the demo rows) to reseed.
 */
export const DEMO_SEED_VERSION = '2026-11-30.1';

const SIZES: Record<DemoSize, { scale: number; privateOwners: number }> = {
  full: { scale: 1, privateOwners: 40 },
  small: { scale: 0.1, privateOwners: 6 },
};

const ROOM_OF_PHOTO: Partial<Record<PhotoKind, number>> = {
  living_room: ROOM_TYPE.living_room,
  kitchen: ROOM_TYPE.kitchen,
  bedroom: ROOM_TYPE.double_bedroom,
  bathroom: ROOM_TYPE.bathroom,
};

export interface DemoSeedOptions {
  demoSize: DemoSize;
  storage: FileStorage;
  log: SeedLog;
}

export async function seedDemo(db: Db, opts: DemoSeedOptions): Promise<void> {
  // Files first: they are idempotent on their own and cannot join the transaction.
  const started = Date.now();
  // At every start, not only the first: a new storage (an empty STORAGE_URL bucket, a wiped folder)
  // gets the files the demo rows point at.
  const { photos, rendered } = await ensurePhotoPool(opts.storage, opts.demoSize);
  const logos = await ensureAgencyLogos(opts.storage);
  if (rendered > 0) opts.log(`seed: rendered ${rendered} demo photos in ${Date.now() - started} ms`);
  await applySeedPart(db, 'demo', DEMO_SEED_VERSION, opts.log, (tx) => writeDemo(tx, opts, photos, logos), {
    rerunOnNewVersion: false,
  });
}

/** The agencies' logos: a key per agency (by its slug), its initials and its colour's index. */
function agencyLogoPlan(): { slug: string; key: string; initials: string; index: number }[] {
  return agencyData.agencies.map((a, index) => {
    const city = DEMO_CITIES.find((c) => c.istat === a.cityIstat)!;
    const slug = toSlug(`${a.name} ${city.name}`);
    const initials = a.name
      .split(/\s+/)
      .filter((w) => /^[A-Z]/.test(w))
      .slice(0, 2)
      .map((w) => w[0])
      .join('');
    return { slug, key: `media/seed/logos/${slug}.png`, initials, index };
  });
}

/** Makes sure every agency logo is in storage (rendering only the missing ones); answers each slug's key and size. */
async function ensureAgencyLogos(storage: FileStorage): Promise<Map<string, { key: string; sizeBytes: number }>> {
  const logos = new Map<string, { key: string; sizeBytes: number }>();
  for (const logo of agencyLogoPlan()) {
    let bytes = (await storage.get(logo.key))?.data;
    if (!bytes) {
      bytes = await renderAgencyLogo(logo.initials, logo.index);
      await storage.put(logo.key, bytes, 'image/png');
    }
    logos.set(logo.slug, { key: logo.key, sizeBytes: bytes.length });
  }
  return logos;
}

function asciiLocal(value: string): string {
  return toSearchName(value).replace(/ /g, '');
}

async function writeDemo(
  tx: Tx,
  opts: DemoSeedOptions,
  pool: PoolPhoto[],
  logos: Map<string, { key: string; sizeBytes: number }>,
): Promise<string> {
  const size = SIZES[opts.demoSize];
  const f = new Faker({ locale: [it, en, base], seed: 7_2025 });
  const cityRows = await tx
    .select({ id: municipalities.id, istat: municipalities.istatCode, postcodes: municipalities.postcodes })
    .from(municipalities)
    .where(
      inArray(
        municipalities.istatCode,
        DEMO_CITIES.map((c) => c.istat),
      ),
    );
  const cityByIstat = new Map(cityRows.map((c) => [c.istat, c]));
  for (const city of DEMO_CITIES) {
    if (!cityByIstat.has(city.istat))
      throw new Error(`Demo city ${city.name} (${city.istat}) is not in the municipalities table`);
  }

  // Hashes: each demo account its own salt; the generated owners share one hash.
  const [buyerHash, sellerHash, agencyHash, sharedHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
  ]);
  const daysBefore = (days: number) => new Date(SEED_EPOCH.getTime() - days * 86_400_000);

  // Agencies, with their logos.
  const agencyRows = agencyData.agencies.map((a) => {
    const city = DEMO_CITIES.find((c) => c.istat === a.cityIstat)!;
    const nb = city.neighbourhoods.find((n) => n.name === a.neighbourhood) ?? city.neighbourhoods[0];
    const slug = toSlug(`${a.name} ${city.name}`);
    return {
      name: a.name,
      slug,
      street: a.street,
      streetNumber: a.number,
      postalCode: cityByIstat.get(a.cityIstat)!.postcodes[0] ?? null,
      municipalityId: cityByIstat.get(a.cityIstat)!.id,
      latitude: nb.lat,
      longitude: nb.lng,
      phone: `${a.phonePrefix} ${f.string.numeric(a.phonePrefix.length === 2 ? 8 : 7)}`,
      email: `info@${slug}.example`,
      website: `https://www.${slug}.example`,
      vatNumber: f.string.numeric(11),
      description: a.description,
      isPartner: a.partner,
      createdAt: daysBefore(400),
      updatedAt: daysBefore(30),
    };
  });
  const insertedAgencies = await tx
    .insert(agencies)
    .values(agencyRows)
    .returning({ id: agencies.id, slug: agencies.slug, name: agencies.name });
  for (const agency of insertedAgencies) {
    const { key, sizeBytes } = logos.get(agency.slug)!;
    const [logo] = await tx
      .insert(media)
      .values({
        agencyId: agency.id,
        mediaTypeId: MEDIA_TYPE.profile_image,
        storageKey: key,
        url: `/media/${key}`,
        contentType: 'image/png',
        sizeBytes,
        width: 256,
        height: 256,
      })
      .returning({ id: media.id });
    await tx
      .update(agencies)
      .set({ logoMediaId: logo.id })
      .where(inArray(agencies.id, [agency.id]));
  }

  // Users: the three demo accounts, one company account per other agency, private owners.
  const { buyer, seller, agency } = DEMO_ACCOUNTS;
  const confirmed = (days: number) => ({
    registrationConfirmed: true,
    confirmedAt: daysBefore(days),
    createdAt: daysBefore(days),
    updatedAt: daysBefore(Math.max(1, days - 20)),
  });
  const userRows: (typeof users.$inferInsert)[] = [
    {
      email: buyer.email,
      businessName: buyer.businessName,
      userTypeId: buyer.userTypeId,
      passwordHash: buyerHash,
      name: buyer.name,
      surname: buyer.surname,
      phonePrefix: '+39',
      phone: '3471234567',
      birthdayDate: '1991-03-14',
      birthdayCity: 'Bologna',
      birthdayCountry: 'Italia',
      sex: 'F',
      fiscalCode: 'BNCGLI91C54A944K',
      ...confirmed(120),
    },
    {
      email: seller.email,
      businessName: seller.businessName,
      userTypeId: seller.userTypeId,
      passwordHash: sellerHash,
      name: seller.name,
      surname: seller.surname,
      phonePrefix: '+39',
      phone: '3389876543',
      birthdayDate: '1978-11-02',
      birthdayCity: 'Milano',
      birthdayCountry: 'Italia',
      sex: 'M',
      fiscalCode: 'RSSMRC78S02F205J',
      ...confirmed(300),
    },
    {
      email: agency.email,
      businessName: agency.businessName,
      userTypeId: agency.userTypeId,
      passwordHash: agencyHash,
      name: agency.name,
      surname: agency.surname,
      phonePrefix: '+39',
      phone: '0258314700',
      companyName: agency.companyName,
      pecAddress: 'navigli-case@pec.rexer.example',
      vatNumber: agencyRows[0].vatNumber,
      uniqueCode: 'M5UXCR1',
      referentName: agency.name,
      referentSurname: agency.surname,
      referentPhone: '3356677889',
      agencyId: insertedAgencies[0].id,
      ...confirmed(400),
    },
  ];
  for (const [index, a] of insertedAgencies.entries()) {
    if (index === 0) continue;
    const name = f.person.firstName();
    const surname = f.person.lastName();
    userRows.push({
      email: `info@${a.slug}.example`,
      businessName: 1,
      userTypeId: USER_TYPE.seller,
      passwordHash: sharedHash,
      name,
      surname,
      phonePrefix: '+39',
      phone: agencyRows[index].phone!.replace(/\s/g, ''),
      companyName: `${a.name} S.r.l.`,
      pecAddress: `${a.slug}@pec.rexer.example`,
      vatNumber: agencyRows[index].vatNumber,
      uniqueCode: f.string.alphanumeric({ length: 7, casing: 'upper' }),
      referentName: name,
      referentSurname: surname,
      referentPhone: `3${f.string.numeric(9)}`,
      agencyId: a.id,
      ...confirmed(380),
    });
  }
  const privateOwnerStart = userRows.length;
  for (let i = 0; i < size.privateOwners; i++) {
    const sex = f.person.sexType();
    const name = f.person.firstName(sex);
    const surname = f.person.lastName();
    userRows.push({
      email: `${asciiLocal(name)}.${asciiLocal(surname)}${i + 1}@example.com`,
      businessName: 0,
      userTypeId: f.helpers.arrayElement([USER_TYPE.seller, USER_TYPE.landlord]),
      passwordHash: sharedHash,
      name,
      surname,
      phonePrefix: '+39',
      phone: `3${f.string.numeric(9)}`,
      sex: sex === 'female' ? 'F' : 'M',
      ...confirmed(f.number.int({ min: 30, max: 600 })),
    });
  }
  // A buyer back after the terms changed: the last texts she accepted are older than the ones in force.
  const returningIndex = userRows.length;
  userRows.push({
    email: DEMO_ACCOUNTS.returning.email,
    businessName: 0,
    userTypeId: DEMO_ACCOUNTS.returning.userTypeId,
    passwordHash: sharedHash,
    name: DEMO_ACCOUNTS.returning.name,
    surname: DEMO_ACCOUNTS.returning.surname,
    phonePrefix: '+39',
    phone: '3401122334',
    sex: 'F',
    ...confirmed(700),
  });
  // Rexer's moderator of reviews.
  userRows.push({
    email: DEMO_ACCOUNTS.moderator.email,
    businessName: 0,
    userTypeId: DEMO_ACCOUNTS.moderator.userTypeId,
    passwordHash: sharedHash,
    name: DEMO_ACCOUNTS.moderator.name,
    surname: DEMO_ACCOUNTS.moderator.surname,
    isModerator: true,
    ...confirmed(500),
  });
  const insertedUsers = await tx.insert(users).values(userRows).returning({ id: users.id, createdAt: users.createdAt });
  const buyerId = insertedUsers[0].id;
  const sellerId = insertedUsers[1].id;
  const agencyUserIds = [insertedUsers[2].id, ...insertedUsers.slice(3, privateOwnerStart).map((u) => u.id)];
  const privateOwnerIds = insertedUsers.slice(privateOwnerStart, returningIndex).map((u) => u.id);

  // Addresses of the demo accounts: residential for private users, legal for the company.
  await tx.insert(userAddresses).values([
    {
      userId: buyerId,
      type: 'residential',
      street: 'Via Mazzini',
      number: '48',
      city: 'Bologna',
      municipalityId: cityByIstat.get('037006')!.id,
      postalCode: '40137',
      province: 'BO',
      country: 'IT',
    },
    {
      userId: sellerId,
      type: 'residential',
      street: 'Via Padova',
      number: '112',
      city: 'Milano',
      municipalityId: cityByIstat.get('015146')!.id,
      postalCode: '20132',
      province: 'MI',
      country: 'IT',
    },
    {
      userId: insertedUsers[2].id,
      type: 'legal',
      street: 'Viale Gorizia',
      number: '14',
      city: 'Milano',
      municipalityId: cityByIstat.get('015146')!.id,
      postalCode: '20144',
      province: 'MI',
      country: 'IT',
    },
    {
      userId: insertedUsers[2].id,
      type: 'billing',
      street: 'Viale Gorizia',
      number: '14',
      city: 'Milano',
      municipalityId: cityByIstat.get('015146')!.id,
      postalCode: '20144',
      province: 'MI',
      country: 'IT',
    },
    {
      userId: insertedUsers[returningIndex].id,
      type: 'residential',
      street: 'Via Nizza',
      number: '7',
      city: 'Torino',
      municipalityId: cityByIstat.get('001272')?.id,
      postalCode: '10125',
      province: 'TO',
      country: 'IT',
    },
    {
      userId: insertedUsers[returningIndex + 1]!.id,
      type: 'residential',
      street: 'Via Nazionale',
      number: '120',
      city: 'Roma',
      municipalityId: cityByIstat.get('058091')?.id,
      postalCode: '00184',
      province: 'RM',
      country: 'IT',
    },
  ]);

  const PREVIOUS_CONSENT_TEXT_VERSION = '2023-06';
  // Consents as records: terms and privacy at registration, the optional ones as chosen.
  const consentRows: (typeof userConsents.$inferInsert)[] = [];
  insertedUsers.forEach((u, index) => {
    const commercial = index === 1 || (index > 2 && f.datatype.boolean(0.4));
    const partner = index > 2 && f.datatype.boolean(0.25);
    for (const [kind, granted] of [
      ['terms', true],
      ['privacy', true],
      ['commercial', commercial],
      ['partner', partner],
    ] as const) {
      consentRows.push({
        userId: u.id,
        kind,
        granted,
        textVersion: index === returningIndex ? PREVIOUS_CONSENT_TEXT_VERSION : CONSENT_TEXT_VERSION,
        source: 'registration',
        recordedAt: u.createdAt,
      });
    }
  });
  // The buyer later withdrew nothing but opted in to partner offers from her profile.
  consentRows.push({
    userId: buyerId,
    kind: 'partner',
    granted: true,
    textVersion: CONSENT_TEXT_VERSION,
    source: 'profile',
    recordedAt: daysBefore(20),
  });
  for (const part of chunk(consentRows, 500)) await tx.insert(userConsents).values(part);

  // Listings.
  const agenciesByCity = new Map<string, number[]>();
  agencyData.agencies.forEach((a, index) =>
    agenciesByCity.set(a.cityIstat, [...(agenciesByCity.get(a.cityIstat) ?? []), index]),
  );
  const listings = buildDemoListings({
    scale: size.scale,
    privateOwners: privateOwnerIds.length,
    agenciesByCity,
    municipalities: new Map(cityRows.map((c) => [c.istat, { postcodes: c.postcodes }])),
  });
  const ownerOf = (l: DemoListing) =>
    l.owner.kind === 'seller'
      ? { ownerUserId: sellerId, agencyId: null }
      : l.owner.kind === 'agency'
        ? { ownerUserId: agencyUserIds[l.owner.index], agencyId: insertedAgencies[l.owner.index].id }
        : { ownerUserId: privateOwnerIds[l.owner.index], agencyId: null };
  const propertyIds: number[] = [];
  for (const part of chunk(listings, 100)) {
    const inserted = await tx
      .insert(properties)
      .values(part.map((l) => ({ ...l.row, ...ownerOf(l), municipalityId: cityByIstat.get(l.cityIstat)!.id })))
      .returning({ id: properties.id });
    propertyIds.push(...inserted.map((r) => r.id));
  }

  const roomRows = listings.flatMap((l, i) =>
    l.rooms.map((r) => ({ propertyId: propertyIds[i], roomTypeId: r.roomTypeId, count: r.count })),
  );
  for (const part of chunk(roomRows, 1000)) await tx.insert(propertyRooms).values(part);
  const amenityRows = listings.flatMap((l, i) =>
    l.amenityIds.map((amenityId) => ({ propertyId: propertyIds[i], amenityId })),
  );
  for (const part of chunk(amenityRows, 1000)) await tx.insert(propertyAmenities).values(part);

  // Photos: each listing takes pool images of the kinds it asked for, rotating through the pool.
  const poolByKind = new Map<PhotoKind, PoolPhoto[]>();
  for (const p of pool) poolByKind.set(p.kind, [...(poolByKind.get(p.kind) ?? []), p]);
  const mediaRows: (typeof media.$inferInsert)[] = [];
  listings.forEach((l, i) => {
    l.photos.forEach((kind, position) => {
      const candidates = poolByKind.get(kind)!;
      const photo = candidates[(i * 7 + position * 3) % candidates.length];
      mediaRows.push({
        propertyId: propertyIds[i],
        mediaTypeId: kind === 'facade' || kind === 'house' ? MEDIA_TYPE.property_image : MEDIA_TYPE.room_image,
        roomTypeId: ROOM_OF_PHOTO[kind] ?? null,
        storageKey: photo.key,
        url: `/media/${photo.key}`,
        thumbnailKey: photo.thumbnailKey,
        thumbnailUrl: `/media/${photo.thumbnailKey}`,
        contentType: 'image/jpeg',
        sizeBytes: photo.sizeBytes,
        width: photo.width,
        height: photo.height,
        position,
        createdAt: l.row.createdAt,
      });
    });
  });
  for (const part of chunk(mediaRows, 1000)) await tx.insert(media).values(part);

  // About 15% of the published listings had their price cut (the trigger keeps the history).
  const reductions = await writeDemoPriceReductions(
    tx,
    listings.map((l, i) => ({
      id: propertyIds[i],
      price: l.row.price,
      sellTypeId: l.row.sellTypeId,
      publishedAt: l.row.statusId === PROPERTY_STATUS.published ? l.row.publishedAt : null,
    })),
  );
  // New developments and their units, sold by an agency of their town.
  const developments = await writeDemoDevelopments(tx, {
    cities: new Map(cityRows.map((c) => [c.istat, { id: c.id, postcodes: c.postcodes }])),
    agencies: insertedAgencies.map((a, i) => ({ id: a.id, userId: agencyUserIds[i] })),
    pool,
    unitsEach: opts.demoSize === 'small' ? 3 : undefined,
    roomOfPhoto: ROOM_OF_PHOTO,
  });

  // The buyer's activity: favourites, a saved search, visit requests to the seller.
  const published = listings
    .map((l, i) => ({ l, id: propertyIds[i] }))
    .filter((x) => x.l.row.statusId === PROPERTY_STATUS.published);
  const favouriteIds = published
    .filter((x) => x.l.owner.kind !== 'seller' && (x.l.cityIstat === '037006' || x.l.cityIstat === '015146'))
    .slice(0, 5)
    .map((x) => x.id);
  if (favouriteIds.length > 0) {
    await tx
      .insert(favorites)
      .values(favouriteIds.map((propertyId, i) => ({ userId: buyerId, propertyId, createdAt: daysBefore(10 - i) })));
  }
  const bologna = cityByIstat.get('037006')!;
  await tx.insert(savedSearches).values({
    userId: buyerId,
    name: texts.demoActivity.savedSearchName,
    searchTypeId: SEARCH_TYPE.town,
    sellTypeId: SELL_TYPE.sale,
    criteria: { SearchType: 'town', Town: bologna.istat, Type: 'trilocali', PriceMax: '450000', SurfaceMin: '70' },
    frequency: 'daily',
    alertsCheckedAt: daysBefore(1),
    createdAt: daysBefore(25),
    updatedAt: daysBefore(25),
  });
  const sellerPublished = published.filter((x) => x.l.owner.kind === 'seller');
  await writeDemoVisits(tx, {
    published: published.map((x) => x.id),
    sellerPublished: sellerPublished.map((x) => x.id),
    buyerId,
    sellerId,
    daysBefore,
  });

  // Verified reviews of the agencies, after visits that took place; the demo buyer may write two.
  const epochDay = Date.UTC(SEED_EPOCH.getUTCFullYear(), SEED_EPOCH.getUTCMonth(), SEED_EPOCH.getUTCDate());
  await seedAgencyReviews(tx, {
    agencies: insertedAgencies.map((agency, index) => ({
      id: agency.id,
      targetRating: agencyData.agencies[index]!.rating,
    })),
    reviewers: privateOwnerIds,
    moderatorId: insertedUsers[returningIndex + 1]!.id,
    buyerId,
    daysBefore,
    at: (days, hourUtc) => new Date(epochDay + days * 86_400_000 + hourUtc * 3_600_000),
    perAgency: opts.demoSize === 'small' ? 3 : 8,
  });

  // The seller bought a photo shoot for one listing.
  if (sellerPublished.length > 0) {
    const photography = lists.serviceProducts.find((p) => p.id === SERVICE_PRODUCT.photography)!;
    const [order] = await tx
      .insert(orders)
      .values({
        userId: sellerId,
        propertyId: sellerPublished[0].id,
        planTypeId: PLAN_TYPE.basic,
        status: 'paid',
        amountCents: photography.priceCents,
        paymentReference: 'DEMO-0001',
        paidAt: daysBefore(40),
        createdAt: daysBefore(40),
        updatedAt: daysBefore(40),
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values({
      orderId: order.id,
      serviceProductId: photography.id,
      quantity: 1,
      unitPriceCents: photography.priceCents,
    });
  }

  const shifted = await shiftDemoDates(tx, new Date());
  return `${insertedUsers.length} users, ${insertedAgencies.length} agencies, ${listings.length} listings (${published.length} published, ${reductions} with price cuts), ${developments.developments} new developments (${developments.units} units), ${mediaRows.length} photos, dates moved ${shifted} days to today`;
}

/**
 * The demo is generated around a fixed instant (SEED_EPOCH) so two runs give the same rows;
 * written to a database, its dates move by whole days to the day of seeding, so a visitor
 * finds listings published this week, recent price cuts and visits ahead, as on a live
 * portal. Runs once, in the demo part's transaction, when only demo rows exist.
 */
async function shiftDemoDates(tx: Tx, now: Date): Promise<number> {
  const days = Math.max(0, Math.floor((now.getTime() - SEED_EPOCH.getTime()) / 86_400_000));
  if (days === 0) return 0;
  const by = sql`make_interval(days => ${days}::int)`;
  await tx.execute(sql`update properties set created_at = created_at + ${by}, updated_at = updated_at + ${by}, published_at = published_at + ${by},
    highlighted_until = highlighted_until + ${by}, price_changed_at = price_changed_at + ${by}, available_from = available_from + ${days}::int`);
  await tx.execute(sql`update property_price_changes set changed_at = changed_at + ${by}`);
  await tx.execute(sql`update favorites set created_at = created_at + ${by}`);
  await tx.execute(
    sql`update saved_searches set created_at = created_at + ${by}, updated_at = updated_at + ${by}, alerts_checked_at = alerts_checked_at + ${by}, last_notified_at = last_notified_at + ${by}`,
  );
  await tx.execute(
    sql`update appointments set scheduled_at = scheduled_at + ${by}, expires_at = expires_at + ${by}, reminded_at = reminded_at + ${by}, created_at = created_at + ${by}, updated_at = updated_at + ${by}`,
  );
  await tx.execute(sql`update appointment_slots set starts_at = starts_at + ${by}`);
  await tx.execute(sql`update appointment_events set created_at = created_at + ${by}`);
  await tx.execute(
    sql`update agency_reviews set created_at = created_at + ${by}, updated_at = updated_at + ${by}, moderated_at = moderated_at + ${by}, answered_at = answered_at + ${by}, answer_approved_at = answer_approved_at + ${by}`,
  );
  await tx.execute(
    sql`update orders set paid_at = paid_at + ${by}, created_at = created_at + ${by}, updated_at = updated_at + ${by}`,
  );
  await tx.execute(sql`update new_developments set created_at = created_at + ${by}, updated_at = updated_at + ${by}`);
  return days;
}

/**
 * The visits of the demo: every published listing receives visits on Tuesday and Thursday
 * evenings and Saturday mornings (Rome time), and the demo buyer has asked the demo seller
 * for visits in every status (pending, confirmed, cancelled, accepted with phone number,
 * cancelled after confirmation, expired), each with its slots and history. The open ones
 * (pending, confirmed, accepted) are on three different listings, as the database requires.
 */
async function writeDemoVisits(
  tx: Tx,
  opts: {
    published: number[];
    sellerPublished: number[];
    buyerId: number;
    sellerId: number;
    daysBefore: (days: number) => Date;
  },
): Promise<void> {
  const windows = [
    { weekday: 2, startsMinute: 17 * 60, endsMinute: 19 * 60 },
    { weekday: 4, startsMinute: 17 * 60, endsMinute: 19 * 60 },
    { weekday: 6, startsMinute: 10 * 60, endsMinute: 13 * 60 },
  ];
  for (const ids of chunk(opts.published, 500)) {
    await tx
      .insert(listingVisitWindows)
      .values(ids.flatMap((propertyId) => windows.map((w) => ({ propertyId, ...w }))));
  }
  const listings = opts.sellerPublished;
  if (listings.length === 0) return;
  // Hours from the start (00:00 UTC) of the epoch's day: SEED_EPOCH itself is 10:00 UTC.
  const epochDay = Date.UTC(SEED_EPOCH.getUTCFullYear(), SEED_EPOCH.getUTCMonth(), SEED_EPOCH.getUTCDate());
  const at = (days: number, hourUtc: number) => new Date(epochDay + days * 86_400_000 + hourUtc * 3_600_000);
  const {
    pending,
    confirmed,
    cancelled,
    accepted_with_phone_number: accepted,
    cancelled_post_confirmation: cancelledAfter,
    expired,
  } = APPOINTMENT_STATUS;
  type Step = { status: number; actor: 'buyer' | 'owner' | 'none'; reason?: number; daysAgo: number };
  const visits: {
    listing: number;
    slots: Date[];
    confirmedAt?: Date;
    expiresAt?: Date;
    message: number;
    steps: Step[];
  }[] = [
    {
      listing: 0,
      slots: [at(3, 16), at(4, 16.5)],
      expiresAt: at(3, 16),
      message: 0,
      steps: [{ status: pending, actor: 'buyer', daysAgo: 2 }],
    },
    {
      listing: 1,
      slots: [at(5, 16), at(6, 9)],
      confirmedAt: at(5, 16),
      message: 1,
      steps: [
        { status: pending, actor: 'buyer', daysAgo: 4 },
        { status: confirmed, actor: 'owner', daysAgo: 3 },
      ],
    },
    {
      listing: 2,
      slots: [at(7, 9.5)],
      message: 2,
      steps: [
        { status: pending, actor: 'buyer', daysAgo: 3 },
        { status: accepted, actor: 'owner', daysAgo: 2 },
      ],
    },
    {
      listing: 0,
      slots: [at(-6, 16)],
      message: 2,
      steps: [
        { status: pending, actor: 'buyer', daysAgo: 12 },
        { status: cancelled, actor: 'buyer', reason: 7, daysAgo: 10 },
      ],
    },
    {
      listing: 1,
      slots: [at(-4, 16), at(-2, 9)],
      confirmedAt: at(-2, 9),
      message: 1,
      steps: [
        { status: pending, actor: 'buyer', daysAgo: 9 },
        { status: confirmed, actor: 'owner', daysAgo: 8 },
        { status: cancelledAfter, actor: 'owner', reason: 6, daysAgo: 5 },
      ],
    },
    {
      listing: 2,
      slots: [at(-1, 16)],
      expiresAt: at(-1, 16),
      message: 0,
      steps: [
        { status: pending, actor: 'buyer', daysAgo: 6 },
        { status: expired, actor: 'none', daysAgo: 1 },
      ],
    },
  ];
  for (const visit of visits) {
    const last = visit.steps[visit.steps.length - 1];
    const [row] = await tx
      .insert(appointments)
      .values({
        propertyId: listings[visit.listing % listings.length],
        requesterUserId: opts.buyerId,
        ownerUserId: opts.sellerId,
        statusId: last.status,
        refusalReasonId: last.reason ?? null,
        lastActor: last.actor,
        scheduledAt: visit.confirmedAt ?? null,
        phone: '3471234567',
        message: texts.demoActivity.appointmentMessages[visit.message],
        expiresAt: visit.expiresAt ?? visit.slots[0],
        createdAt: opts.daysBefore(visit.steps[0].daysAgo),
        updatedAt: opts.daysBefore(last.daysAgo),
      })
      .returning({ id: appointments.id });
    await tx.insert(appointmentSlots).values(visit.slots.map((startsAt) => ({ appointmentId: row.id, startsAt })));
    await tx.insert(appointmentEvents).values(
      visit.steps.map((step) => ({
        appointmentId: row.id,
        statusId: step.status,
        actor: step.actor,
        reasonId: step.reason ?? null,
        createdAt: opts.daysBefore(step.daysAgo),
      })),
    );
  }
}
