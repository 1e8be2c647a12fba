import { SEARCH_FILTER_KEYS, type SearchParams } from '@domain/search';
import { describe, expect, it } from 'vitest';
import { wideningsOf } from './widen';

const base: SearchParams = { SearchType: 'town', SellType: 1, Sort: 'relevance', Town: '015146' };

describe('wideningsOf', () => {
  it('offers the search without its price, the whole province and without any filter', () => {
    const params: SearchParams = { ...base, PriceMax: 100000, RoomsMin: 3, Cursor: 'x' };
    const offers = wideningsOf(params, { province: 'milano' });
    expect(offers.map((o) => o.kind)).toEqual(['removePrice', 'wholeProvince', 'removeAll']);
    expect(offers[0].params).toEqual({ ...base, RoomsMin: 3 });
    expect(offers[1].params).toEqual({
      SearchType: 'province',
      SellType: 1,
      Sort: 'relevance',
      Province: 'milano',
      PriceMax: 100000,
      RoomsMin: 3,
    });
    expect(offers[2].params).toEqual(base);
  });

  it('doubles a radius, up to the limit', () => {
    const circle: SearchParams = {
      SearchType: 'circle',
      SellType: 1,
      Sort: 'relevance',
      Lat: 45,
      Lng: 9,
      Radius: 3000,
    };
    expect(wideningsOf(circle)[0]).toMatchObject({ kind: 'widenRadius', km: 6, params: { Radius: 6000 } });
    expect(wideningsOf({ ...circle, Radius: 100_000 }).some((o) => o.kind === 'widenRadius')).toBe(false);
  });

  it("drops each of the domain's filters, the type slug and the map's view, and nothing else, without any filter", () => {
    const view = { Bounds: { south: 45, west: 9, north: 45.1, east: 9.1 }, Zoom: 13 };
    for (const key of SEARCH_FILTER_KEYS) {
      const params = { ...base, ...view, Type: 'bilocali', [key]: 1 } as SearchParams;
      expect(wideningsOf(params).find((o) => o.kind === 'removeAll')?.params, key).toEqual(base);
    }
  });

  it('offers nothing for a search without filters in Italy', () => {
    expect(wideningsOf({ SearchType: 'free', SellType: 1, Sort: 'relevance' })).toEqual([]);
  });
});
