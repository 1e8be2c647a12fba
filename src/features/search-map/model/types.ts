import type { Bounds, LatLng } from '@domain/search';

/** One point of the search answer's `Markers.Points`: a listing (count 1) or a cluster. */
export interface MapMarker {
  latitude: number;
  longitude: number;
  count: number;
  /** Set when count is 1. */
  propertyId: number | null;
  /** Set when count is 1; null for a price on request. */
  price: number | null;
}

/** An area drawn on the map: the searched one (`Area` of the answer) or one the visitor drew. */
export type MapShape = { kind: 'circle'; center: LatLng; radiusM: number } | { kind: 'polygon'; points: LatLng[] };

/** What the map shows after a move. */
export interface MapView {
  bounds: Bounds;
  /** Whole zoom level within LIMITS.zoomMin..zoomMax, as the search's `Zoom` takes it. */
  zoom: number;
  /** True when the visitor moved the map (drag, wheel, buttons, keys, a cluster click); false for the map's own moves (first fit, a new fitBounds). */
  byUser: boolean;
}

export type MapTool = 'none' | 'draw' | 'circle';

export interface SearchMapProps {
  /** Clustered points of the search answer (`Markers.Points`): price labels for listings, round bubbles with the count for clusters. */
  markers: MapMarker[];
  /** The searched area to outline with a light fill (`Area` of the answer). */
  shape?: MapShape | null;
  /** Bounds to show first (`Area.Bounds`); a new value moves the map there. Wins over center/zoom. */
  fitBounds?: Bounds | null;
  /** First view when there is no fitBounds; default DEFAULT_CENTER / DEFAULT_ZOOM of domain/search. */
  center?: LatLng;
  zoom?: number;
  /** `TileUrl` of /api/config, an `{z}/{x}/{y}` raster template; null: Rexer's drawn basemap (borders and place names, no streets), with a discreet note. */
  tileUrl?: string | null;
  /** `BasemapPmtilesUrl` of /api/config: a self-hosted street basemap (wins over tileUrl). Without either, Rexer's own drawn basemap (outlines and place names). */
  pmtilesUrl?: string | null;
  /** The listing whose marker to highlight (hover on a result card). */
  selectedId?: number | null;
  /**
   * A marker was activated (click, tap, Enter). Count 1: open the listing. A cluster: the map
   * has already zoomed in on it, unless it was at the last zoom (`atMaxZoom`), where a cluster
   * is homes at one address that no zoom splits: the page shows their list.
   */
  onMarkerClick?(marker: MapMarker, context: { atMaxZoom: boolean }): void;
  /** After each move, debounced (300 ms). */
  onViewChange?(view: MapView): void;
  /**
   * 'draw': a polygon by clicks or taps, closed by a click/tap on the first point, a
   * double-click, or Enter (Esc cancels); 'circle': press and drag from the centre (a tap
   * gives a circle of LIMITS.radiusDefault). The map checks a polygon (3-200 points, not
   * crossing itself) before `onToolDone`. The parent sets `tool` back to 'none' after either callback.
   */
  tool?: MapTool;
  onToolDone?(shape: MapShape): void;
  /** Esc, or an unusable drawing the visitor dismissed. */
  onToolCancel?(): void;
  /** false: a still picture (the small map of a property page): no pan, zoom, buttons or focus. Default true. */
  interactive?: boolean;
  /** Size it from outside: the map fills this box (give it a height). */
  className?: string;
  /** Names the map for screen readers ("Mappa dei risultati"). */
  ariaLabel: string;
}
