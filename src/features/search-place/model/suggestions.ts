import type { RecentPlace } from './recent-places';

// The list under the box: the places found, grouped (towns, districts, streets, then provinces
// and regions), the province's main town first among the towns; or, with nothing typed, the
// recent searches. The keyboard walks `options`, one flat list across the groups.

export interface SuggestedPlace extends RecentPlace {
  IsMainTown?: boolean;
}

export type GroupId = 'towns' | 'districts' | 'streets' | 'areas' | 'recent';

export interface SuggestionGroup {
  id: GroupId;
  options: SuggestedPlace[];
}

const GROUP_OF: Record<SuggestedPlace['Kind'], GroupId> = {
  town: 'towns',
  district: 'districts',
  address: 'streets',
  province: 'areas',
  region: 'areas',
};

const GROUP_ORDER: GroupId[] = ['towns', 'districts', 'streets', 'areas'];

/**
 * The places of an answer in their groups. Within the towns a province's main town comes first
 * (Carbonia before Carpi for "Car"), the others keep the server's order (by population).
 */
export function groupPlaces(places: readonly SuggestedPlace[]): SuggestionGroup[] {
  const byGroup = new Map<GroupId, SuggestedPlace[]>();
  for (const place of places) {
    const group = GROUP_OF[place.Kind];
    byGroup.set(group, [...(byGroup.get(group) ?? []), place]);
  }
  const towns = byGroup.get('towns');
  if (towns) byGroup.set('towns', [...towns.filter((t) => t.IsMainTown), ...towns.filter((t) => !t.IsMainTown)]);
  return GROUP_ORDER.filter((id) => byGroup.has(id)).map((id) => ({ id, options: byGroup.get(id)! }));
}

/** Every option of the groups, in the order they show (and the arrows walk). */
export function flatOptions(groups: readonly SuggestionGroup[]): SuggestedPlace[] {
  return groups.flatMap((group) => group.options);
}

/** Lower case, no accents, single spaces: "  Forlì " and "forli" read the same. */
export function comparable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('it')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What Enter runs on free text: the place named exactly what was typed (a town "Milano", a
 * street "Via Manzoni, Milano" or a district "Brera"), else the first place shown.
 */
export function bestMatch(text: string, places: readonly SuggestedPlace[]): SuggestedPlace | undefined {
  const options = flatOptions(groupPlaces(places));
  const typed = comparable(text);
  return options.find((option) => comparable(option.Name) === typed) ?? options[0];
}
