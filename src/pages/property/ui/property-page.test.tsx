import { QueryClient } from '@tanstack/react-query';
import { isNotFound } from '@tanstack/react-router';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_SOURCE } from '@domain/session';
import {
  createSessionViewStore,
  provideSessionRuntime,
  SessionViewContext,
  type SessionRuntime,
  type StoredSessionRecord,
} from '@/entities/session';
import { fakeApi, renderPage, testI18n, type FakeAnswer, type FakeCall } from '@/shared/lib/test-utils';
import bookVisitTranslations from '../../../../locales/it/book-visit.json';
import writeToOwnerTranslations from '../../../../locales/it/write-to-owner.json';
import propertyTranslations from '../../../../locales/it/property.json';
import favoritesTranslations from '../../../../locales/it/favorites.json';
import listingTranslations from '../../../../locales/it/listing.json';
import { prefetchProperty, type PropertyDetail } from '../api/property-api';
import { PropertyGonePage } from './property-gone-page';
import { PropertyPage } from './property-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({
  property: propertyTranslations,
  favorites: favoritesTranslations,
  listing: listingTranslations,
  'book-visit': bookVisitTranslations,
  'write-to-owner': writeToOwnerTranslations,
});

const PHOTOS = Array.from({ length: 3 }, (_, i) => ({
  Url: `/media/p${i + 1}.jpg`,
  ThumbnailUrl: `/media/p${i + 1}-t.jpg`,
  Width: 1200,
  Height: 800,
  Caption: null,
}));

function property(overrides: Partial<PropertyDetail> = {}): PropertyDetail {
  return {
    Id: 42,
    SellType: 1,
    Status: 2,
    Title: 'Trilocale in Via Solferino 12, Milano',
    Description: 'Luminoso trilocale al terzo piano con balcone e cantina, a due passi da Brera.',
    Price: 320_000,
    PricePerM2: 3_765,
    PreviousPrice: 340_000,
    PriceReducedAt: new Date(Date.now() - 5 * 86_400_000).toISOString(),
    PriceHistory: [
      { Date: '2026-01-10T10:00:00.000Z', Price: 340_000 },
      { Date: new Date(Date.now() - 5 * 86_400_000).toISOString(), Price: 320_000 },
    ],
    PropertyTypeId: 1,
    PropertyTypeName: 'Appartamento',
    SurfaceM2: 85,
    Rooms: 3,
    Bathrooms: 2,
    Floor: 3,
    BuildingFloors: 5,
    HasLift: true,
    Condition: { Id: 2, Name: 'Ottimo o ristrutturato' },
    BuildYear: 1965,
    RenovationYear: null,
    EnergyClass: { Id: 8, Code: 'E', Name: 'E' },
    EnergyPerformance: 142.5,
    HeatingType: { Id: 2, Name: 'Centralizzato' },
    CondoFees: 150,
    Occupancy: { Id: 1, Name: 'Libero' },
    AvailableFrom: null,
    Furnishing: null,
    SecurityDeposit: null,
    ContractTypeId: null,
    PetsAllowed: null,
    Amenities: [{ Id: 5, Name: 'Cantina' }],
    RoomList: [
      { RoomTypeId: 13, Name: 'Camera matrimoniale', PluralName: 'camere matrimoniali', Count: 1 },
      { RoomTypeId: 30, Name: 'Balcone', PluralName: 'balconi', Count: 2 },
    ],
    Photos: PHOTOS,
    FloorPlans: [{ Url: '/media/plan.png', ThumbnailUrl: null, Width: 1000, Height: 1000, Caption: null }],
    EnergyCertificates: [],
    City: { Name: 'Milano', Slug: 'milano', Istat: '015146', ProvinceCode: 'MI', ProvinceSlug: 'milano' },
    CityName: 'Milano',
    ProvinceCode: 'MI',
    District: 'Brera',
    Address: 'Via Solferino 12',
    PostalCode: '20121',
    Latitude: 45.4765,
    Longitude: 9.1872,
    IsNewBuild: false,
    Development: null,
    Advertiser: {
      Kind: 'agency',
      Name: 'Casa Brera Immobiliare',
      AgencyId: 3,
      AgencySlug: 'casa-brera',
      LogoUrl: '/media/logo.png',
      Phone: '+39 02 1234567',
    },
    Highlighted: false,
    PublishedAt: '2026-01-10T10:00:00.000Z',
    UpdatedAt: '2026-02-01T10:00:00.000Z',
    FavoritesCount: 0,
    ...overrides,
  };
}

const SIMILAR = {
  Items: [
    {
      Id: 77,
      Title: 'Bilocale in Corso Garibaldi',
      SellType: 1,
      Price: 290_000,
      PricePerM2: 4_100,
      PreviousPrice: null,
      PriceReducedAt: null,
      SurfaceM2: 70,
      Rooms: 2,
      Bathrooms: 1,
      Floor: 2,
      PropertyTypeId: 1,
      PropertyTypeName: 'Appartamento',
      CityName: 'Milano',
      ProvinceCode: 'MI',
      DistrictName: 'Brera',
      Address: null,
      Latitude: 45.47,
      Longitude: 9.18,
      ImageUrl: null,
      ThumbnailUrl: null,
      PhotoCount: 0,
      EnergyClass: 'D',
      IsNewBuild: false,
      DevelopmentId: null,
      PublishedAt: null,
      AgencyName: null,
      Highlighted: false,
    },
  ],
};

function answer(detail: PropertyDetail | [number, unknown]) {
  return fakeApi(fetchMock, {
    'GET /api/Property/42': Array.isArray(detail) ? detail : [200, detail],
    'GET /api/Property/42/Similar': [200, SIMILAR],
    'GET /api/config': [200, { TileUrl: null }],
  });
}

async function renderProperty() {
  await renderPage(() => <PropertyPage id={42} />, {
    i18n,
    path: '/immobile/42',
    otherRoutes: { '/agenzie/$name': () => null, '/contatti': () => null, '/nuovecostruzioni/$id': () => null },
  });
  return screen.findByRole('heading', { level: 1 });
}

function jsonLd(): Record<string, unknown>[] {
  const script = document.querySelector('script[type="application/ld+json"]');
  return script ? (JSON.parse(script.textContent ?? '[]') as Record<string, unknown>[]) : [];
}

beforeEach(() => {
  fetchMock.mockReset();
  window.localStorage.clear();
});

describe('PropertyPage', () => {
  it('shows the listing: title, price, price per m², the cut with its history, key figures and energy label', async () => {
    answer(property());
    expect((await renderProperty()).textContent).toBe('Trilocale in Via Solferino 12, Milano');
    expect(screen.getByTestId('property-price').textContent).toBe('320.000\u00a0€');
    expect(screen.getByText('3.765 €/m²')).toBeTruthy();
    expect(screen.getByText('Prezzo ribassato')).toBeTruthy();
    expect(screen.getByText('Prima 340.000 €')).toBeTruthy();
    // The details below the description come with their own code, loaded after the page's (slower on a loaded machine).
    const history = await screen.findByTestId('price-history', {}, { timeout: 5000 });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(within(history).getByText('−5,9%')).toBeTruthy();
    const facts = screen.getByTestId('key-facts');
    expect(within(facts).getByText('85 m²')).toBeTruthy();
    expect(within(facts).getByText('3º di 5')).toBeTruthy();
    expect(screen.getByText('1 camera matrimoniale, 2 balconi')).toBeTruthy();
    const current = within(screen.getByTestId('energy-scale'))
      .getAllByRole('listitem')
      .filter((step) => step.getAttribute('aria-current') === 'true');
    expect(current.map((step) => step.textContent)).toEqual(['Classe E']);
    expect(screen.getByText('142,5 kWh/m² anno')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Planimetrie (1)' })).toBeTruthy();
    expect(screen.getByTestId('gallery-counter').textContent).toBe('1 / 3');
  });

  it('gives the energy class and its index in one line with the key figures, as the law asks of every ad', async () => {
    answer(property({ EnergyClass: { Id: 6, Code: 'C', Name: 'C' }, EnergyPerformance: 95.4 }));
    await renderProperty();
    const facts = screen.getByRole('region', { name: 'Dati principali' });
    expect(within(facts).getByTestId('energy-summary').textContent).toBe('Classe C · 95,4 kWh/m² anno');
    expect(await screen.findByText('95,4 kWh/m² anno')).toBeTruthy();
    cleanup();

    answer(property({ EnergyClass: { Id: 6, Code: 'C', Name: 'C' }, EnergyPerformance: null }));
    await renderProperty();
    expect(screen.getByTestId('energy-summary').textContent).toBe('Classe C · indice di prestazione non indicato');
    cleanup();

    answer(property({ EnergyClass: { Id: 11, Code: 'exempt', Name: 'Esente' }, EnergyPerformance: null }));
    await renderProperty();
    expect(screen.getByTestId('energy-summary').textContent).toBe("Esente dall'attestato di prestazione energetica");
    cleanup();

    answer(property({ EnergyClass: null, EnergyPerformance: null }));
    await renderProperty();
    expect(screen.queryByTestId('energy-summary')).toBeNull();
  });

  it('shows whole photos, and without any photo no large empty gallery: one compact line', async () => {
    answer(property());
    await renderProperty();
    expect(screen.getByTestId('photo-gallery')).toBeTruthy();
    cleanup();

    answer(property({ Photos: [], FloorPlans: [] }));
    await renderProperty();
    expect(screen.queryByTestId('photo-gallery')).toBeNull();
    expect(screen.queryByRole('img', { name: /Foto/ })).toBeNull();
    const empty = screen.getByTestId('gallery-empty');
    expect(empty.textContent).toBe('Nessuna foto disponibile');
    // A line of text, not the gallery's 4:3 (16:9 on a desktop) frame.
    expect(empty.tagName).toBe('P');
    expect(empty.className).not.toMatch(/stage/);
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('carries the listing and the breadcrumb as schema.org data', async () => {
    answer(property());
    await renderProperty();
    const [listing, breadcrumb] = jsonLd();
    expect(listing['@type']).toBe('RealEstateListing');
    expect(listing.offers).toMatchObject({
      '@type': 'Offer',
      price: 320_000,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
    expect(JSON.stringify(listing)).toContain('Via Solferino 12');
    expect(breadcrumb['@type']).toBe('BreadcrumbList');
    expect((breadcrumb.itemListElement as unknown[]).length).toBe(3);
  });

  it('marks a sold listing, offers no visit or mortgage, and says so in its schema.org offer', async () => {
    answer(property({ Status: 4 }));
    await renderProperty();
    expect(screen.getByTestId('status-banner').textContent).toContain('Venduto');
    expect(screen.queryByRole('button', { name: 'Richiedi una visita' })).toBeNull();
    expect(screen.queryByText('Calcola il mutuo')).toBeNull();
    expect(jsonLd()[0].offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Annunci simili' })).toBeTruthy());
  });

  it('marks a suspended listing', async () => {
    answer(property({ Status: 3 }));
    await renderProperty();
    expect(screen.getByTestId('status-banner').textContent).toContain('Annuncio sospeso');
  });

  it('keeps a hidden address hidden: the area instead, an approximate position, no street in the data', async () => {
    answer(property({ Title: 'Trilocale in zona Brera, Milano', Address: null, Latitude: 45.477, Longitude: 9.187 }));
    await renderProperty();
    expect(screen.getByText(/Indirizzo non visibile/)).toBeTruthy();
    expect(screen.getByText(/Posizione approssimativa/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('Via Solferino 12');
    expect(JSON.stringify(jsonLd())).not.toContain('streetAddress');
  });

  it('estimates the monthly mortgage payment and recomputes it', async () => {
    answer(property());
    await renderProperty();
    expect(screen.getByTestId('mortgage-monthly').textContent).toBe('1.241 €/mese');
    fireEvent.change(screen.getByLabelText('Anticipo (%)'), { target: { value: '50' } });
    expect(screen.getByTestId('mortgage-monthly').textContent).toBe('775 €/mese');
    fireEvent.change(screen.getByLabelText('Durata (anni)'), { target: { value: '90' } });
    expect(screen.getByRole('alert').textContent).toMatch(/durata da 5 a 40 anni/);
  });

  it("estimates the running costs from the listing's own energy index and fees", async () => {
    answer(property());
    await renderProperty();
    const costs = screen.getByTestId('running-costs');
    // 142,5 kWh/m² × 85 m² × 0,12 € / 12 = 121 €; with 150 € of fees, 271 €.
    expect(within(costs).getByText('121 €/mese')).toBeTruthy();
    expect(within(costs).getByText('271 €/mese')).toBeTruthy();
  });

  it("gives the agency's phone to book a visit", async () => {
    answer(property());
    await renderProperty();
    fireEvent.click(screen.getAllByRole('button', { name: 'Richiedi una visita' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Richiedi una visita' });
    expect(
      within(dialog)
        .getByRole('link', { name: /Chiama \+39 02 1234567/ })
        .getAttribute('href'),
    ).toBe('tel:+39021234567');
    expect(within(dialog).getByText('Riferimento annuncio: n. 42')).toBeTruthy();
  });

  it('names a private advertiser as such', async () => {
    answer(
      property({
        Advertiser: { Kind: 'private', Name: 'Marco', AgencyId: null, AgencySlug: null, LogoUrl: null, Phone: null },
      }),
    );
    await renderProperty();
    expect(within(screen.getByTestId('advertiser')).getByText('Privato')).toBeTruthy();
    expect(screen.getByTestId('property-publisher').textContent).toBe('Pubblicato da un privato');
  });

  it('names the agency that publishes the listing under its title', async () => {
    answer(property());
    await renderProperty();
    expect(screen.getByTestId('property-publisher').textContent).toBe("Pubblicato dall'agenzia Casa Brera Immobiliare");
  });
});

describe("the property route's loader", () => {
  it('is the not-found page for an unknown listing and a page of its own for a removed one', async () => {
    answer([404, { ExceptionType: 100, ExceptionTypeString: 'PropertyNotFound' }]);
    const error = await prefetchProperty(new QueryClient(), 42).catch((e: unknown) => e);
    expect(isNotFound(error)).toBe(true);

    const api = answer([410, { ExceptionType: 101, ExceptionTypeString: 'PropertyDeleted' }]);
    const queryClient = new QueryClient();
    await expect(prefetchProperty(queryClient, 42)).resolves.toEqual({ gone: true });
    expect(api.sent('GET /api/Property/42/Similar')).toHaveLength(1);
    // Asked once: a 410 is not retried.
    expect(api.sent('GET /api/Property/42')).toHaveLength(1);

    answer(property());
    await expect(prefetchProperty(new QueryClient(), 42)).resolves.toEqual({ gone: false });
  });
});

describe('PropertyGonePage', () => {
  it('says the owner removed the listing and offers similar ones', async () => {
    answer([410, { ExceptionType: 101, ExceptionTypeString: 'PropertyDeleted' }]);
    await renderPage(() => <PropertyGonePage id={42} />, { i18n, path: '/immobile/42' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Questo annuncio è stato rimosso dal proprietario',
    );
    expect(await screen.findByRole('heading', { name: 'Bilocale in Corso Garibaldi' })).toBeTruthy();
  });
});

// The booking of a private owner's listing and the message to its owner.

const PRIVATE = {
  Kind: 'private' as const,
  Name: 'Marco',
  AgencyId: null,
  AgencySlug: null,
  LogoUrl: null,
  Phone: null,
};
/** Monday 7 and Wednesday 9 December 2026, Rome's time (UTC+1). */
const SLOTS = [
  '2026-12-07T09:00:00.000Z',
  '2026-12-07T09:30:00.000Z',
  '2026-12-07T10:00:00.000Z',
  '2026-12-09T16:00:00.000Z',
  '2026-12-09T16:30:00.000Z',
];
const LOGGED_IN: StoredSessionRecord = {
  username: 'acquirente@rexer.example',
  isConfirmed: true,
  termsPrivacy: true,
  silent: false,
};

type Answer = FakeAnswer | ((call: FakeCall) => FakeAnswer);

function answerPrivate(extra: Record<string, Answer> = {}) {
  return fakeApi(fetchMock, {
    'GET /api/Property/42': [200, property({ Advertiser: PRIVATE })],
    'GET /api/Property/42/Similar': [200, SIMILAR],
    'GET /api/config': [200, { TileUrl: null }],
    'GET /api/Property/42/VisitSlots': [200, { Slots: SLOTS, VisitMinutes: 30 }],
    'POST /api/Appointment': [201, { Id: 31, Status: 1 }],
    ...extra,
  });
}

async function renderAs(record: StoredSessionRecord | null) {
  let current = record;
  const store = createSessionViewStore(() => current);
  const rendered = await renderPage(
    () => (
      <SessionViewContext.Provider value={store}>
        <PropertyPage id={42} />
      </SessionViewContext.Provider>
    ),
    {
      i18n,
      path: '/immobile/42',
      otherRoutes: {
        '/agenzie/$name': () => null,
        '/nuovecostruzioni/$id': () => null,
        '/myrexer/appuntamenti/$type': () => <p>appuntamenti</p>,
        '/myrexer/messaggi': () => <p>messaggi</p>,
        '/myrexer/annunci': () => null,
      },
    },
  );
  await screen.findByRole('heading', { level: 1 });
  return {
    ...rendered,
    login: () => {
      current = LOGGED_IN;
      store.refresh();
    },
  };
}

async function openBooking() {
  fireEvent.click(screen.getAllByRole('button', { name: 'Prenota una visita' })[0]);
  const dialog = await screen.findByRole('dialog', { name: 'Prenota una visita' });
  await within(dialog).findByRole('checkbox', { name: 'lun 7 dic, ore 10:00' });
  return dialog;
}

const slot = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
const sendRequest = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Invia richiesta' }));

describe("booking a visit on a private owner's listing", () => {
  afterEach(() => {
    cleanup();
    provideSessionRuntime(undefined);
    window.sessionStorage.clear();
  });

  it('offers the free times by day in Italian, and sends the picked ones with the message and the phone', async () => {
    const api = answerPrivate();
    await renderAs(LOGGED_IN);
    // An agency's phone is not what a private owner's listing offers.
    expect(screen.queryByRole('button', { name: 'Richiedi una visita' })).toBeNull();
    const dialog = await openBooking();
    expect(within(dialog).getByText('lun 7 dic')).toBeTruthy();
    expect(within(dialog).getByText('mer 9 dic')).toBeTruthy();
    fireEvent.click(slot(dialog, 'mer 9 dic, ore 17:00'));
    fireEvent.click(slot(dialog, 'lun 7 dic, ore 10:30'));
    expect(within(dialog).getByText('2 orari scelti su 3')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Messaggio per il proprietario (facoltativo)'), {
      target: { value: '  Posso venire con mia sorella?  ' },
    });
    expect(within(dialog).getByText('29/1000 caratteri')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Telefono (facoltativo)'), { target: { value: '+39 333 1234567' } });
    sendRequest(dialog);

    const done = await screen.findByTestId('book-visit-sent');
    expect(api.sent('POST /api/Appointment').map((call) => call.body)).toEqual([
      {
        PropertyId: 42,
        Slots: ['2026-12-09T16:00:00.000Z', '2026-12-07T09:30:00.000Z'],
        Message: 'Posso venire con mia sorella?',
        Phone: '+39 333 1234567',
      },
    ]);
    // The owner answers by the earliest time picked: then the request expires.
    expect(within(done).getByText('Il proprietario ha tempo fino a lun 7 dic alle 10:30 per rispondere.')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Vedi le tue richieste' }).getAttribute('href')).toBe(
      '/myrexer/appuntamenti/0',
    );
    expect(window.sessionStorage.getItem('rexer.visit-draft.42')).toBeNull();
  });

  it('refuses a fourth time with a note, and takes another once one is let go', async () => {
    const api = answerPrivate();
    await renderAs(LOGGED_IN);
    const dialog = await openBooking();
    for (const name of ['lun 7 dic, ore 10:00', 'lun 7 dic, ore 10:30', 'lun 7 dic, ore 11:00'])
      fireEvent.click(slot(dialog, name));
    fireEvent.click(slot(dialog, 'mer 9 dic, ore 17:00'));
    expect(slot(dialog, 'mer 9 dic, ore 17:00').checked).toBe(false);
    expect(within(dialog).getByTestId('book-visit-limit').textContent).toBe(
      'Puoi scegliere al massimo 3 orari. Togline uno per sceglierne un altro.',
    );
    fireEvent.click(slot(dialog, 'lun 7 dic, ore 10:00'));
    expect(within(dialog).queryByTestId('book-visit-limit')).toBeNull();
    fireEvent.click(slot(dialog, 'mer 9 dic, ore 17:00'));
    expect(slot(dialog, 'mer 9 dic, ore 17:00').checked).toBe(true);
    sendRequest(dialog);
    await screen.findByTestId('book-visit-sent');
    expect((api.sent('POST /api/Appointment')[0].body as { Slots: string[] }).Slots).toEqual([
      '2026-12-07T09:30:00.000Z',
      '2026-12-07T10:00:00.000Z',
      '2026-12-09T16:00:00.000Z',
    ]);
  });

  it("keeps a visitor's choice through the login (source 1) and sends it once logged in", async () => {
    const openLogin = vi.fn<SessionRuntime['openLogin']>();
    provideSessionRuntime(async () => ({ openLogin }) as unknown as SessionRuntime);
    const api = answerPrivate();
    const { login } = await renderAs(null);
    const dialog = await openBooking();
    fireEvent.click(slot(dialog, 'lun 7 dic, ore 11:00'));
    fireEvent.click(slot(dialog, 'mer 9 dic, ore 17:30'));
    fireEvent.change(within(dialog).getByLabelText('Messaggio per il proprietario (facoltativo)'), {
      target: { value: 'Sabato no, grazie' },
    });
    sendRequest(dialog);

    await waitFor(() => expect(openLogin).toHaveBeenCalledTimes(1));
    expect(openLogin.mock.calls[0][0]).toMatchObject({ source: LOGIN_SOURCE.appointment, redirectTo: '/immobile/42' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST /api/Appointment')).toHaveLength(0);
    // The choice waits in the tab, so a registration or a reload keeps it too.
    expect(JSON.parse(window.sessionStorage.getItem('rexer.visit-draft.42') ?? 'null')).toEqual({
      slots: ['2026-12-07T10:00:00.000Z', '2026-12-09T16:30:00.000Z'],
      message: 'Sabato no, grazie',
      phone: '',
      sendAfterLogin: true,
      sendNow: false,
    });

    act(() => login());
    expect(await screen.findByTestId('book-visit-sent')).toBeTruthy();
    expect(api.sent('POST /api/Appointment').map((call) => call.body)).toEqual([
      { PropertyId: 42, Slots: ['2026-12-07T10:00:00.000Z', '2026-12-09T16:30:00.000Z'], Message: 'Sabato no, grazie' },
    ]);
    expect(window.sessionStorage.getItem('rexer.visit-draft.42')).toBeNull();
  });

  it('reopens a kept request for a logged-in visitor coming back (after a registration or a reload) to confirm it', async () => {
    window.sessionStorage.setItem(
      'rexer.visit-draft.42',
      JSON.stringify({ slots: ['2026-12-07T09:00:00.000Z'], message: 'Ciao', phone: '', sendAfterLogin: true }),
    );
    const api = answerPrivate();
    await renderAs(LOGGED_IN);
    const dialog = await screen.findByRole('dialog', { name: 'Prenota una visita' });
    await waitFor(() => expect(slot(dialog, 'lun 7 dic, ore 10:00').checked).toBe(true));
    expect(
      within(dialog).getByText('Abbiamo tenuto la tua scelta: controlla gli orari e invia la richiesta.'),
    ).toBeTruthy();
    expect(api.sent('POST /api/Appointment')).toHaveLength(0);
    sendRequest(dialog);
    await screen.findByTestId('book-visit-sent');
    expect(api.sent('POST /api/Appointment').map((call) => call.body)).toEqual([
      { PropertyId: 42, Slots: ['2026-12-07T09:00:00.000Z'], Message: 'Ciao' },
    ]);
  });

  it('reloads the times when one is no longer free, keeping the others', async () => {
    let free = SLOTS;
    const api = answerPrivate({
      'GET /api/Property/42/VisitSlots': () => [200, { Slots: free, VisitMinutes: 30 }],
      'POST /api/Appointment': ({ body }) =>
        (body as { Slots: string[] }).Slots.includes('2026-12-07T09:00:00.000Z')
          ? [400, { ExceptionType: 184, ExceptionTypeString: 'AppointmentSlotUnavailable' }]
          : [201, { Id: 32, Status: 1 }],
    });
    await renderAs(LOGGED_IN);
    const dialog = await openBooking();
    fireEvent.click(slot(dialog, 'lun 7 dic, ore 10:00'));
    fireEvent.click(slot(dialog, 'mer 9 dic, ore 17:00'));
    free = SLOTS.filter((start) => start !== '2026-12-07T09:00:00.000Z');
    sendRequest(dialog);
    expect(await within(dialog).findByText(/Uno degli orari scelti non è più libero/)).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: 'lun 7 dic, ore 10:00' })).toBeNull());
    expect(slot(dialog, 'mer 9 dic, ore 17:00').checked).toBe(true);
    sendRequest(dialog);
    await screen.findByTestId('book-visit-sent');
    expect((api.sent('POST /api/Appointment')[1].body as { Slots: string[] }).Slots).toEqual([
      '2026-12-09T16:00:00.000Z',
    ]);
  });

  it('says when the visitor already asked, and leads to the request', async () => {
    answerPrivate({
      'POST /api/Appointment': [409, { ExceptionType: 183, ExceptionTypeString: 'AppointmentAlreadyRequested' }],
    });
    await renderAs(LOGGED_IN);
    const dialog = await openBooking();
    fireEvent.click(slot(dialog, 'lun 7 dic, ore 10:00'));
    sendRequest(dialog);
    expect(await within(dialog).findByText('Hai già una richiesta di visita aperta per questa casa.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Vedi la tua richiesta' }).getAttribute('href')).toBe(
      '/myrexer/appuntamenti/0',
    );
  });

  it('tells the owner their own listing takes no request from them', async () => {
    answerPrivate({
      'POST /api/Appointment': [409, { ExceptionType: 185, ExceptionTypeString: 'AppointmentOwnListing' }],
    });
    await renderAs(LOGGED_IN);
    const dialog = await openBooking();
    fireEvent.click(slot(dialog, 'lun 7 dic, ore 10:00'));
    sendRequest(dialog);
    expect(
      await within(dialog).findByText('Questo è un tuo annuncio: le richieste di visita le ricevi tu.'),
    ).toBeTruthy();
  });

  it('says when the owner has no visit times yet and offers to write to them', async () => {
    answerPrivate({ 'GET /api/Property/42/VisitSlots': [200, { Slots: [], VisitMinutes: 30 }] });
    await renderAs(LOGGED_IN);
    fireEvent.click(screen.getAllByRole('button', { name: 'Prenota una visita' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Prenota una visita' });
    expect(
      await within(dialog).findByText('Il proprietario non ha ancora indicato quando è disponibile.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Scrivi al proprietario' }));
    expect(await screen.findByRole('dialog', { name: 'Scrivi al proprietario' })).toBeTruthy();
  });
});

describe('writing to the owner of a listing', () => {
  afterEach(() => {
    cleanup();
    provideSessionRuntime(undefined);
    window.sessionStorage.clear();
  });

  const openWrite = async () => {
    fireEvent.click(within(screen.getByTestId('advertiser')).getByRole('button', { name: 'Scrivi al proprietario' }));
    return screen.findByRole('dialog', { name: 'Scrivi al proprietario' });
  };

  it('posts the message about the listing and opens its conversation', async () => {
    const api = answerPrivate({ 'POST /api/Message': [201, { ThreadId: 9, Id: 70 }] });
    const { router } = await renderAs(LOGGED_IN);
    const dialog = await openWrite();
    fireEvent.change(within(dialog).getByLabelText('Il tuo messaggio'), {
      target: { value: 'È ancora disponibile?\nGrazie' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia messaggio' }));
    expect(await screen.findByText('messaggi')).toBeTruthy();
    expect(api.sent('POST /api/Message').map((call) => call.body)).toEqual([
      { PropertyId: 42, Text: 'È ancora disponibile?\nGrazie' },
    ]);
    expect(router.state.location.pathname).toBe('/myrexer/messaggi');
    expect(router.state.location.search).toEqual({ thread: 9 });
  });

  it('refuses invisible or control characters before sending, and says in Italian when the sender wrote too much', async () => {
    const api = answerPrivate({
      'POST /api/Message': [429, { ExceptionType: 202, ExceptionTypeString: 'MessageRateLimited' }],
    });
    await renderAs(LOGGED_IN);
    const dialog = await openWrite();
    const field = within(dialog).getByLabelText('Il tuo messaggio');
    fireEvent.change(field, { target: { value: 'Ciao\u0007' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia messaggio' }));
    expect(await within(dialog).findByText(/contiene caratteri che non possiamo inviare/)).toBeTruthy();
    expect(api.sent('POST /api/Message')).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'Ciao' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia messaggio' }));
    expect(
      await within(dialog).findByText('Hai inviato molti messaggi in poco tempo. Aspetta qualche minuto e riprova.'),
    ).toBeTruthy();
  });

  it("keeps a visitor's text through the login and sends it once logged in", async () => {
    const openLogin = vi.fn<SessionRuntime['openLogin']>();
    provideSessionRuntime(async () => ({ openLogin }) as unknown as SessionRuntime);
    const api = answerPrivate({ 'POST /api/Message': [201, { ThreadId: 12, Id: 71 }] });
    const { login, router } = await renderAs(null);
    const dialog = await openWrite();
    fireEvent.change(within(dialog).getByLabelText('Il tuo messaggio'), {
      target: { value: 'Si può trattare sul prezzo?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia messaggio' }));
    await waitFor(() => expect(openLogin).toHaveBeenCalledTimes(1));
    expect(api.sent('POST /api/Message')).toHaveLength(0);
    expect(JSON.parse(window.sessionStorage.getItem('rexer.owner-message.42') ?? 'null')).toEqual({
      text: 'Si può trattare sul prezzo?',
      sendAfterLogin: true,
      sendNow: false,
    });
    act(() => login());
    expect(await screen.findByText('messaggi')).toBeTruthy();
    expect(api.sent('POST /api/Message').map((call) => call.body)).toEqual([
      { PropertyId: 42, Text: 'Si può trattare sul prezzo?' },
    ]);
    expect(router.state.location.search).toEqual({ thread: 12 });
  });
});
