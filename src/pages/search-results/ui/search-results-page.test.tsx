import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useRouterState } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSearchListing, type SearchListing } from '@/entities/listing';
import { fakeApi, renderPage, testI18n, testQueryClient, type FakeCall } from '@/shared/lib/test-utils';
import favorites from '../../../../locales/it/favorites.json';
import listing from '../../../../locales/it/listing.json';
import savedSearches from '../../../../locales/it/saved-searches.json';
import searchMap from '../../../../locales/it/search-map.json';
import search from '../../../../locales/it/search.json';
import { searchResultsQueryOptions, type SearchResult } from '../api/search-api';
import { routeSearch, type ResultsRoute } from '../model/results-route';
import { SearchResultsPage } from './search-results-page';

// The API client may keep the fetch it finds when its module loads, so the mock goes in first.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ search, listing, favorites, 'saved-searches': savedSearches, 'search-map': searchMap });

const TOWN: ResultsRoute = { kind: 'town', sellType: 1, type: 'case', prov: 'milano', name: 'milano', istat: '015146' };
const PATH = '/vendita/case/milano/milano/015146';

const page1: SearchListing[] = [
  makeSearchListing({ Id: 1, Title: 'Bilocale in Via Tortona' }),
  makeSearchListing({ Id: 2, Title: 'Trilocale in Corso Buenos Aires' }),
];
const page2: SearchListing[] = [makeSearchListing({ Id: 3, Title: 'Attico in Piazza Duomo' })];

function answer(items: SearchListing[], total: number, next: string | null): SearchResult {
  return {
    Total: total,
    Items: items,
    NextCursor: next,
    Markers: { Zoom: 12, Points: [] },
    Area: { Kind: 'town', Name: 'Milano', Center: null, RadiusM: null, Polygon: null, Bounds: null },
  };
}

function answerSearch(pick: (call: FakeCall) => SearchResult) {
  return fakeApi(fetchMock, {
    'GET /api/Search/Listings': (call) => [200, pick(call)],
    'GET /api/config': [200, { TileUrl: null }],
  });
}

/** The page as its route shows it: the search read from the address at every render. */
function TownResults() {
  const searchStr = useRouterState({ select: (state) => state.location.search });
  return (
    <SearchResultsPage
      route={TOWN}
      params={routeSearch(TOWN, searchStr as Record<string, unknown>)}
      province="milano"
    />
  );
}

async function renderResults(path = PATH) {
  const { router } = await renderPage(() => <TownResults />, {
    i18n,
    path,
    otherPaths: [PATH, '/ricerca'],
    otherRoutes: { '/immobile/$id': () => <p>scheda</p> },
  });
  return router;
}

describe('SearchResultsPage', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as unknown as typeof window.matchMedia;
  });

  it('heads the list with the count, the type, the contract and the place, and shows the cards', async () => {
    const api = answerSearch(() => answer(page1, 245, null));
    await renderResults();
    expect(await screen.findByRole('heading', { level: 1, name: '245 case in vendita a Milano' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Annunci' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Bilocale in Via Tortona' }).getAttribute('href')).toBe(
      '/immobile/1',
    );
    expect(api.sent('GET /api/Search/Listings')[0].query.get('Town')).toBe('015146');
  });

  it('appends the next page with "Mostra altri annunci", whose address carries the cursor for crawlers', async () => {
    const api = answerSearch(({ query }) =>
      query.get('Cursor') === 'c2' ? answer(page2, 3, null) : answer(page1, 3, 'c2'),
    );
    await renderResults();
    const more = await screen.findByRole('link', { name: 'Mostra altri annunci' });
    expect(more.getAttribute('href')).toBe(`${PATH}?Cursor=c2`);
    fireEvent.click(more);
    await screen.findByRole('link', { name: 'Attico in Piazza Duomo' });
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'Mostra altri annunci' })).toBeNull();
    expect(api.sent('GET /api/Search/Listings').at(-1)?.query.get('Cursor')).toBe('c2');
  });

  it('puts a changed filter in the address, without the cursor, and searches again', async () => {
    const api = answerSearch(({ query }) =>
      query.get('PriceMax') ? answer(page1.slice(0, 1), 1, null) : answer(page1, 245, 'c2'),
    );
    const router = await renderResults(`${PATH}?Cursor=c1`);
    await screen.findByRole('heading', { level: 1, name: '245 case in vendita a Milano' });
    fireEvent.click(screen.getByRole('button', { name: 'Filtri' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filtri' });
    const price = within(dialog).getByRole('group', { name: 'Prezzo' });
    fireEvent.change(within(price).getByLabelText('Massimo'), { target: { value: '300000' } });
    await waitFor(() => expect(router.state.location.href).toBe(`${PATH}?PriceMax=300000`));
    expect(await screen.findByRole('heading', { level: 1, name: '1 casa in vendita a Milano' })).toBeTruthy();
    expect(api.sent('GET /api/Search/Listings').at(-1)?.query.get('PriceMax')).toBe('300000');
    expect(screen.getByRole('button', { name: 'Filtri, 1 attivo' })).toBeTruthy();
    // "Mostra 1 risultato" closes the panel on the first result, not where the longer list left the page.
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mostra 1 risultato' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filtri' })).toBeNull());
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    scrollTo.mockRestore();
  });

  it('orders the results with the sort select, starting again at the first page', async () => {
    answerSearch(() => answer(page1, 2, null));
    const router = await renderResults(`${PATH}?Cursor=c1`);
    await screen.findAllByRole('article');
    fireEvent.change(screen.getByLabelText('Ordina per'), { target: { value: 'price-asc' } });
    await waitFor(() => expect(router.state.location.href).toBe(`${PATH}?Sort=price-asc`));
  });

  it('offers wider searches when nothing matches, each a new address', async () => {
    answerSearch(() => answer([], 0, null));
    const router = await renderResults(`${PATH}?PriceMax=100000&RoomsMin=3`);
    await screen.findByRole('heading', { name: 'Nessun annuncio corrisponde alla ricerca' });
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi il filtro sul prezzo' }));
    await waitFor(() => expect(router.state.location.href).toBe(`${PATH}?RoomsMin=3`));
  });

  it('searches the whole province or without filters from the empty state', async () => {
    answerSearch(() => answer([], 0, null));
    const router = await renderResults(`${PATH}?PriceMax=100000`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cerca in tutta la provincia' }));
    await waitFor(() =>
      expect(router.state.location.href).toBe('/ricerca?SearchType=province&Province=milano&Type=case&PriceMax=100000'),
    );
  });

  it('removes every filter from the empty state, keeping the place', async () => {
    answerSearch(() => answer([], 0, null));
    const router = await renderResults(`${PATH}?PriceMax=100000&NewBuild=true`);
    fireEvent.click(await screen.findByRole('button', { name: 'Rimuovi tutti i filtri' }));
    await waitFor(() => expect(router.state.location.href).toBe('/ricerca?SearchType=town&Town=015146'));
  });

  it('says why when its loader could not search (429), on the first render, and searches again only on «Riprova»', async () => {
    const api = answerSearch(() => answer(page1, 2, null));
    // The cache as the browser hydrates it from the server: the search failed there, and its error
    // crossed as a plain Error (no status).
    const queryClient = testQueryClient();
    const params = routeSearch(TOWN, {});
    await queryClient.prefetchInfiniteQuery({
      ...searchResultsQueryOptions(params),
      queryFn: () => Promise.reject(new Error('Too many requests')),
    });
    await renderPage(() => <SearchResultsPage route={TOWN} params={params} province="milano" refused={429} />, {
      i18n,
      path: PATH,
      queryClient,
    });
    expect(screen.getByRole('alert').textContent).toContain(
      'Hai fatto molte ricerche in poco tempo: aspetta un minuto e riprova.',
    );
    expect(screen.queryByTestId('listing-card-skeleton')).toBeNull();
    expect(api.sent('GET /api/Search/Listings')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    await screen.findByRole('link', { name: 'Bilocale in Via Tortona' });
    expect(api.sent('GET /api/Search/Listings')).toHaveLength(1);
  });

  it('shows skeletons of the card while the first page loads', async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    await renderResults();
    expect(screen.getAllByTestId('listing-card-skeleton').length).toBeGreaterThan(0);
  });
});
