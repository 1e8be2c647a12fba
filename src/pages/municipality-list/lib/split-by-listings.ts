import { groupByInitial, type LetterGroup } from './group-by-initial';

const collator = new Intl.Collator('it', { sensitivity: 'base', numeric: true });

export interface ListedTown {
  Name: string;
  ListingCount: number;
  IsMainTown: boolean;
}

/**
 * A province's towns as its list shows them: those with listings ranked (the main town first, then by how
 * many listings they have, then by name), and those without apart, by initial.
 */
export function splitByListings<T extends ListedTown>(
  towns: readonly T[],
): { ranked: T[]; groups: LetterGroup<T>[]; withoutCount: number } {
  const ranked = towns
    .filter((town) => town.ListingCount > 0)
    .sort(
      (a, b) =>
        Number(b.IsMainTown) - Number(a.IsMainTown) ||
        b.ListingCount - a.ListingCount ||
        collator.compare(a.Name, b.Name),
    );
  const without = towns.filter((town) => town.ListingCount <= 0);
  return { ranked, groups: groupByInitial(without), withoutCount: without.length };
}
