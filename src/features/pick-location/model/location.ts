import type { Locality } from '@domain/wizard-steps';

// What the location picker holds while the seller fills it in, and the rules it must meet
// before it becomes the wizard's step-2 answer: `isValidAnswer('locality')` of
// domain/wizard-steps.ts, plus the server's own: the pin within 40 km of the municipality's
// centre (docs/listings.md). The tests hold these rules to `isValidAnswer`.

/** The wizard's step-2 answer. */
export type LocalityAnswer = Locality;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** A municipality as the autocomplete found it. */
export interface Municipality {
  /** Six-digit ISTAT code ("015146"). */
  istat: string;
  name: string;
  /** The province's sigla ("MI"), when known. */
  province: string | null;
  /** The municipality's centre: where the pin starts, and what the 40 km rule measures from. */
  center: LatLng | null;
}

/** The picker's answer: the wizard's locality without the display choice, plus the town's name. */
export type PickedLocation = Omit<LocalityAnswer, 'showAddress'> & { municipalityName: string };

/** The picker's state: each part may still be missing. */
export interface LocationDraft {
  municipality: Municipality | null;
  street: string;
  streetNumber: string;
  pin: LatLng | null;
  /**
   * Who placed the pin: the product from the typed address ('street': a known position of the
   * street; 'town': the town's centre) or the seller ('seller', also a saved answer's pin).
   * Only the product's own pin follows the address as it is typed.
   */
  pinFrom?: PinSource;
}

export type PinSource = 'town' | 'street' | 'seller';

/** How far (m) the pin may lie from its municipality's centre: the server refuses farther. */
export const MAX_PIN_DISTANCE_M = 40_000;
export const STREET_MAX = 200;
export const STREET_NUMBER_MAX = 20;

/** Italy's box as `isValidAnswer('locality')` checks it. */
const LATITUDE_RANGE = [35, 48] as const;
const LONGITUDE_RANGE = [6, 19] as const;

export const EMPTY_LOCATION: LocationDraft = { municipality: null, street: '', streetNumber: '', pin: null };

/** The draft of a saved answer (the town's name and centre come from elsewhere: `resolveMunicipality`). */
export function draftOf(location: PickedLocation | null | undefined, municipality: Municipality | null): LocationDraft {
  if (!location) return EMPTY_LOCATION;
  return {
    municipality: municipality ?? {
      istat: location.municipalityIstat,
      name: location.municipalityName,
      province: null,
      center: null,
    },
    street: location.street,
    streetNumber: location.streetNumber,
    pin: { latitude: location.latitude, longitude: location.longitude },
    pinFrom: 'seller',
  };
}

/**
 * The pin the product places from the typed address, until the seller moves it: the
 * street's known position when there is one (`street`, GET /api/Map/StreetPosition), else
 * the town's centre. A pin the seller placed stays where it is.
 */
export function placedPin(draft: LocationDraft, street: LatLng | null): LocationDraft {
  if (draft.pinFrom === 'seller' || !draft.municipality) return draft;
  if (street)
    return sameSpot(draft.pin, street) && draft.pinFrom === 'street'
      ? draft
      : { ...draft, pin: street, pinFrom: 'street' };
  const center = draft.municipality.center;
  if (!center) return draft;
  return sameSpot(draft.pin, center) && draft.pinFrom === 'town' ? draft : { ...draft, pin: center, pinFrom: 'town' };
}

const sameSpot = (a: LatLng | null, b: LatLng) =>
  a !== null && a.latitude === b.latitude && a.longitude === b.longitude;

export type LocationProblem =
  | { field: 'municipality'; kind: 'missing' }
  | { field: 'street'; kind: 'missing' | 'tooLong' }
  | { field: 'streetNumber'; kind: 'missing' | 'tooLong' | 'noDigit' }
  | { field: 'pin'; kind: 'missing' | 'outsideItaly' | 'tooFar' };

export type LocationField = LocationProblem['field'];

/** Metres between two points (haversine), as the server measures the 40 km rule. */
export function distanceM(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const inRange = (value: number, [min, max]: readonly [number, number]) =>
  Number.isFinite(value) && value >= min && value <= max;

/** Every rule the draft breaks, one per field at most, in the order of the form. */
export function locationProblems(draft: LocationDraft): LocationProblem[] {
  const problems: LocationProblem[] = [];
  if (!draft.municipality) problems.push({ field: 'municipality', kind: 'missing' });
  const street = draft.street.trim();
  if (!street) problems.push({ field: 'street', kind: 'missing' });
  else if (street.length > STREET_MAX) problems.push({ field: 'street', kind: 'tooLong' });
  const number = draft.streetNumber.trim();
  if (!number) problems.push({ field: 'streetNumber', kind: 'missing' });
  else if (number.length > STREET_NUMBER_MAX) problems.push({ field: 'streetNumber', kind: 'tooLong' });
  // "snc" (senza numero civico) is how Italian addresses say a house has no number.
  else if (!/\d/.test(number) && number.toLowerCase().replace(/\./g, '') !== 'snc')
    problems.push({ field: 'streetNumber', kind: 'noDigit' });
  // Without a town there is no map to place a pin on: the town's own message says what to do.
  if (!draft.pin) {
    if (draft.municipality) problems.push({ field: 'pin', kind: 'missing' });
  } else if (!inRange(draft.pin.latitude, LATITUDE_RANGE) || !inRange(draft.pin.longitude, LONGITUDE_RANGE))
    problems.push({ field: 'pin', kind: 'outsideItaly' });
  else if (draft.municipality?.center && distanceM(draft.pin, draft.municipality.center) > MAX_PIN_DISTANCE_M)
    problems.push({ field: 'pin', kind: 'tooFar' });
  return problems;
}

/** The answer of a draft that breaks no rule, else null. */
export function toPickedLocation(draft: LocationDraft): PickedLocation | null {
  if (locationProblems(draft).length > 0 || !draft.municipality || !draft.pin) return null;
  return {
    municipalityIstat: draft.municipality.istat,
    municipalityName: draft.municipality.name,
    street: draft.street.trim(),
    streetNumber: draft.streetNumber.trim(),
    // Six decimals: about 10 cm, more than a pin dropped by hand can mean.
    latitude: Math.round(draft.pin.latitude * 1e6) / 1e6,
    longitude: Math.round(draft.pin.longitude * 1e6) / 1e6,
  };
}

/** Eight compass points, for telling where the pin is from the centre in words. */
const DIRECTIONS = ['north', 'northEast', 'east', 'southEast', 'south', 'southWest', 'west', 'northWest'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Where `point` lies from `origin`: the distance in metres and the nearest of eight directions. */
export function bearingFrom(origin: LatLng, point: LatLng): { distanceM: number; direction: Direction } {
  const rad = Math.PI / 180;
  const dLng = (point.longitude - origin.longitude) * rad;
  const y = Math.sin(dLng) * Math.cos(point.latitude * rad);
  const x =
    Math.cos(origin.latitude * rad) * Math.sin(point.latitude * rad) -
    Math.sin(origin.latitude * rad) * Math.cos(point.latitude * rad) * Math.cos(dLng);
  const degrees = (Math.atan2(y, x) / rad + 360) % 360;
  return { distanceM: distanceM(origin, point), direction: DIRECTIONS[Math.round(degrees / 45) % 8]! };
}

/** The pin moved `dx` metres east and `dy` metres north (the arrow keys' step). */
export function movedBy(point: LatLng, eastM: number, northM: number): LatLng {
  const latitude = point.latitude + northM / 111_320;
  const longitude = point.longitude + eastM / (111_320 * Math.cos((point.latitude * Math.PI) / 180));
  return { latitude, longitude };
}
