import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import {
  AMENITY,
  HOME_PROPERTY_TYPES,
  MEDIA_TYPE,
  PROPERTY_CONDITION,
  PROPERTY_STATUS,
  PROPERTY_TYPE,
  ROOM_TYPE,
} from '../../server/db/reference-ids';
import {
  agencies,
  districts,
  media,
  municipalities,
  newDevelopments,
  properties,
  propertyAmenities,
  propertyRooms,
  provinces,
  users,
} from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { BACKENDS, buildTestApp, expectError, openTestDatabase } from './helpers';

const MILANO = 15146;

interface Fixtures {
  ownerId: number;
  ownerEmail: string;
  ownerPhone: string;
  ownerFirstName: string;
  ownerSurname: string;
  agencyId: number;
  agencyName: string;
  hidden: number;
  near: number;
  agencyListing: number;
  rent: number;
  sold: number;
  suspended: number;
  deleted: number;
  draft: number;
  development: number;
  units: number[];
  draftUnit: number;
}

type NewProperty = typeof properties.$inferInsert;

async function insertListing(db: Db, values: Partial<NewProperty> & { ownerUserId: number }): Promise<number> {
  const [row] = await db
    .insert(properties)
    .values({
      sellTypeId: 1,
      statusId: PROPERTY_STATUS.published,
      municipalityId: MILANO,
      street: 'Via Pascoli',
      streetNumber: '12',
      postalCode: '20133',
      latitude: 45.4781234,
      longitude: 9.2276543,
      propertyTypeId: PROPERTY_TYPE.apartment,
      publicationPropertyTypeId: PROPERTY_TYPE.apartment,
      surfaceM2: 100,
      rooms: 3,
      bathrooms: 2,
      floor: 2,
      buildingFloors: 6,
      hasLift: true,
      conditionId: PROPERTY_CONDITION.good,
      buildYear: 1965,
      energyClassId: 7,
      energyPerformance: 142.5,
      heatingTypeId: 2,
      condoFees: 180,
      occupancyId: 1,
      price: 400_000,
      priceFromMarket: true,
      estimateMin: 380_000,
      estimateMax: 420_000,
      title: 'Trilocale in vendita a Città Studi',
      description: 'Luminoso trilocale vicino al Politecnico.',
      wizardPage: { currentStep: 34, lastDevice: 'desktop' },
      wizardHistory: [2, 3, 4],
      publishedAt: new Date('2025-03-01T09:00:00Z'),
      createdAt: new Date('2025-02-28T09:00:00Z'),
      ...values,
    })
    .returning({ id: properties.id });
  return row.id;
}

async function insertFixtures(db: Db): Promise<Fixtures> {
  // A private owner of the demo data (no agency), with an e-mail and a phone that must never show.
  const [owner] = await db
    .select({ id: users.id, email: users.email, phone: users.phone, name: users.name, surname: users.surname })
    .from(users)
    .where(
      and(
        isNull(users.agencyId),
        eq(users.businessName, 0),
        sql`${users.phone} is not null and ${users.name} is not null`,
      ),
    )
    .limit(1);
  const [agency] = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .orderBy(agencies.id)
    .limit(1);

  const hidden = await insertListing(db, {
    ownerUserId: owner.id,
    showAddress: false,
    price: 300_000,
    surfaceM2: 95,
    latitude: 45.4781234,
    longitude: 9.2276543,
  });
  await db.insert(propertyRooms).values([
    { propertyId: hidden, roomTypeId: ROOM_TYPE.living_room, count: 1 },
    { propertyId: hidden, roomTypeId: ROOM_TYPE.double_bedroom, count: 2 },
    { propertyId: hidden, roomTypeId: ROOM_TYPE.bathroom, count: 2 },
  ]);
  await db.insert(propertyAmenities).values([
    { propertyId: hidden, amenityId: AMENITY.lift },
    { propertyId: hidden, amenityId: AMENITY.balcony },
  ]);
  const image = (mediaTypeId: number, position: number, name: string) => ({
    propertyId: hidden,
    mediaTypeId,
    storageKey: `media/test/${name}.jpg`,
    url: `/media/media/test/${name}.jpg`,
    thumbnailUrl: `/media/media/test/${name}-thumb.jpg`,
    contentType: 'image/jpeg',
    width: 1200,
    height: 800,
    position,
    caption: name,
  });
  await db
    .insert(media)
    .values([
      image(MEDIA_TYPE.room_image, 1, 'kitchen'),
      image(MEDIA_TYPE.property_image, 0, 'facade'),
      image(MEDIA_TYPE.floor_plan, 2, 'plan'),
      image(MEDIA_TYPE.energy_certificate, 3, 'ape'),
      image(MEDIA_TYPE.back_office_only, 4, 'contract'),
    ]);
  // Two reductions: the trigger keeps each one.
  await db.update(properties).set({ price: 290_000 }).where(eq(properties.id, hidden));
  await db.update(properties).set({ price: 280_000 }).where(eq(properties.id, hidden));
  // A district whose area holds the listing.
  await db.insert(districts).values({
    municipalityId: MILANO,
    name: 'Quartiere di prova',
    slug: `quartiere-di-prova-${hidden}`,
    searchName: 'quartiere di prova',
    latitude: 45.478,
    longitude: 9.227,
    area: '((9.22,45.47),(9.235,45.47),(9.235,45.485),(9.22,45.485))',
  });

  const near = await insertListing(db, { ownerUserId: owner.id, price: 280_000, surfaceM2: 95, title: 'Simile' });
  const agencyListing = await insertListing(db, {
    ownerUserId: owner.id,
    agencyId: agency.id,
    price: 1_900_000,
    title: 'Con agenzia',
  });
  const rent = await insertListing(db, { ownerUserId: owner.id, sellTypeId: 2, price: 1_400, title: 'In affitto' });
  const sold = await insertListing(db, { ownerUserId: owner.id, statusId: PROPERTY_STATUS.sold, price: 281_000 });
  const suspended = await insertListing(db, {
    ownerUserId: owner.id,
    statusId: PROPERTY_STATUS.suspended,
    price: 279_000,
  });
  const deleted = await insertListing(db, { ownerUserId: owner.id, statusId: PROPERTY_STATUS.deleted, price: 280_500 });
  const draft = await insertListing(db, {
    ownerUserId: owner.id,
    statusId: PROPERTY_STATUS.incomplete,
    price: 280_100,
    publishedAt: null,
  });

  const [development] = await db
    .insert(newDevelopments)
    .values({
      name: 'Residenza di prova',
      builderName: 'Costruzioni Prova S.p.A.',
      agencyId: agency.id,
      municipalityId: MILANO,
      street: 'Via Mancinelli',
      latitude: 45.479,
      longitude: 9.229,
      description: 'Nuova costruzione in classe A4.',
      completion: 'Dicembre 2027',
      energyClassId: 1,
    })
    .returning({ id: newDevelopments.id });
  const unit = (price: number, rooms: number) =>
    insertListing(db, {
      ownerUserId: owner.id,
      agencyId: agency.id,
      developmentId: development.id,
      conditionId: PROPERTY_CONDITION.new,
      energyClassId: 1,
      price,
      rooms,
      title: `Unità ${rooms} locali`,
    });
  const units = [await unit(520_000, 3), await unit(390_000, 2)];
  const draftUnit = await insertListing(db, {
    ownerUserId: owner.id,
    developmentId: development.id,
    statusId: PROPERTY_STATUS.incomplete,
    price: 100_000,
    publishedAt: null,
  });

  return {
    ownerId: owner.id,
    ownerEmail: owner.email,
    ownerPhone: owner.phone!,
    ownerFirstName: owner.name!,
    ownerSurname: owner.surname ?? '',
    agencyId: agency.id,
    agencyName: agency.name,
    hidden,
    near,
    agencyListing,
    rent,
    sold,
    suspended,
    deleted,
    draft,
    development: development.id,
    units,
    draftUnit,
  };
}

describe.each(BACKENDS)('property pages on $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let fx: Fixtures;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
    fx = await insertFixtures(testDb.database.db);
    app = await buildTestApp(testDb);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('answers a published listing with its public fields, media in order and its price history', async () => {
    const res = await app.inject({ url: `/api/Property/${fx.hidden}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json();
    expect(body).toMatchObject({
      Id: fx.hidden,
      SellType: 1,
      Status: 2,
      Title: 'Trilocale in vendita a Città Studi',
      Price: 280_000,
      PricePerM2: Math.round(280_000 / 95),
      PreviousPrice: 290_000,
      PropertyTypeId: PROPERTY_TYPE.apartment,
      PropertyTypeName: 'Appartamento',
      SurfaceM2: 95,
      Rooms: 3,
      Bathrooms: 2,
      Floor: 2,
      BuildingFloors: 6,
      HasLift: true,
      Condition: { Id: PROPERTY_CONDITION.good },
      BuildYear: 1965,
      EnergyClass: { Id: 7, Code: 'D' },
      EnergyPerformance: 142.5,
      HeatingType: { Id: 2 },
      CondoFees: 180,
      Occupancy: { Id: 1 },
      City: { Name: 'Milano', Slug: 'milano', Istat: '015146', ProvinceCode: 'MI', ProvinceSlug: 'milano' },
      CityName: 'Milano',
      ProvinceCode: 'MI',
      District: expect.any(String),
      IsNewBuild: false,
      Development: null,
      Advertiser: {
        Kind: 'private',
        Name: fx.ownerFirstName,
        AgencyId: null,
        AgencySlug: null,
        LogoUrl: null,
        Phone: null,
      },
      PublishedAt: '2025-03-01T09:00:00.000Z',
      FavoritesCount: 0,
    });
    expect(body.PriceReducedAt).toEqual(expect.any(String));
    expect(body.PriceHistory.map((p: { Price: number }) => p.Price)).toEqual([300_000, 290_000, 280_000]);
    expect(body.PriceHistory[0].Date).toBe('2025-03-01T09:00:00.000Z');
    expect(body.Photos.map((p: { Caption: string }) => p.Caption)).toEqual(['facade', 'kitchen']);
    expect(body.Photos[0]).toEqual({
      Url: '/media/media/test/facade.jpg',
      ThumbnailUrl: '/media/media/test/facade-thumb.jpg',
      Width: 1200,
      Height: 800,
      Caption: 'facade',
    });
    expect(body.FloorPlans.map((p: { Caption: string }) => p.Caption)).toEqual(['plan']);
    expect(body.EnergyCertificates.map((p: { Caption: string }) => p.Caption)).toEqual(['ape']);
    expect(body.Amenities.map((a: { Id: number }) => a.Id).sort()).toEqual([AMENITY.lift, AMENITY.balcony].sort());
    expect(body.RoomList).toContainEqual({
      RoomTypeId: ROOM_TYPE.double_bedroom,
      Name: 'Camera matrimoniale',
      PluralName: 'camere matrimoniali',
      Count: 2,
    });
  });

  it('hides the address: no street, no postal code, the position rounded to about 100 m', async () => {
    const body = (await app.inject({ url: `/api/Property/${fx.hidden}` })).json();
    expect(body.Address).toBeNull();
    expect(body.PostalCode).toBeNull();
    expect(JSON.stringify(body)).not.toContain('20133');
    expect(body.Latitude).toBe(45.478);
    expect(body.Longitude).toBe(9.228);
    expect(JSON.stringify(body)).not.toContain('Via Pascoli');
    const shown = (await app.inject({ url: `/api/Property/${fx.near}` })).json();
    expect(shown).toMatchObject({
      Address: 'Via Pascoli, 12',
      PostalCode: '20133',
      Latitude: 45.4781234,
      Longitude: 9.2276543,
    });
  });

  it("names a hidden address's district from its rounded position, never from the exact one", async () => {
    const db = testDb.database.db;
    // A point of Milano whose exact position and rounded one (~100 m) lie in two districts.
    const [found] = (
      await db.execute(sql`
        with grid as (
          select 45.44 + i * 0.00023 as lat, 9.14 + j * 0.00031 as lng
            from generate_series(0, 300) i, generate_series(0, 300) j
        )
        select g.lat, g.lng, exact.name as exact, shown.name as shown
          from grid g
          join districts exact on exact.municipality_id = ${MILANO} and point(g.lng, g.lat) <@ exact.area
          join districts shown on shown.municipality_id = ${MILANO} and point(round(g.lng::numeric, 3)::float8, round(g.lat::numeric, 3)::float8) <@ shown.area
         where exact.id <> shown.id
         limit 1`)
    ).rows as { lat: number; lng: number; exact: string; shown: string }[];
    expect(found, 'a point near a district border').toBeDefined();
    const [owner] = await db.select({ id: users.id }).from(users).limit(1);
    const id = await insertListing(db, {
      ownerUserId: owner!.id,
      latitude: Number(found!.lat),
      longitude: Number(found!.lng),
      showAddress: false,
    });
    const body = (await app.inject({ url: `/api/Property/${id}` })).json();
    expect(body.District).toBe(found!.shown);
    expect(body.District).not.toBe(found!.exact);
    await db.delete(properties).where(eq(properties.id, id));
  });

  it('never sends private data: the owner e-mail, phone, surname and id, the wizard and the estimate', async () => {
    const res = await app.inject({ url: `/api/Property/${fx.hidden}` });
    const text = res.body;
    expect(text).not.toContain(fx.ownerEmail);
    expect(text).not.toContain(fx.ownerPhone);
    if (fx.ownerSurname) expect(text).not.toContain(fx.ownerSurname);
    for (const key of ['Email', 'OwnerUserId', 'Wizard', 'Estimate', 'PriceFromMarket', 'Surname', 'Phone":"3'])
      expect(text).not.toContain(key);
    expect(text).not.toContain('380000');
  });

  it('names an agency advertiser with its phone and logo', async () => {
    const body = (await app.inject({ url: `/api/Property/${fx.agencyListing}` })).json();
    expect(body.Advertiser).toMatchObject({
      Kind: 'agency',
      Name: fx.agencyName,
      AgencyId: fx.agencyId,
      AgencySlug: expect.any(String),
      Phone: expect.any(String),
    });
  });

  it('answers sold and suspended listings with their status', async () => {
    expect((await app.inject({ url: `/api/Property/${fx.sold}` })).json()).toMatchObject({ Id: fx.sold, Status: 4 });
    expect((await app.inject({ url: `/api/Property/${fx.suspended}` })).json()).toMatchObject({
      Id: fx.suspended,
      Status: 3,
    });
  });

  it('answers 410 for a deleted listing, 404 for a draft or an unknown id, 400 for a malformed id', async () => {
    expectError(await app.inject({ url: `/api/Property/${fx.deleted}` }), 'PropertyDeleted');
    expectError(await app.inject({ url: `/api/Property/${fx.draft}` }), 'PropertyNotFound');
    expectError(await app.inject({ url: '/api/Property/2000000000' }), 'PropertyNotFound');
    for (const bad of ['abc', '0x10', '-1', '0', '1e3']) {
      expect((await app.inject({ url: `/api/Property/${bad}` })).statusCode).toBe(400);
    }
  });

  it('offers similar published listings of the same sell type, never the listing itself', async () => {
    const res = await app.inject({ url: `/api/Property/${fx.hidden}/Similar?Limit=6` });
    expect(res.statusCode).toBe(200);
    const items = res.json().Items as {
      Id: number;
      SellType: number;
      Title: string;
      CityName: string;
      Address: string | null;
    }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(6);
    const ids = items.map((i) => i.Id);
    expect(ids).not.toContain(fx.hidden);
    for (const other of [fx.rent, fx.sold, fx.suspended, fx.deleted, fx.draft]) expect(ids).not.toContain(other);
    expect(items.every((i) => i.SellType === 1)).toBe(true);
    // The nearest in price, in the same town, comes first.
    expect(ids[0]).toBe(fx.near);
    expect(items[0]).toMatchObject({
      CityName: 'Milano',
      Address: 'Via Pascoli, 12',
      PhotoCount: 0,
      IsNewBuild: false,
    });
  });

  it('orders similar listings as a full sort of the province would: its town first, then nearest in price, then in surface', async () => {
    const db = testDb.database.db;
    // A province of its own: Bergamo, its capital and two more towns of it.
    const towns = await db
      .select({ id: municipalities.id })
      .from(municipalities)
      .innerJoin(provinces, eq(provinces.id, municipalities.provinceId))
      .where(eq(provinces.sigla, 'BG'))
      .orderBy(municipalities.id)
      .limit(3);
    const [home, other, third] = towns.map((t) => t.id);
    const owner = fx.ownerId;
    const base = await insertListing(db, { ownerUserId: owner, municipalityId: home, price: 250_000, surfaceM2: 90 });
    const prices: [number, number | null, number | null][] = [
      [home, 240_000, 80],
      [home, 260_000, 95],
      [home, 260_000, 88],
      [home, 250_000, null],
      [home, null, 90],
      [home, 1_200_000, 300],
      [home, 90_000, 40],
      [home, 100_000, 45],
      [home, 120_000, 50],
      [home, 150_000, 55],
      [home, 700_000, 200],
      [home, 900_000, 250],
      [other, 251_000, 90],
      [other, 249_000, 70],
      [other, 500_000, 150],
      [third, 250_000, 90],
      [third, 250_000, 91],
      [third, 180_000, 60],
    ];
    for (const [municipalityId, price, surfaceM2] of prices)
      await insertListing(db, { ownerUserId: owner, municipalityId, price, surfaceM2 });
    // Not like it: a garage, a home for rent, a draft.
    await insertListing(db, {
      ownerUserId: owner,
      municipalityId: home,
      price: 250_000,
      propertyTypeId: PROPERTY_TYPE.garage,
      publicationPropertyTypeId: PROPERTY_TYPE.garage,
    });
    await insertListing(db, { ownerUserId: owner, municipalityId: home, price: 250_000, sellTypeId: 2 });
    await insertListing(db, {
      ownerUserId: owner,
      municipalityId: home,
      price: 250_000,
      statusId: PROPERTY_STATUS.incomplete,
    });

    // The oracle: every candidate of the province, sorted in full.
    const candidates = await db
      .select({
        id: properties.id,
        municipalityId: properties.municipalityId,
        price: properties.price,
        surface: properties.surfaceM2,
        type: sql<number>`coalesce(${properties.publicationPropertyTypeId}, ${properties.propertyTypeId})`,
      })
      .from(properties)
      .innerJoin(municipalities, eq(municipalities.id, properties.municipalityId))
      .innerJoin(provinces, eq(provinces.id, municipalities.provinceId))
      .where(
        and(
          eq(provinces.sigla, 'BG'),
          eq(properties.statusId, PROPERTY_STATUS.published),
          eq(properties.sellTypeId, 1),
          ne(properties.id, base),
        ),
      );
    const expected = candidates
      .filter((c) => HOME_PROPERTY_TYPES.includes(c.type))
      .sort(
        (a, b) =>
          Number(b.municipalityId === home) - Number(a.municipalityId === home) ||
          Math.abs((a.price ?? 0) - 250_000) - Math.abs((b.price ?? 0) - 250_000) ||
          Math.abs((a.surface ?? 0) - 90) - Math.abs((b.surface ?? 0) - 90) ||
          a.id - b.id,
      )
      .map((c) => c.id);
    expect(expected.length).toBe(prices.length);
    for (const limit of [1, 3, 4, 7, 11, 13, 20]) {
      const res = await app.inject({ url: `/api/Property/${base}/Similar?Limit=${limit}` });
      expect(res.statusCode).toBe(200);
      expect(
        (res.json().Items as { Id: number }[]).map((i) => i.Id),
        `Limit=${limit}`,
      ).toEqual(expected.slice(0, limit));
    }
  });

  it('offers similar listings for a deleted or sold listing, 404 for a draft or an unknown id', async () => {
    for (const id of [fx.deleted, fx.sold]) {
      const res = await app.inject({ url: `/api/Property/${id}/Similar` });
      expect(res.statusCode).toBe(200);
      expect(res.json().Items.map((i: { Id: number }) => i.Id)).not.toContain(id);
    }
    expectError(await app.inject({ url: `/api/Property/${fx.draft}/Similar` }), 'PropertyNotFound');
    expectError(await app.inject({ url: '/api/Property/2000000000/Similar' }), 'PropertyNotFound');
    expect((await app.inject({ url: `/api/Property/${fx.hidden}/Similar?Limit=0` })).statusCode).toBe(400);
  });

  it('answers a new development with its published units, cheapest first', async () => {
    const res = await app.inject({ url: `/api/NewDevelopment/${fx.development}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      Id: fx.development,
      Name: 'Residenza di prova',
      BuilderName: 'Costruzioni Prova S.p.A.',
      Completion: 'Dicembre 2027',
      CityName: 'Milano',
      ProvinceCode: 'MI',
      EnergyClass: { Code: 'A4' },
      AgencyName: fx.agencyName,
      PriceFrom: 390_000,
    });
    expect(body.Units.map((u: { Id: number }) => u.Id)).toEqual([fx.units[1], fx.units[0]]);
    expect(body.Units[0]).toMatchObject({ IsNewBuild: true, DevelopmentId: fx.development, EnergyClass: 'A4' });
    const unit = (await app.inject({ url: `/api/Property/${fx.units[0]}` })).json();
    expect(unit).toMatchObject({ Development: { Id: fx.development, Name: 'Residenza di prova' }, IsNewBuild: true });
    expectError(await app.inject({ url: '/api/NewDevelopment/2000000000' }), 'DevelopmentNotFound');
    expect((await app.inject({ url: '/api/NewDevelopment/x' })).statusCode).toBe(400);
  });

  it('lists published listings and developments in sitemap-annunci.xml, never drafts or deleted ones', async () => {
    const index = await app.inject({ url: '/sitemap.xml' });
    expect(index.body).toContain('/sitemap-annunci.xml</loc>');
    expect(index.body).toContain('/sitemap-ricerche.xml</loc>');
    const res = await app.inject({ url: '/sitemap-annunci.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(locs).toContain(`/immobile/${fx.hidden}`);
    expect(locs).toContain(`/immobile/${fx.units[0]}`);
    expect(locs).toContain(`/nuovecostruzioni/${fx.development}`);
    for (const id of [fx.draft, fx.deleted, fx.sold, fx.suspended, fx.draftUnit])
      expect(locs).not.toContain(`/immobile/${id}`);
    const searches = await app.inject({ url: '/sitemap-ricerche.xml' });
    expect(searches.statusCode).toBe(200);
    const searchLocs = [...searches.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(searchLocs).toContain('/vendita/case/milano/milano/015146');
    expect(searchLocs).toContain('/affitto/case/milano/milano/015146');
  });

  it('seeds new developments with units and listings with past price cuts in the demo', async () => {
    const db = testDb.database.db;
    const developments = await db.execute<{ id: number; units: number }>(
      sql`select d.id, count(p.id)::int as units from new_developments d join properties p on p.development_id = d.id and p.status_id = 2 and p.condition_id = 1 where d.name <> 'Residenza di prova' group by d.id order by d.id`,
    );
    expect(developments.rows.length).toBeGreaterThanOrEqual(5);
    for (const d of developments.rows) expect(d.units).toBeGreaterThanOrEqual(3);
    const first = (await app.inject({ url: `/api/NewDevelopment/${developments.rows[0].id}` })).json();
    expect(first.Units.length).toBe(developments.rows[0].units);
    expect(first.Photos.length).toBeGreaterThan(0);
    expect(['A4', 'A3']).toContain(first.EnergyClass.Code);
    expect(first.Completion).toMatch(/^\S+ 20\d\d$/);

    // Cuts: recorded by the trigger, each after publication, the listing's last change its price_changed_at.
    const cuts = await db.execute<{
      id: number;
      published_at: string;
      first_cut: string;
      last_cut: string;
      price_changed_at: string;
      price: number;
      previous_price: number;
    }>(
      sql`select p.id, p.published_at, p.price_changed_at, p.price, p.previous_price, min(c.changed_at) as first_cut, max(c.changed_at) as last_cut
          from properties p join property_price_changes c on c.property_id = p.id and c.old_price is not null
          where p.development_id is null and p.title not in ('Simile', 'Con agenzia', 'In affitto', 'Trilocale in vendita a Città Studi') and p.id <> ${fx.hidden}
          group by p.id`,
    );
    expect(cuts.rows.length).toBeGreaterThan(0);
    for (const c of cuts.rows) {
      expect(c.price).toBeLessThan(c.previous_price);
      expect(new Date(c.first_cut).getTime()).toBeGreaterThan(new Date(c.published_at).getTime());
      expect(new Date(c.last_cut).getTime()).toBe(new Date(c.price_changed_at).getTime());
    }
    const detail = (await app.inject({ url: `/api/Property/${cuts.rows[0].id}` })).json();
    expect(detail.PriceHistory.length).toBeGreaterThanOrEqual(2);
    expect(detail.PriceReducedAt).toBe(new Date(cuts.rows[0].price_changed_at).toISOString());
  });
});
