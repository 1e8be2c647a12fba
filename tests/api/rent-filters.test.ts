import { readFileSync } from 'node:fs';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeAmenityIds } from '@domain/listing/amenities';
import type { Db } from '../../server/db/database';
import { PROPERTY_STATUS, PROPERTY_TYPE, SELL_TYPE } from '../../server/db/reference-ids';
import { agencies, municipalities, properties, propertyAmenities, users } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { BACKENDS, buildTestApp, openTestDatabase } from './helpers';

// A renter's filters (furnishing, lease, pets), «Solo privati», who publishes each listing, and the one
// list of amenities, over listings this test inserts in Pavia (no demo listing there, so the sets are exact).

type Item = { Id: number; AgencyName: string | null };
type Result = { Total: number; Items: Item[] };

describe.each(BACKENDS)('rent filters and publishers ($name)', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let db: Db;
  let owner: number;
  let pavia: number;
  let agencyId: number;
  let agencyName: string;
  const lab: Record<string, number> = {};
  const center = { latitude: 45.1847, longitude: 9.1582 };
  const circle = {
    SearchType: 'circle',
    SellType: '2',
    Lat: String(center.latitude),
    Lng: String(center.longitude),
    Radius: '800',
  };

  async function insert(values: Partial<typeof properties.$inferInsert>, i: number): Promise<number> {
    const [row] = await db
      .insert(properties)
      .values({
        ownerUserId: owner,
        sellTypeId: SELL_TYPE.rent,
        statusId: PROPERTY_STATUS.published,
        municipalityId: pavia,
        street: 'Strada Nuova',
        streetNumber: String(i + 1),
        latitude: center.latitude + i * 0.0002,
        longitude: center.longitude,
        propertyTypeId: PROPERTY_TYPE.apartment,
        surfaceM2: 70,
        rooms: 3,
        price: 900,
        title: 'Trilocale in affitto',
        publishedAt: new Date('2026-02-01T10:00:00Z'),
        ...values,
      })
      .returning({ id: properties.id });
    return row!.id;
  }

  async function search(query: Record<string, string>): Promise<Result> {
    const res = await app.inject({ method: 'GET', url: '/api/Search/Listings', query: { ...query, PageSize: '50' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Result;
  }
  const idsOf = async (query: Record<string, string>) =>
    (await search(query)).Items.map((item) => item.Id).sort((a, b) => a - b);
  const sorted = (...names: string[]) => names.map((name) => lab[name]!).sort((a, b) => a - b);

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
    app = await buildTestApp(testDb);
    db = testDb.database.db;
    owner = (await db.select({ id: users.id }).from(users).limit(1))[0]!.id;
    pavia = (
      await db.select({ id: municipalities.id }).from(municipalities).where(eq(municipalities.istatCode, '018110'))
    )[0]!.id;
    const [agency] = await db.select({ id: agencies.id, name: agencies.name }).from(agencies).limit(1);
    agencyId = agency!.id;
    agencyName = agency!.name;
    lab.furnished44 = await insert({ furnishingId: 1, contractTypeId: 1, petsAllowed: true }, 0);
    lab.furnishedStudents = await insert({ furnishingId: 1, contractTypeId: 4, petsAllowed: false, agencyId }, 1);
    lab.partly32 = await insert({ furnishingId: 2, contractTypeId: 2, petsAllowed: true, agencyId }, 2);
    lab.unfurnished44 = await insert({ furnishingId: 3, contractTypeId: 1, petsAllowed: null }, 3);
    lab.unsaid = await insert({}, 4);
    lab.sale = await insert({ sellTypeId: SELL_TYPE.sale, price: 250_000, furnishingId: 1, petsAllowed: true }, 5);
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('a rent search narrows by furnishing, lease and pets, each alone and together', async () => {
    expect(await idsOf(circle)).toEqual(
      sorted('furnished44', 'furnishedStudents', 'partly32', 'unfurnished44', 'unsaid'),
    );
    expect(await idsOf({ ...circle, Furnishing: '1' })).toEqual(sorted('furnished44', 'furnishedStudents'));
    expect(await idsOf({ ...circle, Furnishing: '1,2' })).toEqual(
      sorted('furnished44', 'furnishedStudents', 'partly32'),
    );
    expect(await idsOf({ ...circle, Contracts: '1' })).toEqual(sorted('furnished44', 'unfurnished44'));
    expect(await idsOf({ ...circle, Contracts: '2,4' })).toEqual(sorted('furnishedStudents', 'partly32'));
    // Pets: only the listings that say they welcome them (not the ones that do not say).
    expect(await idsOf({ ...circle, Pets: 'true' })).toEqual(sorted('furnished44', 'partly32'));
    expect(await idsOf({ ...circle, Furnishing: '1', Contracts: '1', Pets: 'true' })).toEqual(sorted('furnished44'));
    const total = (await search({ ...circle, Pets: 'true' })).Total;
    expect(total).toBe(2);
  });

  it("«Solo privati» leaves out the agencies' listings, and every result says who publishes", async () => {
    expect(await idsOf({ ...circle, PrivateOnly: 'true' })).toEqual(sorted('furnished44', 'unfurnished44', 'unsaid'));
    const items = (await search(circle)).Items;
    const byId = new Map(items.map((item) => [item.Id, item.AgencyName]));
    expect(byId.get(lab.partly32!)).toBe(agencyName);
    expect(byId.get(lab.furnishedStudents!)).toBe(agencyName);
    expect(byId.get(lab.furnished44!)).toBeNull();
  });

  it('the listing page names its publisher: the agency, or a private owner', async () => {
    const agencyListing = (await app.inject({ method: 'GET', url: `/api/Property/${lab.partly32}` })).json();
    expect(agencyListing.Advertiser).toMatchObject({ Kind: 'agency', Name: agencyName, AgencyId: agencyId });
    const privateListing = (await app.inject({ method: 'GET', url: `/api/Property/${lab.furnished44}` })).json();
    expect(privateListing.Advertiser).toMatchObject({ Kind: 'private', AgencyId: null });
    // A rent's lease and pets, as the listing page shows them.
    expect(privateListing).toMatchObject({ ContractTypeId: 1, PetsAllowed: true, Furnishing: { Id: 1 } });
    expect((await app.inject({ method: 'GET', url: `/api/Property/${lab.unsaid}` })).json()).toMatchObject({
      ContractTypeId: null,
      PetsAllowed: null,
    });
    const similar = (await app.inject({ method: 'GET', url: `/api/Property/${lab.furnished44}/Similar` })).json() as {
      Items: Item[];
    };
    const publisherOf = new Map(similar.Items.map((item) => [item.Id, item.AgencyName]));
    expect(publisherOf.get(lab.partly32!)).toBe(agencyName);
  });

  it('an address with a retired garden reads it as the kept ones; a rent filter of another value is refused', async () => {
    await db.insert(propertyAmenities).values([
      { propertyId: lab.furnished44!, amenityId: 18 },
      { propertyId: lab.partly32!, amenityId: 19 },
    ]);
    expect(await idsOf({ ...circle, Amenities: '20' })).toEqual(sorted('furnished44'));
    expect(await idsOf({ ...circle, Amenities: '18' })).toEqual(sorted('furnished44'));
    expect(await idsOf({ ...circle, Amenities: '23' })).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: '/api/Search/Listings', query: { ...circle, Furnishing: '5' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: '/api/Search/Listings', query: { ...circle, Contracts: '0' } }))
        .statusCode,
    ).toBe(400);
  });

  it("migration 0024 moves the retired gardens onto the kept ids, in the rows and in the wizard's answers", async () => {
    const a = await insert(
      { statusId: PROPERTY_STATUS.incomplete, wizardAnswers: { amenities: { amenityIds: [15, 20] } } },
      10,
    );
    const b = await insert(
      { statusId: PROPERTY_STATUS.incomplete, wizardAnswers: { amenities: { amenityIds: [23, 2, 18] } } },
      11,
    );
    await db.insert(propertyAmenities).values([
      { propertyId: a, amenityId: 15 },
      { propertyId: a, amenityId: 20 },
      { propertyId: b, amenityId: 23 },
      { propertyId: b, amenityId: 18 },
      { propertyId: b, amenityId: 2 },
    ]);
    const migration = readFileSync(
      new URL('../../server/db/migrations/0024_rent_terms_amenities.sql', import.meta.url),
      'utf8',
    );
    // The amenity statements (the columns' are done): each runs again on these rows as at the migration.
    for (const statement of migration.split('--> statement-breakpoint').slice(3)) await db.execute(sql.raw(statement));
    const rows = await db
      .select()
      .from(propertyAmenities)
      .where(inArray(propertyAmenities.propertyId, [a, b]));
    const of = (id: number) =>
      rows
        .filter((r) => r.propertyId === id)
        .map((r) => r.amenityId)
        .sort((x, y) => x - y);
    expect(of(a)).toEqual([15, 18]);
    expect(of(b)).toEqual([2, 18, 19]);
    const answers = await db
      .select({ id: properties.id, answers: properties.wizardAnswers })
      .from(properties)
      .where(inArray(properties.id, [a, b]));
    const amenityIdsOf = (id: number) =>
      (answers.find((r) => r.id === id)!.answers as { amenities: { amenityIds: number[] } }).amenities.amenityIds;
    expect(amenityIdsOf(a)).toEqual([15, 18]);
    expect(amenityIdsOf(b)).toEqual([2, 18, 19]);
    expect(normalizeAmenityIds([23, 2, 18])).toEqual([2, 18, 19]);
  });

  it('the demo data has no retired amenity, and its rents say their lease and whether pets are welcome', async () => {
    const [retired] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(propertyAmenities)
      .where(inArray(propertyAmenities.amenityId, [20, 23]));
    expect(retired!.n).toBe(0);
    const rents = await db
      .select({
        contract: properties.contractTypeId,
        pets: properties.petsAllowed,
        furnishing: properties.furnishingId,
      })
      .from(properties)
      .where(
        and(
          eq(properties.sellTypeId, SELL_TYPE.rent),
          eq(properties.statusId, PROPERTY_STATUS.published),
          isNotNull(properties.contractTypeId),
        ),
      );
    expect(new Set(rents.map((r) => r.contract))).toEqual(new Set([1, 2, 3, 4]));
    expect(rents.some((r) => r.pets === true)).toBe(true);
    expect(rents.some((r) => r.pets === false)).toBe(true);
    expect(new Set(rents.map((r) => r.furnishing)).size).toBeGreaterThanOrEqual(3);
  });
});
