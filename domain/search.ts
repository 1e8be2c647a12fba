// The search: one state shared by the results page's URL and the search call's query
// (`GET /api/Search/Listings`). The page's search params and the API's query string carry
// the same keys with the same values, so a results page can be shared, bookmarked,
// reloaded and rendered by the server. Plain TypeScript on purpose: the parser runs in
// the route of every results page, in the main bundle, where a schema library would cost
// the first screen; the server validates the same keys with zod
// (server/modules/search/schemas.ts), and a test proves both accept and refuse alike.

import { normalizeAmenityIds, RETIRED_AMENITIES, SEARCH_AMENITY_GROUPS } from './listing/amenities';
import { CONTRACT_TYPE_IDS, FURNISHING_IDS, type ContractTypeId, type FurnishingId } from './listing/rent-terms';
import { TYPE_SLUGS, type TypeSlug } from './public-pages';

/** The spec's search types, plus `free` (the default: everything, optionally within the map's view). */
export const SEARCH_TYPES = [
  'free',
  'circle',
  'draw',
  'place',
  'proximity',
  'province',
  'town',
  'region',
  'district',
  'agency',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Ids of the search_types reference list (docs/spec.md §3): saved searches store them. */
export const SEARCH_TYPE_ID: Record<Exclude<SearchType, 'free'>, number> = {
  circle: 1,
  draw: 2,
  place: 3,
  proximity: 4,
  province: 5,
  town: 6,
  region: 7,
  district: 8,
  agency: 9,
};

export const SORTS = [
  'relevance',
  'price-asc',
  'price-desc',
  'price-m2-asc',
  'price-m2-desc',
  'newest',
  'surface-desc',
  'surface-asc',
] as const;
export type SearchSort = (typeof SORTS)[number];

/** The amenities a search filters by (domain/listing/amenities.ts, SEARCH_AMENITY_GROUPS), sorted. */
export const AMENITY_IDS: readonly number[] = SEARCH_AMENITY_GROUPS.flatMap((group) => group.ids).sort((a, b) => a - b);
/** What an address or saved search may still carry: the filter's ids and the retired ones, read as what they mean now. */
export const AMENITY_IDS_READ: readonly number[] = [...AMENITY_IDS, ...Object.keys(RETIRED_AMENITIES).map(Number)];
export { CONTRACT_TYPE_IDS, FURNISHING_IDS };
/** Energy classes by id (reference list energy_classes: 1 A4 ... 10 G, 11 exempt, 12 pending). */
export const ENERGY_CLASS_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** Property conditions by id (1 new, 2 excellent, 3 good, 4 to renovate). */
export const CONDITION_IDS = [1, 2, 3, 4] as const;
/** Property types 1-18 (reference list property_types). */
export const PROPERTY_TYPE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] as const;
/** "Published in the last …" choices, in days. */
export const PUBLISHED_WITHIN_DAYS = [1, 3, 7, 14, 30] as const;

/** Default centre of the map (docs/spec.md §9): the middle of Italy. */
export const DEFAULT_CENTER = { latitude: 42.559, longitude: 12.223 } as const;
export const DEFAULT_ZOOM = 6;

export const LIMITS = {
  pageSizeDefault: 20,
  pageSizeMax: 50,
  /** Metres: a circle or proximity search is at most 100 km across its radius. */
  radiusMin: 100,
  radiusMax: 100_000,
  radiusDefault: 2_000,
  /** A drawn polygon: 3 to 200 vertices. */
  polygonMinPoints: 3,
  polygonMaxPoints: 200,
  zoomMin: 3,
  zoomMax: 20,
  priceMax: 100_000_000,
  surfaceMax: 100_000,
  roomsMax: 20,
  textMax: 100,
  cursorMax: 200,
} as const;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** south, west, north, east in degrees. */
export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * The whole state of a search. Every key is optional in the URL; `parseSearchParams`
 * fills the defaults (sale, free, relevance). Keys and values are the API's query
 * (PascalCase, as every call of the contract).
 */
export interface SearchParams {
  SearchType: SearchType;
  /** 1 sale, 2 rent. */
  SellType: 1 | 2;
  /** circle, place, proximity: the centre. */
  Lat?: number;
  Lng?: number;
  /** circle, place, proximity: metres. */
  Radius?: number;
  /** draw: the polygon's vertices, "lat,lng;lat,lng;..." with at most 6 decimals. */
  Polygon?: LatLng[];
  /** province: slug ("milano") or sigla ("MI"). */
  Province?: string;
  /** town: ISTAT code, six digits ("015146"). */
  Town?: string;
  /** region: slug ("lombardia"). */
  Region?: string;
  /** district: id of a quartiere (districts table). */
  District?: number;
  /** agency: id. */
  Agency?: number;
  /** place: what was searched, shown back to the visitor ("Via Roma, Torino"). */
  Place?: string;
  /** The map's view, as a filter on top of the search ("search as I move the map"). */
  Bounds?: Bounds;
  /** The map's zoom, which decides how the markers are clustered. */
  Zoom?: number;
  /** The property-type slug of the URL ("bilocali"): a set of types or a number of rooms. */
  Type?: TypeSlug;
  PropertyTypes?: number[];
  PriceMin?: number;
  PriceMax?: number;
  SurfaceMin?: number;
  SurfaceMax?: number;
  RoomsMin?: number;
  RoomsMax?: number;
  BathroomsMin?: number;
  Amenities?: number[];
  EnergyClasses?: number[];
  Conditions?: number[];
  /** Floors: -1 basement, 0 ground ... */
  FloorMin?: number;
  FloorMax?: number;
  NewBuild?: boolean;
  WithPhotos?: boolean;
  /** Only listings a private owner publishes (no agency). */
  PrivateOnly?: boolean;
  /** Rent only: furnishing ids (furnishing_types), any of them. */
  Furnishing?: FurnishingId[];
  /** Rent only: lease types (CONTRACT_TYPE_IDS), any of them. */
  Contracts?: ContractTypeId[];
  /** Rent only: pets welcome. */
  Pets?: boolean;
  /** Published in the last N days. */
  PublishedWithin?: (typeof PUBLISHED_WITHIN_DAYS)[number];
  /** Italian full text on title and description. */
  Text?: string;
  Sort: SearchSort;
  /** Opaque keyset cursor of the next page, as the previous answer gave it. */
  Cursor?: string;
  PageSize?: number;
}

export type SearchParamKey = keyof SearchParams;

/** What a parse refused, by key: the page shows the search without them, the API answers 400. */
export type SearchParamErrors = Partial<Record<SearchParamKey | 'Search', string>>;

export interface ParsedSearch {
  params: SearchParams;
  errors: SearchParamErrors;
}

const INT = /^-?\d{1,12}$/;
const DECIMAL = /^-?\d{1,3}(\.\d{1,8})?$/;

function int(raw: unknown, min: number, max: number): number | undefined | null {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !INT.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

function decimal(raw: unknown, min: number, max: number): number | undefined | null {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !DECIMAL.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

function intList<T extends number>(raw: unknown, allowed: readonly T[]): T[] | undefined | null {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = Array.isArray(raw) ? raw.join(',') : typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string') return null;
  const parts = text.split(',');
  if (parts.length > allowed.length) return null;
  const values: T[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const value = Number(part) as T;
    if (!allowed.includes(value)) return null;
    if (!values.includes(value)) values.push(value);
  }
  return values.sort((a, b) => a - b);
}

function bool(raw: unknown): boolean | undefined | null {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (raw === true || raw === 'true' || raw === '1') return true;
  if (raw === false || raw === 'false' || raw === '0') return false;
  return null;
}

function oneOf<T extends string | number>(raw: unknown, allowed: readonly T[]): T | undefined | null {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = allowed.find((candidate) => String(candidate) === String(raw));
  return value ?? null;
}

function text(raw: unknown, pattern: RegExp): string | undefined | null {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const value = String(raw);
  return pattern.test(value) ? value : null;
}

/**
 * "lat,lng;lat,lng;..." → points, rounded to the 6 decimals (~11 cm) the search's query is written with, so
 * a search is exactly what its query says (two polygons that differ further are one search); null when
 * malformed. A closing point equal to the first is dropped.
 */
export function parsePolygon(raw: unknown): LatLng[] | undefined | null {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || raw.length > LIMITS.polygonMaxPoints * 26) return null;
  const points: LatLng[] = [];
  for (const pair of raw.split(';')) {
    const [lat, lng, extra] = pair.split(',');
    if (extra !== undefined) return null;
    const latitude = decimal(lat, -90, 90);
    const longitude = decimal(lng, -180, 180);
    if (latitude == null || longitude == null) return null;
    points.push({ latitude: round6(latitude), longitude: round6(longitude) });
  }
  const first = points[0];
  const last = points.at(-1);
  if (points.length > 1 && first && last && first.latitude === last.latitude && first.longitude === last.longitude)
    points.pop();
  if (points.length < LIMITS.polygonMinPoints || points.length > LIMITS.polygonMaxPoints) return null;
  return points;
}

export function formatPolygon(points: readonly LatLng[]): string {
  return points.map((p) => `${round6(p.latitude)},${round6(p.longitude)}`).join(';');
}

/** "south,west,north,east" → bounds, rounded to 6 decimals like a polygon's points; null when malformed or inverted. */
export function parseBounds(raw: unknown): Bounds | undefined | null {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') return null;
  const parts = raw.split(',');
  if (parts.length !== 4) return null;
  const values = [
    decimal(parts[0], -90, 90),
    decimal(parts[1], -180, 180),
    decimal(parts[2], -90, 90),
    decimal(parts[3], -180, 180),
  ];
  if (values.some((value) => value == null)) return null;
  const [south, west, north, east] = values.map((value) => round6(value!));
  if (south >= north || west >= east) return null;
  return { south, west, north, east };
}

export function formatBounds(b: Bounds): string {
  return [b.south, b.west, b.north, b.east].map(round6).join(',');
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * Reads a search from a URL's params or an API query (strings, or the numbers a router
 * already parsed). Malformed keys are dropped and reported in `errors`; the API refuses a
 * query with any error, the page shows the search without the keys it could not read.
 */
export function parseSearchParams(raw: Record<string, unknown>): ParsedSearch {
  const errors: SearchParamErrors = {};
  const params: SearchParams = { SearchType: 'free', SellType: 1, Sort: 'relevance' };
  const set = <K extends SearchParamKey>(key: K, value: SearchParams[K] | undefined | null) => {
    if (value === null) errors[key] = 'invalid';
    else if (value !== undefined) params[key] = value;
  };

  set('SearchType', oneOf(raw.SearchType, SEARCH_TYPES));
  set('SellType', oneOf(raw.SellType, [1, 2] as const));
  set('Lat', decimal(raw.Lat, -90, 90));
  set('Lng', decimal(raw.Lng, -180, 180));
  set('Radius', int(raw.Radius, LIMITS.radiusMin, LIMITS.radiusMax));
  set('Polygon', parsePolygon(raw.Polygon));
  set('Province', text(raw.Province, /^[A-Za-z0-9-]{2,64}$/));
  set('Town', text(raw.Town, /^\d{6}$/));
  set('Region', text(raw.Region, /^[a-z0-9-]{2,64}$/));
  set('District', int(raw.District, 1, 2_147_483_647));
  set('Agency', int(raw.Agency, 1, 2_147_483_647));
  set('Place', text(raw.Place, /^[^<>]{1,120}$/));
  set('Bounds', parseBounds(raw.Bounds));
  set('Zoom', int(raw.Zoom, LIMITS.zoomMin, LIMITS.zoomMax));
  set('Type', oneOf(raw.Type, TYPE_SLUGS));
  set('PropertyTypes', intList(raw.PropertyTypes, PROPERTY_TYPE_IDS));
  set('PriceMin', int(raw.PriceMin, 0, LIMITS.priceMax));
  set('PriceMax', int(raw.PriceMax, 0, LIMITS.priceMax));
  set('SurfaceMin', int(raw.SurfaceMin, 0, LIMITS.surfaceMax));
  set('SurfaceMax', int(raw.SurfaceMax, 0, LIMITS.surfaceMax));
  set('RoomsMin', int(raw.RoomsMin, 1, LIMITS.roomsMax));
  set('RoomsMax', int(raw.RoomsMax, 1, LIMITS.roomsMax));
  set('BathroomsMin', int(raw.BathroomsMin, 1, 10));
  const amenities = intList(raw.Amenities, AMENITY_IDS_READ);
  set('Amenities', amenities ? normalizeAmenityIds(amenities) : amenities);
  set('EnergyClasses', intList(raw.EnergyClasses, ENERGY_CLASS_IDS));
  set('Conditions', intList(raw.Conditions, CONDITION_IDS));
  set('FloorMin', int(raw.FloorMin, -1, 200));
  set('FloorMax', int(raw.FloorMax, -1, 200));
  set('NewBuild', bool(raw.NewBuild));
  set('WithPhotos', bool(raw.WithPhotos));
  set('PrivateOnly', bool(raw.PrivateOnly));
  set('Furnishing', intList(raw.Furnishing, FURNISHING_IDS));
  set('Contracts', intList(raw.Contracts, CONTRACT_TYPE_IDS));
  set('Pets', bool(raw.Pets));
  set('PublishedWithin', oneOf(raw.PublishedWithin, PUBLISHED_WITHIN_DAYS));
  set('Text', text(raw.Text, new RegExp(`^[^<>]{1,${LIMITS.textMax}}$`)));
  set('Sort', oneOf(raw.Sort, SORTS));
  set('Cursor', text(raw.Cursor, new RegExp(`^[A-Za-z0-9_-]{1,${LIMITS.cursorMax}}$`)));
  set('PageSize', int(raw.PageSize, 1, LIMITS.pageSizeMax));

  for (const [low, high] of [
    ['PriceMin', 'PriceMax'],
    ['SurfaceMin', 'SurfaceMax'],
    ['RoomsMin', 'RoomsMax'],
    ['FloorMin', 'FloorMax'],
  ] as const) {
    const a = params[low];
    const b = params[high];
    if (a !== undefined && b !== undefined && a > b) errors[high] = 'range';
  }
  const missing = missingForType(params);
  if (missing) errors.Search = missing;
  return { params, errors };
}

/** What a search type needs that the params lack, or null. */
export function missingForType(p: SearchParams): string | null {
  switch (p.SearchType) {
    case 'circle':
    case 'place':
    case 'proximity':
      return p.Lat === undefined || p.Lng === undefined ? 'centre' : null;
    case 'draw':
      return p.Polygon ? null : 'polygon';
    case 'province':
      return p.Province ? null : 'province';
    case 'town':
      return p.Town ? null : 'town';
    case 'region':
      return p.Region ? null : 'region';
    case 'district':
      return p.District ? null : 'district';
    case 'agency':
      return p.Agency ? null : 'agency';
    default:
      return null;
  }
}

/**
 * The filters of a search: what narrows the listings of a place and a contract, beside the type
 * slug (Type), the sort and the map's view (Bounds, Zoom). In their order in the query string.
 */
export const SEARCH_FILTER_KEYS = [
  'PropertyTypes',
  'PriceMin',
  'PriceMax',
  'SurfaceMin',
  'SurfaceMax',
  'RoomsMin',
  'RoomsMax',
  'BathroomsMin',
  'Amenities',
  'EnergyClasses',
  'Conditions',
  'FloorMin',
  'FloorMax',
  'NewBuild',
  'WithPhotos',
  'PrivateOnly',
  'Furnishing',
  'Contracts',
  'Pets',
  'PublishedWithin',
  'Text',
] as const satisfies readonly SearchParamKey[];

/** Where a search looks, beside its kind (SearchType): a circle, a polygon, an administrative place, an agency. */
export const SEARCH_PLACE_KEYS = [
  'Lat',
  'Lng',
  'Radius',
  'Polygon',
  'Province',
  'Town',
  'Region',
  'District',
  'Agency',
  'Place',
] as const satisfies readonly SearchParamKey[];

const ORDER: SearchParamKey[] = [
  'SearchType',
  'SellType',
  ...SEARCH_PLACE_KEYS,
  'Type',
  ...SEARCH_FILTER_KEYS,
  'Sort',
  'Bounds',
  'Zoom',
  'Cursor',
  'PageSize',
];

/**
 * The search as query-string values in a fixed key order, defaults left out: the same
 * object is the page's URL search and the API call's query. `parseSearchParams` of the
 * result gives back the same params.
 */
export function toSearchQuery(p: Partial<SearchParams>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ORDER) {
    const value = p[key];
    if (value === undefined) continue;
    if (key === 'SearchType' && value === 'free') continue;
    if (key === 'SellType' && value === 1) continue;
    if (key === 'Sort' && value === 'relevance') continue;
    if (key === 'Polygon') out[key] = formatPolygon(value as LatLng[]);
    else if (key === 'Bounds') out[key] = formatBounds(value as Bounds);
    else if (Array.isArray(value)) {
      if (value.length > 0) out[key] = value.join(',');
    } else out[key] = String(value);
  }
  return out;
}

/** The same search without what only moves the list: the cursor and the map's view. */
export function withoutPaging(p: SearchParams): SearchParams {
  const { Cursor: _cursor, ...rest } = p;
  return rest;
}

/** The search's criteria as a saved search keeps them: no cursor, no page size, no map view. */
export function savedCriteria(p: SearchParams): Record<string, string> {
  const { Cursor: _c, PageSize: _p, Bounds: _b, Zoom: _z, ...rest } = p;
  return toSearchQuery(rest);
}

/**
 * The property types that are homes: what «case» means, on its results pages and in the landings' and
 * town lists' counts alike (the residential types of the reference list: no garage, shop, office, land).
 */
export const HOME_PROPERTY_TYPE_IDS: readonly number[] = [1, 2, 3, 5, 6, 8, 9, 11, 12, 15, 18];

/**
 * What the type slugs of the URLs mean (docs/spec.md §3: apartments 1, homes 23, studio 19,
 * two-room 20, three-room 21, four-room 22, houses and apartments 24, commercial 25):
 * property types, and for the room slugs a number of rooms.
 */
export const TYPE_SLUG_MEANING: Record<
  TypeSlug,
  { slugTypeId: number; propertyTypes?: readonly number[]; rooms?: number; roomsMin?: number }
> = {
  appartamenti: { slugTypeId: 1, propertyTypes: [1, 2, 3, 6] },
  case: { slugTypeId: 23, propertyTypes: HOME_PROPERTY_TYPE_IDS },
  monolocali: { slugTypeId: 19, propertyTypes: [1, 2, 3, 6, 11], rooms: 1 },
  bilocali: { slugTypeId: 20, propertyTypes: [1, 2, 3, 6, 11], rooms: 2 },
  trilocali: { slugTypeId: 21, propertyTypes: [1, 2, 3, 6, 11], rooms: 3 },
  quadrilocali: { slugTypeId: 22, propertyTypes: [1, 2, 3, 6, 11], roomsMin: 4 },
  'case-e-appartamenti': { slugTypeId: 24, propertyTypes: [1, 2, 3, 5, 6, 8, 9, 11, 15, 18] },
  'locali-commerciali': { slugTypeId: 25, propertyTypes: [10, 16, 17] },
};

/** Saved-search alert frequencies. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** The results page of a search: /ricerca with the search as its query string. */
export function searchPath(p: Partial<SearchParams>): string {
  const query = new URLSearchParams(toSearchQuery(p)).toString();
  return query ? `/ricerca?${query}` : '/ricerca';
}
