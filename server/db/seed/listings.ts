import { base, en, Faker, it } from '@faker-js/faker';
import { ENERGY_INDEX_RANGES } from '@domain/energy-label';
import { normalizeAmenityIds } from '@domain/listing/amenities';
import { CONTRACT_TYPE } from '@domain/listing/rent-terms';
import { listingTitle } from '../listing-title';
import {
  AMENITY,
  ENERGY_CLASS,
  FURNISHING,
  HEATING_TYPE,
  OCCUPANCY,
  PLAN_TYPE,
  PROPERTY_CONDITION,
  PROPERTY_STATUS,
  PROPERTY_TYPE,
  ROOM_TYPE,
  SELL_TYPE,
} from '../reference-ids';
import type { SpecialDescription, WizardPage } from '../schema';
import cityData from './data/demo-cities.json';
import texts from './data/listing-texts.json';
import { roomPlural } from '../room-plural';
import lists from './data/reference-lists.json';
import type { PhotoKind } from './photos';

// Demo listings are generated from a fixed faker seed: two runs give the same rows.
// Prices come from the product's own price levels (data/demo-cities.json), moved by
// neighbourhood, type, condition and floor, then rounded as people round prices.

export const DEMO_FAKER_SEED = 20250515;
/** Listing dates count back from this instant, so reruns are identical. */
export const SEED_EPOCH = new Date('2025-05-15T10:00:00Z');

export type DemoCity = (typeof cityData.cities)[number];
export type Neighbourhood = DemoCity['neighbourhoods'][number];
export const DEMO_CITIES: readonly DemoCity[] = cityData.cities;

/** How a street's prices stand to its neighbourhood's (1: the neighbourhood's own level). */
export function streetFactorOf(nb: Neighbourhood, street: string): number {
  const factors = (nb as { streetFactors?: Record<string, number> }).streetFactors;
  return factors?.[street] ?? 1;
}

/** Who owns a generated listing; resolved to user ids when inserting. */
export type OwnerRef = { kind: 'seller' } | { kind: 'private'; index: number } | { kind: 'agency'; index: number };

export interface DemoListing {
  owner: OwnerRef;
  cityIstat: string;
  cityName: string;
  neighbourhood: string;
  row: {
    sellTypeId: number;
    statusId: number;
    planTypeId: number | null;
    street: string;
    streetNumber: string;
    postalCode: string | null;
    latitude: number;
    longitude: number;
    showAddress: boolean;
    propertyTypeId: number;
    publicationPropertyTypeId: number | null;
    specialDescription: SpecialDescription | null;
    surfaceM2: number | null;
    rooms: number | null;
    bathrooms: number | null;
    floor: number | null;
    buildingFloors: number | null;
    hasLift: boolean | null;
    conditionId: number | null;
    renovationYear: number | null;
    buildYear: number | null;
    energyClassId: number | null;
    energyPerformance: number | null;
    heatingTypeId: number | null;
    condoFees: number | null;
    occupancyId: number | null;
    availableFrom: string | null;
    furnishingId: number | null;
    securityDeposit: number | null;
    contractTypeId: number | null;
    petsAllowed: boolean | null;
    priceFromMarket: boolean | null;
    estimateMin: number | null;
    estimateMax: number | null;
    price: number | null;
    title: string | null;
    description: string | null;
    wizardPage: WizardPage;
    wizardHistory: number[];
    createdAt: Date;
    updatedAt: Date;
    publishedAt: Date | null;
    highlightedUntil: Date | null;
  };
  rooms: { roomTypeId: number; count: number }[];
  amenityIds: number[];
  /** Photo kinds in display order; the first is the cover. */
  photos: PhotoKind[];
}

export interface BuildListingsOptions {
  /** Scales every city's listing count (1 = about 300 listings). */
  scale: number;
  /** How many generated private owners exist to spread listings over. */
  privateOwners: number;
  /** Agencies by city ISTAT code: their indexes in the agencies list. */
  agenciesByCity: Map<string, number[]>;
  /** Postcodes and centre of each city, from the municipalities table. */
  municipalities: Map<string, { postcodes: string[] }>;
}

interface TypeProfile {
  typeId: number;
  code: keyof typeof texts.typePhrases;
  weight: number;
  rooms: [number, number];
  priceFactor: number;
  residential: boolean;
}

const TYPES: TypeProfile[] = [
  { typeId: PROPERTY_TYPE.apartment, code: 'apartment', weight: 62, rooms: [1, 5], priceFactor: 1, residential: true },
  {
    typeId: PROPERTY_TYPE.penthouse,
    code: 'penthouse',
    weight: 6,
    rooms: [3, 5],
    priceFactor: 1.18,
    residential: true,
  },
  { typeId: PROPERTY_TYPE.attic, code: 'attic', weight: 6, rooms: [1, 3], priceFactor: 0.92, residential: true },
  { typeId: PROPERTY_TYPE.loft, code: 'loft', weight: 4, rooms: [1, 2], priceFactor: 1.02, residential: true },
  { typeId: PROPERTY_TYPE.villa, code: 'villa', weight: 4, rooms: [5, 8], priceFactor: 1.1, residential: true },
  {
    typeId: PROPERTY_TYPE.terraced_house,
    code: 'terraced_house',
    weight: 4,
    rooms: [4, 5],
    priceFactor: 0.95,
    residential: true,
  },
  {
    typeId: PROPERTY_TYPE.detached_house,
    code: 'detached_house',
    weight: 4,
    rooms: [4, 6],
    priceFactor: 0.95,
    residential: true,
  },
  {
    typeId: PROPERTY_TYPE.semi_detached_house,
    code: 'semi_detached_house',
    weight: 3,
    rooms: [3, 5],
    priceFactor: 0.92,
    residential: true,
  },
  { typeId: PROPERTY_TYPE.office, code: 'office', weight: 3, rooms: [2, 6], priceFactor: 0.85, residential: false },
  {
    typeId: PROPERTY_TYPE.commercial,
    code: 'commercial',
    weight: 2,
    rooms: [1, 2],
    priceFactor: 0.9,
    residential: false,
  },
  { typeId: PROPERTY_TYPE.garage, code: 'garage', weight: 2, rooms: [0, 0], priceFactor: 0.6, residential: false },
];

const HOUSE_CODES = new Set(['villa', 'terraced_house', 'detached_house', 'semi_detached_house']);

/** Apartment sizes by number of rooms (locali), m². */
const SURFACE_BY_ROOMS: Record<number, [number, number]> = {
  1: [28, 45],
  2: [45, 72],
  3: [68, 102],
  4: [92, 140],
  5: [125, 190],
  6: [160, 240],
  7: [200, 300],
  8: [240, 380],
};

/** The index each class draws from (domain/energy-label.ts, by `energy_classes` id: 1 A4 ... 10 G). */
const ENERGY_KWH: Record<number, readonly [number, number]> = Object.fromEntries(
  ENERGY_INDEX_RANGES.map((range, index) => [index + 1, range]),
);

/** The wizard's listing path (docs/wizard-flow.md) up to the next-steps page. */
const SALE_PATH = [2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 12, 14, 13, 38, 15, 16, 17, 19, 18, 26, 27, 28, 22, 34];
const RENT_PATH = [2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 39, 41, 42, 15, 16, 17, 19, 18, 26, 27, 28, 22, 34];

const roomName = new Map(lists.roomTypes.map((r) => [r.id, r.name.toLowerCase()]));
const roomPluralName = new Map(lists.roomTypes.map((r) => [r.id, roomPlural(r.code, r.name)]));
const heatingPhrase = new Map(
  lists.heatingTypes.map((r) => [r.id, texts.heating[r.code as keyof typeof texts.heating]]),
);
const furnishingName = new Map(lists.furnishingTypes.map((r) => [r.id, r.name.toLowerCase()]));
const amenityName = new Map(lists.amenities.map((r) => [r.id, r.name.toLowerCase()]));
const energyName = new Map(lists.energyClasses.map((r) => [r.id, r.name]));

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));

/** 'a', 'a e b', 'a, b e c'. */
/** "al primo", "all'ottavo": the preposition before an ordinal, elided before a vowel. */
export function atOrdinal(ordinal: string): string {
  return /^[aeiou]/i.test(ordinal) ? `all'${ordinal}` : `al ${ordinal}`;
}

export function italianList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${texts.and} ${items[items.length - 1]}`;
}

function weighted<T>(f: Faker, items: readonly { weight: number; value: T }[]): T {
  return f.helpers.weightedArrayElement(items);
}

function roundPrice(value: number, sale: boolean): number {
  if (!sale) return Math.max(50, Math.round(value / 10) * 10);
  if (value < 100_000) return Math.round(value / 1000) * 1000;
  if (value < 500_000) return Math.round(value / 5000) * 5000;
  return Math.round(value / 10_000) * 10_000;
}

/** About 111 km per degree of latitude; longitude shrinks with the cosine. */
function jitter(f: Faker, lat: number, lng: number, metres: number): [number, number] {
  const distance = Math.sqrt(f.number.float({ min: 0, max: 1 })) * metres;
  const angle = f.number.float({ min: 0, max: Math.PI * 2 });
  const dLat = (distance * Math.cos(angle)) / 111_320;
  const dLng = (distance * Math.sin(angle)) / (111_320 * Math.cos((lat * Math.PI) / 180));
  return [Number((lat + dLat).toFixed(6)), Number((lng + dLng).toFixed(6))];
}

function composition(
  f: Faker,
  type: TypeProfile,
  rooms: number,
  bathrooms: number,
): { roomTypeId: number; count: number }[] {
  const out = new Map<number, number>();
  const add = (id: number, n = 1) => out.set(id, (out.get(id) ?? 0) + n);
  if (type.code === 'garage') {
    add(ROOM_TYPE.box);
    return [...out].map(([roomTypeId, count]) => ({ roomTypeId, count }));
  }
  if (type.code === 'office') {
    add(ROOM_TYPE.entrance);
    add(ROOM_TYPE.office_room, Math.max(1, rooms - 1));
    add(ROOM_TYPE.meeting_room);
    add(ROOM_TYPE.bathroom, bathrooms);
    return [...out].map(([roomTypeId, count]) => ({ roomTypeId, count }));
  }
  if (type.code === 'commercial') {
    add(ROOM_TYPE.shop_room, rooms);
    add(ROOM_TYPE.warehouse_room);
    add(ROOM_TYPE.bathroom, bathrooms);
    return [...out].map(([roomTypeId, count]) => ({ roomTypeId, count }));
  }
  if (f.datatype.boolean(0.6)) add(ROOM_TYPE.entrance);
  if (rooms === 1) {
    add(type.code === 'loft' ? ROOM_TYPE.open_space : ROOM_TYPE.living_room);
    add(ROOM_TYPE.kitchenette);
  } else {
    // Living spaces first, then bedrooms, as an Italian listing lists them.
    const bedroomsOrder = [
      ROOM_TYPE.double_bedroom,
      ROOM_TYPE.single_bedroom,
      ROOM_TYPE.kids_room,
      ROOM_TYPE.study,
      ROOM_TYPE.guest_room,
      ROOM_TYPE.attic_room,
      ROOM_TYPE.tavern,
    ];
    const living =
      rooms >= 5 && f.datatype.boolean(0.6) ? [ROOM_TYPE.lounge, ROOM_TYPE.dining_room] : [ROOM_TYPE.living_room];
    for (const id of living) add(id);
    add(
      rooms === 2 && f.datatype.boolean(0.5)
        ? ROOM_TYPE.kitchenette
        : rooms >= 3 && f.datatype.boolean(0.6)
          ? ROOM_TYPE.eat_in_kitchen
          : ROOM_TYPE.kitchen,
    );
    for (let i = 0; i < rooms - living.length; i++) add(bedroomsOrder[Math.min(i, bedroomsOrder.length - 1)]);
  }
  if (bathrooms >= 2) {
    add(ROOM_TYPE.bathroom, bathrooms - 1);
    add(ROOM_TYPE.guest_bathroom);
  } else {
    add(ROOM_TYPE.bathroom);
  }
  if (rooms >= 3 && f.datatype.boolean(0.4)) add(ROOM_TYPE.storage_room);
  return [...out].map(([roomTypeId, count]) => ({ roomTypeId, count }));
}

/** Bathrooms are counted apart; cellar, box and outdoor spaces appear among the amenities. */
const NOT_IN_COMPOSITION = new Set<number>([
  ROOM_TYPE.bathroom,
  ROOM_TYPE.guest_bathroom,
  ROOM_TYPE.cellar,
  ROOM_TYPE.box,
  ROOM_TYPE.balcony,
  ROOM_TYPE.terrace,
  ROOM_TYPE.garden,
]);

function describeRooms(rooms: { roomTypeId: number; count: number }[]): string {
  const names = rooms
    .filter((r) => !NOT_IN_COMPOSITION.has(r.roomTypeId))
    .map((r) =>
      r.count > 1
        ? `${texts.numbers[r.count] ?? r.count} ${roomPluralName.get(r.roomTypeId)}`
        : (roomName.get(r.roomTypeId) ?? ''),
    );
  return italianList(names);
}

/** Builds every demo listing, deterministically. */
export function buildDemoListings(opts: BuildListingsOptions): DemoListing[] {
  // An instance of our own: seeding the shared fakerIT would disturb other users of it.
  const f = new Faker({ locale: [it, en, base], seed: DEMO_FAKER_SEED });
  // A rent's lease and pets come from a faker of their own, so the rest of the demo stays as it was.
  const rentTerms = new Faker({ locale: [base], seed: DEMO_FAKER_SEED + 1 });
  const listings: DemoListing[] = [];
  let sellerListings = 0;
  let sellerHasDraft = false;

  for (const city of DEMO_CITIES) {
    const count = Math.max(2, Math.round(city.listings * opts.scale));
    const postcodes = opts.municipalities.get(city.istat)?.postcodes ?? [];
    const agencies = opts.agenciesByCity.get(city.istat) ?? [];

    for (let i = 0; i < count; i++) {
      const nbIndex = f.number.int({ min: 0, max: city.neighbourhoods.length - 1 });
      const nb = city.neighbourhoods[nbIndex];
      // Houses stand away from the historic centre (the first neighbourhood listed).
      let type = weighted(
        f,
        TYPES.map((t) => ({ weight: t.weight, value: t })),
      );
      if (nbIndex === 0 && HOUSE_CODES.has(type.code)) type = TYPES[0];
      const sale = f.datatype.boolean(type.residential ? 0.65 : 0.5);
      const sellTypeId = sale ? SELL_TYPE.sale : SELL_TYPE.rent;

      const rooms =
        type.code === 'apartment'
          ? weighted(f, [
              { weight: 10, value: 1 },
              { weight: 30, value: 2 },
              { weight: 35, value: 3 },
              { weight: 18, value: 4 },
              { weight: 7, value: 5 },
            ])
          : f.number.int({ min: type.rooms[0], max: type.rooms[1] });
      let surfaceM2: number;
      if (type.code === 'garage') surfaceM2 = f.number.int({ min: 12, max: 22 });
      else if (type.code === 'commercial') surfaceM2 = f.number.int({ min: 40, max: 180 });
      else if (type.code === 'office') surfaceM2 = f.number.int({ min: 25 * rooms, max: 40 * rooms });
      else {
        const [min, max] = SURFACE_BY_ROOMS[rooms];
        surfaceM2 = f.number.int({ min, max });
        if (type.code === 'penthouse' || type.code === 'loft') surfaceM2 = Math.round(surfaceM2 * 1.15);
      }
      const bathrooms =
        type.code === 'garage'
          ? 0
          : rooms <= 2
            ? 1
            : rooms === 3
              ? f.number.int({ min: 1, max: 2 })
              : rooms <= 5
                ? 2
                : f.number.int({ min: 2, max: 4 });

      // Floors
      const isHouse = HOUSE_CODES.has(type.code);
      let buildingFloors: number;
      let floor: number;
      if (isHouse) {
        buildingFloors = f.number.int({ min: 2, max: 3 });
        floor = 0;
      } else if (type.code === 'garage') {
        buildingFloors = f.number.int({ min: 3, max: city.maxFloors });
        floor = f.datatype.boolean(0.7) ? -1 : 0;
      } else if (type.code === 'commercial') {
        buildingFloors = f.number.int({ min: 3, max: city.maxFloors });
        floor = 0;
      } else {
        buildingFloors = f.number.int({ min: 3, max: city.maxFloors });
        floor =
          type.code === 'penthouse' || type.code === 'attic'
            ? buildingFloors
            : f.number.int({ min: 0, max: buildingFloors });
      }
      const hasLift = !isHouse && (buildingFloors >= 5 ? f.datatype.boolean(0.95) : f.datatype.boolean(0.45));

      // Condition, age, energy
      const conditionId = weighted(f, [
        { weight: 8, value: PROPERTY_CONDITION.new },
        { weight: 30, value: PROPERTY_CONDITION.excellent },
        { weight: 46, value: PROPERTY_CONDITION.good },
        { weight: 16, value: PROPERTY_CONDITION.to_renovate },
      ]);
      const buildYear =
        conditionId === PROPERTY_CONDITION.new
          ? f.number.int({ min: 2021, max: 2025 })
          : weighted(f, [
              { weight: 20, value: f.number.int({ min: 1880, max: 1939 }) },
              { weight: 45, value: f.number.int({ min: 1950, max: 1979 }) },
              { weight: 25, value: f.number.int({ min: 1980, max: 2005 }) },
              { weight: 10, value: f.number.int({ min: 2006, max: 2020 }) },
            ]);
      const renovationYear =
        conditionId === PROPERTY_CONDITION.excellent
          ? f.number.int({ min: Math.min(Math.max(buildYear + 10, 2008), 2024), max: 2024 })
          : null;
      let energyClassId: number;
      if (type.code === 'garage') energyClassId = ENERGY_CLASS.exempt;
      else if (conditionId === PROPERTY_CONDITION.new)
        energyClassId = f.helpers.arrayElement([ENERGY_CLASS.A4, ENERGY_CLASS.A3, ENERGY_CLASS.A2, ENERGY_CLASS.A1]);
      else if (conditionId === PROPERTY_CONDITION.excellent)
        energyClassId = f.helpers.arrayElement([ENERGY_CLASS.A1, ENERGY_CLASS.B, ENERGY_CLASS.C, ENERGY_CLASS.D]);
      // A building from 2006 on was built under D.Lgs. 192/2005: never F or G (one draw either way, so the rest of the demo stays as it was).
      else if (conditionId === PROPERTY_CONDITION.good)
        energyClassId = f.helpers.arrayElement(
          buildYear >= 2006
            ? [ENERGY_CLASS.C, ENERGY_CLASS.D, ENERGY_CLASS.D, ENERGY_CLASS.E]
            : [ENERGY_CLASS.D, ENERGY_CLASS.E, ENERGY_CLASS.F, ENERGY_CLASS.G],
        );
      else
        energyClassId = f.helpers.arrayElement(
          buildYear >= 2006
            ? [ENERGY_CLASS.D, ENERGY_CLASS.E, ENERGY_CLASS.E]
            : [ENERGY_CLASS.F, ENERGY_CLASS.G, ENERGY_CLASS.G],
        );
      const kwh = ENERGY_KWH[energyClassId];
      const energyPerformance = kwh ? Number(f.number.float({ min: kwh[0], max: kwh[1] }).toFixed(1)) : null;
      const heatingTypeId =
        type.code === 'garage'
          ? HEATING_TYPE.none
          : conditionId === PROPERTY_CONDITION.new
            ? f.helpers.arrayElement([HEATING_TYPE.heat_pump, HEATING_TYPE.underfloor])
            : isHouse
              ? HEATING_TYPE.independent
              : weighted(f, [
                  { weight: 48, value: HEATING_TYPE.independent },
                  { weight: 24, value: HEATING_TYPE.central },
                  { weight: 22, value: HEATING_TYPE.central_with_meter },
                  { weight: city.istat === '001272' || city.istat === '015146' ? 10 : 1, value: HEATING_TYPE.district },
                ]);

      // Amenities
      const amenities = new Set<number>();
      const maybe = (id: number, p: number) => f.datatype.boolean(p) && amenities.add(id);
      if (hasLift) amenities.add(AMENITY.lift);
      if (type.code !== 'garage') {
        if (type.code === 'penthouse') amenities.add(AMENITY.terrace);
        else maybe(AMENITY.terrace, 0.18);
        if (!isHouse && type.residential) maybe(AMENITY.balcony, 0.55);
        maybe(AMENITY.air_conditioning, 0.4);
        maybe(AMENITY.security_door, 0.5);
        maybe(AMENITY.double_glazing, 0.45);
        maybe(AMENITY.video_intercom, 0.3);
        maybe(AMENITY.fiber, 0.5);
        maybe(AMENITY.cellar, type.residential ? 0.35 : 0.1);
        maybe(AMENITY.garage, isHouse ? 0.7 : 0.18);
        maybe(AMENITY.parking_space, 0.15);
        if (!isHouse && buildingFloors >= 5) maybe(AMENITY.concierge, 0.3);
        if (hasLift && floor >= 0) maybe(AMENITY.disabled_access, 0.25);
        if (isHouse) {
          amenities.add(f.helpers.arrayElement([AMENITY.private_garden, AMENITY.garden]));
          maybe(AMENITY.alarm, 0.5);
          maybe(AMENITY.fireplace, 0.5);
          maybe(AMENITY.tavern, 0.3);
          if (type.code === 'villa') maybe(AMENITY.pool, 0.3);
        } else if (type.residential && floor <= 1) {
          const garden = weighted(f, [
            { weight: 70, value: 0 },
            { weight: 15, value: AMENITY.condominium_garden },
            { weight: 10, value: AMENITY.private_garden },
            { weight: 5, value: AMENITY.private_and_condominium_garden },
          ]);
          if (garden) amenities.add(garden);
        } else if (type.residential) {
          maybe(AMENITY.condominium_garden, 0.12);
        }
        if (type.code === 'attic') maybe(AMENITY.fireplace, 0.3);
        if (conditionId === PROPERTY_CONDITION.new) maybe(AMENITY.solar_panels, 0.5);
      }
      // One list of amenities: the retired garden ids drawn above read as the kept ones.
      const amenityIds = normalizeAmenityIds([...amenities]);

      const roomsRows = composition(f, type, rooms, bathrooms);
      if (amenities.has(AMENITY.cellar)) roomsRows.push({ roomTypeId: ROOM_TYPE.cellar, count: 1 });
      if (amenities.has(AMENITY.garage) && type.code !== 'garage')
        roomsRows.push({ roomTypeId: ROOM_TYPE.box, count: 1 });
      if (amenities.has(AMENITY.balcony))
        roomsRows.push({ roomTypeId: ROOM_TYPE.balcony, count: f.number.int({ min: 1, max: 2 }) });
      if (amenities.has(AMENITY.terrace)) roomsRows.push({ roomTypeId: ROOM_TYPE.terrace, count: 1 });
      if (amenities.has(AMENITY.private_garden) || amenities.has(AMENITY.garden))
        roomsRows.push({ roomTypeId: ROOM_TYPE.garden, count: 1 });

      // Price: the city's level, moved by the home's features, never beyond [0.55, 1.8], then by
      // its street where the street is not the neighbourhood's average (Via Manzoni in Milan's
      // centre costs nearly twice Via Torino's).
      const conditionFactor = { 1: 1.12, 2: 1.06, 3: 0.97, 4: 0.85 }[conditionId] ?? 1;
      const floorFactor = isHouse
        ? 1
        : floor === 0
          ? 0.94
          : hasLift || floor <= 2
            ? 1.02 + Math.min(floor, 6) * 0.005
            : 0.95;
      const factor = Math.min(
        1.8,
        Math.max(
          0.55,
          nb.factor * type.priceFactor * conditionFactor * floorFactor * f.number.float({ min: 0.93, max: 1.07 }),
        ),
      );
      const level = sale ? city.saleEurM2 : city.rentEurM2Month;

      // Address and position
      const street = f.helpers.arrayElement(nb.streets);
      const price = roundPrice(surfaceM2 * level * factor * streetFactorOf(nb, street), sale);
      const streetNumber = String(f.number.int({ min: 1, max: 140 }));
      const postalCode = postcodes.length > 0 ? f.helpers.arrayElement(postcodes) : null;
      const [latitude, longitude] = jitter(f, nb.lat, nb.lng, 450);

      // Status and ownership
      const status = weighted(f, [
        { weight: 88, value: PROPERTY_STATUS.published },
        { weight: 4, value: PROPERTY_STATUS.sold },
        { weight: 3, value: PROPERTY_STATUS.suspended },
        { weight: 5, value: PROPERTY_STATUS.incomplete },
      ]);
      let owner: OwnerRef;
      const wantsAgency = agencies.length > 0 && f.datatype.boolean(0.3);
      const sellerCity = city.istat === '015146' || city.istat === '037006';
      if (sellerCity && type.residential && status === PROPERTY_STATUS.published && sellerListings < 6) {
        owner = { kind: 'seller' };
        sellerListings++;
      } else if (sellerCity && type.residential && status === PROPERTY_STATUS.incomplete && !sellerHasDraft) {
        owner = { kind: 'seller' };
        sellerHasDraft = true;
      } else if (wantsAgency) {
        owner = { kind: 'agency', index: f.helpers.arrayElement(agencies) };
      } else {
        owner = { kind: 'private', index: f.number.int({ min: 0, max: opts.privateOwners - 1 }) };
      }
      const planTypeId =
        status === PROPERTY_STATUS.incomplete
          ? null
          : owner.kind === 'agency'
            ? f.helpers.arrayElement([PLAN_TYPE.exclusive, PLAN_TYPE.exclusive_partner])
            : weighted(f, [
                { weight: 85, value: PLAN_TYPE.basic },
                { weight: 15, value: PLAN_TYPE.flexible },
              ]);

      // Dates, counting back from the epoch.
      const daysAgo = f.number.int({ min: 1, max: 240 });
      const createdAt = new Date(
        SEED_EPOCH.getTime() -
          (daysAgo + f.number.int({ min: 0, max: 6 })) * 86_400_000 -
          f.number.int({ min: 0, max: 36_000 }) * 1000,
      );
      const publishedAt =
        status === PROPERTY_STATUS.incomplete
          ? null
          : new Date(createdAt.getTime() + f.number.int({ min: 1, max: 72 }) * 3_600_000);
      const updatedAt = publishedAt ?? createdAt;
      const highlightedUntil =
        status === PROPERTY_STATUS.published && f.datatype.boolean(0.08)
          ? new Date(SEED_EPOCH.getTime() + f.number.int({ min: 3, max: 30 }) * 86_400_000)
          : null;

      // Rent specifics
      const furnishingId = sale
        ? null
        : type.residential
          ? weighted(f, [
              { weight: 55, value: FURNISHING.furnished },
              { weight: 15, value: FURNISHING.partly_furnished },
              { weight: 20, value: FURNISHING.unfurnished },
              { weight: 10, value: FURNISHING.kitchen_only },
            ])
          : FURNISHING.unfurnished;
      const depositMonths = sale ? 0 : f.helpers.arrayElement([2, 3, 3]);
      const contractTypeId = sale
        ? null
        : weighted(rentTerms, [
            { weight: 40, value: CONTRACT_TYPE.free },
            { weight: 30, value: CONTRACT_TYPE.agreed },
            { weight: 18, value: CONTRACT_TYPE.temporary },
            { weight: 12, value: CONTRACT_TYPE.students },
          ]);
      const petsAllowed = sale ? null : type.residential ? rentTerms.datatype.boolean(0.45) : false;
      const availableDate = sale
        ? null
        : new Date(SEED_EPOCH.getTime() + f.number.int({ min: 0, max: 90 }) * 86_400_000);
      const availableFrom = availableDate ? availableDate.toISOString().slice(0, 10) : null;
      const occupancyId = sale
        ? weighted(f, [
            { weight: 60, value: OCCUPANCY.free },
            { weight: 30, value: OCCUPANCY.owner_occupied },
            { weight: 10, value: OCCUPANCY.let },
          ])
        : OCCUPANCY.free;
      const condoFees = isHouse
        ? 0
        : Math.round(
            (f.number.int({ min: 30, max: 60 }) +
              surfaceM2 * f.number.float({ min: 0.6, max: 1.3 }) +
              (amenities.has(AMENITY.concierge) ? 60 : 0)) /
              10,
          ) * 10;

      // Valuation answers: sellers who looked at the market first (step 12) have a range.
      const priceFromMarket = sale ? f.datatype.boolean(0.55) : null;
      const estimateMin = priceFromMarket ? roundPrice(price * f.number.float({ min: 0.9, max: 0.96 }), true) : null;
      const estimateMax = priceFromMarket ? roundPrice(price * f.number.float({ min: 1.03, max: 1.1 }), true) : null;

      // Text
      const roomCount =
        texts.roomCountNames[Math.min(rooms, texts.roomCountNames.length - 1)] || texts.roomCountNames[3];
      const typePhrase = fill(f.helpers.arrayElement(texts.typePhrases[type.code]), { roomCount });
      let floorPhrase: string;
      if (isHouse)
        floorPhrase =
          buildingFloors > 1
            ? fill(texts.floor.levels, { levels: texts.numbers[buildingFloors] })
            : texts.floor.groundSingle;
      else if (floor < 0) floorPhrase = texts.floor.basement;
      else if (floor === 0) floorPhrase = texts.floor.ground;
      else {
        const base =
          floor === buildingFloors
            ? fill(texts.floor.top, { buildingFloors })
            : fill(texts.floor.upper, { atOrdinal: atOrdinal(texts.ordinals[floor]!), buildingFloors });
        floorPhrase = `${base}, ${hasLift ? texts.floor.withLift : texts.floor.withoutLift}`;
      }
      const sentences = [
        fill(f.helpers.arrayElement(sale ? texts.intro.sale : texts.intro.rent), {
          neighbourhood: nb.name,
          street,
          city: city.name,
          typePhrase,
          surface: surfaceM2,
          floorPhrase,
        }),
      ];
      if (type.code !== 'garage') {
        sentences.push(
          fill(f.helpers.arrayElement(texts.composition), {
            rooms: describeRooms(roomsRows),
            bathrooms: texts.bathrooms[bathrooms] ?? `${bathrooms}`,
          }),
        );
        const conditionCode = lists.propertyConditions.find((c) => c.id === conditionId)!
          .code as keyof typeof texts.condition;
        sentences.push(
          fill(f.helpers.arrayElement(texts.condition[conditionCode]), { renovationYear: renovationYear ?? '' }),
        );
        sentences.push(
          energyClassId === ENERGY_CLASS.exempt
            ? fill(texts.energyExempt, { heating: heatingPhrase.get(heatingTypeId) ?? '' })
            : fill(texts.energy, {
                energyClass: energyName.get(energyClassId) ?? '',
                heating: heatingPhrase.get(heatingTypeId) ?? '',
              }),
        );
      }
      const listedAmenities = amenityIds.filter((id) => id !== AMENITY.lift).map((id) => amenityName.get(id) ?? '');
      if (listedAmenities.length > 0)
        sentences.push(fill(texts.amenities, { amenities: italianList(listedAmenities) }));
      sentences.push(condoFees > 0 ? fill(texts.condoFees, { fees: condoFees }) : texts.noCondoFees);
      if (sale)
        sentences.push(
          texts.occupancy[
            lists.occupancySituations.find((o) => o.id === occupancyId)!.code as keyof typeof texts.occupancy
          ],
        );
      else if (availableDate) {
        // No date in the text: the seed moves the listings' dates to the day it runs, and the details show the date.
        sentences.push(
          fill(texts.rent.available, { furnishing: furnishingName.get(furnishingId ?? FURNISHING.unfurnished) ?? '' }),
        );
        sentences.push(fill(texts.rent.deposit, { months: texts.numbers[depositMonths] }));
        sentences.push(f.helpers.arrayElement(texts.rent.contract));
      }
      sentences.push(f.helpers.arrayElement(texts.neighbourhood));
      sentences.push(f.helpers.arrayElement(texts.closing));

      // Wizard progress: published listings went the whole way; drafts stopped midway.
      const path = sale ? SALE_PATH : RENT_PATH;
      const stoppedAt = status === PROPERTY_STATUS.incomplete ? f.number.int({ min: 3, max: 14 }) : path.length;
      const wizardHistory = path.slice(0, stoppedAt);
      const wizardPage: WizardPage = {
        currentStep: wizardHistory[wizardHistory.length - 1],
        lastDevice: f.helpers.arrayElement(['desktop', 'mobile', 'mobile', 'tablet'] as const),
      };

      const specialDescription: SpecialDescription | null =
        type.code === 'villa' || type.code === 'detached_house'
          ? { landSurfaceM2: f.number.int({ min: 200, max: 1500 }), levels: buildingFloors }
          : type.code === 'garage'
            ? {
                widthM: Number(f.number.float({ min: 2.5, max: 3.5 }).toFixed(1)),
                lengthM: Number(f.number.float({ min: 5, max: 6.5 }).toFixed(1)),
                electricDoor: f.datatype.boolean(0.5),
              }
            : type.code === 'commercial'
              ? { shopWindows: f.number.int({ min: 1, max: 4 }), flue: f.datatype.boolean(0.4) }
              : type.code === 'office'
                ? { cabled: true, workstations: rooms * 3 }
                : null;

      const photoCount = type.code === 'garage' ? 2 : f.number.int({ min: 3, max: 6 });
      const interior: PhotoKind[] = ['living_room', 'kitchen', 'bedroom', 'bathroom'];
      // A house shows the house; a flat opens on its building or, as often on portals, on its living room.
      const outside: PhotoKind = isHouse ? 'house' : 'facade';
      const rest = f.helpers.shuffle(interior).slice(0, Math.min(photoCount - 1, interior.length));
      const photos: PhotoKind[] =
        !isHouse && rest.includes('living_room') && f.datatype.boolean(0.4)
          ? ['living_room', outside, ...rest.filter((kind) => kind !== 'living_room')]
          : [outside, ...rest];
      while (photos.length < photoCount) photos.push(f.helpers.arrayElement(interior));

      // Drawn here, in the same order as before, so the title can leave out a hidden address.
      const showAddress = f.datatype.boolean(0.85);
      // A hidden address stays out of the text as well: the intro names the area only.
      if (!showAddress) sentences[0] = withoutStreet(sentences[0], street);
      const row: DemoListing['row'] = {
        sellTypeId,
        statusId: status,
        planTypeId,
        street,
        streetNumber,
        postalCode,
        latitude,
        longitude,
        showAddress,
        propertyTypeId: type.typeId,
        publicationPropertyTypeId: type.typeId,
        specialDescription,
        surfaceM2,
        rooms,
        bathrooms,
        floor,
        buildingFloors,
        hasLift,
        conditionId,
        renovationYear,
        buildYear,
        energyClassId,
        energyPerformance,
        heatingTypeId,
        condoFees,
        occupancyId,
        availableFrom,
        furnishingId,
        securityDeposit: sale ? null : depositMonths * price,
        contractTypeId,
        petsAllowed,
        priceFromMarket,
        estimateMin,
        estimateMax,
        price,
        // A hidden address stays out of the title too (it is shown in the page, its head and its JSON-LD).
        title: listingTitle(sellTypeId, { street, streetNumber, showAddress, city: city.name }),
        description: sentences.join(' '),
        wizardPage,
        wizardHistory,
        createdAt,
        updatedAt,
        publishedAt,
        highlightedUntil,
      };
      let listingRooms = roomsRows;
      let listingAmenities = amenityIds;
      if (status === PROPERTY_STATUS.incomplete) {
        // A draft holds only the answers of the steps it has been through.
        const reached = new Set(wizardHistory);
        if (!reached.has(5)) row.surfaceM2 = null;
        if (!reached.has(6)) {
          row.rooms = null;
          row.bathrooms = null;
          listingRooms = [];
        }
        if (!reached.has(7)) Object.assign(row, { floor: null, buildingFloors: null, hasLift: null });
        if (!reached.has(8)) Object.assign(row, { conditionId: null, renovationYear: null, buildYear: null });
        if (!reached.has(9)) Object.assign(row, { energyClassId: null, energyPerformance: null });
        if (!reached.has(36)) row.heatingTypeId = null;
        if (!reached.has(10)) row.condoFees = null;
        if (!reached.has(23)) listingAmenities = [];
        if (!reached.has(24)) row.occupancyId = null;
        if (!reached.has(39)) row.availableFrom = null;
        if (!reached.has(41)) row.furnishingId = null;
        if (!reached.has(42)) row.securityDeposit = null;
        if (!reached.has(41)) Object.assign(row, { contractTypeId: null, petsAllowed: null });
        if (!reached.has(12)) row.priceFromMarket = null;
        if (!reached.has(38)) Object.assign(row, { estimateMin: null, estimateMax: null });
        if (!reached.has(15)) row.price = null;
        if (!reached.has(16)) row.title = null;
        if (!reached.has(17)) row.description = null;
        // The wizard no longer asks the category (25, retired): a draft is shown under its type.
        row.publicationPropertyTypeId = null;
        row.planTypeId = null;
      }

      listings.push({
        owner,
        cityIstat: city.istat,
        cityName: city.name,
        neighbourhood: nb.name,
        row,
        rooms: listingRooms,
        amenityIds: listingAmenities,
        // Photos come at step 19, which no draft here has reached.
        photos: status === PROPERTY_STATUS.incomplete ? [] : photos,
      });
    }
  }
  return listings;
}

/** The intro sentence without its street: ", in Via X," and "In Via X vendiamo" lose the street. */
export function withoutStreet(sentence: string, street: string): string {
  const out = sentence.replace(` in ${street},`, ',').replace(`In ${street} `, '');
  return out.charAt(0).toUpperCase() + out.slice(1);
}
