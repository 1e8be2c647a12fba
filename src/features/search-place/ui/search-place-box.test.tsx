import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import searchPlace from '../../../../locales/it/search-place.json';
import searchPlaceList from '../../../../locales/it/search-place-list.json';
import type { Place } from '../api/places';
import { RECENT_KEY } from '../model/recent-places';
import { SearchPlaceBox, type SearchPlaceBoxProps } from './search-place-box';

// The API client may keep the fetch it finds when its module loads, so the mock goes in first.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'search-place': searchPlace, 'search-place-list': searchPlaceList });

const place = (p: Partial<Place> & Pick<Place, 'Kind' | 'Id' | 'Name'>): Place => ({
  Detail: null,
  Latitude: 45,
  Longitude: 9,
  Params: {},
  IsMainTown: false,
  Slug: null,
  ProvinceSlug: null,
  ...p,
});

const MILANO = place({
  Kind: 'town',
  Id: '015146',
  Name: 'Milano',
  Detail: 'MI',
  IsMainTown: true,
  Slug: 'milano',
  ProvinceSlug: 'milano',
  Params: { SearchType: 'town', Town: '015146' },
});
const MILAZZO = place({
  Kind: 'town',
  Id: '083049',
  Name: 'Milazzo',
  Detail: 'ME',
  Slug: 'milazzo',
  ProvinceSlug: 'messina',
  Params: { SearchType: 'town', Town: '083049' },
});
// In the server's order (by population) a town that is not its province's main town may come first.
const CARPI = place({
  Kind: 'town',
  Id: '036005',
  Name: 'Carpi',
  Detail: 'MO',
  Slug: 'carpi',
  ProvinceSlug: 'modena',
  Params: { SearchType: 'town', Town: '036005' },
});
const CARRARA = place({
  Kind: 'town',
  Id: '045003',
  Name: 'Carrara',
  Detail: 'MS',
  Slug: 'carrara',
  ProvinceSlug: 'massa-carrara',
  Params: { SearchType: 'town', Town: '045003' },
});
const CARBONIA = place({
  Kind: 'town',
  Id: '111009',
  Name: 'Carbonia',
  Detail: 'SU',
  IsMainTown: true,
  Slug: 'carbonia',
  ProvinceSlug: 'sud-sardegna',
  Params: { SearchType: 'town', Town: '111009' },
});
const BRERA = place({
  Kind: 'district',
  Id: '12',
  Name: 'Brera',
  Detail: 'Milano (MI)',
  Slug: 'brera',
  ProvinceSlug: 'milano',
  Params: { SearchType: 'district', District: '12' },
});
const VIA_CARDUCCI = place({
  Kind: 'address',
  Id: '015146:via-carducci',
  Name: 'Via Carducci, Milano',
  Detail: 'Milano (MI)',
  Params: { SearchType: 'place', Lat: '45.46', Lng: '9.17', Radius: '1000', Place: 'Via Carducci, Milano' },
});

const ANSWERS: Record<string, Place[]> = {
  mil: [MILANO, MILAZZO],
  milano: [MILANO],
  car: [CARPI, CARRARA, CARBONIA, VIA_CARDUCCI],
  brera: [BRERA],
  'via carducci': [VIA_CARDUCCI],
};

function answerPlaces() {
  return fakeApi(fetchMock, {
    'GET /api/Search/Places': ({ query }) => [200, { Items: ANSWERS[query.get('Text') ?? ''] ?? [] }],
  });
}

/** The results pages a place opens, each with the box again (as the results page has it). */
const RESULTS = ['/vendita/$type/$prov/$name/$id', '/affitto/$type/$prov/$name/$id', '/$type/$area/$id', '/ricerca'];

async function renderBox(props: Partial<SearchPlaceBoxProps> = {}) {
  const box = () => <SearchPlaceBox sellType={1} {...props} />;
  const { router } = await renderPage(box, {
    i18n,
    path: '/',
    otherRoutes: Object.fromEntries(RESULTS.map((path) => [path, box])),
  });
  const input = screen.getByRole('combobox', { name: 'Dove vuoi cercare?' });
  return { router, input };
}

/** The box's input on the page shown now (a new page has a new box). */
const currentInput = () => screen.getByRole('combobox', { name: 'Dove vuoi cercare?' });

function type(input: HTMLElement, text: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
}

const key = (input: HTMLElement, name: string) => fireEvent.keyDown(input, { key: name });

/** The option names of the listbox, in order. */
async function optionNames(): Promise<string[]> {
  const listbox = await screen.findByRole('listbox', { name: 'Luoghi suggeriti' });
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.querySelector('span')?.textContent ?? '');
}

describe('SearchPlaceBox', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    window.localStorage.clear();
    answerPlaces();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('suggests towns, districts and streets in groups, the main town of a province first', async () => {
    i18n.reportedNamespaces.clear();
    const { input } = await renderBox();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    // Closed, the box asks only for the words of its first screen: a page carries no more of them.
    expect([...i18n.reportedNamespaces]).not.toContain('search-place-list');
    type(input, 'Car');
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    expect(await optionNames()).toEqual(['Carbonia', 'Carpi', 'Carrara', 'Via Carducci, Milano']);
    const listbox = screen.getByRole('listbox');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(within(listbox).getByRole('group', { name: 'Comuni' })).toBeTruthy();
    expect(within(within(listbox).getByRole('group', { name: 'Vie' })).getByRole('option').textContent).toContain(
      'Via Carducci, Milano',
    );
    expect(within(listbox).getAllByRole('option')[0]!.textContent).toContain('comune principale');
    expect(screen.getByRole('status').textContent).toBe('4 luoghi trovati: usa le frecce per sceglierne uno.');
  });

  it('moves through the places with the arrows, wrapping around, and opens the chosen one with Enter', async () => {
    const { input, router } = await renderBox();
    type(input, 'Car');
    await optionNames();
    const options = () => within(screen.getByRole('listbox')).getAllByRole('option');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    key(input, 'ArrowUp');
    key(input, 'ArrowUp');
    // Up from the first place goes round to the last.
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[3]!.id);
    expect(options().filter((option) => option.getAttribute('aria-selected') === 'true')).toHaveLength(1);

    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    key(input, 'Enter');
    await waitFor(() => expect(router.state.location.href).toBe('/vendita/case/modena/carpi/036005'));
  });

  it('closes the list with Escape, then clears the text with a second Escape', async () => {
    const { input } = await renderBox();
    type(input, 'Mil');
    await optionNames();
    key(input, 'ArrowDown');
    key(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('Mil');
    key(input, 'Escape');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('runs the best match when Enter is pressed on free text, without waiting for the list', async () => {
    const { input, router } = await renderBox();
    // Enter at once: the box asks for the places itself and opens the one named as typed.
    type(input, 'milano');
    key(input, 'Enter');
    await waitFor(() => expect(router.state.location.href).toBe('/vendita/case/milano/milano/015146'));
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('takes the first place shown when none is named exactly what was typed', async () => {
    const { input, router } = await renderBox({ sellType: 2 });
    type(input, 'Car');
    await optionNames();
    key(input, 'Enter');
    // Carbonia leads the list: the main town of its province.
    await waitFor(() => expect(router.state.location.href).toBe('/affitto/case/sud-sardegna/carbonia/111009'));
  });

  it('says so when Enter finds no place, and stays', async () => {
    const { input, router } = await renderBox();
    type(input, 'Xyzzy');
    key(input, 'Enter');
    expect(
      await screen.findByText('Nessun luogo trovato per «Xyzzy»', { selector: 'p[aria-hidden="true"]' }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Nessun luogo trovato per «Xyzzy»');
    expect(router.state.location.href).toBe('/');
  });

  it('opens a district search and a radius search around a street, in the contract of the page', async () => {
    const { input, router } = await renderBox({ sellType: 2, typeSlug: 'bilocali' });
    type(input, 'brera');
    await optionNames();
    fireEvent.click(screen.getByRole('option', { name: /Brera/ }));
    await waitFor(() => expect(router.state.location.href).toBe('/bilocali/brera/12?SellType=2'));

    type(currentInput(), 'via carducci');
    await optionNames();
    key(currentInput(), 'Enter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ricerca'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.searchStr))).toEqual({
      SearchType: 'place',
      SellType: '2',
      Lat: '45.46',
      Lng: '9.17',
      Radius: '1000',
      Place: 'Via Carducci, Milano',
      Type: 'bilocali',
    });
  });

  it('remembers the places chosen on this device, shows them when the empty box has the focus, and clears them', async () => {
    const { input, router } = await renderBox();
    type(input, 'brera');
    await optionNames();
    key(input, 'ArrowDown');
    key(input, 'Enter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/case/brera/12'));
    type(currentInput(), 'milano');
    key(currentInput(), 'Enter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendita/case/milano/milano/015146'));
    // Milano again (from the list): once in the recent places, at the top.
    type(currentInput(), 'mil');
    await optionNames();
    key(currentInput(), 'ArrowDown');
    key(currentInput(), 'Enter');
    await waitFor(() => expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('false'));
    expect(JSON.parse(window.localStorage.getItem(RECENT_KEY) ?? '[]')).toHaveLength(2);

    const box = currentInput();
    fireEvent.focus(box);
    const recent = await screen.findByRole('group', { name: 'Ricerche recenti' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['MilanoMI', 'BreraMilano (MI)']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    // Typed text replaces them with the places found.
    fireEvent.change(box, { target: { value: 'x' } });
    expect(screen.queryByRole('group', { name: 'Ricerche recenti' })).toBeNull();
    fireEvent.change(box, { target: { value: '' } });
    expect(await screen.findByRole('group', { name: 'Ricerche recenti' })).toBeTruthy();

    // A recent place opens like a suggestion, with the keyboard too.
    key(box, 'ArrowDown');
    key(box, 'ArrowDown');
    key(box, 'Enter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/case/brera/12'));

    fireEvent.focus(currentInput());
    fireEvent.click(await screen.findByRole('button', { name: 'Cancella le ricerche recenti' }));
    expect(screen.queryByRole('group', { name: 'Ricerche recenti' })).toBeNull();
    expect(window.localStorage.getItem(RECENT_KEY)).toBeNull();
  });

  it('opens as a full-screen dialog on a phone, with a close button', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    const { input } = await renderBox();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => input.focus());
    const dialog = await screen.findByRole('dialog', { name: 'Dove vuoi cercare?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('combobox')).toBe(input);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
