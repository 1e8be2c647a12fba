// The amenities of a listing as one list, each thing once, grouped under the headings the listing
// wizard's amenities step (23) and the search's filters show. Ids are the amenities reference list's
// (server/db/seed/data/reference-lists.json); two of them are retired: "Giardino" (20) said the same as
// "Giardino privato" (18), and "Giardino privato e condominiale" (23) is both 18 and 19 ticked.
// Migration 0024 moved the listings that had them; `normalizeAmenityIds` maps them wherever an old
// answer, address or saved search still carries them.

export type AmenityGroupKey = 'outdoor' | 'parking' | 'building' | 'systems' | 'interior';

export interface AmenityGroup {
  key: AmenityGroupKey;
  /** The group's amenities in the order shown: the most looked for first. */
  ids: readonly number[];
}

/** Every amenity a listing can have, each once, by group (the wizard shows them all). */
export const AMENITY_GROUPS: readonly AmenityGroup[] = [
  { key: 'outdoor', ids: [17, 16, 18, 19, 4] },
  { key: 'parking', ids: [24, 7] },
  { key: 'building', ids: [15, 13, 9, 5] },
  { key: 'systems', ids: [2, 10, 11, 1, 12, 8, 22] },
  { key: 'interior', ids: [3, 14, 6, 21] },
];

/** The amenities a listing can have today (the reference list less the retired ids). */
export const AMENITY_IDS_IN_USE: readonly number[] = AMENITY_GROUPS.flatMap((group) => group.ids);

/** The retired ids and what they mean now. */
export const RETIRED_AMENITIES: Readonly<Record<number, readonly number[]>> = { 20: [18], 23: [18, 19] };

/** The same amenities with every retired id replaced by what it means, each once, sorted. */
export function normalizeAmenityIds(ids: readonly number[]): number[] {
  const out = new Set<number>();
  for (const id of ids) for (const kept of RETIRED_AMENITIES[id] ?? [id]) out.add(kept);
  return [...out].sort((a, b) => a - b);
}

/** The groups the search's filter panel offers, with the amenities worth a filter in each. */
export const SEARCH_AMENITY_GROUPS: readonly AmenityGroup[] = [
  { key: 'outdoor', ids: [17, 16, 18, 19, 4] },
  { key: 'parking', ids: [24, 7] },
  { key: 'building', ids: [15, 13, 9, 5] },
  { key: 'systems', ids: [2, 10] },
];
