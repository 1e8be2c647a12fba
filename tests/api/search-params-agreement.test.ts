import { describe, expect, it } from 'vitest';
import { parseSearchParams, toSearchQuery, type SearchParamKey } from '@domain/search';
import { SearchListingsQuery, SearchQueryShape } from '../../server/modules/search/schemas';

// The results page parses its URL with domain/search.ts `parseSearchParams`; the API validates
// the same keys with zod (server/modules/search/schemas.ts). Both must accept and refuse the
// same queries: a page never shows a search the API refuses, nor hides one it would answer.
// (What a search type needs but lacks, `errors.Search`, is the route's InvalidSearch, not a key error.)

const VALUES: Record<SearchParamKey, string[]> = {
  SearchType: ['free', 'circle', 'draw', 'town', 'agency', 'Town', 'nope', ''],
  SellType: ['1', '2', '0', '3', '01', 'sale'],
  Lat: ['45.4642', '-90', '90', '90.1', '45.123456789', '1e1', '45,4', 'abc', '-0.5'],
  Lng: ['9.19', '-180', '180', '180.5', '9.', '.5', '0009.1'],
  Radius: ['100', '99', '2000', '100000', '100001', '0000100', '-100', '1.5'],
  Polygon: [
    '45,9;45.1,9;45.1,9.1',
    '45,9;45.1,9',
    '45,9;45.1,9;45.1,9.1;45,9',
    '45,9;45.1,9;91,9.1',
    '45,9,1;45,9;45,9',
    'x',
    ';;',
  ],
  Province: ['milano', 'MI', 'M', 'mi lano', 'a'.repeat(64), 'a'.repeat(65), 'reggio-emilia'],
  Town: ['015146', '15146', '0151466', 'abcdef'],
  Region: ['lombardia', 'Lombardia', 'emilia-romagna', 'l'],
  District: ['1', '0', '2147483647', '2147483648', '-1', '12a'],
  Agency: ['7', '0', '00000000007', '1.0'],
  Place: ['Via Roma, Torino', '<b>', 'a'.repeat(120), 'a'.repeat(121)],
  Bounds: ['45,9,46,10', '46,9,45,10', '45,10,46,9', '45,9,46', '45,9,46,10,1', '-90,-180,90,180', '45,9,46,181'],
  Zoom: ['3', '2', '20', '21', '12'],
  Type: ['bilocali', 'appartamenti', 'case-e-appartamenti', 'villas', 'Bilocali'],
  PropertyTypes: [
    '1',
    '1,2,3',
    '18',
    '19',
    '0',
    '1,1',
    '1,,2',
    Array.from({ length: 19 }, (_, i) => i + 1).join(','),
    '01',
  ],
  PriceMin: ['0', '100000000', '100000001', '-1', '150000'],
  PriceMax: ['0', '500000', '1e6'],
  SurfaceMin: ['0', '100000', '100001'],
  SurfaceMax: ['50', '-5'],
  RoomsMin: ['1', '0', '20', '21'],
  RoomsMax: ['2', '5'],
  BathroomsMin: ['1', '10', '11', '0'],
  Amenities: [
    '2',
    '2,7',
    '1',
    '24,23',
    '2,2',
    '20',
    '3',
    '2,4,5,7,9,10,13,15,16,17,18,19,24,20,23',
    '2,4,5,7,9,10,13,15,16,17,18,19,24,20,23,2',
  ],
  EnergyClasses: ['1', '12', '13', '1,12'],
  Conditions: ['1', '4', '5', '1,2,3,4'],
  FloorMin: ['-1', '-2', '0', '200', '201'],
  FloorMax: ['3', '-1'],
  NewBuild: ['true', 'false', '1', '0', 'yes', 'TRUE'],
  WithPhotos: ['true', '0', 'no'],
  PrivateOnly: ['true', '1', 'false', 'si'],
  Furnishing: ['1', '1,2,3,4', '5', '0', '2,2'],
  Contracts: ['1', '2,3', '1,2,3,4', '5', '1,2,3,4,1'],
  Pets: ['true', '0', 'yes'],
  PublishedWithin: ['1', '7', '30', '2', '31'],
  Text: ['terrazzo', 'a'.repeat(100), 'a'.repeat(101), '<script>', 'via "roma" -centro'],
  Sort: ['relevance', 'price-asc', 'surface-desc', 'price', 'PRICE-ASC'],
  Cursor: ['abc_-', 'a'.repeat(200), 'a'.repeat(201), 'a+b', 'a=b'],
  PageSize: ['1', '50', '51', '0', '20'],
};

function verdicts(query: Record<string, string>) {
  const { errors } = parseSearchParams(query);
  const parserAccepts = Object.keys(errors).filter((key) => key !== 'Search').length === 0;
  const zodAccepts = SearchListingsQuery.safeParse(query).success;
  return { parserAccepts, zodAccepts };
}

describe('search params: zod schema and parseSearchParams agree', () => {
  it('the schema has exactly the keys of SearchParams', () => {
    expect(Object.keys(SearchQueryShape).sort()).toEqual(Object.keys(VALUES).sort());
  });

  it.each(Object.entries(VALUES))('key %s: every sample accepted or refused alike', (key, samples) => {
    for (const value of ['', ...samples]) {
      const { parserAccepts, zodAccepts } = verdicts({ [key]: value });
      expect({ key, value, zodAccepts }).toEqual({ key, value, zodAccepts: parserAccepts });
    }
  });

  it('a polygon or a view is the search its query writes: coordinates rounded to 6 decimals as they are read', () => {
    const fine = parseSearchParams({ SearchType: 'draw', Polygon: '45.12345678,9.1;45.2,9.10000049;45.2,9.3' }).params;
    expect(fine.Polygon).toEqual([
      { latitude: 45.123457, longitude: 9.1 },
      { latitude: 45.2, longitude: 9.1 },
      { latitude: 45.2, longitude: 9.3 },
    ]);
    expect(parseSearchParams(toSearchQuery(fine)).params.Polygon).toEqual(fine.Polygon);
    expect(parseSearchParams({ Bounds: '45.00000001,9.1,45.2,9.3' }).params.Bounds).toEqual({
      south: 45,
      west: 9.1,
      north: 45.2,
      east: 9.3,
    });
    // A view that rounds to nothing is refused, as an inverted one is.
    expect(parseSearchParams({ Bounds: '45.0000001,9.1,45.0000004,9.3' }).errors.Bounds).toBeDefined();
  });

  it('ranges across keys are refused by both', () => {
    for (const query of [
      { PriceMin: '500', PriceMax: '100' },
      { SurfaceMin: '90', SurfaceMax: '10' },
      { RoomsMin: '4', RoomsMax: '2' },
      { FloorMin: '3', FloorMax: '1' },
      { PriceMin: '100', PriceMax: '100' },
    ] as Record<string, string>[]) {
      const { parserAccepts, zodAccepts } = verdicts(query);
      expect(zodAccepts).toBe(parserAccepts);
    }
  });

  it('random combinations agree, and what toSearchQuery writes is accepted by both', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const keys = Object.keys(VALUES) as SearchParamKey[];
    for (let round = 0; round < 2000; round++) {
      const query: Record<string, string> = {};
      for (const key of keys) if (random() < 0.2) query[key] = VALUES[key][Math.floor(random() * VALUES[key].length)]!;
      const { parserAccepts, zodAccepts } = verdicts(query);
      expect({ query, zodAccepts }).toEqual({ query, zodAccepts: parserAccepts });
      if (parserAccepts) {
        const written = toSearchQuery(parseSearchParams(query).params);
        expect(verdicts(written)).toEqual({ parserAccepts: true, zodAccepts: true });
      }
    }
  });
});
