import { describe, expect, it } from 'vitest';
import { splitByListings } from './split-by-listings';

const town = (Name: string, ListingCount: number, IsMainTown = false) => ({ Name, ListingCount, IsMainTown });

describe('splitByListings', () => {
  it('puts the main town first, then the towns with listings by how many, and files the others apart by initial', () => {
    const { ranked, groups, withoutCount } = splitByListings([
      town('Abbiategrasso', 12),
      town('Arese', 0),
      town('Milano', 9, true),
      town('Rho', 30),
      town('Bollate', 12),
      town('Zibido San Giacomo', 0),
      town('Baranzate', 0),
    ]);
    expect(ranked.map((t) => t.Name)).toEqual(['Milano', 'Rho', 'Abbiategrasso', 'Bollate']);
    expect(groups.map((g) => [g.letter, g.items.map((t) => t.Name)])).toEqual([
      ['A', ['Arese']],
      ['B', ['Baranzate']],
      ['Z', ['Zibido San Giacomo']],
    ]);
    expect(withoutCount).toBe(3);
  });

  it('leaves a main town without listings among the others', () => {
    const { ranked, groups } = splitByListings([town('Monza', 0, true), town('Lissone', 2)]);
    expect(ranked.map((t) => t.Name)).toEqual(['Lissone']);
    expect(groups.flatMap((g) => g.items.map((t) => t.Name))).toEqual(['Monza']);
  });
});
