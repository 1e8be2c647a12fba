// Step 4, the type-specific details: which questions each family of property types asks.
// The answer keeps the shape of domain/wizard-steps.ts (`{ propertyTypeId, details }`, flat
// values): every key of the family is present, null when not given. Choice: only what the
// other steps do not already ask (amenities, rooms and floors have their own steps) and what
// changes the value or the search of that kind of property; one question is required where
// the property cannot be described without it (is the land buildable?).

export type DetailFamily =
  | 'flat'
  | 'house'
  | 'building'
  | 'land'
  | 'garage'
  | 'storage'
  | 'commercial'
  | 'office'
  | 'warehouse'
  | 'rooms'
  | 'other';

/** area: whole m²; volume: whole m³; count: a small whole number; height: metres with decimals; yesNo: a boolean. */
export type DetailKind = 'area' | 'volume' | 'count' | 'height' | 'yesNo';

export interface DetailField {
  key: string;
  kind: DetailKind;
  required?: boolean;
  min?: number;
  max?: number;
  /** Asked only when another yes/no detail of the family has this answer. */
  shownWhen?: { key: string; equals: boolean };
}

export const DETAIL_FAMILIES: Record<DetailFamily, readonly DetailField[]> = {
  flat: [
    { key: 'outdoorM2', kind: 'area', max: 10_000 },
    { key: 'doubleExposure', kind: 'yesNo' },
  ],
  house: [
    { key: 'gardenM2', kind: 'area', max: 1_000_000 },
    { key: 'levels', kind: 'count', min: 1, max: 10 },
  ],
  building: [{ key: 'units', kind: 'count', min: 1, max: 500 }],
  land: [
    { key: 'buildable', kind: 'yesNo', required: true },
    { key: 'buildableVolumeM3', kind: 'volume', max: 10_000_000, shownWhen: { key: 'buildable', equals: true } },
  ],
  garage: [
    { key: 'carSpaces', kind: 'count', min: 1, max: 50 },
    { key: 'electricCharging', kind: 'yesNo' },
  ],
  storage: [{ key: 'independentAccess', kind: 'yesNo' }],
  commercial: [{ key: 'shopWindows', kind: 'count', min: 0, max: 50 }],
  office: [{ key: 'workstations', kind: 'count', min: 1, max: 500 }],
  warehouse: [
    { key: 'ceilingHeightM', kind: 'height', max: 50 },
    { key: 'loadingDock', kind: 'yesNo' },
  ],
  rooms: [{ key: 'roomsOffered', kind: 'count', min: 1, max: 30 }],
  other: [{ key: 'outdoorM2', kind: 'area', max: 1_000_000 }],
};

const FAMILY_OF_TYPE: Record<number, DetailFamily> = {
  1: 'flat',
  2: 'flat',
  3: 'flat',
  6: 'flat',
  5: 'house',
  8: 'house',
  9: 'house',
  15: 'house',
  18: 'house',
  7: 'building',
  14: 'land',
  4: 'garage',
  13: 'storage',
  10: 'commercial',
  16: 'office',
  17: 'warehouse',
  12: 'rooms',
  11: 'other',
};

export function familyOf(propertyTypeId: number): DetailFamily {
  return FAMILY_OF_TYPE[propertyTypeId] ?? 'other';
}

export type DetailValue = string | number | boolean | null;
export type Details = Record<string, DetailValue>;

/** Whether a field is asked, given the answers so far. */
export function isShown(field: DetailField, details: Details): boolean {
  return !field.shownWhen || details[field.shownWhen.key] === field.shownWhen.equals;
}

export type DetailProblem = 'required' | 'tooSmall' | 'tooLarge';

/** What is wrong with each field (nothing: the details may be saved). */
export function detailProblems(family: DetailFamily, details: Details): Record<string, DetailProblem> {
  const problems: Record<string, DetailProblem> = {};
  for (const field of DETAIL_FAMILIES[family]) {
    if (!isShown(field, details)) continue;
    const value = details[field.key];
    if (value === null || value === undefined) {
      if (field.required) problems[field.key] = 'required';
      continue;
    }
    if (typeof value === 'number') {
      if (value < (field.min ?? 0)) problems[field.key] = 'tooSmall';
      else if (field.max !== undefined && value > field.max) problems[field.key] = 'tooLarge';
    }
  }
  return problems;
}

/** The details to save: every key of the family, null when not given or not asked. */
export function detailsToSave(family: DetailFamily, details: Details): Details {
  return Object.fromEntries(
    DETAIL_FAMILIES[family].map((field) => [field.key, isShown(field, details) ? (details[field.key] ?? null) : null]),
  );
}
