import { QueryClient } from '@tanstack/react-query';
import { isNotFound } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
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

const i18n = await testI18n({ property: propertyTranslations, favorites: favoritesTranslations, listing: listingTranslations });

const PHOTOS = Array.from({ length: 3 }, (_, i) => ({ Url: `/media/p${i + 1}.jpg`, ThumbnailUrl: `/media/p${i + 1}-t.jpg`, Width: 1200, Height: 800, Caption: null }));

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
    Advertiser: { Kind: 'agency', Name: 'Casa Brera Immobiliare', AgencyId: 3, AgencySlug: 'casa-brera', LogoUrl: '/media/logo.png', Phone: '+39 02 1234567' },
    Highlighted: false,
    PublishedAt: '2026-01-10T10:00:00.000Z',
    UpdatedAt: '2026-02-01T10:00:00.000Z',
    FavoritesCount: 0,
    ...overrides,
  };
}

const SIMILAR = { Items: [{ Id: 77, Title: 'Bilocale in Corso Garibaldi', SellType: 1, Price: 290_000, PricePerM2: 4_100, PreviousPrice: null, PriceReducedAt: null, SurfaceM2: 70, Rooms: 2, Bathrooms: 1, Floor: 2, PropertyTypeId: 1, PropertyTypeName: 'Appartamento', CityName: 'Milano', ProvinceCode: 'MI', DistrictName: 'Brera', Address: null, Latitude: 45.47, Longitude: 9.18, ImageUrl: null, ThumbnailUrl: null, PhotoCount: 0, EnergyClass: 'D', IsNewBuild: false, DevelopmentId: null, PublishedAt: null, AgencyName: null, Highlighted: false }] };

function answer(detail: PropertyDetail | [number, unknown]) {
  return fakeApi(fetchMock, {
    'GET /api/Property/42': Array.isArray(detail) ? detail : [200, detail],
    'GET /api/Property/42/Similar': [200, SIMILAR],
    'GET /api/config': [200, { TileUrl: null }],
  });
}

async function renderProperty() {
  await renderPage(() => <PropertyPage id={42} />, { i18n, path: '/immobile/42', otherRoutes: { '/agenzie/$name': () => null, '/contatti': () => null, '/nuovecostruzioni/$id': () => null } });
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
    // The details below the description come with their own code, loaded after the page's.
    const history = await screen.findByTestId('price-history');
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(within(history).getByText('−5,9%')).toBeTruthy();
    const facts = screen.getByTestId('key-facts');
    expect(within(facts).getByText('85 m²')).toBeTruthy();
    expect(within(facts).getByText('3º di 5')).toBeTruthy();
    expect(screen.getByText('1 camera matrimoniale, 2 balconi')).toBeTruthy();
    const current = within(screen.getByTestId('energy-scale')).getAllByRole('listitem').filter((step) => step.getAttribute('aria-current') === 'true');
    expect(current.map((step) => step.textContent)).toEqual(['Classe E']);
    expect(screen.getByText('142,5 kWh/m² anno')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Planimetrie (1)' })).toBeTruthy();
    expect(screen.getByTestId('gallery-counter').textContent).toBe('1 / 3');
  });

  it('carries the listing and the breadcrumb as schema.org data', async () => {
    answer(property());
    await renderProperty();
    const [listing, breadcrumb] = jsonLd();
    expect(listing['@type']).toBe('RealEstateListing');
    expect(listing.offers).toMatchObject({ '@type': 'Offer', price: 320_000, priceCurrency: 'EUR', availability: 'https://schema.org/InStock' });
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

  it('estimates the running costs from the listing\'s own energy index and fees', async () => {
    answer(property());
    await renderProperty();
    const costs = screen.getByTestId('running-costs');
    // 142,5 kWh/m² × 85 m² × 0,12 € / 12 = 121 €; with 150 € of fees, 271 €.
    expect(within(costs).getByText('121 €/mese')).toBeTruthy();
    expect(within(costs).getByText('271 €/mese')).toBeTruthy();
  });

  it('gives the agency\'s phone to book a visit', async () => {
    answer(property());
    await renderProperty();
    fireEvent.click(screen.getAllByRole('button', { name: 'Richiedi una visita' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Richiedi una visita' });
    expect(within(dialog).getByRole('link', { name: /Chiama \+39 02 1234567/ }).getAttribute('href')).toBe('tel:+39021234567');
    expect(within(dialog).getByText('Riferimento annuncio: n. 42')).toBeTruthy();
  });

  it('names a private advertiser as such', async () => {
    answer(property({ Advertiser: { Kind: 'private', Name: 'Marco', AgencyId: null, AgencySlug: null, LogoUrl: null, Phone: null } }));
    await renderProperty();
    expect(within(screen.getByTestId('advertiser')).getByText('Privato')).toBeTruthy();
  });
});

describe('the property route\'s loader', () => {
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
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Questo annuncio è stato rimosso dal proprietario');
    expect(await screen.findByRole('heading', { name: 'Bilocale in Corso Garibaldi' })).toBeTruthy();
  });
});
