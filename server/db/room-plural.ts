import plurals from './seed/data/room-plurals.json';

/**
 * The Italian plural of a room type (its `code` in reference-lists.json), lower case: «2 balconi», not
 * «2 balcone». Every room type has one; an unknown code answers the singular name, lower case.
 */
export function roomPlural(code: string, name: string): string {
  return (plurals as Record<string, string>)[code] ?? name.toLowerCase();
}
