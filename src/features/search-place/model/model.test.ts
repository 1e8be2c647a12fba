import { beforeEach, describe, expect, it } from 'vitest';
import { placeHref, type PlaceTarget } from './place-href';
import {
  RECENT_KEY,
  RECENT_MAX,
  clearRecentPlaces,
  readRecentPlaces,
  rememberPlace,
  type RecentPlace,
} from './recent-places';
import { bestMatch, groupPlaces } from './suggestions';

const town = (id: string, name: string, main = false) => ({
  Kind: 'town' as const,
  Id: id,
  Name: name,
  Detail: null,
  Slug: name.toLowerCase(),
  ProvinceSlug: 'p',
  Params: { SearchType: 'town', Town: id },
  IsMainTown: main,
});

describe('placeHref', () => {
  const province: PlaceTarget = {
    Kind: 'province',
    Id: 'milano',
    Slug: 'milano',
    ProvinceSlug: 'milano',
    Params: { SearchType: 'province', Province: 'milano' },
  };
  const region: PlaceTarget = {
    Kind: 'region',
    Id: 'lombardia',
    Slug: null,
    ProvinceSlug: null,
    Params: { SearchType: 'region', Region: 'lombardia' },
  };

  it('opens a town at its SEO address, in the contract and type asked', () => {
    expect(placeHref(town('015146', 'Milano'), { sellType: 1, type: 'case' })).toBe('/vendita/case/p/milano/015146');
    expect(placeHref(town('015146', 'Milano'), { sellType: 2, type: 'trilocali' })).toBe(
      '/affitto/trilocali/p/milano/015146',
    );
  });

  it('opens a province at /{type}/{province}, rent in the query; a region on /ricerca', () => {
    expect(placeHref(province, { sellType: 1, type: 'case' })).toBe('/case/milano');
    expect(placeHref(province, { sellType: 2, type: 'case' })).toBe('/case/milano?SellType=2');
    expect(placeHref(region, { sellType: 1, type: 'case' })).toBe(
      '/ricerca?SearchType=region&Region=lombardia&Type=case',
    );
  });

  it('falls back to /ricerca for a town without its slugs', () => {
    expect(placeHref({ ...town('015146', 'Milano'), Slug: null }, { sellType: 1, type: 'case' })).toBe(
      '/ricerca?SearchType=town&Town=015146&Type=case',
    );
  });
});

describe('groupPlaces and bestMatch', () => {
  it('puts main towns first among the towns, keeping the order of the rest', () => {
    const groups = groupPlaces([
      town('1', 'Carpi'),
      town('2', 'Carrara'),
      town('3', 'Carbonia', true),
      { ...town('4', 'x'), Kind: 'district', Name: 'Carmine' },
    ]);
    expect(groups.map((g) => [g.id, g.options.map((o) => o.Name)])).toEqual([
      ['towns', ['Carbonia', 'Carpi', 'Carrara']],
      ['districts', ['Carmine']],
    ]);
  });

  it('prefers the place named as typed, whatever its accents and case', () => {
    const places = [town('1', 'Forlimpopoli', true), town('2', 'Forlì')];
    expect(bestMatch('  forli ', places)?.Name).toBe('Forlì');
    expect(bestMatch('forl', places)?.Name).toBe('Forlimpopoli');
    expect(bestMatch('zzz', [])).toBeUndefined();
  });
});

describe('recent places', () => {
  beforeEach(() => window.localStorage.clear());
  const recent = (id: string): RecentPlace => ({ ...town(id, `T${id}`) });

  it(`keeps the newest ${RECENT_MAX}, a place once, and forgets them all on request`, () => {
    for (const id of ['1', '2', '3', '4', '5', '6']) rememberPlace(recent(id));
    rememberPlace(recent('3'));
    expect(readRecentPlaces().map((p) => p.Id)).toEqual(['3', '6', '5', '4', '2']);
    // Only what leads back to the place is kept.
    expect(Object.keys(JSON.parse(window.localStorage.getItem(RECENT_KEY)!)[0]).sort()).toEqual([
      'Detail',
      'Id',
      'Kind',
      'Name',
      'Params',
      'ProvinceSlug',
      'Slug',
    ]);
    clearRecentPlaces();
    expect(readRecentPlaces()).toEqual([]);
  });

  it('ignores what it cannot read', () => {
    window.localStorage.setItem(RECENT_KEY, 'not json');
    expect(readRecentPlaces()).toEqual([]);
    window.localStorage.setItem(
      RECENT_KEY,
      JSON.stringify([{ Kind: 'planet', Id: '1', Name: 'Marte' }, recent('7'), 42]),
    );
    expect(readRecentPlaces().map((p) => p.Id)).toEqual(['7']);
  });
});
