import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { PROPERTY_CONDITION, PROPERTY_STATUS, PROPERTY_TYPE } from '../../server/db/reference-ids';
import { municipalities, properties, users } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { BACKENDS, buildTestApp, expectError, openTestDatabase } from './helpers';

/** The tile of a zoom that holds a point (Web Mercator, as the map asks for them). */
function tileOf(z: number, longitude: number, latitude: number): [number, number] {
  const n = 2 ** z;
  const rad = (latitude * Math.PI) / 180;
  return [
    Math.floor(((longitude + 180) / 360) * n),
    Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  ];
}

const MILAN = { latitude: 45.4642, longitude: 9.19 };

describe.each(BACKENDS)('the map basemap on $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let db: Db;
  let dataDir: string;
  /** A stand-in archive: PMTiles is read in byte ranges, whatever the bytes. */
  const archive = Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 31 + 7) % 256));

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
    db = testDb.database.db;
    dataDir = mkdtempSync(path.join(tmpdir(), 'rexer-map-'));
    mkdirSync(path.join(dataDir, 'basemap'));
    writeFileSync(path.join(dataDir, 'basemap', 'italy.pmtiles'), archive);
    app = await buildTestApp(testDb, { env: { DATA_DIR: dataDir, BASEMAP_PMTILES: 'basemap/italy.pmtiles' } });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { portal: '5', ...headers } });

  describe('vector tiles of the drawn basemap', () => {
    it('far out, a tile over Lombardy holds the land, the borders and the region names, not the towns', async () => {
      const [x, y] = tileOf(5, MILAN.longitude, MILAN.latitude);
      const res = await get(`/api/Map/Tiles/5/${x}/${y}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
      expect(res.headers['cache-control']).toMatch(/public/);
      const text = res.rawPayload.toString('latin1');
      // Layer names and label values are plain strings inside the protobuf.
      for (const name of ['land', 'boundaries', 'labels', 'Lombardia', 'Piemonte']) expect(text).toContain(name);
      expect(text).not.toContain('Milano');
    });

    it('closer in, the towns are named and the regions are not', async () => {
      const [x, y] = tileOf(10, MILAN.longitude, MILAN.latitude);
      const res = await get(`/api/Map/Tiles/10/${x}/${y}`);
      expect(res.statusCode).toBe(200);
      const text = res.rawPayload.toString('latin1');
      expect(text).toContain('Milano');
      expect(text).not.toContain('Lombardia');
    });

    it('answers a tile at sea, far from Italy, empty', async () => {
      const res = await get('/api/Map/Tiles/6/0/0');
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(0);
    });

    it('refuses a tile that does not exist', async () => {
      expectError(await get('/api/Map/Tiles/3/8/0'), 'NotFound');
      expectError(await get('/api/Map/Tiles/20/0/0'), 'ValidationError');
    });
  });

  describe('the street basemap archive (BASEMAP_PMTILES)', () => {
    it('is named in /api/config', async () => {
      expect((await get('/api/config')).json().BasemapPmtilesUrl).toBe('/api/Map/Basemap.pmtiles');
    });

    it('answers a byte range with 206 and exactly those bytes', async () => {
      const res = await get('/api/Map/Basemap.pmtiles', { range: 'bytes=0-16383' });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-16383/${archive.length}`);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(archive.subarray(0, 16384))).toBe(true);

      const middle = await get('/api/Map/Basemap.pmtiles', {
        range: 'bytes=30000-30009',
        'accept-encoding': 'gzip, br',
      });
      expect(middle.statusCode).toBe(206);
      expect(middle.headers['content-encoding']).toBeUndefined();
      expect(middle.rawPayload.equals(archive.subarray(30000, 30010))).toBe(true);
    });

    it('answers an open range to the end, and a suffix range', async () => {
      const tail = await get('/api/Map/Basemap.pmtiles', { range: 'bytes=39990-' });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(archive.subarray(39990))).toBe(true);
      const last = await get('/api/Map/Basemap.pmtiles', { range: 'bytes=-100' });
      expect(last.headers['content-range']).toBe(`bytes 39900-39999/${archive.length}`);
      expect(last.rawPayload.equals(archive.subarray(-100))).toBe(true);
      // A range past the end is cut to the file.
      const past = await get('/api/Map/Basemap.pmtiles', { range: 'bytes=39000-99999' });
      expect(past.rawPayload.equals(archive.subarray(39000))).toBe(true);
    });

    it('answers 416 for a range past the end and the whole file without a range', async () => {
      const beyond = await get('/api/Map/Basemap.pmtiles', { range: 'bytes=50000-50010' });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${archive.length}`);
      const whole = await get('/api/Map/Basemap.pmtiles');
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(archive)).toBe(true);
    });

    it('sends the whole file when If-Range names another version', async () => {
      const res = await get('/api/Map/Basemap.pmtiles', { range: 'bytes=0-9', 'if-range': '"old"' });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(archive.length);
      const same = await get('/api/Map/Basemap.pmtiles', {
        range: 'bytes=0-9',
        'if-range': res.headers.etag as string,
      });
      expect(same.statusCode).toBe(206);
    });

    it('is a 404 without the setting, and a file outside DATA_DIR is never served', async () => {
      const bare = await buildTestApp(testDb, { env: { DATA_DIR: dataDir } });
      try {
        expectError(await bare.inject({ url: '/api/Map/Basemap.pmtiles', headers: { portal: '5' } }), 'NotFound');
        expect(
          (await bare.inject({ url: '/api/config', headers: { portal: '5' } })).json().BasemapPmtilesUrl,
        ).toBeNull();
      } finally {
        await bare.close();
      }
      await expect(() =>
        buildTestApp(testDb, { env: { DATA_DIR: dataDir, BASEMAP_PMTILES: '../etc/passwd.pmtiles' } }),
      ).rejects.toThrow(/BASEMAP_PMTILES/);
    });
  });

  describe('where a typed street lies', () => {
    beforeAll(async () => {
      const [owner] = await db.select({ id: users.id }).from(users).limit(1);
      const [town] = await db
        .select({ id: municipalities.id })
        .from(municipalities)
        .where(eq(municipalities.istatCode, '033032'));
      const listing = {
        ownerUserId: owner!.id,
        sellTypeId: 1,
        municipalityId: town!.id,
        propertyTypeId: PROPERTY_TYPE.apartment,
        conditionId: PROPERTY_CONDITION.good,
        surfaceM2: 80,
        rooms: 3,
        price: 200_000,
        title: 'Appartamento',
        publishedAt: new Date(),
      };
      await db.insert(properties).values([
        {
          ...listing,
          statusId: PROPERTY_STATUS.published,
          street: 'Via Cavour',
          streetNumber: '10',
          latitude: 45.05,
          longitude: 9.69,
        },
        {
          ...listing,
          statusId: PROPERTY_STATUS.published,
          street: 'via  Cavour',
          streetNumber: '20',
          latitude: 45.054,
          longitude: 9.694,
        },
        // A hidden address and a draft tell nothing.
        {
          ...listing,
          statusId: PROPERTY_STATUS.published,
          showAddress: false,
          street: 'Via Cavour',
          streetNumber: '30',
          latitude: 45.2,
          longitude: 9.9,
        },
        {
          ...listing,
          statusId: PROPERTY_STATUS.incomplete,
          street: 'Via Cavour',
          streetNumber: '40',
          latitude: 45.3,
          longitude: 9.9,
        },
      ]);
    });

    const position = async (query: string) => {
      const res = await get(`/api/Map/StreetPosition?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().Position;
    };

    it('answers the home at that number, else the middle of the public homes of the street', async () => {
      expect(await position('MunicipalityIstat=033032&Street=V.%20Cavour&StreetNumber=20')).toEqual({
        Latitude: 45.054,
        Longitude: 9.694,
        Precision: 'number',
      });
      expect(await position('MunicipalityIstat=033032&Street=via%20cavour&StreetNumber=5')).toEqual({
        Latitude: 45.052,
        Longitude: 9.692,
        Precision: 'street',
      });
    });

    it('answers null for a street it does not know, or in another town', async () => {
      expect(await position('MunicipalityIstat=033032&Street=Via%20Roma&StreetNumber=1')).toBeNull();
      expect(await position('MunicipalityIstat=018110&Street=Via%20Cavour')).toBeNull();
    });

    // Security review: public and a few thousand rows a call; a person types one address a minute.
    it('answers a client address at most 60 lookups a minute, then 429', async () => {
      const from = (remoteAddress: string) =>
        app.inject({ url: '/api/Map/StreetPosition?MunicipalityIstat=033032&Street=Via%20Roma', remoteAddress });
      for (let i = 0; i < 60; i++) expect((await from('203.0.113.61')).statusCode).toBe(200);
      expectError(await from('203.0.113.61'), 'TooManyRequests');
      expect((await from('203.0.113.62')).statusCode).toBe(200);
    });
  });
});
