export interface LetterGroup<T> {
  letter: string;
  items: T[];
}

const collator = new Intl.Collator('it', { sensitivity: 'base', numeric: true });

/** The initial a name is filed under: accents dropped, so "Èrba" sits with "E"; non-letters under "#". */
export function initialOf(name: string): string {
  const first = name
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase();
  return /[A-Z]/.test(first) ? first : '#';
}

/** Sorts by Italian collation and groups by initial, letters in alphabetical order. */
export function groupByInitial<T extends { Name: string }>(items: readonly T[]): LetterGroup<T>[] {
  const sorted = [...items].sort((a, b) => collator.compare(a.Name, b.Name));
  const groups = new Map<string, T[]>();
  for (const item of sorted) {
    const letter = initialOf(item.Name);
    const group = groups.get(letter);
    if (group) group.push(item);
    else groups.set(letter, [item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([letter, groupItems]) => ({ letter, items: groupItems }));
}
