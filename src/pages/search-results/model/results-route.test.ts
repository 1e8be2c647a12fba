import { parseSearchParams, toSearchQuery, type SearchParams } from '@domain/search';
import { describe, expect, it } from 'vitest';
import { firstPageHref, isIndexable, resultsHref, routeSearch, type ResultsRoute } from './results-route';
import { cleanSearch, toRouterSearch, validateResultsSearch } from './validate-search';
import { parseSeoSlug } from './seo-slug';

/** What the router does with an address: the path's route, the query as it reads it back. */
function reload(href: string, route: ResultsRoute): SearchParams {
  const url = new URL(href, 'http://x');
  return routeSearch(route, Object.fromEntries(url.searchParams));
}

const TOWN: ResultsRoute = { kind: 'town', sellType: 1, type: 'case', prov: 'milano', name: 'milano', istat: '015146' };
const PROVINCE: ResultsRoute = { kind: 'province', type: 'bilocali', prov: 'torino' };
const DISTRICT: ResultsRoute = { kind: 'district', type: 'case', area: 'porta-romana', id: 12 };
const SEO: ResultsRoute = {
  kind: 'seo',
  path: '/trovacase/affitto/bilocali/roma',
  fixed: { SearchType: 'town', Town: '058091', SellType: 2, Type: 'bilocali' },
};

describe('/ricerca', () => {
  it('takes the query as the search, and a changed search goes back to the same query', () => {
    const params = routeSearch(
      { kind: 'query' },
      { SearchType: 'town', Town: '015146', PriceMax: 300000, Sort: 'price-asc' },
    );
    expect(params).toMatchObject({
      SearchType: 'town',
      Town: '015146',
      PriceMax: 300000,
      Sort: 'price-asc',
      SellType: 1,
    });
    const href = resultsHref({ kind: 'query' }, params);
    expect(href).toBe('/ricerca?SearchType=town&Town=015146&PriceMax=300000&Sort=price-asc');
    expect(reload(href, { kind: 'query' })).toEqual(params);
  });

  it('drops the keys it cannot read and a range upside down, keeping the rest', () => {
    const params = cleanSearch({
      Town: '15146',
      PriceMin: 500000,
      PriceMax: 100000,
      RoomsMin: 'tre',
      Text: 'terrazzo',
    });
    expect(params.Town).toBeUndefined();
    expect(params.PriceMax).toBeUndefined();
    expect(params.PriceMin).toBe(500000);
    expect(params.RoomsMin).toBeUndefined();
    expect(params.Text).toBe('terrazzo');
    expect(parseSearchParams(toSearchQuery(params)).errors).toEqual({});
  });

  it('falls back to the whole of Italy when a search type lacks its place', () => {
    expect(cleanSearch({ SearchType: 'draw' }).SearchType).toBe('free');
  });

  it('is not indexed; the SEO addresses are', () => {
    expect(isIndexable({ kind: 'query' })).toBe(false);
    expect(isIndexable(TOWN)).toBe(true);
  });
});

describe('town pages', () => {
  it('read contract, type and ISTAT code from the path, and filters from the query', () => {
    const params = routeSearch(TOWN, { PriceMax: '300000', Town: '058091', SellType: '2' });
    expect(params).toMatchObject({ SearchType: 'town', Town: '015146', SellType: 1, Type: 'case', PriceMax: 300000 });
  });

  it('keep a filter on the same page, in its query, and round-trip', () => {
    const params: SearchParams = { ...routeSearch(TOWN, {}), PriceMax: 300000, RoomsMin: 2 };
    const href = resultsHref(TOWN, params);
    expect(href).toBe('/vendita/case/milano/milano/015146?PriceMax=300000&RoomsMin=2');
    expect(reload(href, TOWN)).toEqual(params);
  });

  it('turn to the rent page when the contract changes', () => {
    const params: SearchParams = { ...routeSearch(TOWN, {}), SellType: 2 };
    expect(resultsHref(TOWN, params)).toBe('/affitto/case/milano/milano/015146');
  });

  it('leave for /ricerca when the place changes (an area drawn on the map)', () => {
    const params: SearchParams = {
      ...routeSearch(TOWN, { PriceMax: '300000' }),
      SearchType: 'draw',
      Town: undefined,
      Polygon: [
        { latitude: 45.5, longitude: 9.1 },
        { latitude: 45.5, longitude: 9.2 },
        { latitude: 45.4, longitude: 9.2 },
      ],
    };
    delete params.Town;
    const href = resultsHref(TOWN, params);
    expect(href.startsWith('/ricerca?SearchType=draw&Polygon=')).toBe(true);
    expect(reload(href, { kind: 'query' })).toEqual(params);
  });
});

describe('province pages', () => {
  it('search the province for sale by default, rent when the query asks', () => {
    expect(routeSearch(PROVINCE, {})).toMatchObject({
      SearchType: 'province',
      Province: 'torino',
      Type: 'bilocali',
      SellType: 1,
    });
    expect(routeSearch(PROVINCE, { SellType: 2 }).SellType).toBe(2);
  });

  it('round-trip with their filters', () => {
    const params: SearchParams = { ...routeSearch(PROVINCE, {}), SellType: 2, Sort: 'newest', NewBuild: true };
    const href = resultsHref(PROVINCE, params);
    expect(href).toBe('/bilocali/torino?SellType=2&NewBuild=true&Sort=newest');
    expect(reload(href, PROVINCE)).toEqual(params);
  });
});

describe('district pages', () => {
  it('search the district by its id and round-trip', () => {
    const params: SearchParams = { ...routeSearch(DISTRICT, { Cursor: 'abc' }), SurfaceMin: 80 };
    expect(params).toMatchObject({ SearchType: 'district', District: 12, Cursor: 'abc' });
    const href = resultsHref(DISTRICT, params);
    expect(href).toBe('/case/porta-romana/12?SurfaceMin=80&Cursor=abc');
    expect(reload(href, DISTRICT)).toEqual(params);
    expect(firstPageHref(DISTRICT, params)).toBe('/case/porta-romana/12?SurfaceMin=80');
  });
});

describe('SEO pages (/trovacase)', () => {
  it('read contract, type, place and district from the slug', () => {
    expect(parseSeoSlug('vendita/case/milano')).toEqual({ sellType: 1, type: 'case', place: 'milano' });
    expect(parseSeoSlug('affitto/bilocali/roma/centro-storico')).toEqual({
      sellType: 2,
      type: 'bilocali',
      place: 'roma',
      district: 'centro-storico',
    });
    expect(parseSeoSlug('affitto/torino')).toEqual({ sellType: 2, place: 'torino' });
    expect(parseSeoSlug('vendita/case')).toEqual({ sellType: 1, type: 'case' });
  });

  it('refuse nonsense', () => {
    for (const slug of [
      '',
      'comprare/case/milano',
      'vendita/case/bilocali',
      'vendita/case/milano/centro/altro',
      'vendita/case/Milano!',
      'vendita/case/milano/vendita',
    ]) {
      expect(parseSeoSlug(slug)).toBeNull();
    }
  });

  it('keep filters on the SEO address and round-trip; a new contract leaves it', () => {
    const params: SearchParams = { ...routeSearch(SEO, { SellType: '1', PriceMax: '1200' }) };
    expect(params).toMatchObject({ SearchType: 'town', Town: '058091', SellType: 2, Type: 'bilocali', PriceMax: 1200 });
    const href = resultsHref(SEO, params);
    expect(href).toBe('/trovacase/affitto/bilocali/roma?PriceMax=1200');
    expect(reload(href, SEO)).toEqual(params);
    expect(
      resultsHref(SEO, { ...params, SellType: 1 }).startsWith('/ricerca?SearchType=town&Town=058091&Type=bilocali'),
    ).toBe(true);
  });
});

describe('the router form of a query', () => {
  it('keeps numbers as numbers, so the router writes them back unquoted, and codes with a leading zero as text', () => {
    expect(
      toRouterSearch({ Town: '015146', PriceMax: '300000', NewBuild: 'true', Polygon: '45.1,9.1;45.2,9.2;45.1,9.3' }),
    ).toEqual({
      Town: '015146',
      PriceMax: 300000,
      NewBuild: true,
      Polygon: '45.1,9.1;45.2,9.2;45.1,9.3',
    });
  });

  it('validates a route search the same way the page reads it', () => {
    expect(validateResultsSearch({ PriceMax: 300000, Bogus: 'x', RoomsMin: 99 })).toEqual({ PriceMax: 300000 });
  });
});
