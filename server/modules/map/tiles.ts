import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';

type FeatureCollection = ConstructorParameters<typeof GeoJSONVT>[0];
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Outlines } from './outlines';
import type { DistrictRow, TownRow } from './repository';

/**
 * The drawn basemap as vector tiles: Italy's land, the region and province borders and the
 * coast (outlines.ts), the districts' areas, and one label point per region, province, town
 * and district. A label carries the zoom it appears from (`minzoom`) and, for regions and
 * provinces, the zoom it leaves at (`maxzoom`): regions far out, then provinces, then towns
 * by size, then districts. A tile holds only the labels of its zoom, so tiles stay small.
 */

export const TILE_LAYERS = ['land', 'boundaries', 'districts', 'labels'] as const;
export type TileLayer = (typeof TILE_LAYERS)[number];

/** The deepest zoom with tiles of its own; the map draws deeper zooms from these. */
export const TILE_MAX_ZOOM = 14;

export type LabelKind = 'region' | 'province' | 'town' | 'district';

export interface LabelProperties {
  name: string;
  kind: LabelKind;
  minzoom: number;
  maxzoom: number;
  /** Larger is more important: the map places it first where labels collide. */
  rank: number;
}

/** The zoom a town's name appears from, by its population. */
export function townMinZoom(population: number): number {
  if (population >= 250_000) return 7;
  if (population >= 60_000) return 8;
  if (population >= 15_000) return 9.5;
  if (population >= 3_000) return 10.5;
  return 11.5;
}

export const REGION_MAX_ZOOM = 7;
export const PROVINCE_ZOOMS = { min: 6.5, max: 9 } as const;
export const DISTRICT_MIN_ZOOM = 12;

interface Feature<G, P> {
  type: 'Feature';
  properties: P;
  geometry: G;
}
type Point = { type: 'Point'; coordinates: [number, number] };

/** "Valle d'Aosta/Vallée d'Aoste": the map names a bilingual region in Italian. */
const italianName = (name: string) => name.split('/')[0]!.trim();

/** Every label point of the basemap. */
export function labelFeatures(
  outlines: Outlines,
  towns: TownRow[],
  districts: DistrictRow[],
): Feature<Point, LabelProperties>[] {
  const point = (at: [number, number]): Point => ({ type: 'Point', coordinates: at });
  return [
    ...outlines.labels.map((l) => ({
      type: 'Feature' as const,
      geometry: point(l.at),
      properties:
        l.kind === 'region'
          ? { name: italianName(l.name), kind: 'region' as const, minzoom: 0, maxzoom: REGION_MAX_ZOOM, rank: 1e9 }
          : {
              name: l.name,
              kind: 'province' as const,
              minzoom: PROVINCE_ZOOMS.min,
              maxzoom: PROVINCE_ZOOMS.max,
              rank: 1e8,
            },
    })),
    ...towns.map((t) => ({
      type: 'Feature' as const,
      geometry: point([t.longitude, t.latitude]),
      properties: {
        name: t.name,
        kind: 'town' as const,
        minzoom: townMinZoom(t.population),
        maxzoom: 24,
        rank: t.population,
      },
    })),
    ...districts.map((d) => ({
      type: 'Feature' as const,
      geometry: point([d.longitude, d.latitude]),
      properties: { name: d.name, kind: 'district' as const, minzoom: DISTRICT_MIN_ZOOM, maxzoom: 24, rank: 0 },
    })),
  ];
}

/** Whether a label belongs in a tile of zoom z (a tile is drawn from z to z + 1). */
export function labelInZoom(properties: Pick<LabelProperties, 'minzoom' | 'maxzoom'>, z: number): boolean {
  return properties.minzoom < z + 1 && properties.maxzoom >= z;
}

export interface BasemapTiles {
  /** The features of one layer in tile z/x/y (tile coordinates), null when it has none. */
  layerTile(layer: TileLayer, z: number, x: number, y: number): GeoJSONVTTile | null;
  /** The tile as a Mapbox Vector Tile (protobuf); empty when nothing falls in it. */
  encode(z: number, x: number, y: number): Uint8Array;
}

const TILE_CACHE_SIZE = 4000;

export function createBasemapTiles(outlines: Outlines, towns: TownRow[], districts: DistrictRow[]): BasemapTiles {
  const options = { maxZoom: TILE_MAX_ZOOM, indexMaxZoom: 5, tolerance: 3, buffer: 64 };
  const collection = (features: unknown[]) => ({ type: 'FeatureCollection', features }) as unknown as FeatureCollection;
  const indexes: Record<TileLayer, GeoJSONVT> = {
    land: new GeoJSONVT(collection(outlines.land), options),
    boundaries: new GeoJSONVT(collection(outlines.boundaries), options),
    districts: new GeoJSONVT(
      collection(
        districts.map((d) => ({
          type: 'Feature',
          properties: { name: d.name },
          geometry: { type: 'Polygon', coordinates: [[...d.ring, d.ring[0]]] },
        })),
      ),
      options,
    ),
    labels: new GeoJSONVT(collection(labelFeatures(outlines, towns, districts)), { ...options, buffer: 128 }),
  };
  const cache = new Map<string, Uint8Array>();

  const layerTile = (layer: TileLayer, z: number, x: number, y: number): GeoJSONVTTile | null => {
    if (layer === 'districts' && z < DISTRICT_MIN_ZOOM - 1) return null;
    const tile = indexes[layer].getTile(z, x, y);
    if (!tile || tile.features.length === 0) return null;
    if (layer !== 'labels') return tile;
    const features = tile.features.filter((f) => labelInZoom(f.tags as unknown as LabelProperties, z));
    return features.length > 0 ? ({ ...tile, features } as GeoJSONVTTile) : null;
  };

  return {
    layerTile,
    encode(z, x, y) {
      const key = `${z}/${x}/${y}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const layers: Record<string, GeoJSONVTTile> = {};
      for (const layer of TILE_LAYERS) {
        const tile = layerTile(layer, z, x, y);
        if (tile) layers[layer] = tile;
      }
      const bytes =
        Object.keys(layers).length > 0 ? fromGeojsonVt(layers, { version: 2, extent: 4096 }) : new Uint8Array(0);
      if (cache.size >= TILE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, bytes);
      return bytes;
    },
  };
}
