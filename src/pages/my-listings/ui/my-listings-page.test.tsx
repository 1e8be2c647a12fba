import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/my-listings.json';
import type { MyListingItem } from '../api/my-listings-api';
import type { ActionsFor, StatusAction } from '../model/listing-actions';
import { MyListingsPage } from './my-listings-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'my-listings': translations });

// The status machine's table (docs/listings.md), as the listing-status process answers it.
const ALLOWED: Record<number, StatusAction[]> = {
  1: [{ event: 'DELETE', status: 5 }],
  2: [
    { event: 'SUSPEND', status: 3 },
    { event: 'MARK_SOLD', status: 4 },
    { event: 'DELETE', status: 5 },
  ],
  3: [
    { event: 'REACTIVATE', status: 2 },
    { event: 'MARK_SOLD', status: 4 },
    { event: 'DELETE', status: 5 },
  ],
  4: [{ event: 'DELETE', status: 5 }],
};
const actionsFor: ActionsFor = (status) => ALLOWED[status] ?? [];

const listing = (overrides: Partial<MyListingItem>): MyListingItem => ({
  Id: 10,
  Status: 2,
  Origin: 'listing',
  SellType: 1,
  Title: 'Trilocale luminoso in via Saragozza',
  City: 'Bologna',
  ImageUrl: '/media/demo/10.jpg',
  Price: 320000,
  SurfaceM2: 85,
  PlanType: 1,
  CurrentStep: null,
  Views: 37,
  FavoritesCount: 4,
  VisitRequestsCount: 2,
  HighlightedUntil: null,
  PremiumUntil: null,
  CreatedAt: '2026-10-01T10:00:00.000Z',
  UpdatedAt: '2026-11-02T10:00:00.000Z',
  PublishedAt: '2026-10-02T10:00:00.000Z',
  ...overrides,
});

let list: MyListingItem[];
let api: ReturnType<typeof fakeApi>;
const draftOf = (item: MyListingItem) => ({ Id: item.Id, Status: item.Status, UpdatedAt: '2026-11-20T10:00:00.000Z' });

beforeEach(() => {
  fetchMock.mockReset();
  list = [
    listing({}),
    listing({
      Id: 9,
      Title: 'Bilocale in affitto a Milano',
      SellType: 2,
      City: 'Milano',
      Price: 1200,
      Status: 3,
      ImageUrl: null,
      FavoritesCount: 0,
      VisitRequestsCount: 0,
    }),
  ];
  api = fakeApi(fetchMock, {
    'GET /api/User/MyProperties': ({ query }) => {
      const status = query.get('Status');
      return [200, { Items: list.filter((item) => !status || String(item.Status) === status), NextAfterId: null }];
    },
    'PUT /api/Property/10/Status': ({ body }) => {
      list = list.map((item) => (item.Id === 10 ? { ...item, Status: (body as { Status: 2 | 3 | 4 }).Status } : item));
      return [200, draftOf(list[0])];
    },
    'PUT /api/Property/9/Status': [409, { ExceptionType: 152, ExceptionTypeString: 'ListingStatusChangeRefused' }],
  });
});
afterEach(cleanup);

const show = (filter?: 'pubblicati' | 'sospesi') =>
  renderPage(() => <MyListingsPage filter={filter} actionsFor={actionsFor} />, {
    i18n,
    path: filter ? `/myrexer/annunci/${filter}` : '/myrexer/annunci',
    otherRoutes: {
      '/annuncio/vendocasa': () => <p>vendi</p>,
      '/annuncio/affittocasa': () => <p>affitta</p>,
      '/annuncio/vendocasa/$id': () => <p>procedura di vendita</p>,
      '/annuncio/affittocasa/$id': () => <p>procedura di affitto</p>,
      '/myrexer/annuncio/$id/$type': () => <p>servizi</p>,
    },
  });
const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;

const waitingItem = (id: number, propertyId: number) => ({
  Id: id,
  Property: { Id: propertyId, Title: 'x', ImageUrl: null, Town: null },
  Role: 'owner',
  Status: 1,
  Tab: 0,
});

describe('MyListingsPage', () => {
  it("counts each listing's visit requests waiting for an answer, across the pages of the owner's list, and leads to them", async () => {
    const lists = fakeApi(fetchMock, {
      'GET /api/User/MyProperties': [200, { Items: list, NextAfterId: null }],
      'GET /api/Appointment/List': ({ query }) =>
        query.get('AfterId') === '5'
          ? [200, { Items: [waitingItem(4, 10)], NextAfterId: null }]
          : [200, { Items: [waitingItem(7, 10), waitingItem(6, 99), waitingItem(5, 10)], NextAfterId: 5 }],
    });
    await show();
    const bologna = await card('Trilocale luminoso in via Saragozza');
    const link = await within(bologna).findByRole('link', { name: '3 richieste di visita in attesa di risposta' });
    expect(link.getAttribute('href')).toBe('/myrexer/appuntamenti/0?ruolo=proprietario');
    expect(
      lists.sent('GET /api/Appointment/List').map((call) => [call.query.get('Role'), call.query.get('Tab')]),
    ).toEqual([
      ['owner', '0'],
      ['owner', '0'],
    ]);
    // None waits for the other listing: nothing to say.
    expect(within(await card('Bilocale in affitto a Milano')).queryByTestId('waiting-visits')).toBeNull();
  });

  it('shows each listing with its status, price, town, favourites, visit requests, views and last update', async () => {
    await show();
    const bologna = await card('Trilocale luminoso in via Saragozza');
    expect(within(bologna).getByText('Pubblicato')).toBeTruthy();
    expect(within(bologna).getByText('320.000 €')).toBeTruthy();
    expect(within(bologna).getByText('Bologna · 85 m²')).toBeTruthy();
    expect(within(bologna).getByTestId('favorites-count').textContent).toBe('4');
    expect(within(bologna).getByTestId('visit-requests-count').textContent).toBe('2');
    expect(within(bologna).getByText('Aggiornato il 2 novembre 2026')).toBeTruthy();
    expect(within(bologna).getByTestId('views-count').textContent).toBe('37');
    expect(
      within(bologna).getByRole('link', { name: 'Trilocale luminoso in via Saragozza' }).getAttribute('href'),
    ).toBe('/myrexer/annuncio/10');
    expect(bologna.querySelector('img')?.getAttribute('src')).toBe('/media/demo/10.jpg');
    const milano = await card('Bilocale in affitto a Milano');
    expect(within(milano).getByText('Sospeso')).toBeTruthy();
    expect(within(milano).getByText('1.200 €/mese')).toBeTruthy();
    expect(within(milano).getByText('Nessuna foto')).toBeTruthy();
  });

  it('leads to the wizard and to the services where the status allows them', async () => {
    list = [
      ...list,
      listing({ Id: 11, Title: 'Villa da completare', Status: 1, PublishedAt: null }),
      listing({ Id: 12, Title: 'Attico venduto', Status: 4 }),
    ];
    await show();
    const published = await card('Trilocale luminoso in via Saragozza');
    expect(
      within(published)
        .getByRole('link', { name: 'Modifica «Trilocale luminoso in via Saragozza»' })
        .getAttribute('href'),
    ).toBe('/annuncio/vendocasa/10');
    expect(
      within(published)
        .getByRole('link', { name: 'Acquista un servizio per «Trilocale luminoso in via Saragozza»' })
        .getAttribute('href'),
    ).toBe('/myrexer/annuncio/10/servizi');
    const suspendedRent = await card('Bilocale in affitto a Milano');
    expect(
      within(suspendedRent)
        .getByRole('link', { name: /^Modifica/ })
        .getAttribute('href'),
    ).toBe('/annuncio/affittocasa/9');
    expect(
      within(suspendedRent)
        .getByRole('link', { name: /^Acquista un servizio/ })
        .getAttribute('href'),
    ).toBe('/myrexer/annuncio/9/servizi');
    // A draft is completed in the wizard; it buys its services when it is published.
    const draft = await card('Villa da completare');
    expect(within(draft).getByRole('link', { name: 'Completa «Villa da completare»' }).getAttribute('href')).toBe(
      '/annuncio/vendocasa/11',
    );
    expect(within(draft).queryByRole('link', { name: /^Acquista un servizio/ })).toBeNull();
    // A sold listing no longer changes.
    const sold = await card('Attico venduto');
    expect(within(sold).queryByRole('link', { name: /^(Modifica|Completa|Acquista)/ })).toBeNull();
  });

  it('marks a listing whose first-row or Premium period is running, until when', async () => {
    list = [
      listing({ HighlightedUntil: '2099-12-24T10:00:00.000Z', PremiumUntil: '2020-01-01T10:00:00.000Z' }),
      listing({ Id: 9, Title: 'Bilocale in affitto a Milano', PremiumUntil: '2099-03-01T10:00:00.000Z' }),
    ];
    await show();
    const highlighted = await card('Trilocale luminoso in via Saragozza');
    expect(within(highlighted).getByTestId('highlighted-until').textContent).toBe(
      'In prima fila fino al 24 dicembre 2099',
    );
    // A period that ended says nothing.
    expect(within(highlighted).queryByTestId('premium-until')).toBeNull();
    expect(within(await card('Bilocale in affitto a Milano')).getByTestId('premium-until').textContent).toBe(
      'Premium fino al 1 marzo 2099',
    );
  });

  it('offers only the changes the status machine allows', async () => {
    await show();
    const published = await card('Trilocale luminoso in via Saragozza');
    expect(
      within(published)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Sospendi', 'Segna come venduto', 'Elimina']);
    const suspended = await card('Bilocale in affitto a Milano');
    expect(
      within(suspended)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Riattiva', 'Segna come affittato', 'Elimina']);
  });

  it('suspends a listing at once and shows it suspended without a reload', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Sospendi «Trilocale luminoso in via Saragozza»' }));
    expect(
      await screen.findByText(
        '«Trilocale luminoso in via Saragozza» è sospeso: non compare più nelle ricerche finché non lo riattivi.',
      ),
    ).toBeTruthy();
    const bologna = await card('Trilocale luminoso in via Saragozza');
    await waitFor(() => expect(within(bologna).getByTestId('listing-status').textContent).toBe('Sospeso'));
    expect(
      within(bologna).getByRole('button', { name: 'Riattiva «Trilocale luminoso in via Saragozza»' }),
    ).toBeTruthy();
    expect(api.sent('PUT /api/Property/10/Status').map((call) => call.body)).toEqual([{ Status: 3 }]);
  });

  it('marks a listing sold only after the confirmation that explains it', async () => {
    await show();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Segna «Trilocale luminoso in via Saragozza» come venduto' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Segnare «Trilocale luminoso in via Saragozza» come venduto?',
    });
    expect(within(dialog).getByText(/non comparirà più nelle ricerche/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('PUT /api/Property/10/Status')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Segna «Trilocale luminoso in via Saragozza» come venduto' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sì, è venduto' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const bologna = await card('Trilocale luminoso in via Saragozza');
    await waitFor(() => expect(within(bologna).getByTestId('listing-status').textContent).toBe('Venduto'));
    expect(
      within(bologna)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Elimina']);
    expect(api.sent('PUT /api/Property/10/Status').map((call) => call.body)).toEqual([{ Status: 4 }]);
  });

  it('says in Italian why the API refused a change', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Riattiva «Bilocale in affitto a Milano»' }));
    expect(
      await screen.findByText(
        "Non è possibile fare questa modifica: lo stato dell'annuncio è cambiato nel frattempo. Abbiamo aggiornato la pagina.",
      ),
    ).toBeTruthy();
  });

  it('asks the API for one status under a filter tab, and marks the tab', async () => {
    await show('sospesi');
    expect(await screen.findByRole('heading', { name: 'Bilocale in affitto a Milano' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Trilocale luminoso in via Saragozza' })).toBeNull();
    expect(api.sent('GET /api/User/MyProperties')[0].query.get('Status')).toBe('3');
    const nav = screen.getByRole('navigation', { name: 'Filtra per stato' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Sospesi');
  });

  it('loads the next page by key with «Mostra altri annunci»', async () => {
    fakeApi(fetchMock, {
      'GET /api/User/MyProperties': ({ query }) =>
        query.get('AfterId') === '10'
          ? [200, { Items: [list[1]], NextAfterId: null }]
          : [200, { Items: [list[0]], NextAfterId: 10 }],
    });
    await show();
    expect(await screen.findByRole('heading', { name: 'Trilocale luminoso in via Saragozza' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostra altri annunci' }));
    expect(await screen.findByRole('heading', { name: 'Bilocale in affitto a Milano' })).toBeTruthy();
    expect(screen.getAllByTestId('my-listing')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Mostra altri annunci' })).toBeNull();
  });

  it('leads an owner without listings to the sale and rent wizards', async () => {
    list = [];
    await show();
    expect(await screen.findByRole('heading', { name: 'Non hai ancora annunci' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vendi casa' }).getAttribute('href')).toBe('/annuncio/vendocasa');
    expect(screen.getByRole('link', { name: 'Affitta casa' }).getAttribute('href')).toBe('/annuncio/affittocasa');
  });

  it('says when the list cannot be loaded, and retries', async () => {
    fakeApi(fetchMock, {
      'GET /api/User/MyProperties': [500, { ExceptionType: 0, ExceptionTypeString: 'InternalError' }],
    });
    await show();
    expect(
      await screen.findByText('Non è stato possibile caricare i tuoi annunci. Riprova tra qualche istante.'),
    ).toBeTruthy();
    fakeApi(fetchMock, { 'GET /api/User/MyProperties': [200, { Items: list, NextAfterId: null }] });
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('heading', { name: 'Trilocale luminoso in via Saragozza' })).toBeTruthy();
  });
});
