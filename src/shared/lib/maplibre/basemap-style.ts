import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

// The maps' style (docs/decisions.md, "A basemap drawn from Rexer's own geodata"). Three
// grounds, the first configured wins:
// - BASEMAP_PMTILES: a Protomaps street basemap served by Rexer (`pmtiles://` + the archive's
//   URL; the layers come from @protomaps/basemaps, see load-basemap.ts);
// - TILE_URL: raster tiles, as before;
// - neither: Rexer's own drawn basemap, vector tiles from /api/Map/Tiles: Italy's land, the
//   region and province borders, the districts, and the names of regions (far out), then
//   provinces, towns and districts as one zooms in.
// No glyphs URL and no sprite: maplibre draws the names with the browser's own fonts, so the
// style asks the network for nothing but its tiles.

export const BACKGROUND_COLOR = '#e6eae6';
const LAND_COLOR = '#fbfaf5';
const REGION_LINE = '#8d7f98';
const PROVINCE_LINE = '#b7afbf';
const COAST_LINE = '#9fb3b5';
const DISTRICT_COLOR = '#0a6c74';
const LABEL_COLOR = '#3d3a40';
const HALO = '#fbfaf5';

/** The source of the drawn basemap, and the ids of its layers (tests and the e2e read them). */
export const DRAWN_SOURCE = 'rexer-basemap';
export const DRAWN_LAYERS = {
  land: 'land',
  districts: 'district-area',
  districtLines: 'district-line',
  provinces: 'province-border',
  regions: 'region-border',
  coast: 'coast',
  regionLabels: 'region-label',
  provinceLabels: 'province-label',
  townLabels: 'town-label',
  districtLabels: 'district-label',
} as const;
export const STREETS_SOURCE = 'streets';

/** Confini © ISTAT; the names are the product's own data. */
export const DRAWN_ATTRIBUTION = 'Confini © ISTAT, openpolis (CC BY 4.0)';
export const PMTILES_ATTRIBUTION =
  '<a href="https://protomaps.com">Protomaps</a> © <a href="https://openstreetmap.org/copyright">OpenStreetMap</a>';

export interface BasemapOptions {
  /** The page's origin: the map's worker resolves no relative URL. */
  origin: string;
  /** `TileUrl` of /api/config: an `{z}/{x}/{y}` raster template. */
  tileUrl?: string | null;
  /** `BasemapPmtilesUrl` of /api/config: the path of the PMTiles archive. */
  pmtilesUrl?: string | null;
  /** The street layers of a PMTiles ground (@protomaps/basemaps, made by load-basemap.ts). */
  streetLayers?: LayerSpecification[];
}

export type BasemapKind = 'pmtiles' | 'tiles' | 'drawn';

/**
 * The raster templates of a TILE_URL: `{z}/{x}/{y}` as maplibre reads it, and Leaflet's
 * `{s}` subdomains spread over a, b, c (maplibre does not know `{s}`). Empty when the URL
 * lacks a placeholder, so a wrong setting gives the drawn map instead of endless errors.
 */
export function tileTemplates(tileUrl: string | null | undefined): string[] {
  const url = tileUrl?.trim();
  if (!url || !url.includes('{z}') || !url.includes('{x}') || !url.includes('{y}')) return [];
  return url.includes('{s}') ? ['a', 'b', 'c'].map((s) => url.replace('{s}', s)) : [url];
}

export function basemapKind(options: Pick<BasemapOptions, 'tileUrl' | 'pmtilesUrl'>): BasemapKind {
  if (options.pmtilesUrl) return 'pmtiles';
  return tileTemplates(options.tileUrl).length > 0 ? 'tiles' : 'drawn';
}

const REGULAR = ['Noto Sans Regular'];
const BOLD = ['Noto Sans Bold'];
const ITALIC = ['Noto Sans Italic'];

function drawnLayers(): LayerSpecification[] {
  const source = DRAWN_SOURCE;
  const label = (kind: string) => ['==', ['get', 'kind'], kind] as ['==', ['get', string], string];
  const halo = { 'text-color': LABEL_COLOR, 'text-halo-color': HALO, 'text-halo-width': 1.4 };
  return [
    { id: DRAWN_LAYERS.land, type: 'fill', source, 'source-layer': 'land', paint: { 'fill-color': LAND_COLOR } },
    {
      id: DRAWN_LAYERS.districts,
      type: 'fill',
      source,
      'source-layer': 'districts',
      minzoom: 11,
      paint: { 'fill-color': DISTRICT_COLOR, 'fill-opacity': 0.04 },
    },
    {
      id: DRAWN_LAYERS.districtLines,
      type: 'line',
      source,
      'source-layer': 'districts',
      minzoom: 11,
      paint: { 'line-color': DISTRICT_COLOR, 'line-opacity': 0.35, 'line-width': 1, 'line-dasharray': [3, 2] },
    },
    {
      id: DRAWN_LAYERS.provinces,
      type: 'line',
      source,
      'source-layer': 'boundaries',
      minzoom: 5.5,
      filter: ['==', ['get', 'kind'], 'province'],
      paint: {
        'line-color': PROVINCE_LINE,
        'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.6, 12, 1.6],
        'line-dasharray': [4, 2],
      },
    },
    {
      id: DRAWN_LAYERS.regions,
      type: 'line',
      source,
      'source-layer': 'boundaries',
      filter: ['==', ['get', 'kind'], 'region'],
      paint: { 'line-color': REGION_LINE, 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 1, 12, 2.5] },
    },
    {
      id: DRAWN_LAYERS.coast,
      type: 'line',
      source,
      'source-layer': 'boundaries',
      filter: ['==', ['get', 'kind'], 'coast'],
      paint: { 'line-color': COAST_LINE, 'line-width': 1 },
    },
    {
      id: DRAWN_LAYERS.districtLabels,
      type: 'symbol',
      source,
      'source-layer': 'labels',
      minzoom: 12,
      filter: label('district'),
      layout: { 'text-field': ['get', 'name'], 'text-font': ITALIC, 'text-size': 12, 'text-max-width': 8 },
      paint: { ...halo, 'text-color': '#285f63' },
    },
    {
      id: DRAWN_LAYERS.townLabels,
      type: 'symbol',
      source,
      'source-layer': 'labels',
      minzoom: 6.5,
      filter: label('town'),
      layout: {
        'text-field': ['get', 'name'],
        'text-font': REGULAR,
        'text-size': ['step', ['get', 'rank'], 11, 15_000, 12, 60_000, 13, 250_000, 15],
        'text-max-width': 8,
        'symbol-sort-key': ['-', ['get', 'rank']],
      },
      paint: halo,
    },
    {
      id: DRAWN_LAYERS.provinceLabels,
      type: 'symbol',
      source,
      'source-layer': 'labels',
      minzoom: 6.5,
      maxzoom: 9,
      filter: label('province'),
      layout: { 'text-field': ['get', 'name'], 'text-font': ITALIC, 'text-size': 12, 'text-max-width': 7 },
      paint: { ...halo, 'text-color': '#6f6578' },
    },
    {
      id: DRAWN_LAYERS.regionLabels,
      type: 'symbol',
      source,
      'source-layer': 'labels',
      maxzoom: 7,
      filter: label('region'),
      layout: {
        'text-field': ['get', 'name'],
        'text-font': BOLD,
        'text-size': 13,
        'text-transform': 'uppercase',
        'text-letter-spacing': 0.08,
        'text-max-width': 7,
      },
      paint: { ...halo, 'text-color': '#5f5368' },
    },
  ];
}

/** The style of a map: its ground (see above) under whatever the map adds itself. */
export function basemapStyle(options: BasemapOptions): StyleSpecification {
  const background: LayerSpecification = {
    id: 'background',
    type: 'background',
    paint: { 'background-color': BACKGROUND_COLOR },
  };
  const kind = basemapKind(options);
  if (kind === 'pmtiles') {
    return {
      version: 8,
      sources: {
        [STREETS_SOURCE]: {
          type: 'vector',
          url: `pmtiles://${options.origin}${options.pmtilesUrl}`,
          attribution: PMTILES_ATTRIBUTION,
        },
      },
      layers: [background, ...(options.streetLayers ?? [])],
    };
  }
  if (kind === 'tiles') {
    return {
      version: 8,
      sources: { tiles: { type: 'raster', tiles: tileTemplates(options.tileUrl), tileSize: 256, maxzoom: 19 } },
      layers: [background, { id: 'tiles', type: 'raster', source: 'tiles' }],
    };
  }
  return {
    version: 8,
    sources: {
      [DRAWN_SOURCE]: {
        type: 'vector',
        tiles: [`${options.origin}/api/Map/Tiles/{z}/{x}/{y}`],
        minzoom: 0,
        maxzoom: 14,
        attribution: DRAWN_ATTRIBUTION,
      },
    },
    layers: [background, ...drawnLayers()],
  };
}
