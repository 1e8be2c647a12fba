import type { StreetPositionRow } from './repository';

/** A street name as people type it: lower case, no accents or punctuation, "v." and "p.za" spelled out. */
export function streetKey(street: string): string {
  return street
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(?:v le|vle) /, 'viale ')
    .replace(/^v /, 'via ')
    .replace(/^(?:p za|pza|p zza|pzza|p) /, 'piazza ')
    .replace(/^(?:c so|cso) /, 'corso ');
}

const numberKey = (value: string | null) => (value ?? '').toLowerCase().replace(/\s+/g, '');

export interface StreetPosition {
  latitude: number;
  longitude: number;
  /** 'number': a known home at this very number; 'street': the middle of the known homes of the street. */
  precision: 'number' | 'street';
}

/**
 * Where a typed address lies, from the public positions Rexer knows in its town (listings
 * that show their address): the home at that number when one is there, else the middle of
 * the street's known homes. Null when the street is unknown.
 */
export function streetPosition(rows: StreetPositionRow[], street: string, streetNumber: string): StreetPosition | null {
  const key = streetKey(street);
  if (!key) return null;
  const onStreet = rows.filter((row) => streetKey(row.street) === key);
  if (onStreet.length === 0) return null;
  const number = numberKey(streetNumber);
  const atNumber = number ? onStreet.filter((row) => numberKey(row.streetNumber) === number) : [];
  const chosen = atNumber.length > 0 ? atNumber : onStreet;
  const mean = (pick: (row: StreetPositionRow) => number) =>
    Math.round((chosen.reduce((sum, row) => sum + pick(row), 0) / chosen.length) * 1e6) / 1e6;
  return {
    latitude: mean((r) => r.latitude),
    longitude: mean((r) => r.longitude),
    precision: atNumber.length > 0 ? 'number' : 'street',
  };
}
