import type { AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { HOME_TYPE, HOME_TYPES, type HomeType } from '@/shared/lib/home-type';
import common from '../../../locales/it/common.json';
import { routeTree } from '../route-tree.gen';
import { ACCEPTS } from './route-static-data';
import {
  FOOTER_MENUS,
  HEADER_MENUS,
  headerMenuTypeFor,
  userMenuFor,
  type HeaderMenuType,
  type MenuItem,
} from './menus';

const { UNDEFINED, SELLER, BUYER, LANDLORD, RENTER } = HOME_TYPE;

/** What an entry leads to: a path, the action's name, or the external link's name. */
const target = (item: MenuItem) => (item.kind === 'link' ? item.to : item.kind === 'action' ? item.action : item.href);
const targets = (items: readonly MenuItem[]) => items.map(target);
const labels = (items: readonly MenuItem[]) => items.map((item) => item.label);

/** The URL paths of the generated route tree, without trailing slashes. */
function routePaths(route: AnyRoute, parentPath = ''): string[] {
  const path = (route.options as { path?: string }).path;
  const fullPath = path === undefined ? parentPath : `${parentPath}/${path}`.replace(/\/{2,}/g, '/');
  const own = fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath || '/';
  return [own, ...((route.children ?? []) as AnyRoute[]).flatMap((child) => routePaths(child, fullPath))];
}
const ROUTE_PATHS = new Set(routePaths(routeTree as unknown as AnyRoute));

/** A key of the common namespace, e.g. 'menu.aboutUs'. */
const translation = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], common);

describe('header menus (docs/spec.md §2, "Header menus by user type")', () => {
  it('list exactly the entries of each menu type, in order, with their targets', () => {
    expect(Object.keys(HEADER_MENUS).sort()).toEqual([
      'BUYER',
      'BUYER_RENTER',
      'LANDLORD',
      'RENTER',
      'SELLER',
      'SELLER_LANDLORD',
    ]);
    expect(targets(HEADER_MENUS.BUYER_RENTER)).toEqual(['/comefunziona', '/chisiamo', '/valutocasa']);
    expect(targets(HEADER_MENUS.BUYER)).toEqual([
      '/comprocasa',
      '/comefunziona/comprocasa',
      '/chisiamo',
      '/agenzie/comprocasa',
      'freeValuation',
    ]);
    expect(targets(HEADER_MENUS.RENTER)).toEqual([
      '/trovocasa',
      '/comefunziona/trovocasa',
      '/chisiamo',
      '/faq/trovocasa',
    ]);
    expect(targets(HEADER_MENUS.SELLER)).toEqual([
      '/comefunziona/vendocasa',
      '/chisiamo',
      '/agenzie/vendocasa',
      'freeValuation',
      '/annuncio/vendocasa',
    ]);
    expect(targets(HEADER_MENUS.LANDLORD)).toEqual([
      '/comefunziona/affittocasa',
      '/chisiamo',
      '/faq/affittocasa',
      '/annuncio/affittocasa',
    ]);
    expect(targets(HEADER_MENUS.SELLER_LANDLORD)).toEqual([
      '/comefunziona',
      '/valutocasa',
      '/annuncio/vendocasa',
      '/annuncio/affittocasa',
    ]);
  });

  it('name the entries as the spec does', () => {
    expect(labels(HEADER_MENUS.BUYER_RENTER)).toEqual(['menu.howItWorks', 'menu.aboutUs', 'menu.homeValuation']);
    expect(labels(HEADER_MENUS.BUYER)).toEqual([
      'menu.search',
      'menu.howItWorks',
      'menu.aboutUs',
      'menu.agencies',
      'menu.freeValuation',
    ]);
    expect(labels(HEADER_MENUS.RENTER)).toEqual(['menu.search', 'menu.howItWorks', 'menu.aboutUs', 'menu.faq']);
    expect(labels(HEADER_MENUS.SELLER)).toEqual([
      'menu.howItWorks',
      'menu.aboutUs',
      'menu.agencies',
      'menu.freeValuation',
      'menu.createListing',
    ]);
    expect(labels(HEADER_MENUS.LANDLORD)).toEqual([
      'menu.howItWorks',
      'menu.aboutUs',
      'menu.faq',
      'menu.createListing',
    ]);
    expect(labels(HEADER_MENUS.SELLER_LANDLORD)).toEqual([
      'menu.howItWorks',
      'menu.valuation',
      'menu.createListingSale',
      'menu.createListingRent',
    ]);
  });

  it('make the free valuation an action with no URL of its own', () => {
    for (const type of ['BUYER', 'SELLER'] as const) {
      const entry = HEADER_MENUS[type].find((item) => item.id === 'free-valuation');
      expect(entry, type).toMatchObject({ kind: 'action', action: 'freeValuation' });
      expect(entry && 'to' in entry, type).toBe(false);
    }
  });

  it('give every entry of a menu its own id, and link only to routes of the table', () => {
    for (const [type, items] of Object.entries(HEADER_MENUS)) {
      expect(new Set(items.map((item) => item.id)).size, type).toBe(items.length);
      for (const item of items)
        if (item.kind === 'link') expect(ROUTE_PATHS.has(item.to), `${type} ${item.to}`).toBe(true);
    }
  });
});

describe('headerMenuTypeFor', () => {
  it('gives the undefined type the buyer-and-renter menu, on any page', () => {
    expect(headerMenuTypeFor(UNDEFINED)).toBe('BUYER_RENTER');
    expect(headerMenuTypeFor(UNDEFINED, ACCEPTS.chooser)).toBe('BUYER_RENTER');
    expect(headerMenuTypeFor(UNDEFINED, ACCEPTS.owners)).toBe('BUYER_RENTER');
  });

  it('gives each known type its own menu on ordinary pages', () => {
    const cases: [HomeType, readonly HomeType[], HeaderMenuType][] = [
      [BUYER, ACCEPTS.seekers, 'BUYER'],
      [RENTER, ACCEPTS.seekers, 'RENTER'],
      [SELLER, ACCEPTS.seller, 'SELLER'],
      [SELLER, ACCEPTS.sellerBuyer, 'SELLER'],
      [LANDLORD, ACCEPTS.landlord, 'LANDLORD'],
      [LANDLORD, ACCEPTS.all, 'LANDLORD'],
      [SELLER, [], 'SELLER'],
      [BUYER, ACCEPTS.owners, 'BUYER'],
    ];
    for (const [type, accepted, menu] of cases)
      expect(headerMenuTypeFor(type, accepted), `${type} on [${accepted.join()}]`).toBe(menu);
  });

  it('gives a seller or a landlord on a page for owners only both create-listing entries', () => {
    expect(headerMenuTypeFor(SELLER, ACCEPTS.owners)).toBe('SELLER_LANDLORD');
    expect(headerMenuTypeFor(LANDLORD, ACCEPTS.owners)).toBe('SELLER_LANDLORD');
    expect(headerMenuTypeFor(SELLER, [LANDLORD, SELLER])).toBe('SELLER_LANDLORD');
    // A page that also accepts a seeker is not for owners only.
    expect(headerMenuTypeFor(SELLER, [SELLER, LANDLORD, BUYER])).toBe('SELLER');
    expect(headerMenuTypeFor(LANDLORD, [SELLER, LANDLORD, RENTER])).toBe('LANDLORD');
  });
});

describe('footer menus', () => {
  it('have two columns for every type', () => {
    expect(Object.keys(FOOTER_MENUS).map(Number).sort()).toEqual([...HOME_TYPES].sort());
    for (const type of HOME_TYPES) {
      const columns = FOOTER_MENUS[type];
      expect(columns, String(type)).toHaveLength(2);
      for (const column of columns) expect(column.items.length, `${type} ${column.id}`).toBeGreaterThan(0);
      expect(columns[0].id).not.toBe(columns[1].id);
    }
  });

  it('give the undefined type the four entry links', () => {
    expect(targets(FOOTER_MENUS[UNDEFINED][0].items)).toEqual([
      '/vendocasa',
      '/comprocasa',
      '/affittocasa',
      '/trovocasa',
    ]);
  });

  it('link every type to about us, reviews, contact, house of music and the external blog', () => {
    for (const type of HOME_TYPES) {
      const all = FOOTER_MENUS[type].flatMap((column) => targets(column.items));
      expect(all, String(type)).toEqual(
        expect.arrayContaining(['/chisiamo', '/diconodinoi', '/contatti', '/houseofmusic', 'blog']),
      );
      expect(
        FOOTER_MENUS[type].flatMap((column) => column.items).find((item) => item.kind === 'external'),
      ).toMatchObject({ href: 'blog' });
    }
  });

  it('link each type to its how it works and FAQ, and the types with one to search, valuation and agencies', () => {
    const all = (type: HomeType) => FOOTER_MENUS[type].flatMap((column) => targets(column.items));
    expect(all(UNDEFINED)).toEqual(expect.arrayContaining(['/comefunziona', '/faq']));
    expect(all(BUYER)).toEqual(
      expect.arrayContaining([
        '/ricerca',
        '/agenzie/comprocasa',
        '/valutocasa',
        '/comefunziona/comprocasa',
        '/faq/comprocasa',
      ]),
    );
    expect(all(RENTER)).toEqual(expect.arrayContaining(['/ricerca', '/comefunziona/trovocasa', '/faq/trovocasa']));
    expect(all(SELLER)).toEqual(
      expect.arrayContaining(['/valutocasa', '/agenzie/vendocasa', '/comefunziona/vendocasa', '/faq/vendocasa']),
    );
    expect(all(LANDLORD)).toEqual(
      expect.arrayContaining(['/valutocasa', '/comefunziona/affittocasa', '/faq/affittocasa']),
    );
  });

  it('link only to routes of the table', () => {
    let links = 0;
    for (const type of HOME_TYPES) {
      for (const column of FOOTER_MENUS[type]) {
        for (const item of column.items) {
          if (item.kind !== 'link') continue;
          links++;
          expect(ROUTE_PATHS.has(item.to), `${type} ${item.to}`).toBe(true);
        }
      }
    }
    expect(links).toBeGreaterThan(30);
    expect(ROUTE_PATHS.has('/non-esiste')).toBe(false);
  });
});

describe('menu texts', () => {
  it('are keys of the common namespace with an Italian text', () => {
    const items = [
      ...Object.values(HEADER_MENUS).flat(),
      ...HOME_TYPES.flatMap((type) => FOOTER_MENUS[type].flatMap((column) => column.items)),
    ];
    const keys = [
      ...items.map((item) => item.label),
      ...HOME_TYPES.flatMap((type) => FOOTER_MENUS[type].map((column) => column.title)),
    ];
    const missing = [...new Set(keys)].filter(
      (key) => typeof translation(key) !== 'string' || (translation(key) as string).trim() === '',
    );
    expect(missing).toEqual([]);
  });
});

describe('userMenuFor', () => {
  it('offers every page of the account whatever the page, the side of the market it is for first', () => {
    const owner = [
      '/myrexer/profilo',
      '/myrexer/annunci',
      '/myrexer/valutazioni',
      '/myrexer/appuntamenti',
      '/myrexer/messaggi',
      '/myrexer/preferiti',
      '/myrexer/ricerche',
    ];
    const seeker = [
      '/myrexer/profilo',
      '/myrexer/appuntamenti',
      '/myrexer/preferiti',
      '/myrexer/ricerche',
      '/myrexer/messaggi',
      '/myrexer/annunci',
      '/myrexer/valutazioni',
    ];
    for (const type of [SELLER, LANDLORD]) expect(targets(userMenuFor(type))).toEqual(owner);
    for (const type of [BUYER, RENTER, UNDEFINED]) expect(targets(userMenuFor(type))).toEqual(seeker);
    for (const type of HOME_TYPES) {
      for (const item of userMenuFor(type)) {
        expect(translation(item.label), item.label).toEqual(expect.any(String));
        if (item.kind === 'link') expect(ROUTE_PATHS.has(item.to), item.to).toBe(true);
      }
    }
    expect(ACCEPTS.sellerBuyer).toEqual([SELLER, BUYER]);
  });
});
