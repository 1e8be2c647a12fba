/**
 * `npm run db:synthetic -- --listings N [--seed S] [--reset] [--omi FILE]`: fills the
 * database of DATABASE_URL (or PGlite in DATA_DIR, ./data by default) with N published
 * synthetic listings, for the search benchmark (`npm run bench -- search`) and for trying
 * the search on a realistic volume. Migrations and the reference seed run first
 * (openDatabase), so an empty database works.
 *
 * - Listings spread over the municipalities in proportion to their population (those
 *   without coordinates are skipped), scattered around the town centre within a radius
 *   that grows with the population.
 * - Prices from the OMI ranges of semester 2018/2 (Agenzia Entrate - OMI), read from
 *   scripts/data/omi/omi-2018-2-comuni.csv at generation time only (never by the
 *   server): sale €/m² and rent €/m²/month per town, else the average of its province, else
 *   of its region, else of Italy.
 * - Sale and rent about 70/30; types, rooms, surfaces, floors, energy classes, conditions,
 *   a few amenities, published_at over the last 180 days, the generated title
 *   (listingTitle: the town alone when the address is hidden) and a short Italian
 *   description (full text works).
 * - Owned by a few synthetic private users and agencies whose e-mail ends with
 *   @synthetic.rexer.invalid: `--reset` deletes them and everything they own.
 * - Deterministic: the same seed and day give the same rows (published_at counts back
 *   from today's midnight UTC; `--epoch 2026-01-01` fixes it).
 *
 * Rows go in by batches of 10,000 (one INSERT ... SELECT FROM unnest(arrays) each), with
 * the user triggers of properties off (the price-history trigger: its first rows are
 * written set-based at the end; the map's cells, search_cells, are rebuilt at the end)
 * and, for large loads, the secondary indexes of properties dropped and rebuilt after;
 * VACUUM ANALYZE at the end.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openDatabase, type Database } from '../server/db/database';
import { listingTitle } from '../server/db/listing-title';
import { ENERGY_INDEX_RANGES } from '@domain/energy-label';
import { CONTRACT_TYPE } from '@domain/listing/rent-terms';
import {
  AMENITY,
  ENERGY_CLASS,
  HEATING_TYPE,
  PROPERTY_CONDITION,
  PROPERTY_STATUS,
  PROPERTY_TYPE,
  SELL_TYPE,
} from '../server/db/reference-ids';
import { LocalFileStorage } from '../server/storage/file-storage';

/** Every synthetic user's e-mail ends with this: what --reset and the bench recognise. */
export const SYNTHETIC_EMAIL_DOMAIN = 'synthetic.rexer.invalid';
export const DEFAULT_OMI_CSV = fileURLToPath(new URL('./data/omi/omi-2018-2-comuni.csv', import.meta.url));
const BATCH = 10_000;
const PRIVATE_OWNERS = 200;
const AGENCIES = 40;
const PUBLISHED_DAYS = 180;

export interface SyntheticOptions {
  listings: number;
  seed?: number;
  /** Delete the previous synthetic rows first. */
  reset?: boolean;
  omiCsv?: string;
  /** published_at counts back from here (default: today's midnight UTC). */
  epoch?: Date;
  /** Drop and rebuild the secondary indexes of properties around the load (default: above 200,000 listings). */
  rebuildIndexes?: boolean;
  log?: (msg: string) => void;
}

export interface SyntheticResult {
  inserted: number;
  municipalities: number;
  seconds: number;
}

// ---------------------------------------------------------------------------------------
// Deterministic random numbers: sfc32 seeded through splitmix32.

export function createRandom(seed: number) {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    /** One of the keys, with the given weights. */
    weighted: <T>(choices: readonly (readonly [T, number])[]): T => {
      const total = choices.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of choices) {
        r -= w;
        if (r < 0) return value;
      }
      return choices[choices.length - 1][0];
    },
    /** Roughly normal, mean 0, deviation 1 (sum of four uniforms). */
    normal: () => (next() + next() + next() + next() - 2) * Math.sqrt(3),
  };
}
type Random = ReturnType<typeof createRandom>;

// ---------------------------------------------------------------------------------------
// OMI price ranges.

export interface OmiRange {
  saleMin: number;
  saleMax: number;
  rentMin: number;
  rentMax: number;
}

/** OMI ranges by municipality id (the ISTAT code as a number: the last six digits of comune_istat). */
export function readOmi(file: string): Map<number, OmiRange> {
  const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const header = lines[0].split(',');
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${file}: no column ${name}`);
    return i;
  };
  const [ci, smin, smax, rmin, rmax] = [
    'comune_istat',
    'vendita_min_eur_m2',
    'vendita_max_eur_m2',
    'affitto_min_eur_m2_mese',
    'affitto_max_eur_m2_mese',
  ].map(col);
  const out = new Map<number, OmiRange>();
  for (const line of lines.slice(1)) {
    // Names hold no commas in this file; only numbers are read anyway.
    const cells = line.split(',');
    const code = Number(cells[ci]);
    const range = {
      saleMin: Number(cells[smin]),
      saleMax: Number(cells[smax]),
      rentMin: Number(cells[rmin]),
      rentMax: Number(cells[rmax]),
    };
    if (!code || !Object.values(range).every((v) => Number.isFinite(v) && v > 0)) continue;
    out.set(code % 1_000_000, range);
  }
  return out;
}

function averageRange(ranges: OmiRange[]): OmiRange | undefined {
  if (ranges.length === 0) return undefined;
  const avg = (key: keyof OmiRange) => ranges.reduce((sum, r) => sum + r[key], 0) / ranges.length;
  return { saleMin: avg('saleMin'), saleMax: avg('saleMax'), rentMin: avg('rentMin'), rentMax: avg('rentMax') };
}

// ---------------------------------------------------------------------------------------
// Towns.

export interface SyntheticTown {
  id: number;
  name: string;
  provinceId: number;
  regionId: number;
  population: number;
  latitude: number;
  longitude: number;
  postcode: string | null;
  omi: OmiRange;
  /** Where the price range came from. */
  omiSource: 'town' | 'province' | 'region' | 'italy';
  /** Metres: listings fall within this distance of the centre. */
  radiusM: number;
}

/** Radius of the scatter around the centre: 700 m for a village, ~11 km for Milano, ~16 km for Roma. */
export function townRadiusM(population: number): number {
  return Math.round(400 + 9 * Math.sqrt(Math.max(population, 100)));
}

export async function loadTowns(database: Database, omi: Map<number, OmiRange>): Promise<SyntheticTown[]> {
  const { rows } = await database.executeSql(
    `select m.id, m.name, m.province_id, p.region_id, coalesce(m.population, 0) as population, m.latitude, m.longitude, m.postcodes[1] as postcode
       from municipalities m join provinces p on p.id = m.province_id
      where m.latitude is not null and m.longitude is not null
      order by m.id`,
    [],
  );
  const byProvince = new Map<number, OmiRange[]>();
  const byRegion = new Map<number, OmiRange[]>();
  for (const row of rows) {
    const range = omi.get(Number(row.id));
    if (!range) continue;
    byProvince.set(Number(row.province_id), [...(byProvince.get(Number(row.province_id)) ?? []), range]);
    byRegion.set(Number(row.region_id), [...(byRegion.get(Number(row.region_id)) ?? []), range]);
  }
  const italy = averageRange([...omi.values()])!;
  const provinceAvg = new Map([...byProvince].map(([id, ranges]) => [id, averageRange(ranges)!]));
  const regionAvg = new Map([...byRegion].map(([id, ranges]) => [id, averageRange(ranges)!]));
  return rows.map((row) => {
    const id = Number(row.id);
    const provinceId = Number(row.province_id);
    const regionId = Number(row.region_id);
    const own = omi.get(id);
    const province = provinceAvg.get(provinceId);
    const region = regionAvg.get(regionId);
    const [range, source] = own
      ? ([own, 'town'] as const)
      : province
        ? ([province, 'province'] as const)
        : region
          ? ([region, 'region'] as const)
          : ([italy, 'italy'] as const);
    // A town without a population figure counts as a village.
    const population = Number(row.population) > 0 ? Number(row.population) : 500;
    return {
      id,
      name: String(row.name),
      provinceId,
      regionId,
      population,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      postcode: (row.postcode as string | null) ?? null,
      omi: range,
      omiSource: source,
      radiusM: townRadiusM(population),
    };
  });
}

// ---------------------------------------------------------------------------------------
// One listing.

const STREETS = [
  'Via Roma',
  'Via Giuseppe Garibaldi',
  'Via Giuseppe Mazzini',
  'Via Camillo Cavour',
  'Via Dante Alighieri',
  'Via Giuseppe Verdi',
  'Via Vittorio Emanuele II',
  'Corso Italia',
  'Via Marconi',
  'Via Matteotti',
  'Via XX Settembre',
  'Via IV Novembre',
  'Via Manzoni',
  'Via Leopardi',
  'Via Gramsci',
  'Via della Repubblica',
  'Via San Francesco',
  'Via dei Mille',
  'Via Nazionale',
  'Via Kennedy',
  'Via Carducci',
  'Via Petrarca',
  'Via Pascoli',
  'Via Torino',
  'Via Milano',
  'Via Napoli',
  'Via Firenze',
  'Via Venezia',
  'Viale Europa',
  'Viale della Libertà',
  'Piazza Garibaldi',
  'Via Cesare Battisti',
  'Via Aldo Moro',
  'Via Don Minzoni',
  'Via Trieste',
  'Via Trento',
  'Via Colombo',
  'Via Galilei',
  'Via Puccini',
  'Via Bellini',
  'Via delle Rose',
  'Via dei Tigli',
  'Via del Mare',
  'Via San Giovanni',
  "Via Sant'Antonio",
  'Via della Stazione',
  'Via Papa Giovanni XXIII',
  'Corso Vittorio Emanuele',
  'Via Fiume',
  'Via Mameli',
];

/** Property types with their weights, a price factor on the OMI range (homes 1) and whether they are homes. */
const TYPES: readonly (readonly [number, number])[] = [
  [PROPERTY_TYPE.apartment, 58],
  [PROPERTY_TYPE.penthouse, 3],
  [PROPERTY_TYPE.attic, 3],
  [PROPERTY_TYPE.loft, 2],
  [PROPERTY_TYPE.villa, 5],
  [PROPERTY_TYPE.detached_house, 5],
  [PROPERTY_TYPE.semi_detached_house, 3],
  [PROPERTY_TYPE.terraced_house, 4],
  [PROPERTY_TYPE.farmhouse, 2],
  [PROPERTY_TYPE.garage, 5],
  [PROPERTY_TYPE.commercial, 4],
  [PROPERTY_TYPE.office, 3],
  [PROPERTY_TYPE.warehouse, 1],
  [PROPERTY_TYPE.building, 1],
  [PROPERTY_TYPE.land, 1],
];
/** €/m² of the types that are not homes, as a share of the town's housing range. */
const TYPE_PRICE_FACTOR: Partial<Record<number, number>> = {
  [PROPERTY_TYPE.garage]: 0.55,
  [PROPERTY_TYPE.commercial]: 0.9,
  [PROPERTY_TYPE.office]: 0.85,
  [PROPERTY_TYPE.warehouse]: 0.35,
  [PROPERTY_TYPE.building]: 0.8,
  [PROPERTY_TYPE.land]: 0.08,
};
const TYPE_NAMES: Record<number, string> = {
  1: 'Appartamento',
  2: 'Attico',
  3: 'Mansarda',
  4: 'Box auto',
  5: 'Villa',
  6: 'Loft',
  7: 'Palazzo',
  8: 'Casale',
  9: 'Villetta a schiera',
  10: 'Locale commerciale',
  11: 'Immobile',
  12: 'Stanza',
  13: 'Cantina',
  14: 'Terreno',
  15: 'Casa indipendente',
  16: 'Ufficio',
  17: 'Magazzino',
  18: 'Villa bifamiliare',
};
const CONDITIONS: readonly (readonly [number, number])[] = [
  [PROPERTY_CONDITION.new, 8],
  [PROPERTY_CONDITION.excellent, 27],
  [PROPERTY_CONDITION.good, 45],
  [PROPERTY_CONDITION.to_renovate, 20],
];
/** Where in the town's OMI range a condition puts the price (0 the minimum, 1 the maximum). */
const CONDITION_POSITION: Record<number, [number, number]> = {
  1: [0.6, 1],
  2: [0.4, 0.95],
  3: [0.15, 0.75],
  4: [0, 0.4],
};
const CONDITION_TEXT: Record<number, string> = {
  1: 'di nuova costruzione',
  2: 'ristrutturato di recente',
  3: 'in buono stato',
  4: 'da ristrutturare',
};
const ENERGY: readonly (readonly [number, number])[] = [
  [ENERGY_CLASS.A4, 2],
  [ENERGY_CLASS.A3, 2],
  [ENERGY_CLASS.A2, 2],
  [ENERGY_CLASS.A1, 3],
  [ENERGY_CLASS.B, 5],
  [ENERGY_CLASS.C, 7],
  [ENERGY_CLASS.D, 10],
  [ENERGY_CLASS.E, 15],
  [ENERGY_CLASS.F, 18],
  [ENERGY_CLASS.G, 28],
  [ENERGY_CLASS.exempt, 3],
  [ENERGY_CLASS.pending, 5],
];
/** A new build's class: A4-A1 (nearly zero-energy buildings), never the F or G of an old one. */
const NEW_BUILD_ENERGY: readonly (readonly [number, number])[] = [
  [ENERGY_CLASS.A4, 3],
  [ENERGY_CLASS.A3, 3],
  [ENERGY_CLASS.A2, 2],
  [ENERGY_CLASS.A1, 2],
];
const HEATING = [
  HEATING_TYPE.independent,
  HEATING_TYPE.independent,
  HEATING_TYPE.central,
  HEATING_TYPE.central_with_meter,
  HEATING_TYPE.heat_pump,
  HEATING_TYPE.underfloor,
] as const;
const AMENITY_CHOICES: readonly (readonly [number, number, string])[] = [
  [AMENITY.balcony, 0.45, 'balcone'],
  [AMENITY.lift, 0.4, 'ascensore'],
  [AMENITY.cellar, 0.3, 'cantina'],
  [AMENITY.terrace, 0.2, 'terrazzo'],
  [AMENITY.air_conditioning, 0.25, 'aria condizionata'],
  [AMENITY.parking_space, 0.2, 'posto auto'],
  [AMENITY.garage, 0.15, 'box auto'],
  [AMENITY.private_garden, 0.1, 'giardino privato'],
  [AMENITY.concierge, 0.06, 'portineria'],
  [AMENITY.disabled_access, 0.05, 'accesso disabili'],
  [AMENITY.condominium_garden, 0.08, 'giardino condominiale'],
  [AMENITY.pool, 0.02, 'piscina'],
];
const DESCRIPTIONS = [
  '{Type} {condition} di {surface} m² in {sell} a {city}, {floor}: {rooms} e {bathrooms}.{amenities} Zona servita da negozi, scuole e mezzi pubblici.',
  'A {city} proponiamo in {sell} {type} di {surface} m², {condition}. {Rooms} e {bathrooms}, {floor}.{amenities} Classe energetica {energy}.',
  'Luminoso {type} {condition} a {city}: {surface} metri quadrati con {rooms} e {bathrooms}, {floor}.{amenities} Disponibile da subito, visite su appuntamento.',
  '{Type} in {sell} a {city}, {condition}, di {surface} m² commerciali. Si compone di {rooms} e {bathrooms}; {floor}.{amenities} Ideale come prima casa o investimento.',
];
const ENERGY_CODES: Record<number, string> = {
  1: 'A4',
  2: 'A3',
  3: 'A2',
  4: 'A1',
  5: 'B',
  6: 'C',
  7: 'D',
  8: 'E',
  9: 'F',
  10: 'G',
  11: 'esente',
  12: 'in attesa di certificazione',
};

const HOME_TYPES: ReadonlySet<number> = new Set<number>([1, 2, 3, 5, 6, 8, 9, 15, 18]);

function floorText(floor: number | null): string {
  if (floor === null) return 'su più livelli';
  if (floor < 0) return 'al piano seminterrato';
  if (floor === 0) return 'al piano terra';
  return `al ${floor}° piano`;
}

interface ListingRow {
  id: number;
  owner: number;
  agency: number | null;
  sell: number;
  municipality: number;
  street: string;
  number: string;
  postcode: string | null;
  lat: number;
  lng: number;
  showAddress: boolean;
  type: number;
  surface: number;
  rooms: number | null;
  bathrooms: number | null;
  floor: number | null;
  buildingFloors: number | null;
  lift: boolean | null;
  condition: number;
  buildYear: number;
  energy: number;
  energyPerformance: number | null;
  heating: number | null;
  condoFees: number;
  furnishing: number | null;
  deposit: number | null;
  contract: number | null;
  pets: boolean | null;
  price: number;
  previousPrice: number | null;
  priceChangedAt: string | null;
  title: string;
  description: string;
  highlightedUntil: string | null;
  createdAt: string;
  publishedAt: string;
  amenities: number[];
}

/** Rounds a price as people do: to 1,000 € for sales above 100,000, 500 below, 10 € for rents. */
function roundPrice(value: number, sell: number): number {
  if (sell === SELL_TYPE.rent) return Math.max(50, Math.round(value / 10) * 10);
  const step = value >= 100_000 ? 1000 : 500;
  return Math.max(step, Math.round(value / step) * step);
}

function makeListing(
  r: Random,
  id: number,
  town: SyntheticTown,
  owners: { privates: number[]; agencies: { userId: number; agencyId: number }[] },
  epochMs: number,
): ListingRow {
  const sell = r.next() < 0.7 ? SELL_TYPE.sale : SELL_TYPE.rent;
  const type = r.weighted(TYPES);
  const home = HOME_TYPES.has(type);
  const condition = r.weighted(CONDITIONS);

  // Position: denser near the centre (distance ~ R·u^1.3), uniform direction.
  const distance = town.radiusM * Math.pow(r.next(), 1.3);
  const bearing = r.next() * 2 * Math.PI;
  const lat = town.latitude + (distance * Math.cos(bearing)) / 111_320;
  const lng = town.longitude + (distance * Math.sin(bearing)) / (111_320 * Math.cos((town.latitude * Math.PI) / 180));

  let rooms: number | null = null;
  let bathrooms: number | null = null;
  let surface: number;
  if (home) {
    const big =
      type === PROPERTY_TYPE.villa || type === PROPERTY_TYPE.farmhouse || type === PROPERTY_TYPE.detached_house;
    rooms = big
      ? r.int(4, 9)
      : r.weighted([
          [1, 10],
          [2, 30],
          [3, 32],
          [4, 18],
          [5, 7],
          [6, 3],
        ] as const);
    surface = Math.max(20, Math.round(rooms * (big ? 38 : 27) + 10 + r.normal() * 9));
    bathrooms = Math.max(1, Math.min(4, Math.round(surface / 70 + r.normal() * 0.3)));
  } else if (type === PROPERTY_TYPE.garage) {
    surface = r.int(12, 35);
  } else if (type === PROPERTY_TYPE.land) {
    surface = r.int(500, 8000);
  } else if (type === PROPERTY_TYPE.building) {
    surface = r.int(400, 1500);
    rooms = r.int(10, 20);
    bathrooms = r.int(4, 10);
  } else {
    surface = r.int(40, 400);
    rooms = r.int(1, 8);
    bathrooms = r.int(1, 3);
  }

  const flat =
    home &&
    type !== PROPERTY_TYPE.villa &&
    type !== PROPERTY_TYPE.farmhouse &&
    type !== PROPERTY_TYPE.detached_house &&
    type !== PROPERTY_TYPE.terraced_house &&
    type !== PROPERTY_TYPE.semi_detached_house;
  const buildingFloors =
    flat || type === PROPERTY_TYPE.office
      ? r.int(2, town.population > 200_000 ? 12 : 6)
      : type === PROPERTY_TYPE.land
        ? null
        : r.int(1, 3);
  let floor: number | null = null;
  if (flat || type === PROPERTY_TYPE.office)
    floor =
      type === PROPERTY_TYPE.penthouse || type === PROPERTY_TYPE.attic ? buildingFloors : r.int(0, buildingFloors!);
  else if (type === PROPERTY_TYPE.garage) floor = r.next() < 0.6 ? -1 : 0;
  else if (type === PROPERTY_TYPE.commercial) floor = 0;
  const lift = buildingFloors === null ? null : buildingFloors >= 4 ? r.next() < 0.9 : r.next() < 0.3;

  const [lo, hi] = CONDITION_POSITION[condition];
  const position = lo + r.next() * (hi - lo);
  const factor = TYPE_PRICE_FACTOR[type] ?? 1;
  let price: number;
  if (sell === SELL_TYPE.sale)
    price = roundPrice(surface * factor * (town.omi.saleMin + position * (town.omi.saleMax - town.omi.saleMin)), sell);
  else
    price = roundPrice(surface * factor * (town.omi.rentMin + position * (town.omi.rentMax - town.omi.rentMin)), sell);

  const daysAgo = r.next() * PUBLISHED_DAYS;
  const publishedMs = epochMs - Math.round(daysAgo * 86_400_000);
  // About one in twelve was reduced since publication (by 3-10 %).
  let previousPrice: number | null = null;
  let priceChangedAt: string | null = null;
  if (daysAgo > 10 && r.next() < 0.08) {
    previousPrice = roundPrice(price / (1 - (0.03 + r.next() * 0.07)), sell);
    if (previousPrice === price) previousPrice = null;
    else priceChangedAt = new Date(publishedMs + Math.round(r.next() * (epochMs - publishedMs))).toISOString();
  }

  // One draw either way: the other columns stay what they were.
  const energy = r.weighted(condition === PROPERTY_CONDITION.new ? NEW_BUILD_ENERGY : ENERGY);
  const amenities = home || type === PROPERTY_TYPE.office ? AMENITY_CHOICES.filter(([, p]) => r.next() < p) : [];
  const street = r.pick(STREETS);
  const number = String(r.int(1, 180));
  const showAddress = r.next() < 0.8;
  const useAgency = r.next() < 0.55;
  const agency = useAgency ? r.pick(owners.agencies) : null;
  const owner = agency ? agency.userId : r.pick(owners.privates);

  const sellWord = sell === SELL_TYPE.sale ? 'vendita' : 'affitto';
  const typeName = TYPE_NAMES[type] ?? 'Immobile';
  const amenityText = amenities.length > 0 ? ` Dotato di ${amenities.map(([, , name]) => name).join(', ')}.` : '';
  const plural = (n: number | null, one: string, many: string) =>
    n === null ? `spazi ${many}` : n === 1 ? `un ${one}` : `${n} ${many}`;
  const roomsText = plural(rooms, 'locale', 'locali');
  const description = r
    .pick(DESCRIPTIONS)
    .replace('{Type}', typeName)
    .replace('{type}', typeName.toLowerCase())
    .replace('{condition}', CONDITION_TEXT[condition])
    .replace('{surface}', String(surface))
    .replace('{sell}', sellWord)
    .replace('{city}', town.name)
    .replace('{floor}', floorText(floor))
    .replace('{Rooms}', roomsText[0].toUpperCase() + roomsText.slice(1))
    .replace('{rooms}', roomsText)
    .replace('{bathrooms}', plural(bathrooms, 'bagno', 'bagni'))
    .replace('{amenities}', amenityText)
    .replace('{energy}', ENERGY_CODES[energy]);

  const createdMs = publishedMs - r.int(0, 5) * 86_400_000 - r.int(0, 3_600_000);
  return {
    id,
    owner,
    agency: agency?.agencyId ?? null,
    sell,
    municipality: town.id,
    street,
    number,
    postcode: town.postcode,
    lat: Math.round(lat * 1e6) / 1e6,
    lng: Math.round(lng * 1e6) / 1e6,
    showAddress,
    type,
    surface,
    rooms,
    bathrooms,
    floor,
    buildingFloors,
    lift,
    condition,
    buildYear: condition === PROPERTY_CONDITION.new ? r.int(2022, 2026) : r.int(1900, 2015),
    energy,
    energyPerformance: energy <= 10 ? indexOf(energy, r.next()) : null,
    heating: home ? r.pick(HEATING) : null,
    condoFees: flat ? r.int(3, 25) * 10 : 0,
    furnishing: sell === SELL_TYPE.rent && home ? r.int(1, 4) : null,
    deposit: sell === SELL_TYPE.rent ? price * r.int(2, 3) : null,
    // Drawn from the id, not the generator's stream, so every other column stays what it was.
    contract: sell === SELL_TYPE.rent ? contractOf(unitOf(id, 1)) : null,
    pets: sell === SELL_TYPE.rent ? home && unitOf(id, 2) < 0.45 : null,
    price,
    previousPrice,
    priceChangedAt,
    title: listingTitle(sell as 1 | 2, { street, streetNumber: number, showAddress, city: town.name }),
    description,
    highlightedUntil: r.next() < 0.01 ? new Date(epochMs + r.int(1, 30) * 86_400_000).toISOString() : null,
    createdAt: new Date(createdMs).toISOString(),
    publishedAt: new Date(publishedMs).toISOString(),
    amenities: amenities.map(([id]) => id),
  };
}

/** An index (kWh/m² a year, one decimal) within the typical range of the class (1 A4 ... 10 G), at `u` in [0, 1) of it. */
function indexOf(energyClassId: number, u: number): number {
  const [lo, hi] = ENERGY_INDEX_RANGES[energyClassId - 1]!;
  return Math.round((lo + u * (hi - lo)) * 10) / 10;
}

/** A number in [0, 1) fixed by a listing's id and a salt (a 32-bit mix of the two). */
function unitOf(id: number, salt: number): number {
  let h = Math.imul(id ^ Math.imul(salt, 0x9e3779b9), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

/** The lease of a rent as the demo draws it: 4+4 40 %, 3+2 concordato 30 %, transitorio 18 %, studenti 12 %. */
function contractOf(u: number): number {
  return u < 0.4
    ? CONTRACT_TYPE.free
    : u < 0.7
      ? CONTRACT_TYPE.agreed
      : u < 0.88
        ? CONTRACT_TYPE.temporary
        : CONTRACT_TYPE.students;
}

// ---------------------------------------------------------------------------------------
// Writing.

/** Column, its array type for unnest, and how to read it from a row. */
const COLUMNS: readonly [string, string, (row: ListingRow) => unknown][] = [
  ['id', 'int4', (x) => x.id],
  ['owner_user_id', 'int4', (x) => x.owner],
  ['agency_id', 'int4', (x) => x.agency],
  ['sell_type_id', 'int2', (x) => x.sell],
  ['municipality_id', 'int4', (x) => x.municipality],
  ['street', 'text', (x) => x.street],
  ['street_number', 'text', (x) => x.number],
  ['postal_code', 'text', (x) => x.postcode],
  ['latitude', 'float8', (x) => x.lat],
  ['longitude', 'float8', (x) => x.lng],
  ['show_address', 'bool', (x) => x.showAddress],
  ['property_type_id', 'int2', (x) => x.type],
  ['publication_property_type_id', 'int2', (x) => x.type],
  ['surface_m2', 'int4', (x) => x.surface],
  ['rooms', 'int2', (x) => x.rooms],
  ['bathrooms', 'int2', (x) => x.bathrooms],
  ['floor', 'int2', (x) => x.floor],
  ['building_floors', 'int2', (x) => x.buildingFloors],
  ['has_lift', 'bool', (x) => x.lift],
  ['condition_id', 'int2', (x) => x.condition],
  ['build_year', 'int2', (x) => x.buildYear],
  ['energy_class_id', 'int2', (x) => x.energy],
  ['energy_performance', 'float8', (x) => x.energyPerformance],
  ['heating_type_id', 'int2', (x) => x.heating],
  ['condo_fees', 'int4', (x) => x.condoFees],
  ['furnishing_id', 'int2', (x) => x.furnishing],
  ['security_deposit', 'int4', (x) => x.deposit],
  ['contract_type_id', 'int2', (x) => x.contract],
  ['pets_allowed', 'bool', (x) => x.pets],
  ['price', 'int4', (x) => x.price],
  ['previous_price', 'int4', (x) => x.previousPrice],
  ['price_changed_at', 'timestamptz', (x) => x.priceChangedAt],
  ['title', 'text', (x) => x.title],
  ['description', 'text', (x) => x.description],
  ['highlighted_until', 'timestamptz', (x) => x.highlightedUntil],
  ['created_at', 'timestamptz', (x) => x.createdAt],
  ['updated_at', 'timestamptz', (x) => x.publishedAt],
  ['published_at', 'timestamptz', (x) => x.publishedAt],
];

const INSERT_SQL = `with inserted as (
  insert into properties (${COLUMNS.map(([name]) => name).join(', ')}, status_id, origin)
  select *, ${PROPERTY_STATUS.published}, 'listing'::property_origin
    from unnest(${COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})
  returning id
)
insert into property_amenities (property_id, amenity_id)
select a.property_id, a.amenity_id from unnest($${COLUMNS.length + 1}::int4[], $${COLUMNS.length + 2}::int2[]) as a(property_id, amenity_id)
  where (select count(*) from inserted) >= 0`;

async function q(database: Database, text: string, values: unknown[] = []) {
  return database.executeSql(text, values);
}

/** Deletes every synthetic user, agency and what they own. */
export async function resetSynthetic(database: Database, log: (msg: string) => void = () => {}): Promise<number> {
  const started = Date.now();
  const like = `%@${SYNTHETIC_EMAIL_DOMAIN}`;
  // Listings first, in slices, so a million rows do not make one huge transaction. The search
  // cells' trigger is off meanwhile (a row at a time it would take minutes): they are rebuilt after.
  let deleted = 0;
  await q(database, 'alter table properties disable trigger search_cells_insert_delete');
  try {
    for (;;) {
      const { rowCount } = await q(
        database,
        `delete from properties where id in (
           select p.id from properties p join users u on u.id = p.owner_user_id where u.email like $1 limit 50000)`,
        [like],
      );
      deleted += rowCount;
      if (rowCount === 0) break;
      log(`reset: ${deleted.toLocaleString('en')} synthetic listings deleted`);
    }
  } finally {
    await q(database, 'alter table properties enable trigger search_cells_insert_delete');
    await q(database, 'select search_cells_rebuild()');
  }
  await q(database, 'delete from users where email like $1', [like]);
  await q(database, 'delete from agencies where email like $1', [like]);
  log(`reset: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return deleted;
}

/** How many synthetic published listings the database holds. */
export async function countSynthetic(database: Database): Promise<number> {
  const { rows } = await q(
    database,
    `select count(*)::int as n from properties p join users u on u.id = p.owner_user_id where u.email like $1 and p.status_id = 2`,
    [`%@${SYNTHETIC_EMAIL_DOMAIN}`],
  );
  return Number(rows[0].n);
}

async function ensureOwners(database: Database, seed: number) {
  const r = createRandom(seed ^ 0x51a7);
  const firstNames = [
    'Marco',
    'Giulia',
    'Luca',
    'Francesca',
    'Andrea',
    'Chiara',
    'Matteo',
    'Sara',
    'Alessandro',
    'Elena',
    'Davide',
    'Martina',
    'Simone',
    'Valentina',
    'Stefano',
    'Laura',
  ];
  const surnames = [
    'Rossi',
    'Russo',
    'Ferrari',
    'Esposito',
    'Bianchi',
    'Romano',
    'Colombo',
    'Ricci',
    'Marino',
    'Greco',
    'Bruno',
    'Gallo',
    'Conti',
    'De Luca',
    'Costa',
    'Giordano',
  ];
  const agencyWords = [
    'Immobiliare',
    'Case',
    'Casa Italia',
    'Abitare',
    'Domus',
    'Tecnocasa',
    'Gruppo Casa',
    'Studio Immobiliare',
  ];
  const privates: number[] = [];
  for (let i = 1; i <= PRIVATE_OWNERS; i++) {
    const name = r.pick(firstNames);
    const surname = r.pick(surnames);
    const email = `privato${i}@${SYNTHETIC_EMAIL_DOMAIN}`;
    const { rows } = await q(
      database,
      `insert into users (email, business_name, user_type_id, name, surname, phone_prefix, phone, registration_confirmed, confirmed_at)
       select $1::text, 0, 1, $2::text, $3::text, '+39', $4::text, true, now()
        where not exists (select 1 from users where email = $1::text)
       returning id`,
      [email, name, surname, `3${String(r.int(100_000_000, 999_999_999))}`],
    );
    privates.push(
      rows[0]
        ? Number(rows[0].id)
        : Number((await q(database, 'select id from users where email = $1', [email])).rows[0].id),
    );
  }
  const agencies: { userId: number; agencyId: number }[] = [];
  for (let i = 1; i <= AGENCIES; i++) {
    const email = `agenzia${i}@${SYNTHETIC_EMAIL_DOMAIN}`;
    const name = `${r.pick(agencyWords)} ${r.pick(surnames)} ${i}`;
    const slug = `synthetic-agenzia-${i}`;
    let agencyId = Number((await q(database, 'select id from agencies where slug = $1', [slug])).rows[0]?.id ?? 0);
    if (!agencyId) {
      agencyId = Number(
        (
          await q(
            database,
            `insert into agencies (name, slug, email, phone, description) values ($1, $2, $3, $4, 'Agenzia sintetica per i test di carico.') returning id`,
            [name, slug, email, `02 ${r.int(1_000_000, 9_999_999)}`],
          )
        ).rows[0].id,
      );
    }
    const existing = await q(database, 'select id from users where email = $1', [email]);
    const userId = existing.rows[0]
      ? Number(existing.rows[0].id)
      : Number(
          (
            await q(
              database,
              `insert into users (email, business_name, user_type_id, name, surname, company_name, agency_id, registration_confirmed, confirmed_at)
               values ($1, 1, 1, $2, $3, $4, $5, true, now()) returning id`,
              [email, r.pick(firstNames), r.pick(surnames), `${name} S.r.l.`, agencyId],
            )
          ).rows[0].id,
        );
    agencies.push({ userId, agencyId });
  }
  return { privates, agencies };
}

/** The secondary indexes of properties (everything but the primary key), to drop and rebuild around a large load. */
async function secondaryIndexes(database: Database): Promise<{ name: string; def: string }[]> {
  const { rows } = await q(
    database,
    `select i.relname as name, pg_get_indexdef(i.oid) as def
       from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = 'properties'::regclass and not x.indisprimary and not x.indisunique`,
    [],
  );
  return rows.map((row) => ({ name: String(row.name), def: String(row.def) }));
}

/** Cumulative population weights, for picking a town in proportion to its population. */
function townPicker(towns: SyntheticTown[]) {
  const cumulative = new Float64Array(towns.length);
  let total = 0;
  towns.forEach((town, i) => {
    total += town.population;
    cumulative[i] = total;
  });
  return (u: number) => {
    const target = u * total;
    let lo = 0;
    let hi = towns.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return towns[lo];
  };
}

export async function generateSynthetic(database: Database, options: SyntheticOptions): Promise<SyntheticResult> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? 1;
  const started = Date.now();
  if (options.reset) await resetSynthetic(database, log);
  const omi = readOmi(options.omiCsv ?? DEFAULT_OMI_CSV);
  const towns = await loadTowns(database, omi);
  if (towns.length === 0) throw new Error('no municipality with coordinates: is the reference seed there?');
  const sources = towns.reduce<Record<string, number>>(
    (acc, t) => ({ ...acc, [t.omiSource]: (acc[t.omiSource] ?? 0) + 1 }),
    {},
  );
  log(
    `towns: ${towns.length} with coordinates; OMI range by town ${sources.town ?? 0}, province average ${sources.province ?? 0}, region ${sources.region ?? 0}, Italy ${sources.italy ?? 0}`,
  );
  const owners = await ensureOwners(database, seed);
  const pickTown = townPicker(towns);
  const day = 86_400_000;
  const epochMs = options.epoch ? options.epoch.getTime() : Math.floor(Date.now() / day) * day;
  const r = createRandom(seed);

  const rebuild = options.rebuildIndexes ?? options.listings > 200_000;
  const indexes = rebuild ? await secondaryIndexes(database) : [];
  const firstId = Number((await q(database, `select coalesce(max(id), 0) + 1 as id from properties`)).rows[0].id);
  await q(database, 'alter table properties disable trigger user');
  try {
    if (indexes.length > 0) {
      log(`dropping ${indexes.length} secondary indexes of properties for the load (rebuilt after)`);
      for (const index of indexes) await q(database, `drop index if exists "${index.name}"`);
    }
    // The next batch is generated here while the database writes the previous one.
    const makeBatch = (start: number) => {
      const n = Math.min(BATCH, options.listings - start);
      const rows: ListingRow[] = [];
      for (let i = 0; i < n; i++) rows.push(makeListing(r, firstId + start + i, pickTown(r.next()), owners, epochMs));
      const values: unknown[] = COLUMNS.map(([, , read]) => rows.map(read));
      values.push(rows.flatMap((row) => row.amenities.map(() => row.id)));
      values.push(rows.flatMap((row) => row.amenities));
      return { n, values };
    };
    let done = 0;
    let next = makeBatch(0);
    while (done < options.listings) {
      const writing = q(database, INSERT_SQL, next.values);
      const n = next.n;
      if (done + n < options.listings) next = makeBatch(done + n);
      await writing;
      done += n;
      const seconds = (Date.now() - started) / 1000;
      if (done === options.listings || done % (BATCH * 10) === 0 || options.listings <= BATCH * 10) {
        log(
          `listings: ${done.toLocaleString('en')} / ${options.listings.toLocaleString('en')} (${Math.round((100 * done) / options.listings)} %), ${Math.round(done / seconds).toLocaleString('en')} a second`,
        );
      }
    }
    // The identity must continue after the ids given here.
    await q(database, `select setval(pg_get_serial_sequence('properties', 'id'), (select max(id) from properties))`);
    // The price history the insert trigger would have written, and the reductions.
    await q(
      database,
      `insert into property_price_changes (property_id, old_price, new_price, changed_at)
       select id, null, coalesce(previous_price, price), published_at from properties where id >= $1 and id < $2
       union all
       select id, previous_price, price, price_changed_at from properties where id >= $1 and id < $2 and previous_price is not null`,
      [firstId, firstId + options.listings],
    );
  } finally {
    await q(database, 'alter table properties enable trigger user');
    for (const [i, index] of indexes.entries()) {
      const t0 = Date.now();
      const create = index.def.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ');
      // More memory for the sort of a large build (this session only; PostgreSQL's default is 64 MB).
      await q(database, database.kind === 'postgres' ? `set maintenance_work_mem = '256MB'; ${create}` : create);
      log(`index ${i + 1}/${indexes.length} ${index.name} rebuilt in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  }
  // The map's cells (search_cells, migration 0007): their trigger was off with the others.
  const cellsStarted = Date.now();
  await q(database, 'select search_cells_rebuild()');
  log(`search cells rebuilt in ${((Date.now() - cellsStarted) / 1000).toFixed(1)} s`);
  // VACUUM too: a fresh load has no visibility map, and index-only scans need one.
  await q(database, 'vacuum analyze properties');
  await q(database, 'vacuum analyze search_cells');
  await q(database, 'vacuum analyze property_amenities');
  await q(database, 'vacuum analyze property_price_changes');
  const seconds = (Date.now() - started) / 1000;
  log(`done: ${options.listings.toLocaleString('en')} synthetic listings in ${seconds.toFixed(1)} s`);
  return { inserted: options.listings, municipalities: towns.length, seconds };
}

// ---------------------------------------------------------------------------------------
// Command line.

function parseArgs(argv: string[]) {
  const out: { listings?: number; seed?: number; reset: boolean; omi?: string; epoch?: Date } = { reset: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--listings') out.listings = Number(value().replace(/[_,]/g, ''));
    else if (arg === '--seed') out.seed = Number(value());
    else if (arg === '--reset') out.reset = true;
    else if (arg === '--omi') out.omi = value();
    else if (arg === '--epoch') out.epoch = new Date(value());
    else throw new Error(`unknown argument ${arg}`);
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.listings === undefined && !args.reset) {
    console.error('usage: npm run db:synthetic -- --listings N [--seed S] [--reset] [--omi FILE] [--epoch YYYY-MM-DD]');
    process.exit(2);
  }
  if (args.listings !== undefined && (!Number.isInteger(args.listings) || args.listings < 0))
    throw new Error('--listings must be a whole number');
  const dataDir = process.env.DATA_DIR ?? './data';
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const log = (msg: string) => console.log(msg);
  const database = await openDatabase({
    dataDir,
    databaseUrl,
    seed: 'reference',
    storage: new LocalFileStorage(path.join(dataDir, 'storage')),
    log,
  });
  try {
    log(`database: ${database.kind}${databaseUrl ? ` ${databaseUrl.replace(/\/\/[^@]*@/, '//')}` : ` in ${dataDir}`}`);
    if (args.listings === undefined || args.listings === 0) {
      await resetSynthetic(database, log);
    } else {
      await generateSynthetic(database, {
        listings: args.listings,
        seed: args.seed,
        reset: args.reset,
        omiCsv: args.omi,
        epoch: args.epoch,
        log,
      });
    }
    log(`synthetic published listings now: ${(await countSynthetic(database)).toLocaleString('en')}`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
