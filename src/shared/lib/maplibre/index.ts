export { ensureMaplibreStylesheet } from './maplibre-setup';
/**
 * The maps' ground: Rexer's own drawn basemap (outlines and names from /api/Map/Tiles), a
 * self-hosted Protomaps street basemap (BASEMAP_PMTILES), or TILE_URL's raster tiles.
 * `basemapStyle` is pure; `loadBasemapStyle` loads the PMTiles reader only when it is used.
 */
export {
  BACKGROUND_COLOR,
  DRAWN_ATTRIBUTION,
  DRAWN_LAYERS,
  DRAWN_SOURCE,
  basemapKind,
  basemapStyle,
  tileTemplates,
  type BasemapKind,
  type BasemapOptions,
} from './basemap-style';
export { loadBasemapStyle, streetLayers } from './load-basemap';
