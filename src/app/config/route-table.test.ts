import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, isNotFound, type AnyRoute } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_TYPE, HOME_TYPES, type HomeType } from '@/shared/lib/home-type';
import { routeTree } from '../route-tree.gen';
import { createSessionViewStore } from '@/entities/session';
import { createStaticI18n } from '@/shared/i18n';
import { createAppRouter } from '../router';
import type { RexerStaticData } from './route-static-data';

// The route table of docs/spec.md §2, walked from the generated tree: every page declares
// the home types it accepts, and the ones the spec brackets accept exactly those.

interface Row {
  /** The route id, as the router builds it ('/_authenticated/myrexer/profilo'). */
  id: string;
  /** The URL path without a trailing slash ('/' for the root and the chooser). */
  path: string;
  staticData: RexerStaticData;
  hasComponent: boolean;
  /** The ids of the layouts above the route, root first. */
  ancestors: string[];
  /** A layout: it has child routes (a wizard's layout draws the wizard for all its URLs). */
  isLayout: boolean;
}

const ROOT_ID = '__root__';
const clean = (path: string) => path.replace(/\/{2,}/g, '/');
const trimEnd = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

/** Every route of the tree, with its id and path computed as the router does (no router needed). */
function walk(route: AnyRoute, parent?: { id: string; fullPath: string; ancestors: string[] }): Row[] {
  const options = route.options as { id?: string; path?: string; component?: unknown; staticData?: RexerStaticData };
  const id = parent ? clean(`${parent.id === ROOT_ID ? '' : parent.id}/${options.id ?? options.path ?? ''}`) : ROOT_ID;
  const fullPath = parent
    ? options.path === undefined
      ? parent.fullPath
      : clean(`${parent.fullPath}/${options.path}`)
    : '/';
  const ancestors = parent ? [...parent.ancestors, parent.id] : [];
  const children = (route.children ?? []) as AnyRoute[];
  const row: Row = {
    id,
    path: trimEnd(fullPath),
    staticData: options.staticData ?? {},
    hasComponent: Boolean(options.component),
    ancestors,
    isLayout: children.length > 0,
  };
  return [row, ...children.flatMap((child) => walk(child, { id, fullPath, ancestors }))];
}

const rows = walk(routeTree as unknown as AnyRoute);
const pages = rows.filter((row) => row.id !== ROOT_ID);
/** The page at a path (not a layout that shares it). */
const byPath = (path: string): Row => {
  const found = pages.filter((row) => row.path === path && row.hasComponent && !row.isLayout);
  expect(found, path).toHaveLength(1);
  return found[0];
};
const accepted = (path: string) => [...(byPath(path).staticData.homeTypes ?? [])].sort();
const types = (...list: HomeType[]) => [...list].sort();
const { UNDEFINED, SELLER, BUYER, LANDLORD, RENTER } = HOME_TYPE;
const AUTHENTICATED = '/_authenticated';
const underLogin = (row: Row) => row.ancestors.includes(AUTHENTICATED);

describe('the route table', () => {
  it('is the whole generated tree: one route per route file', () => {
    // The files are only listed, not loaded: a file missing from the tree means a stale route-tree.gen.ts.
    const routeFiles = Object.keys(import.meta.glob('../routes/**/*.tsx'));
    expect(routeFiles.length).toBeGreaterThan(80);
    expect(rows[0].id).toBe(ROOT_ID);
    expect(rows).toHaveLength(routeFiles.length);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  });

  it('declares the accepted home types on every route with a component (and on the layouts)', () => {
    const withComponent = rows.filter((row) => row.hasComponent);
    // All but /healthcheck, which only hands the navigation back to the server, and the tracked
    // document link, whose loader sends the browser to the file (or the not-found page).
    expect(rows.filter((row) => !row.hasComponent).map((row) => row.path)).toEqual([
      '/healthcheck',
      '/route/RouteLink',
    ]);
    expect(withComponent.length).toBeGreaterThan(0);
    const missing = rows
      .filter((row) => !row.staticData.homeTypes || row.staticData.homeTypes.length === 0)
      .map((row) => row.id);
    expect(missing).toEqual([]);
  });

  it('accepts only known home types, and a declared default is one of them', () => {
    for (const row of rows) {
      const { homeTypes = [], defaultHomeType } = row.staticData;
      expect(
        homeTypes.every((type) => HOME_TYPES.includes(type)),
        row.id,
      ).toBe(true);
      expect(new Set(homeTypes).size, row.id).toBe(homeTypes.length);
      if (defaultHomeType !== undefined) expect(homeTypes, row.id).toContain(defaultHomeType);
    }
  });

  it('holds every path of the spec', () => {
    const paths = [
      '/',
      '/trovacase/$',
      '/login/LoginLink',
      '/login/AutoLogin/$tokenparam',
      '/visualizzamail',
      '/error',
      '/genericerror',
      '/toomanyrequest',
      '/comprocasa',
      '/vendocasa',
      '/affittocasa',
      '/trovocasa',
      '/comprocasa/$type',
      '/vendocasa/$type',
      '/affittocasa/$type',
      '/trovocasa/$type',
      '/comprocasa/$type/$provincia/comuni',
      '/trovocasa/$type/$provincia/comuni',
      '/terminiecondizioni',
      '/privacy',
      '/chisiamo',
      '/diconodinoi',
      '/contatti',
      '/faq',
      '/faq/vendocasa',
      '/faq/comprocasa',
      '/faq/affittocasa',
      '/faq/trovocasa',
      '/comefunziona',
      '/comefunziona/vendocasa',
      '/comefunziona/comprocasa',
      '/comefunziona/affittocasa',
      '/comefunziona/trovocasa',
      '/immobile/$id',
      '/nuovecostruzioni/$id',
      '/registrazione',
      '/registrazionetelefonosocial',
      '/mailconfermata/$token',
      '/mailnonconfermata/$email',
      '/ricerca',
      '/vendita/$type/$prov/$name/$id',
      '/affitto/$type/$prov/$name/$id',
      '/$type/$area/$id',
      '/$type/$prov',
      '/myrexer/profilo',
      '/myrexer/preferiti',
      '/myrexer/appuntamenti',
      '/myrexer/appuntamenti/$type',
      '/myrexer/messaggi',
      '/myrexer/ricerche',
      '/myrexer/valutazioni',
      '/myrexer/annunci',
      '/myrexer/annunci/$type',
      '/myrexer/annuncio/$id',
      '/myrexer/annuncio/$id/$type',
      '/myrexer/annuncio/$id/$type/$serviceid',
      '/annuncio/vendocasa',
      '/annuncio/vendocasa/$id',
      '/annuncio/vendocasa/$id/$gotostep',
      '/annuncio/vendocasa/$id/$gotostep/$orderid',
      '/annuncio/affittocasa',
      '/annuncio/affittocasa/$id',
      '/annuncio/affittocasa/$id/$gotostep',
      '/annuncio/affittocasa/$id/$gotostep/$orderid',
      '/vendutogarantito',
      '/agenzie/comprocasa',
      '/agenzie/vendocasa',
      '/agenzie/$name',
      '/agenzie/$name/$type',
      '/recuperaPassword/$token',
      '/inserisciPassword/$token',
      '/valutocasa',
      '/valutocasa/citta/$city',
      '/valutocasa/$id',
      '/eliminaricerca/$id',
    ];
    for (const path of paths) byPath(path);
    // /healthcheck belongs to the server: the route only hands the navigation back to it; the
    // tracked document link only leaves for the file.
    expect(pages.find((row) => row.path === '/healthcheck')).toBeDefined();
    expect(pages.find((row) => row.path === '/route/RouteLink')).toBeDefined();
  });

  it('gives the chooser to the undefined type and each landing to its own type', () => {
    expect(accepted('/')).toEqual([UNDEFINED]);
    expect(accepted('/comprocasa')).toEqual([BUYER]);
    expect(accepted('/vendocasa')).toEqual([SELLER]);
    expect(accepted('/affittocasa')).toEqual([LANDLORD]);
    expect(accepted('/trovocasa')).toEqual([RENTER]);
  });

  it('accepts the bracketed types of the spec', () => {
    expect(accepted('/ricerca')).toEqual(types(BUYER, RENTER));
    expect(accepted('/eliminaricerca/$id')).toEqual(types(BUYER, RENTER));
    expect(accepted('/myrexer/valutazioni')).toEqual(types(SELLER, BUYER));
    expect(accepted('/myrexer/annunci')).toEqual(types(SELLER, LANDLORD));
    expect(accepted('/myrexer/annunci/$type')).toEqual(types(SELLER, LANDLORD));
    expect(accepted('/vendutogarantito')).toEqual([SELLER]);
    for (const path of ['/agenzie/comprocasa', '/agenzie/vendocasa', '/agenzie/$name', '/agenzie/$name/$type']) {
      expect(accepted(path), path).toEqual(types(SELLER, BUYER));
    }
    for (const path of ['/valutocasa', '/valutocasa/citta/$city', '/valutocasa/$id'])
      expect(accepted(path), path).toEqual(types(SELLER, BUYER));
  });

  it('opens the listing wizard to owners: the sale path to sellers, and to both kinds for edit-by-id; the rent path to landlords', () => {
    expect(accepted('/annuncio/vendocasa')).toEqual([SELLER]);
    for (const path of [
      '/annuncio/vendocasa/$id',
      '/annuncio/vendocasa/$id/$gotostep',
      '/annuncio/vendocasa/$id/$gotostep/$orderid',
    ]) {
      expect(accepted(path), path).toEqual(types(SELLER, LANDLORD));
    }
    for (const path of [
      '/annuncio/affittocasa',
      '/annuncio/affittocasa/$id',
      '/annuncio/affittocasa/$id/$gotostep',
      '/annuncio/affittocasa/$id/$gotostep/$orderid',
    ]) {
      expect(accepted(path), path).toEqual([LANDLORD]);
    }
  });

  it('puts MyRexer behind the login layout, except the favourites, which anonymous visitors may see', () => {
    const layout = rows.find((row) => row.id === AUTHENTICATED);
    expect(layout?.staticData.requiresLogin).toBe(true);
    for (const path of [
      '/myrexer/profilo',
      '/myrexer/appuntamenti',
      '/myrexer/appuntamenti/$type',
      '/myrexer/messaggi',
      '/myrexer/ricerche',
      '/myrexer/valutazioni',
      '/myrexer/annunci',
      '/myrexer/annunci/$type',
      '/myrexer/annuncio/$id',
      '/myrexer/annuncio/$id/$type',
      '/myrexer/annuncio/$id/$type/$serviceid',
    ]) {
      expect(underLogin(byPath(path)), path).toBe(true);
    }
    const favourites = byPath('/myrexer/preferiti');
    expect(underLogin(favourites)).toBe(false);
    expect(favourites.staticData.requiresLogin).toBeFalsy();
  });

  it('says requiresLogin on exactly the routes under the login layout', () => {
    const under = pages.filter(underLogin);
    expect(under.length).toBeGreaterThan(10);
    expect(under.filter((row) => row.staticData.requiresLogin !== true).map((row) => row.id)).toEqual([]);
    const claimingOutside = pages.filter(
      (row) => row.staticData.requiresLogin && !underLogin(row) && row.id !== AUTHENTICATED,
    );
    expect(claimingOutside.map((row) => row.id)).toEqual([]);
  });

  it('opens the SEO footer on map-search pages only, and never for new builds', () => {
    const expanded = pages.filter((row) => row.staticData.footerSeo === 'expanded').map((row) => row.path);
    expect(expanded.sort()).toEqual(
      [
        '/$type/$area/$id',
        '/$type/$prov',
        '/affitto/$type/$prov/$name/$id',
        '/ricerca',
        '/trovacase/$',
        '/vendita/$type/$prov/$name/$id',
      ].sort(),
    );
    expect(byPath('/nuovecostruzioni/$id').staticData.source).toBe('costruzioni');
  });
});

// The real router, loaded without rendering: guards and the home-type switch of the root.
describe('the app router', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } })),
    );
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    document.cookie = 'rexer_home_option=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function load(path: string, session?: { isLoggedIn: boolean }) {
    const record = session?.isLoggedIn
      ? { username: 'giulia@rexer.example', isConfirmed: true, termsPrivacy: true, silent: false }
      : null;
    const router = createAppRouter({
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      history: createMemoryHistory({ initialEntries: [path] }),
      i18n: createStaticI18n({}),
      siteOrigin: 'https://www.rexer.test',
      cookies: document,
      sessionStore: createSessionViewStore(() => record),
    });
    await router.load();
    return router;
  }
  const cookie = () => document.cookie.match(/rexer_home_option=(\d)/)?.[1];

  it('sends an anonymous visitor of a MyRexer page to the home page with the login request and the way back', async () => {
    const router = await load('/myrexer/profilo');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toMatchObject({ login: 1, redirect: '/myrexer/profilo' });
  });

  it("keeps the visitor's mode: a seller goes to the sellers' home to log in", async () => {
    document.cookie = 'rexer_home_option=1; path=/';
    const router = await load('/myrexer/profilo');
    expect(router.state.location.pathname).toBe('/vendocasa');
    expect(new URLSearchParams(router.state.location.searchStr).get('redirect')).toBe('/myrexer/profilo');
    expect(cookie()).toBe('1');
  });

  it('lets a logged-in visitor stay on a MyRexer page', async () => {
    const router = await load('/myrexer/profilo', { isLoggedIn: true });
    expect(router.state.location.pathname).toBe('/myrexer/profilo');
  });

  it('lets an anonymous visitor see the favourites page', async () => {
    const router = await load('/myrexer/preferiti');
    expect(router.state.location.pathname).toBe('/myrexer/preferiti');
  });

  it('switches a buyer who opens the seller landing to seller, and keeps a seller on a content page', async () => {
    document.cookie = 'rexer_home_option=2; path=/';
    await load('/vendocasa');
    expect(cookie()).toBe('1');
    await load('/chisiamo');
    expect(cookie()).toBe('1');
  });

  it('uses the page default when the type is not accepted: a landlord on /ricerca becomes a buyer', async () => {
    document.cookie = 'rexer_home_option=3; path=/';
    await load('/ricerca');
    expect(cookie()).toBe('2');
  });

  it('writes the cookie for a first visit: undefined on the chooser', async () => {
    await load('/');
    expect(cookie()).toBe('0');
  });

  it('answers a malformed path with the 404, not the error page', async () => {
    const router = await load('/immobile/non-un-numero');
    // The root shows its not-found page for the params that do not fit.
    expect(router.state.matches.some((match) => isNotFound(match.error))).toBe(true);
    // Well-formed params of a page that loads no data here are no 404 (the listing's own
    // 404 comes from its API answer, tested with the page).
    expect((await load('/mailconfermata/abc123')).state.matches.some((match) => isNotFound(match.error))).toBe(false);
  });
});
