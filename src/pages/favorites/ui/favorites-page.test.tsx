import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSearchListing } from '@/entities/listing';
import {
  createSessionViewStore,
  provideSessionRuntime,
  SessionViewContext,
  type SessionRuntime,
  type StoredSessionRecord,
} from '@/entities/session';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import favoritesTranslations from '../../../../locales/it/favorites.json';
import listingTranslations from '../../../../locales/it/listing.json';
import translations from '../../../../locales/it/favorites-page.json';
import { FavoritesPage } from './favorites-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({
  'favorites-page': translations,
  favorites: favoritesTranslations,
  listing: listingTranslations,
});
const LOGGED_IN: StoredSessionRecord = {
  username: 'pia@example.it',
  isConfirmed: true,
  termsPrivacy: true,
  silent: false,
};

const favorite = (
  id: number,
  title: string,
  extra: { PriceChange?: number | null; Status?: number; Price?: number } = {},
) => ({
  Property: makeSearchListing({ Id: id, Title: title, Price: extra.Price ?? 230000 }),
  SavedAt: '2026-10-05T09:00:00.000Z',
  PriceAtSave: 245000,
  PriceChange: extra.PriceChange ?? null,
  Status: extra.Status ?? 2,
});

let items: ReturnType<typeof favorite>[];
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  fetchMock.mockReset();
  window.localStorage.clear();
  items = [
    favorite(101, 'Trilocale in Via Solferino', { PriceChange: -15000 }),
    favorite(102, 'Bilocale a Porta Romana', { PriceChange: 10000, Status: 3 }),
    favorite(103, 'Attico sui Navigli', { Status: 4 }),
  ];
  api = fakeApi(fetchMock, {
    'GET /api/User/Favorites': () => [200, { Items: items }],
    'DELETE /api/User/Favorites/101': () => {
      items = items.filter((item) => item.Property.Id !== 101);
      return [200, { Ok: true }];
    },
  });
});
afterEach(() => {
  cleanup();
  provideSessionRuntime(undefined);
});

const show = (record: StoredSessionRecord | null) => {
  const store = createSessionViewStore(() => record);
  return renderPage(
    () => (
      <SessionViewContext.Provider value={store}>
        <FavoritesPage />
      </SessionViewContext.Provider>
    ),
    {
      i18n,
      path: '/myrexer/preferiti',
      otherRoutes: { '/ricerca': () => <p>ricerca</p>, '/immobile/$id': () => <p>immobile</p> },
    },
  );
};
const entry = async (title: string) =>
  (await screen.findByRole('link', { name: title })).closest('[data-testid="favorite"]') as HTMLElement;

describe('FavoritesPage', () => {
  it('shows each favourite with how its price moved since it was saved, and its status', async () => {
    await show(LOGGED_IN);
    const first = await entry('Trilocale in Via Solferino');
    expect(within(first).getByTestId('price-change').textContent).toBe("−15.000 € da quando l'hai salvato");
    expect(within(first).getByTestId('price-change').className).toMatch(/down/);
    expect(within(first).queryByTestId('favorite-status')).toBeNull();
    expect(within(first).getByText('Salvato il 5 ottobre 2026')).toBeTruthy();
    const second = await entry('Bilocale a Porta Romana');
    expect(within(second).getByTestId('price-change').textContent).toBe("+10.000 € da quando l'hai salvato");
    expect(within(second).getByTestId('favorite-status').textContent).toBe('Sospeso');
    expect(within(await entry('Attico sui Navigli')).getByTestId('favorite-status').textContent).toBe('Venduto');
    expect(screen.getByText('3 annunci salvati')).toBeTruthy();
    expect(screen.queryByText(/Accedi per ritrovarli/)).toBeNull();
  });

  it('removes a favourite', async () => {
    await show(LOGGED_IN);
    const first = await entry('Trilocale in Via Solferino');
    fireEvent.click(within(first).getByRole('button', { name: 'Rimuovi dai preferiti' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Trilocale in Via Solferino' })).toBeNull());
    expect(api.sent('DELETE /api/User/Favorites/101')).toHaveLength(1);
    expect(await screen.findByText('2 annunci salvati')).toBeTruthy();
  });

  it('shows the way to search when there is no favourite', async () => {
    items = [];
    await show(LOGGED_IN);
    expect(await screen.findByRole('heading', { name: 'Non hai ancora preferiti' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cerca casa' }).getAttribute('href')).toBe('/ricerca');
  });

  it('tells a visitor without an account to log in to keep them everywhere, and opens the login', async () => {
    const openLogin = vi.fn<SessionRuntime['openLogin']>();
    provideSessionRuntime(async () => ({ openLogin, ensureSession: async () => true }) as unknown as SessionRuntime);
    window.localStorage.setItem('rexer_favorites', '1');
    await show(null);
    expect(await screen.findByText('Accedi per ritrovarli su tutti i tuoi dispositivi.')).toBeTruthy();
    expect(await entry('Trilocale in Via Solferino')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(openLogin).toHaveBeenCalledWith({ redirectTo: '/myrexer/preferiti' }));
  });

  it('does not open a session for a visitor who never saved a favourite', async () => {
    await show(null);
    expect(await screen.findByRole('heading', { name: 'Non hai ancora preferiti' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
