import { z } from 'zod';
import {
  AMENITY_IDS,
  AMENITY_IDS_READ,
  CONDITION_IDS,
  CONTRACT_TYPE_IDS,
  FURNISHING_IDS,
  ENERGY_CLASS_IDS,
  LIMITS,
  PUBLISHED_WITHIN_DAYS,
  SEARCH_TYPES,
  SORTS,
  parseSearchParams,
  type SearchParamKey,
} from '@domain/search';
import { TYPE_SLUGS } from '@domain/public-pages';
import { queryInt } from '../shared/query';
import { SearchListing } from '../shared/search-listing';

// The query of GET /api/Search/Listings: exactly the keys of SearchParams (domain/search.ts),
// every one an optional string as `toSearchQuery` writes it. Each key's pattern documents
// its form; the object is then checked by `parseSearchParams` itself, so the route and the
// results page accept and refuse the same queries (tests/api/search-params-agreement.test.ts).
// What the search type needs but lacks (a centre, a polygon ...) is not a malformed key:
// the route answers it with InvalidSearch.

const DECIMAL = String.raw`-?\d{1,3}(\.\d{1,8})?`;
const INT = String.raw`-?\d{1,12}`;

/** An optional query key of this pattern; empty means absent, as for the page's parser. */
function key(pattern: string, description: string) {
  return z
    .string()
    .regex(new RegExp(`^(?:${pattern})?$`))
    .optional()
    .describe(description);
}

function choice<const T extends readonly (string | number)[]>(values: T, description: string) {
  return z
    .enum(['', ...values.map(String)] as [string, ...string[]])
    .optional()
    .describe(description);
}

function idList(ids: readonly number[], description: string) {
  return key(
    String.raw`\d{1,3}(,\d{1,3}){0,${ids.length - 1}}`,
    `${description} Comma-separated, of: ${ids.join(', ')}.`,
  );
}

export const SearchQueryShape = {
  SearchType: choice(SEARCH_TYPES, 'What the search covers (default free: everything, optionally within Bounds).'),
  SellType: choice(['1', '2'], '1 sale (default), 2 rent.'),
  Lat: key(DECIMAL, 'circle, place, proximity: latitude of the centre.'),
  Lng: key(DECIMAL, 'circle, place, proximity: longitude of the centre.'),
  Radius: key(
    INT,
    `circle, place, proximity: metres, ${LIMITS.radiusMin}-${LIMITS.radiusMax} (default ${LIMITS.radiusDefault}).`,
  ),
  Polygon: key(
    String.raw`${DECIMAL},${DECIMAL}(;${DECIMAL},${DECIMAL}){2,}`,
    `draw: "lat,lng;lat,lng;..." with ${LIMITS.polygonMinPoints}-${LIMITS.polygonMaxPoints} vertices; a polygon crossing itself or larger than 5° is refused (InvalidPolygon).`,
  ),
  Province: key('[A-Za-z0-9-]{2,64}', 'province: slug ("milano") or sigla ("MI").'),
  Town: key(String.raw`\d{6}`, 'town: ISTAT code, six digits ("015146").'),
  Region: key('[a-z0-9-]{2,64}', 'region: slug ("lombardia").'),
  District: key(INT, 'district: id of a district (quartiere).'),
  Agency: key(INT, 'agency: id of an agency.'),
  Place: key('[^<>]{1,120}', 'place: what was searched, shown back ("Via Roma, Torino").'),
  Type: choice(
    TYPE_SLUGS,
    'The property-type slug of the URL: a set of property types, for the room slugs a number of rooms.',
  ),
  PropertyTypes: idList(
    Array.from({ length: 18 }, (_, i) => i + 1),
    'Property types.',
  ),
  PriceMin: key(INT, `Euros (monthly for rent), 0-${LIMITS.priceMax}.`),
  PriceMax: key(INT, `Euros (monthly for rent), 0-${LIMITS.priceMax}, at least PriceMin.`),
  SurfaceMin: key(INT, `Square metres, 0-${LIMITS.surfaceMax}.`),
  SurfaceMax: key(INT, `Square metres, 0-${LIMITS.surfaceMax}, at least SurfaceMin.`),
  RoomsMin: key(INT, `Rooms (locali), 1-${LIMITS.roomsMax}.`),
  RoomsMax: key(INT, `Rooms (locali), 1-${LIMITS.roomsMax}, at least RoomsMin.`),
  BathroomsMin: key(INT, 'Bathrooms, 1-10.'),
  Amenities: idList(
    AMENITY_IDS_READ,
    `Amenities the listing has, every one: ${AMENITY_IDS.join(', ')} (domain/listing/amenities.ts); the retired 20 reads as 18, 23 as 18 and 19.`,
  ),
  EnergyClasses: idList(ENERGY_CLASS_IDS, 'Energy classes (1 A4 ... 10 G, 11 exempt, 12 pending), any of.'),
  Conditions: idList(CONDITION_IDS, 'Conditions (1 new, 2 excellent, 3 good, 4 to renovate), any of.'),
  FloorMin: key(INT, 'Floor, -1 (basement) to 200.'),
  FloorMax: key(INT, 'Floor, -1 (basement) to 200, at least FloorMin.'),
  NewBuild: choice(['true', 'false', '1', '0'], 'Only new builds (a development unit or condition new).'),
  WithPhotos: choice(['true', 'false', '1', '0'], 'Only listings with photos.'),
  PrivateOnly: choice(['true', 'false', '1', '0'], 'Only listings a private owner publishes (no agency).'),
  Furnishing: idList(
    FURNISHING_IDS,
    'Rent: furnishing (1 furnished, 2 partly, 3 unfurnished, 4 the kitchen only), any of.',
  ),
  Contracts: idList(
    CONTRACT_TYPE_IDS,
    'Rent: lease (1 free rent 4+4, 2 agreed rent 3+2, 3 temporary, 4 students), any of.',
  ),
  Pets: choice(['true', 'false', '1', '0'], 'Rent: only listings that welcome pets.'),
  PublishedWithin: choice(PUBLISHED_WITHIN_DAYS, 'Published in the last N days.'),
  Text: key(
    `[^<>]{1,${LIMITS.textMax}}`,
    'Italian full text on title and description (web search syntax: "quoted", -excluded, or).',
  ),
  Sort: choice(
    SORTS,
    'Order of the items (default relevance: highlighted first, then newest, or best text match with Text).',
  ),
  Bounds: key(
    `${DECIMAL},${DECIMAL},${DECIMAL},${DECIMAL}`,
    'The map view "south,west,north,east": a filter on top of any search type.',
  ),
  Zoom: key(
    INT,
    `The map zoom (${LIMITS.zoomMin}-${LIMITS.zoomMax}) the markers are clustered for; default: the zoom that fits the area.`,
  ),
  Cursor: key(`[A-Za-z0-9_-]{1,${LIMITS.cursorMax}}`, 'NextCursor of the previous page of the same search and sort.'),
  PageSize: key(INT, `Items per page, 1-${LIMITS.pageSizeMax} (default ${LIMITS.pageSizeDefault}).`),
} satisfies Record<SearchParamKey, z.ZodType>;

/** The query: each key's form, then the shared parser's verdict on every key (ranges, ids, polygon). */
export const SearchListingsQuery = z.object(SearchQueryShape).superRefine((query, ctx) => {
  const { errors } = parseSearchParams(query);
  for (const [name, problem] of Object.entries(errors)) {
    if (name === 'Search') continue;
    ctx.addIssue({ code: 'custom', path: [name], message: problem ?? 'invalid' });
  }
});

const LatLngPoint = z.object({ Latitude: z.number(), Longitude: z.number() });

export const SearchMarker = z
  .object({
    Latitude: z.number(),
    Longitude: z.number(),
    Count: z.number().int().describe('Listings in this cluster.'),
    PropertyId: z.number().int().nullable().describe('Set when Count is 1.'),
    Price: z.number().int().nullable().describe('Set when Count is 1.'),
  })
  .meta({ id: 'SearchMarker' });

export const SearchArea = z
  .object({
    Kind: z.enum(SEARCH_TYPES),
    Name: z
      .string()
      .nullable()
      .describe('"Milano", "Provincia di Torino", "Porta Romana"; null for free, circle and draw.'),
    Center: LatLngPoint.nullable(),
    RadiusM: z.number().nullable(),
    Polygon: z.array(LatLngPoint).nullable().describe('draw and district.'),
    Bounds: z
      .object({ South: z.number(), West: z.number(), North: z.number(), East: z.number() })
      .nullable()
      .describe('To fit the map.'),
  })
  .meta({ id: 'SearchArea' });

export const SearchResult = z
  .object({
    Total: z.number().int().describe('The whole result set, exact.'),
    Items: z.array(SearchListing).describe('This page, in the requested sort.'),
    NextCursor: z.string().nullable().describe('Cursor of the next page; null on the last.'),
    Markers: z
      .object({ Zoom: z.number().int(), Points: z.array(SearchMarker) })
      .describe('The whole result set for the map, clustered on a grid at Zoom.'),
    Area: SearchArea,
  })
  .meta({ id: 'SearchResult' });

export const PlacesQuery = z.object({
  Text: z
    .string()
    .min(1)
    .max(LIMITS.textMax)
    .describe('What the visitor typed: the start of a town, district, province, region or street.'),
  Limit: queryInt(1, 20).default(8).describe('How many suggestions, 1-20 (default 8).'),
});

export const PlaceItem = z
  .object({
    Kind: z.enum(['town', 'district', 'province', 'region', 'address']),
    Id: z.string(),
    Name: z.string(),
    Detail: z.string().nullable().describe('Where it is: "Milano (MI)", "Lombardia".'),
    Latitude: z.number().nullable(),
    Longitude: z.number().nullable(),
    Params: z.record(z.string(), z.string()).describe('The search query to run for it (GET /api/Search/Listings).'),
    IsMainTown: z
      .boolean()
      .describe(
        "A town that is its province's main town (its most populous); such a town comes before the other towns that match as well.",
      ),
    Slug: z
      .string()
      .nullable()
      .describe(
        'The name in addresses: a town\'s, district\'s or province\'s slug ("milano", "porta-romana"); null for regions and streets.',
      ),
    ProvinceSlug: z
      .string()
      .nullable()
      .describe(
        "The slug of the province a town or district lies in (a province's own), for its results address; null for regions and streets.",
      ),
  })
  .meta({ id: 'PlaceItem' });

export const PlacesResult = z.object({ Items: z.array(PlaceItem) }).meta({ id: 'PlacesResult' });
