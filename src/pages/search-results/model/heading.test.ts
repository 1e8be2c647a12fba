import { describe, expect, it } from 'vitest';
import type { SearchParams } from '@domain/search';
import { headingParts, routePlaceName } from './heading';

const town = { SellType: 1, SearchType: 'town', Town: '015146', Type: 'case', Sort: 'relevance' } as SearchParams;

describe('the heading of a results page', () => {
  it("names the place from the search's answer, else from the page's address", () => {
    expect(headingParts(town, { Kind: 'town', Name: 'Milano' } as never, 'Milano (indirizzo)')).toMatchObject({
      place: 'town',
      name: 'Milano',
    });
    expect(headingParts(town, undefined, 'Milano')).toMatchObject({ place: 'town', name: 'Milano' });
    // A refused search of /ricerca?Town=015146 knows no name: it names no place, not the whole of Italy.
    expect(headingParts(town, undefined)).toMatchObject({ place: 'unnamed', name: '' });
    expect(headingParts({ ...town, SearchType: 'province', Province: 'MI' } as SearchParams, undefined)).toMatchObject({
      place: 'unnamed',
      name: '',
    });
    expect(headingParts({ SellType: 1, Sort: 'relevance' } as SearchParams, undefined)).toMatchObject({
      place: 'free',
      name: '',
    });
  });

  it('reads the place of each kind of results address', () => {
    expect(
      routePlaceName({
        kind: 'town',
        sellType: 1,
        type: 'case',
        prov: 'milano',
        name: 'reggio-nell-emilia',
        istat: '035033',
      }),
    ).toBe('Reggio nell Emilia');
    expect(routePlaceName({ kind: 'province', type: 'case', prov: 'monza-e-della-brianza' })).toBe(
      'Monza e della Brianza',
    );
    expect(routePlaceName({ kind: 'district', type: 'appartamenti', area: 'brera', id: 12 })).toBe('Brera');
    expect(routePlaceName({ kind: 'seo', path: '/trovacase/vendita/bilocali/milano', fixed: {} })).toBe('Milano');
    expect(routePlaceName({ kind: 'seo', path: '/trovacase/affitto/roma/trastevere', fixed: {} })).toBe('Trastevere');
    expect(routePlaceName({ kind: 'seo', path: '/trovacase/vendita/case', fixed: {} })).toBeUndefined();
    expect(routePlaceName({ kind: 'query' })).toBeUndefined();
  });
});
