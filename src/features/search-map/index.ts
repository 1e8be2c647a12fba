/**
 * The search map, loaded on demand: this file and `ui/search-map-lazy` hold no maplibre
 * import, so nothing of the map library reaches the main bundle or a first screen. The map
 * module (maplibre, its stylesheet, its worker) loads after the page has hydrated, in the
 * browser only; on the server and until then `SearchMap` renders an empty box of the size
 * the caller's className gives it. Props: see `SearchMapProps` in model/types.ts.
 *
 *   <SearchMap className={styles.map} ariaLabel={t('map')} markers={...} shape={...} fitBounds={...} tileUrl={config.TileUrl} />
 */
export { SearchMap, preloadSearchMap } from './ui/search-map-lazy';
export type { MapMarker, MapShape, MapTool, MapView, SearchMapProps } from './model/types';
