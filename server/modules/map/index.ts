import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { CACHE_CONTROL } from '../../lib/reference-cache';
import { parseByteRange } from './byte-range';
import { italyOutlines } from './outlines';
import { createMapRepository } from './repository';
import { StreetPositionQuery, StreetPositionResponse, TileParams } from './schemas';
import { streetPosition } from './street-position';
import { createBasemapTiles, type BasemapTiles } from './tiles';

/** Where the app finds the street basemap when BASEMAP_PMTILES is set (`Basemap` of /api/config). */
export const BASEMAP_PMTILES_PATH = '/api/Map/Basemap.pmtiles';

/** The basemap's PMTiles file: its absolute path, inside DATA_DIR; undefined when not configured. */
export function basemapFile(dataDir: string, setting: string | undefined): string | undefined {
  if (!setting) return undefined;
  const root = path.resolve(dataDir);
  const file = path.resolve(root, setting);
  return file.startsWith(root + path.sep) ? file : undefined;
}

/**
 * The maps' own basemap (docs/decisions.md, "A basemap drawn from Rexer's own geodata"):
 * vector tiles of Italy's outlines and of region, province, town and district names; the
 * self-hosted street basemap (a PMTiles file served with byte ranges); and where a typed
 * street lies, for the listing wizard's pin.
 */
/** Street lookups one client address makes (the wizard asks once the typing stops). */
export const STREET_POSITION_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

const mapModule: FastifyPluginAsyncZod = async function mapModule(fastify) {
  const repository = createMapRepository(fastify.db);
  // Built on the first tile asked for (a second or two), then kept: the towns and districts
  // change only with a seed.
  let tiles: Promise<BasemapTiles> | undefined;
  const basemapTiles = () => {
    tiles ??= Promise.all([repository.towns(), repository.districts()]).then(([towns, districts]) =>
      createBasemapTiles(italyOutlines(), towns, districts),
    );
    tiles.catch(() => {
      tiles = undefined;
    });
    return tiles;
  };

  fastify.get(
    '/api/Map/Tiles/:z/:x/:y',
    {
      compress: false,
      schema: {
        // Asked for by the map library from the style's tile template, never by the typed client.
        hide: true,
        tags: ['Map'],
        summary: 'A vector tile of the drawn basemap (land, borders, districts, labels)',
        params: TileParams,
        response: {
          200: {
            description: 'A Mapbox Vector Tile',
            content: { 'application/vnd.mapbox-vector-tile': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const { z: zoom, x, y } = request.params;
      if (x >= 2 ** zoom || y >= 2 ** zoom) throw new AppError('NotFound', { message: `tile ${zoom}/${x}/${y}` });
      const bytes = (await basemapTiles()).encode(zoom, x, y);
      return (reply as FastifyReply)
        .header('cache-control', CACHE_CONTROL.reference)
        .type('application/vnd.mapbox-vector-tile')
        .header('content-length', String(bytes.length))
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    },
  );

  const pmtiles = basemapFile(fastify.config.dataDir, fastify.config.basemapPmtiles);
  if (fastify.config.basemapPmtiles && !pmtiles)
    fastify.log.warn(
      { setting: fastify.config.basemapPmtiles },
      'BASEMAP_PMTILES is not inside DATA_DIR: no street basemap',
    );

  fastify.get(
    BASEMAP_PMTILES_PATH,
    {
      // Byte ranges of an archive: compressing them would break the offsets.
      compress: false,
      schema: {
        hide: true,
        tags: ['Map'],
        summary: 'The street basemap (PMTiles archive), in byte ranges',
        response: {
          200: {
            description: 'The whole archive',
            content: { 'application/vnd.pmtiles': { schema: z.string().meta({ format: 'binary' }) } },
          },
          206: {
            description: 'The asked byte range',
            content: { 'application/vnd.pmtiles': { schema: z.string().meta({ format: 'binary' }) } },
          },
          304: z.undefined().describe('Not modified'),
          416: z.undefined().describe('The range starts past the end of the file'),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      if (!pmtiles) throw new AppError('NotFound', { message: 'no BASEMAP_PMTILES' });
      const info = await stat(pmtiles).catch(() => null);
      if (!info?.isFile()) throw new AppError('NotFound', { message: `BASEMAP_PMTILES ${pmtiles} is missing` });
      const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
      const r = reply as FastifyReply;
      r.header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('cache-control', 'public, max-age=3600')
        .type('application/vnd.pmtiles');
      if (request.headers['if-none-match'] === etag) return r.code(304).send();
      // A range of another version of the file would mix two archives: If-Range asks for the whole new one.
      const ifRange = request.headers['if-range'];
      const range = ifRange && ifRange !== etag ? null : parseByteRange(request.headers.range, info.size);
      if (range === 'unsatisfiable') return r.code(416).header('content-range', `bytes */${info.size}`).send();
      if (!range) return r.header('content-length', String(info.size)).send(createReadStream(pmtiles));
      return r
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(createReadStream(pmtiles, { start: range.start, end: range.end }));
    },
  );

  fastify.get(
    '/api/Map/StreetPosition',
    {
      // Public, and each call reads up to a few thousand rows: a person types one address a minute.
      config: { rateLimit: STREET_POSITION_RATE_LIMIT },
      schema: {
        tags: ['Map'],
        summary: 'Where a typed street (and number) lies, from the public positions Rexer knows',
        description:
          'The listing wizard places its pin with it: the home at that number when a listing that shows its address is there, else the middle of the known homes of the street; null when the street is unknown (the wizard then starts from the town centre).',
        querystring: StreetPositionQuery,
        response: { 200: StreetPositionResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { MunicipalityIstat, Street, StreetNumber } = request.query;
      const found = streetPosition(await repository.streetPositions(MunicipalityIstat), Street, StreetNumber ?? '');
      return {
        Position: found ? { Latitude: found.latitude, Longitude: found.longitude, Precision: found.precision } : null,
      };
    },
  );
};

export default mapModule;
