import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/saved-searches.json';
import type { SavedSearch } from '../api/saved-searches-api';
import { SavedSearchesPage } from './saved-searches-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'saved-searches': translations });

const search = (overrides: Partial<SavedSearch>): SavedSearch => ({
  Id: 1,
  Name: 'Trilocali a Bologna',
  Frequency: 'daily',
  AlertsEnabled: true,
  Criteria: { SearchType: 'town', Town: '037006', Type: 'trilocali', PriceMax: '450000' },
  Summary: 'Trilocali in vendita a Bologna, fino a 450.000 €',
  CreatedAt: '2026-11-02T10:00:00.000Z',
  LastNotifiedAt: null,
  ...overrides,
});

let list: SavedSearch[];
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  fetchMock.mockReset();
  list = [
    search({}),
    search({
      Id: 2,
      Name: 'Affitti a Torino',
      Frequency: 'weekly',
      AlertsEnabled: false,
      Criteria: { SearchType: 'province', Province: 'torino', SellType: '2' },
      Summary: 'Immobili in affitto in provincia di Torino',
    }),
  ];
  api = fakeApi(fetchMock, {
    'GET /api/User/SavedSearches': () => [200, { Items: list }],
    'PUT /api/User/SavedSearches/1': ({ body }) => {
      list = list.map((item) => (item.Id === 1 ? { ...item, ...(body as Partial<SavedSearch>) } : item));
      return [200, list[0]];
    },
    'DELETE /api/User/SavedSearches/1': () => {
      list = list.filter((item) => item.Id !== 1);
      return [200, { Ok: true }];
    },
  });
});
afterEach(cleanup);

const show = () =>
  renderPage(() => <SavedSearchesPage />, {
    i18n,
    path: '/myrexer/ricerche',
    otherRoutes: { '/ricerca': () => <p>ricerca</p> },
  });
const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;

describe('SavedSearchesPage', () => {
  it('lists each search with its summary, its alerts and the link to its results', async () => {
    await show();
    const bologna = await card('Trilocali a Bologna');
    expect(within(bologna).getByText('Trilocali in vendita a Bologna, fino a 450.000 €')).toBeTruthy();
    expect(within(bologna).getByText('Avvisi: ogni giorno')).toBeTruthy();
    expect(
      within(bologna).getByRole('link', { name: 'Vedi i risultati di «Trilocali a Bologna»' }).getAttribute('href'),
    ).toBe('/ricerca?SearchType=town&Town=037006&Type=trilocali&PriceMax=450000');
    expect((within(bologna).getByRole('switch', { name: 'Avvisi via e-mail' }) as HTMLInputElement).checked).toBe(true);
    const torino = await card('Affitti a Torino');
    expect(within(torino).getByText('Avvisi disattivati')).toBeTruthy();
    expect(
      within(torino).getByRole('link', { name: 'Vedi i risultati di «Affitti a Torino»' }).getAttribute('href'),
    ).toBe('/ricerca?SearchType=province&SellType=2&Province=torino');
  });

  it('switches the alerts off', async () => {
    await show();
    fireEvent.click(within(await card('Trilocali a Bologna')).getByRole('switch'));
    await waitFor(() =>
      expect(api.sent('PUT /api/User/SavedSearches/1').map((call) => call.body)).toEqual([{ AlertsEnabled: false }]),
    );
    expect(await within(await card('Trilocali a Bologna')).findByText('Avvisi disattivati')).toBeTruthy();
  });

  it('renames a search and changes its frequency, refusing an empty name', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifica «Trilocali a Bologna»' }));
    const name = await screen.findByLabelText(/Nome della ricerca/);
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    expect(await screen.findByText('Dai un nome alla ricerca.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Casa per Anna' } });
    fireEvent.change(screen.getByLabelText(/Frequenza degli avvisi/), { target: { value: 'instant' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    const renamed = await card('Casa per Anna');
    expect(within(renamed).getByText('Avvisi: subito')).toBeTruthy();
    expect(within(renamed).getByText('Modifiche salvate.')).toBeTruthy();
    expect(api.sent('PUT /api/User/SavedSearches/1').map((call) => call.body)).toEqual([
      { Name: 'Casa per Anna', Frequency: 'instant' },
    ]);
  });

  it('deletes a search after asking, and says so', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina «Trilocali a Bologna»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare la ricerca «Trilocali a Bologna»?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('DELETE /api/User/SavedSearches/1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Elimina «Trilocali a Bologna»' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Ricerca «Trilocali a Bologna» eliminata.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Trilocali a Bologna' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Affitti a Torino' })).toBeTruthy();
    expect(api.sent('DELETE /api/User/SavedSearches/1')).toHaveLength(1);
  });

  it('shows the way to search when there is no saved search', async () => {
    list = [];
    await show();
    expect(await screen.findByRole('heading', { name: 'Non hai ancora ricerche salvate' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cerca casa' }).getAttribute('href')).toBe('/ricerca');
  });

  it('says when the list cannot be loaded, and retries', async () => {
    api = fakeApi(fetchMock, {
      'GET /api/User/SavedSearches': [500, { ExceptionType: 0, ExceptionTypeString: 'InternalError' }],
    });
    await show();
    expect(
      await screen.findByText('Non è stato possibile caricare le tue ricerche. Riprova tra qualche istante.'),
    ).toBeTruthy();
    fakeApi(fetchMock, { 'GET /api/User/SavedSearches': [200, { Items: list }] });
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('heading', { name: 'Trilocali a Bologna' })).toBeTruthy();
  });
});
