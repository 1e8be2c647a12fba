import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORTS, type SearchSort } from '@domain/search';
import type { Db } from '../../server/db/database';
import { MEDIA_TYPE, PROPERTY_CONDITION, PROPERTY_STATUS, PROPERTY_TYPE } from '../../server/db/reference-ids';
import {
  agencies,
  districts,
  media,
  municipalities,
  properties,
  propertyAmenities,
  users,
} from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { resolveSearchFilter } from '../../server/modules/search/resolve-place';
import { parseSearchParams } from '@domain/search';
import { BACKENDS, buildTestApp, expectError, openTestDatabase } from './helpers';
import { z } from 'zod';
import { SearchResult } from '../../server/modules/search/schemas';

// The search call over listings this test inserts at known places: Pavia (PV, Lombardia)
// and Piacenza (PC, Emilia-Romagna) have no demo listings, so exact sets can be asserted
// there; elsewhere the test checks its own listings are in or out.

type NewProperty = typeof properties.$inferInsert;
type Item = {
  Id: number;
  Price: number | null;
  SurfaceM2: number | null;
  PricePerM2: number | null;
  PublishedAt: string;
  Highlighted: boolean;
  PriceReducedAt: string | null;
  DistrictName: string | null;
};
type Result = {
  Total: number;
  Items: Item[];
  NextCursor: string | null;
  Markers: {
    Zoom: number;
    Points: { Latitude: number; Longitude: number; Count: number; PropertyId: number | null; Price: number | null }[];
  };
  Area: {
    Kind: string;
    Name: string | null;
    Center: unknown;
    RadiusM: number | null;
    Polygon: unknown[] | null;
    Bounds: { South: number; West: number; North: number; East: number } | null;
  };
};

/** Metres per degree of latitude on earthdistance's sphere (earth() = 6378168 m). */
const M_PER_DEG = (6378168 * Math.PI) / 180;
const LAB = { latitude: 45.05, longitude: 9.7 };

describe.each(BACKENDS)('search ($name)', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let db: Db;
  let owner: number;
  let pavia: number;
  let piacenza: number;
  const lab: Record<string, number> = {};

  async function insert(values: Partial<NewProperty>): Promise<number> {
    const [row] = await db
      .insert(properties)
      .values({
        ownerUserId: owner,
        sellTypeId: 1,
        statusId: PROPERTY_STATUS.published,
        municipalityId: piacenza,
        street: 'Via Emilia',
        streetNumber: '1',
        latitude: LAB.latitude,
        longitude: LAB.longitude,
        propertyTypeId: PROPERTY_TYPE.apartment,
        surfaceM2: 80,
        rooms: 3,
        bathrooms: 1,
        floor: 1,
        conditionId: PROPERTY_CONDITION.good,
        energyClassId: 7,
        price: 200_000,
        title: 'Appartamento in vendita',
        description: 'Casa tranquilla.',
        publishedAt: new Date('2026-01-10T10:00:00Z'),
        ...values,
      })
      .returning({ id: properties.id });
    return row!.id;
  }

  async function search(query: Record<string, string>): Promise<Result> {
    const res = await app.inject({ method: 'GET', url: '/api/Search/Listings', query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Result;
  }

  /** Every page of a search, following NextCursor. */
  async function allItems(query: Record<string, string>, pageSize = 50): Promise<Item[]> {
    const items: Item[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const result: Result = await search({
        ...query,
        PageSize: String(pageSize),
        ...(cursor ? { Cursor: cursor } : {}),
      });
      items.push(...result.Items);
      cursor = result.NextCursor;
      if (!cursor) break;
    }
    return items;
  }

  const ids = async (query: Record<string, string>) => (await allItems(query)).map((i) => i.Id);
  const labCircle = { SearchType: 'circle', Lat: String(LAB.latitude), Lng: String(LAB.longitude), Radius: '500' };

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
    app = await buildTestApp(testDb);
    db = testDb.database.db;
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    owner = user!.id;
    const towns = await db
      .select({ id: municipalities.id, istat: municipalities.istatCode })
      .from(municipalities)
      .where(inArray(municipalities.istatCode, ['018110', '033032']));
    pavia = towns.find((t) => t.istat === '018110')!.id;
    piacenza = towns.find((t) => t.istat === '033032')!.id;

    // The filter lab: listings within 200 m of LAB in Piacenza, each differing in one way.
    const near = (i: number) => ({ latitude: LAB.latitude + i * 0.0002, longitude: LAB.longitude + i * 0.0001 });
    lab.base = await insert({ ...near(0) });
    lab.cheap = await insert({
      ...near(1),
      price: 90_000,
      surfaceM2: 45,
      rooms: 2,
      floor: 0,
      title: 'Bilocale luminoso con terrazzo',
      description: 'Un terrazzo panoramico.',
    });
    lab.dear = await insert({
      ...near(2),
      price: 650_000,
      surfaceM2: 180,
      rooms: 5,
      bathrooms: 3,
      floor: 6,
      energyClassId: 2,
      propertyTypeId: PROPERTY_TYPE.villa,
      publishedAt: new Date('2026-01-20T10:00:00Z'),
    });
    lab.noPrice = await insert({
      ...near(3),
      price: null,
      surfaceM2: null,
      publishedAt: new Date('2026-01-05T10:00:00Z'),
    });
    lab.rent = await insert({ ...near(4), sellTypeId: 2, price: 900 });
    lab.newBuild = await insert({ ...near(5), conditionId: PROPERTY_CONDITION.new, price: 320_000 });
    lab.amenities = await insert({ ...near(6), price: 250_000 });
    lab.recent = await insert({ ...near(7), price: 210_000, publishedAt: new Date() });
    lab.highlighted = await insert({ ...near(8), price: 205_000, highlightedUntil: new Date(Date.now() + 86_400_000) });
    lab.withPhoto = await insert({ ...near(9), price: 215_000 });
    lab.draft = await insert({ ...near(1), statusId: PROPERTY_STATUS.incomplete });
    lab.sold = await insert({ ...near(1), statusId: PROPERTY_STATUS.sold });
    await db.insert(propertyAmenities).values([
      { propertyId: lab.amenities, amenityId: 2 },
      { propertyId: lab.amenities, amenityId: 7 },
      { propertyId: lab.base, amenityId: 2 },
    ]);
    await db.insert(media).values({
      propertyId: lab.withPhoto,
      mediaTypeId: MEDIA_TYPE.property_image,
      storageKey: 'media/test/search.jpg',
      url: '/media/media/test/search.jpg',
      contentType: 'image/jpeg',
    });
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('a circle: a listing just inside the radius is found, one just outside is not', async () => {
    const center = { latitude: 45.19, longitude: 9.16 };
    const inside = await insert({
      municipalityId: pavia,
      latitude: center.latitude + 980 / M_PER_DEG,
      longitude: center.longitude,
    });
    const outside = await insert({
      municipalityId: pavia,
      latitude: center.latitude + 1020 / M_PER_DEG,
      longitude: center.longitude,
    });
    const result = await search({
      SearchType: 'circle',
      Lat: String(center.latitude),
      Lng: String(center.longitude),
      Radius: '1000',
    });
    const found = result.Items.map((i) => i.Id);
    expect(found).toContain(inside);
    expect(found).not.toContain(outside);
    expect(result.Area).toMatchObject({
      Kind: 'circle',
      RadiusM: 1000,
      Center: { Latitude: center.latitude, Longitude: center.longitude },
    });
    // The default radius (2 km) reaches both.
    const wide = await ids({ SearchType: 'proximity', Lat: String(center.latitude), Lng: String(center.longitude) });
    expect(wide).toEqual(expect.arrayContaining([inside, outside]));
  });

  it('a drawn polygon: a listing just inside is found, one just outside is not', async () => {
    // A triangle near Pavia; the edge from (45.20, 9.10) to (45.20, 9.14) is the test line.
    const inside = await insert({ municipalityId: pavia, latitude: 45.2001, longitude: 9.12 });
    const outside = await insert({ municipalityId: pavia, latitude: 45.1999, longitude: 9.12 });
    const result = await search({ SearchType: 'draw', Polygon: '45.2,9.1;45.2,9.14;45.23,9.12' });
    expect(result.Items.map((i) => i.Id)).toContain(inside);
    expect(result.Items.map((i) => i.Id)).not.toContain(outside);
    expect(result.Area.Kind).toBe('draw');
    expect(result.Area.Polygon).toHaveLength(3);
  });

  it('a province border: towns of neighbouring provinces (Pavia, Piacenza) stay in their province; by slug or sigla; town and region', async () => {
    const inPavia = await insert({ municipalityId: pavia, latitude: 45.185, longitude: 9.158 });
    const inPiacenza = await insert({ latitude: 45.052, longitude: 9.693 });
    for (const key of ['pavia', 'PV', 'pv']) {
      const found = await ids({ SearchType: 'province', Province: key });
      expect(found).toContain(inPavia);
      expect(found).not.toContain(inPiacenza);
    }
    const piacenzaIds = await ids({ SearchType: 'province', Province: 'PC' });
    expect(piacenzaIds).toContain(inPiacenza);
    expect(piacenzaIds).not.toContain(inPavia);
    const town = await search({ SearchType: 'town', Town: '033032', PageSize: '50' });
    expect(town.Area).toMatchObject({ Kind: 'town', Name: 'Piacenza' });
    expect(town.Area.Center).not.toBeNull();
    expect(await ids({ SearchType: 'town', Town: '033032' })).toContain(inPiacenza);
    expect(await ids({ SearchType: 'town', Town: '018110' })).not.toContain(inPiacenza);
    const lombardia = await ids({ SearchType: 'region', Region: 'lombardia' });
    expect(lombardia).toContain(inPavia);
    expect(lombardia).not.toContain(inPiacenza);
    expect(await ids({ SearchType: 'region', Region: 'emilia-romagna' })).toContain(inPiacenza);
    const province = await search({ SearchType: 'province', Province: 'PV' });
    expect(province.Area.Name).toBe('Provincia di Pavia');
  });

  it('a district: a listing at its centre is found and named, one at the next district is not', async () => {
    const rows = await db
      .select({ id: districts.id, slug: districts.slug, latitude: districts.latitude, longitude: districts.longitude })
      .from(districts)
      .where(inArray(districts.slug, ['brera', 'navigli']));
    const brera = rows.find((r) => r.slug === 'brera')!;
    const navigli = rows.find((r) => r.slug === 'navigli')!;
    const inBrera = await insert({ municipalityId: 15146, latitude: brera.latitude, longitude: brera.longitude });
    const inNavigli = await insert({ municipalityId: 15146, latitude: navigli.latitude, longitude: navigli.longitude });
    const result = await search({ SearchType: 'district', District: String(brera.id), PageSize: '50' });
    expect(result.Items.map((i) => i.Id)).toContain(inBrera);
    expect(result.Items.map((i) => i.Id)).not.toContain(inNavigli);
    expect(result.Items.find((i) => i.Id === inBrera)!.DistrictName).toBe('Brera');
    expect(result.Area).toMatchObject({ Kind: 'district', Name: 'Brera' });
    expect(result.Area.Polygon!.length).toBeGreaterThanOrEqual(3);
  });

  it('an agency: its listings only', async () => {
    const [agency] = await db.select({ id: agencies.id, name: agencies.name }).from(agencies).limit(1);
    const mine = await insert({ agencyId: agency!.id, municipalityId: pavia, latitude: 45.18, longitude: 9.15 });
    const other = await insert({ municipalityId: pavia, latitude: 45.18, longitude: 9.15 });
    const result = await search({ SearchType: 'agency', Agency: String(agency!.id), PageSize: '50' });
    expect(result.Items.map((i) => i.Id)).toContain(mine);
    expect(result.Items.map((i) => i.Id)).not.toContain(other);
    expect(result.Area.Name).toBe(agency!.name);
  });

  it('each filter selects exactly its listings (published only, the sell type)', async () => {
    const published = [
      lab.base,
      lab.cheap,
      lab.dear,
      lab.noPrice,
      lab.newBuild,
      lab.amenities,
      lab.recent,
      lab.highlighted,
      lab.withPhoto,
    ];
    const q = async (extra: Record<string, string>) => (await ids({ ...labCircle, ...extra })).sort((a, b) => a - b);
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(await q({})).toEqual(sorted(published));
    expect(await q({ SellType: '2' })).toEqual([lab.rent]);
    expect(await q({ PriceMin: '600000' })).toEqual([lab.dear]);
    expect(await q({ PriceMax: '100000' })).toEqual([lab.cheap]);
    expect(await q({ SurfaceMin: '100' })).toEqual([lab.dear]);
    expect(await q({ SurfaceMax: '50' })).toEqual([lab.cheap]);
    expect(await q({ RoomsMin: '4' })).toEqual([lab.dear]);
    expect(await q({ RoomsMax: '2' })).toEqual([lab.cheap]);
    expect(await q({ BathroomsMin: '2' })).toEqual([lab.dear]);
    expect(await q({ FloorMin: '5' })).toEqual([lab.dear]);
    expect(await q({ FloorMax: '0' })).toEqual([lab.cheap]);
    expect(await q({ EnergyClasses: '1,2' })).toEqual([lab.dear]);
    expect(await q({ Conditions: '1' })).toEqual([lab.newBuild]);
    expect(await q({ NewBuild: 'true' })).toEqual([lab.newBuild]);
    expect(await q({ WithPhotos: '1' })).toEqual([lab.withPhoto]);
    expect(await q({ Amenities: '2' })).toEqual(sorted([lab.base, lab.amenities]));
    expect(await q({ Amenities: '2,7' })).toEqual([lab.amenities]);
    expect(await q({ PropertyTypes: '5' })).toEqual([lab.dear]);
    expect(await q({ Type: 'bilocali' })).toEqual([lab.cheap]);
    expect(await q({ Type: 'quadrilocali' })).toEqual([]);
    expect(await q({ Type: 'locali-commerciali' })).toEqual([]);
    expect(await q({ PublishedWithin: '7' })).toEqual([lab.recent]);
    expect(await q({ Text: 'terrazzo' })).toEqual([lab.cheap]);
    expect(await q({ Text: 'terrazzi panoramici' })).toEqual([lab.cheap]);
    // The map's view on top of the circle.
    expect(
      await q({
        Bounds: `${(LAB.latitude + 0.0003).toFixed(6)},${LAB.longitude},${(LAB.latitude + 0.0005).toFixed(6)},${(LAB.longitude + 0.001).toFixed(6)}`,
      }),
    ).toEqual([lab.dear]);
  });

  it('resolveSearchFilter is a condition over properties alone, for other modules', async () => {
    const { params } = parseSearchParams({ ...labCircle, Amenities: '2', WithPhotos: 'false' });
    const rows = await db
      .select({ id: properties.id })
      .from(properties)
      .where(await resolveSearchFilter(db, params));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([lab.base, lab.amenities].sort((a, b) => a - b));
    const withPhoto = parseSearchParams({ ...labCircle, WithPhotos: '1' }).params;
    expect(
      (
        await db
          .select({ id: properties.id })
          .from(properties)
          .where(await resolveSearchFilter(db, withPhoto))
      ).map((r) => r.id),
    ).toEqual([lab.withPhoto]);
  });

  const expectedOrder: Record<SearchSort, (a: Item, b: Item) => number> = {
    relevance: (a, b) =>
      Number(b.Highlighted) - Number(a.Highlighted) || b.PublishedAt.localeCompare(a.PublishedAt) || b.Id - a.Id,
    newest: (a, b) => b.PublishedAt.localeCompare(a.PublishedAt) || b.Id - a.Id,
    'price-asc': (a, b) => nullsLast(a.Price, b.Price, 1) || a.Id - b.Id,
    'price-desc': (a, b) => nullsLast(a.Price, b.Price, -1) || b.Id - a.Id,
    'price-m2-asc': (a, b) => nullsLast(a.PricePerM2, b.PricePerM2, 1) || a.Id - b.Id,
    'price-m2-desc': (a, b) => nullsLast(a.PricePerM2, b.PricePerM2, -1) || b.Id - a.Id,
    'surface-asc': (a, b) => nullsLast(a.SurfaceM2, b.SurfaceM2, 1) || a.Id - b.Id,
    'surface-desc': (a, b) => nullsLast(a.SurfaceM2, b.SurfaceM2, -1) || b.Id - a.Id,
  };

  it.each(SORTS)('sort %s: the order, nulls last, and pages of 2 give the same list', async (sort) => {
    const whole = await allItems({ ...labCircle, Sort: sort });
    expect(whole).toHaveLength(9);
    expect(whole.map((i) => i.Id)).toEqual([...whole].sort(expectedOrder[sort]).map((i) => i.Id));
    if (sort === 'relevance') expect(whole[0]!.Id).toBe(lab.highlighted);
    if (sort.startsWith('price') || sort.startsWith('surface')) expect(whole.at(-1)!.Id).toBe(lab.noPrice);
    const paged = await allItems({ ...labCircle, Sort: sort }, 2);
    expect(paged.map((i) => i.Id)).toEqual(whole.map((i) => i.Id));
  });

  it('relevance with Text ranks by the text match; its cursor pages', async () => {
    await insert({
      latitude: LAB.latitude - 0.001,
      title: 'Terrazzo, terrazzo e ancora terrazzo',
      description: 'Terrazzo abitabile.',
    });
    const whole = await allItems({ SearchType: 'town', Town: '033032', Text: 'terrazzo' });
    expect(whole.length).toBeGreaterThanOrEqual(2);
    const paged = await allItems({ SearchType: 'town', Town: '033032', Text: 'terrazzo' }, 1);
    expect(paged.map((i) => i.Id)).toEqual(whole.map((i) => i.Id));
  });

  it('keyset pages: no duplicates and no gaps while listings are inserted and deleted between requests', async () => {
    const area = {
      SearchType: 'draw',
      Polygon: '44.9,9.9;44.9,10.0;44.95,10.0;44.95,9.9',
      Sort: 'price-asc',
      PageSize: '3',
    };
    const prices = [100, 110, 110, 120, 130, 140, 150, 160, 170, 180];
    const stable: number[] = [];
    for (const [i, price] of prices.entries())
      stable.push(
        await insert({
          street: 'Strada di Val Tidone',
          latitude: 44.92,
          longitude: 9.95 + i * 0.001,
          price: price * 1000,
        }),
      );
    const doomed = await insert({ street: 'Strada di Val Tidone', latitude: 44.92, longitude: 9.97, price: 175_000 });
    const nullPriced = await insert({ street: 'Strada di Val Tidone', latitude: 44.92, longitude: 9.971, price: null });

    const seen: number[] = [];
    let result = await search(area);
    seen.push(...result.Items.map((i) => i.Id));
    // Between the pages: one listing before the cursor, one after, one deleted ahead.
    const behind = await insert({ street: 'Strada di Val Tidone', latitude: 44.92, longitude: 9.972, price: 50_000 });
    const ahead = await insert({ street: 'Strada di Val Tidone', latitude: 44.92, longitude: 9.973, price: 165_000 });
    await db.delete(properties).where(eq(properties.id, doomed));
    let pages = 1;
    while (result.NextCursor) {
      result = await search({ ...area, Cursor: result.NextCursor });
      seen.push(...result.Items.map((i) => i.Id));
      if (pages++ === 2)
        await db.update(properties).set({ statusId: PROPERTY_STATUS.suspended }).where(eq(properties.id, stable[0]!));
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of [...stable, nullPriced, ahead]) expect(seen).toContain(id);
    expect(seen).not.toContain(behind);
    expect(seen).not.toContain(doomed);
    expect(seen.at(-1)).toBe(nullPriced);
  });

  it('markers cluster the whole result set: the counts add up to Total at every zoom', async () => {
    for (const query of [
      {},
      { Zoom: '3' },
      { Zoom: '12' },
      { Zoom: '20' },
      { ...labCircle },
      { ...labCircle, Zoom: '20' },
      { SearchType: 'region', Region: 'lombardia' },
    ] as Record<string, string>[]) {
      const result = await search({ ...query, PageSize: '1' });
      expect(result.Items.length).toBeLessThanOrEqual(1);
      expect(result.Markers.Points.reduce((sum, p) => sum + p.Count, 0)).toBe(result.Total);
      for (const point of result.Markers.Points) {
        if (point.Count === 1) expect(point.PropertyId).not.toBeNull();
        else expect(point.PropertyId).toBeNull();
      }
      if (query.Zoom) expect(result.Markers.Zoom).toBe(Number(query.Zoom));
    }
    // At the finest zoom the lab's listings (20 m apart) are single markers with their price.
    const fine = await search({ ...labCircle, Zoom: '20' });
    expect(fine.Markers.Points.find((p) => p.PropertyId === lab.dear)).toMatchObject({ Count: 1, Price: 650_000 });
    // Free search without a view: bounds of the result set.
    const free = await search({});
    expect(free.Area.Kind).toBe('free');
    expect(free.Area.Bounds).not.toBeNull();
  });

  it("writes each answer exactly as the schema's own encoder would: its fields, in its order, nothing more", async () => {
    // The route sends the answer as searchListings builds it (JSON.stringify), not through the schema's encoder.
    const first = await search({ ...labCircle, PageSize: '2', Sort: 'price-asc' });
    const queries: Record<string, string>[] = [
      {},
      { ...labCircle },
      { ...labCircle, Zoom: '20', Sort: 'newest' },
      { ...labCircle, PageSize: '2', Sort: 'price-asc', Cursor: first.NextCursor ?? '' },
      { ...labCircle, SellType: '2' },
      { SearchType: 'town', Town: '033032', Sort: 'surface-desc' },
      { SearchType: 'province', Province: 'PC', Zoom: '9' },
      { SearchType: 'region', Region: 'lombardia', Sort: 'price-m2-asc' },
      { SearchType: 'draw', Polygon: '45.04,9.69;45.04,9.71;45.06,9.7' },
      { SearchType: 'free', Bounds: '45.03,9.68,45.07,9.72', Zoom: '13' },
      { SearchType: 'circle', Lat: '43.0', Lng: '10.0', Radius: '200' },
      { ...labCircle, Text: 'terrazzo', WithPhotos: 'true' },
    ];
    let items = 0;
    for (const query of queries) {
      const res = await app.inject({ method: 'GET', url: '/api/Search/Listings', query });
      expect(res.statusCode, `${JSON.stringify(query)}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.stringify(z.encode(SearchResult, JSON.parse(res.body))), JSON.stringify(query)).toBe(res.body);
      items += (JSON.parse(res.body) as Result).Items.length;
    }
    expect(items).toBeGreaterThan(20);
  });

  it('a listing without a position counts in Total and pages, not in the markers or the bounds', async () => {
    const town = { SearchType: 'town', Town: '018110' };
    const located = await insert({ municipalityId: pavia, latitude: 45.185, longitude: 9.155, price: 123_456 });
    const unlocated = await insert({ municipalityId: pavia, latitude: null, longitude: null, price: 123_457 });
    try {
      for (const query of [town, { ...town, Zoom: '12' }, { ...town, Zoom: '20' }] as Record<string, string>[]) {
        const result = await search(query);
        expect(result.Markers.Points.reduce((sum, p) => sum + p.Count, 0)).toBe(result.Total - 1);
        if (query.Zoom === '20')
          expect(result.Markers.Points.find((p) => p.PropertyId === located)).toMatchObject({
            Count: 1,
            Price: 123_456,
          });
        expect(result.Area.Bounds).not.toBeNull();
        expect(await ids(query)).toEqual(expect.arrayContaining([located, unlocated]));
      }
    } finally {
      await db.delete(properties).where(inArray(properties.id, [located, unlocated]));
    }
  });

  it('a price reduction is marked with its date; a rise is not', async () => {
    const reduced = await insert({ latitude: 45.06, longitude: 9.68, price: 300_000 });
    const raised = await insert({ latitude: 45.06, longitude: 9.681, price: 300_000 });
    await db.update(properties).set({ price: 280_000 }).where(eq(properties.id, reduced));
    await db.update(properties).set({ price: 310_000 }).where(eq(properties.id, raised));
    const items = await allItems({ SearchType: 'circle', Lat: '45.06', Lng: '9.68', Radius: '300' });
    const r = items.find((i) => i.Id === reduced)!;
    expect(r).toMatchObject({ Price: 280_000, PreviousPrice: 300_000 });
    expect(r.PriceReducedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(items.find((i) => i.Id === raised)!.PriceReducedAt).toBeNull();
  });

  it('a hidden address: no street, the position rounded to about 100 m', async () => {
    const hidden = await insert({ latitude: 45.0712345, longitude: 9.6712345, showAddress: false });
    const items = await allItems({ SearchType: 'circle', Lat: '45.0712', Lng: '9.6712', Radius: '200' });
    expect(items.find((i) => i.Id === hidden)).toMatchObject({ Address: null, Latitude: 45.071, Longitude: 9.671 });
  });

  it('a hidden address cannot be narrowed down by searching: every shape filters on the shown position', async () => {
    const hidden = await insert({ latitude: 45.0712345, longitude: 9.6712345, showAddress: false });
    try {
      // Tight shapes around the exact spot, away from the shown one (45.071, 9.671): nothing.
      // (A circle of the smallest radius, 100 m, reaches the shown spot too; it filters on geo as well.)
      const exactBox = '45.0712,9.6712,45.0713,9.6713';
      const tight: Record<string, string>[] = [
        { Bounds: exactBox },
        { SearchType: 'draw', Polygon: '45.0712,9.6712;45.0713,9.6712;45.0713,9.6713;45.0712,9.6713' },
      ];
      for (const query of tight) {
        expect(await ids(query)).not.toContain(hidden);
      }
      // Around the shown position it is found.
      expect(await ids({ Bounds: '45.0709,9.6709,45.0711,9.6711' })).toContain(hidden);
      // Markers at the finest zoom sit on the shown position too.
      const fine = await search({ Bounds: '45.0700,9.6700,45.0720,9.6720', Zoom: '20' });
      expect(fine.Markers.Points.some((p) => p.Latitude === 45.071 && p.Longitude === 9.671)).toBe(true);
      expect(fine.Markers.Points.some((p) => p.Latitude === 45.0712345 || p.Longitude === 9.6712345)).toBe(false);
    } finally {
      await db.delete(properties).where(inArray(properties.id, [hidden]));
    }
  });

  it('places: towns by population, provinces, regions, districts and streets of listings with the search to run', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/Search/Places', query: { Text: 'pia' } });
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { Items: { Kind: string; Name: string; Params: Record<string, string> }[] }).Items;
    expect(items[0]).toMatchObject({ Kind: 'town', Name: 'Piacenza', Params: { SearchType: 'town', Town: '033032' } });
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Kind: 'province', Params: { SearchType: 'province', Province: 'piacenza' } }),
      ]),
    );
    expect(items.length).toBeLessThanOrEqual(8);
    const lomb = (
      await app.inject({ method: 'GET', url: '/api/Search/Places', query: { Text: 'Lombardia' } })
    ).json() as { Items: { Kind: string }[] };
    expect(lomb.Items.map((i) => i.Kind)).toContain('region');
    const brera = (await app.inject({ method: 'GET', url: '/api/Search/Places', query: { Text: 'brer' } })).json() as {
      Items: { Kind: string; Params: Record<string, string> }[];
    };
    expect(brera.Items.find((i) => i.Kind === 'district')?.Params.SearchType).toBe('district');
    const street = (
      await app.inject({ method: 'GET', url: '/api/Search/Places', query: { Text: 'Via Emilia, Piac' } })
    ).json() as {
      Items: { Kind: string; Name: string; Params: Record<string, string> }[];
    };
    const address = street.Items.find((i) => i.Kind === 'address')!;
    expect(address).toMatchObject({
      Name: 'Via Emilia, Piacenza',
      Params: { SearchType: 'place', Place: 'Via Emilia, Piacenza' },
    });
    expect(Number(address.Params.Radius)).toBeGreaterThanOrEqual(1000);
    // The suggestion's params are a valid search that finds the street's listings.
    const found = await search(address.Params);
    expect(await ids(address.Params)).toEqual(expect.arrayContaining([lab.base, lab.dear]));
    expect(found.Area).toMatchObject({
      Kind: 'place',
      Name: 'Via Emilia, Piacenza',
      RadiusM: Number(address.Params.Radius),
    });
  });

  it("places: a province's main town comes first among the towns that match, with the slugs of its results address", async () => {
    type Place = { Kind: string; Name: string; IsMainTown: boolean; Slug: string | null; ProvinceSlug: string | null };
    const places = async (Text: string) =>
      ((await app.inject({ method: 'GET', url: '/api/Search/Places', query: { Text } })).json() as { Items: Place[] })
        .Items;
    // Carpi and Carrara are more populous than Carbonia, the main town of Sud Sardegna.
    const car = (await places('Car')).filter((item) => item.Kind === 'town');
    expect(car[0]).toMatchObject({ Name: 'Carbonia', IsMainTown: true });
    expect(car.slice(1).map((item) => item.IsMainTown)).not.toContain(true);
    expect(car.map((item) => item.Name)).toEqual(expect.arrayContaining(['Carpi', 'Carrara']));
    // Two main towns keep the order of their population, ahead of Rivoli.
    expect(
      (await places('Ri'))
        .filter((item) => item.Kind === 'town')
        .map((item) => item.Name)
        .slice(0, 3),
    ).toEqual(['Rimini', 'Rieti', 'Rivoli']);
    const milano = (await places('Mil'))[0];
    expect(milano).toMatchObject({
      Kind: 'town',
      Name: 'Milano',
      IsMainTown: true,
      Slug: 'milano',
      ProvinceSlug: 'milano',
    });
    expect((await places('brer')).find((item) => item.Kind === 'district')).toMatchObject({
      Name: 'Brera',
      IsMainTown: false,
      Slug: 'brera',
      ProvinceSlug: 'milano',
    });
    expect((await places('Monza')).find((item) => item.Kind === 'town')).toMatchObject({
      Name: 'Monza',
      Slug: 'monza',
      ProvinceSlug: 'monza-e-della-brianza',
    });
  });

  it('unknown places answer 404 UnknownPlace', async () => {
    for (const query of [
      { SearchType: 'province', Province: 'atlantide' },
      { SearchType: 'province', Province: 'ZZ' },
      { SearchType: 'town', Town: '999999' },
      { SearchType: 'region', Region: 'atlantide' },
      { SearchType: 'district', District: '2147483647' },
      { SearchType: 'agency', Agency: '2147483647' },
    ] as Record<string, string>[]) {
      expectError(await app.inject({ method: 'GET', url: '/api/Search/Listings', query }), 'UnknownPlace');
    }
  });

  // PostgreSQL only: its plans are what the indexes are for (PGlite plans for its small tables).
  if (backend.postgres) {
    it('EXPLAIN: circles use properties_earth_gist, polygons and views properties_geo_gist', async () => {
      const plan = async (query: Record<string, string>) => {
        const { params } = parseSearchParams(query);
        const where = await resolveSearchFilter(db, params);
        const built = db.select({ id: properties.id }).from(properties).where(where).toSQL();
        await db.execute(sql`set enable_seqscan = off`);
        try {
          const rows = (await db.execute(sql.raw(`explain ${inline(built.sql, built.params)}`))) as unknown as {
            rows: Record<string, string>[];
          };
          return rows.rows.map((r) => Object.values(r)[0]).join('\n');
        } finally {
          await db.execute(sql`set enable_seqscan = on`);
        }
      };
      expect(await plan({ SearchType: 'circle', Lat: '45.46', Lng: '9.19', Radius: '2000' })).toContain(
        'properties_earth_gist',
      );
      expect(await plan({ SearchType: 'draw', Polygon: '45.4,9.1;45.5,9.1;45.5,9.3' })).toContain(
        'properties_geo_gist',
      );
      expect(await plan({ Bounds: '45.4,9.1,45.5,9.3' })).toContain('properties_geo_gist');
    });
  }
});

function nullsLast(a: number | null, b: number | null, dir: 1 | -1): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a - b) * dir;
}

/** The statement with its parameters written in, for EXPLAIN (numbers and simple strings only). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}
