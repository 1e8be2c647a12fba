import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, isNotFound, type AnyRoute } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_TYPE, type HomeType } from '@/shared/lib/home-type';
import { createAppRouter } from '../router';
import type { RexerStaticData } from './route-static-data';

// The route table of spec section 2, walked from the generated tree: every page declares
// the home types it accepts, and the ones the spec brackets accept exactly those.

interface Row {
  fullPath: string;
  id: string;
  staticData: RexerStaticData;
  hasComponent: boolean;
}

// Creating the router initialises the routes (ids and full paths).
const tableRouter = createAppRouter({ queryClient: new QueryClient(), history: createMemoryHistory({ initialEntries: ['/'] }) });
const rows: Row[] = Object.values(tableRouter.routesById as unknown as Record<string, AnyRoute>).map((route) => ({
  fullPath: route.fullPath,
  id: route.id,
  staticData: (route.options.staticData ?? {}) as RexerStaticData,
  hasComponent: Boolean(route.options.component),
}));
const byPath = (path: string) => {
  const found = rows.filter((row) => row.id !== '__root__' && (row.fullPath === path || row.fullPath === `${path}/`));
  expect(found.length, path).toBeGreaterThan(0);
  // The page itself: its id is the path, unless it sits under a pathless layout.
  const exact = found.find((row) => row.id === path || row.id === `${path}/`);
  if (exact) return exact;
  return [...found].sort((a, b) => b.id.length - a.id.length)[0];
};
const accepted = (path: string) => [...(byPath(path).staticData.homeTypes ?? [])].sort();
const types = (...list: HomeType[]) => [...list].sort();
const { UNDEFINED, SELLER, BUYER, LANDLORD, RENTER } = HOME_TYPE;

describe('the route table', () => {
  it('declares the accepted home types on every route', () => {
    const missing = rows.filter((row) => !row.staticData.homeTypes || row.staticData.homeTypes.length === 0).map((row) => row.id);
    expect(missing).toEqual([]);
  });

  it('holds every path of the spec', () => {
    const paths = [
      '/', '/trovacase/$', '/route/RouteLink', '/login/LoginLink', '/login/AutoLogin/$tokenparam', '/visualizzamail',
      '/error', '/genericerror', '/healthcheck', '/toomanyrequest',
      '/comprocasa', '/vendocasa', '/affittocasa', '/trovocasa', '/comprocasa/$type', '/vendocasa/$type', '/affittocasa/$type', '/trovocasa/$type',
      '/comprocasa/$type/$provincia/comuni', '/trovocasa/$type/$provincia/comuni',
      '/terminiecondizioni', '/privacy', '/chisiamo', '/diconodinoi', '/contatti',
      '/faq', '/faq/vendocasa', '/faq/comprocasa', '/faq/affittocasa', '/faq/trovocasa',
      '/comefunziona', '/comefunziona/vendocasa', '/comefunziona/comprocasa', '/comefunziona/affittocasa', '/comefunziona/trovocasa',
      '/immobile/$id', '/nuovecostruzioni/$id', '/registrazione', '/registrazionetelefonosocial', '/mailconfermata/$token', '/mailnonconfermata/$email',
      '/ricerca', '/vendita/$type/$prov/$name/$id', '/affitto/$type/$prov/$name/$id', '/$type/$area/$id', '/$type/$prov',
      '/myrexer/profilo', '/myrexer/preferiti', '/myrexer/appuntamenti', '/myrexer/appuntamenti/$type', '/myrexer/messaggi', '/myrexer/ricerche',
      '/myrexer/valutazioni', '/myrexer/annunci', '/myrexer/annunci/$type', '/myrexer/annuncio/$id', '/myrexer/annuncio/$id/$type', '/myrexer/annuncio/$id/$type/$serviceid',
      '/annuncio/vendocasa', '/annuncio/vendocasa/$id', '/annuncio/vendocasa/$id/$gotostep', '/annuncio/vendocasa/$id/$gotostep/$orderid',
      '/annuncio/affittocasa', '/annuncio/affittocasa/$id', '/annuncio/affittocasa/$id/$gotostep', '/annuncio/affittocasa/$id/$gotostep/$orderid',
      '/vendutogarantito', '/agenzie/comprocasa', '/agenzie/vendocasa', '/agenzie/$name', '/agenzie/$name/$type',
      '/recuperaPassword/$token', '/inserisciPassword/$token', '/valutocasa', '/valutocasa/citta/$city', '/valutocasa/$id', '/eliminaricerca/$id',
    ];
    for (const path of paths) byPath(path);
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
    expect(accepted('/vendutogarantito')).toEqual([SELLER]);
    for (const path of ['/agenzie/comprocasa', '/agenzie/vendocasa', '/agenzie/$name', '/agenzie/$name/$type']) {
      expect(accepted(path), path).toEqual(types(SELLER, BUYER));
    }
    for (const path of ['/valutocasa', '/valutocasa/citta/$city', '/valutocasa/$id']) expect(accepted(path), path).toEqual(types(SELLER, BUYER));
    // The wizard is for owners; the sale path lists both for edit-by-id.
    expect(accepted('/annuncio/vendocasa')).toContain(SELLER);
    expect(accepted('/annuncio/vendocasa/$id')).toEqual(types(SELLER, LANDLORD));
    expect(accepted('/annuncio/affittocasa')).toContain(LANDLORD);
    for (const path of ['/annuncio/vendocasa', '/annuncio/affittocasa']) {
      expect(accepted(path).every((type) => type === SELLER || type === LANDLORD), path).toBe(true);
    }
  });

  it('asks for a login on MyRexer except for the favourites', () => {
    for (const path of ['/myrexer/profilo', '/myrexer/appuntamenti', '/myrexer/messaggi', '/myrexer/ricerche', '/myrexer/annunci', '/myrexer/annuncio/$id']) {
      const row = byPath(path);
      expect(row.id.startsWith('/_authenticated'), path).toBe(true);
    }
    expect(byPath('/myrexer/preferiti').id.startsWith('/_authenticated')).toBe(false);
    expect(rows.find((row) => row.id === '/_authenticated')?.staticData.requiresLogin).toBe(true);
  });

  it('opens the SEO footer on map-search pages only', () => {
    const expanded = rows.filter((row) => row.staticData.footerSeo === 'expanded').map((row) => row.fullPath);
    expect(expanded.sort()).toEqual(['/$type/$area/$id', '/$type/$prov', '/affitto/$type/$prov/$name/$id', '/ricerca', '/trovacase/$', '/vendita/$type/$prov/$name/$id'].sort());
  });
});

// The real router, loaded without rendering: guards and the home-type switch of the root.
describe('the app router', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } })));
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    document.cookie = 'rexer_home_option=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function load(path: string, session?: { isLoggedIn: boolean }) {
    const router = createAppRouter({
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      history: createMemoryHistory({ initialEntries: [path] }),
      ...(session ? { session: session as never } : {}),
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

  it('answers a malformed path with the 404, not the error page', async () => {
    const router = await load('/immobile/non-un-numero');
    // The root shows its not-found page for the params that do not fit.
    expect(router.state.matches.some((match) => isNotFound(match.error))).toBe(true);
    expect((await load('/immobile/123')).state.matches.some((match) => isNotFound(match.error))).toBe(false);
  });
});
