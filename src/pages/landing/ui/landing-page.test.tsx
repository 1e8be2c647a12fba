import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import landingTranslations from '../../../../locales/it/landing.json';
import type { LandingMode } from '../model/landing-mode';
import { LandingPage } from './landing-page';

// The API client may keep the fetch it finds when its module loads, so the mock goes in first.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ landing: landingTranslations });

const CITIES = [
  {
    Id: 1,
    Name: 'Milano',
    Slug: 'milano',
    ProvinceCode: 'MI',
    ProvinceName: 'Milano',
    RegionName: 'Lombardia',
    Latitude: 45.46,
    Longitude: 9.19,
    SaleCount: 40,
    RentCount: 12,
  },
  {
    Id: 2,
    Name: 'Monza',
    Slug: 'monza',
    ProvinceCode: 'MB',
    ProvinceName: 'Monza e della Brianza',
    RegionName: 'Lombardia',
    Latitude: 45.58,
    Longitude: 9.27,
    SaleCount: 9,
    RentCount: 0,
  },
  {
    Id: 3,
    Name: "L'Aquila",
    Slug: 'l-aquila',
    ProvinceCode: 'AQ',
    ProvinceName: "L'Aquila",
    RegionName: 'Abruzzo',
    Latitude: 42.35,
    Longitude: 13.4,
    SaleCount: 3,
    RentCount: 5,
  },
];

const LISTINGS = [
  {
    Id: 10,
    Title: 'Casa in vendita in Via Solferino a Milano',
    CityName: 'Milano',
    ProvinceCode: 'MI',
    SellType: 1,
    Price: 385000,
    SurfaceM2: 92,
    Rooms: 3,
    Bathrooms: 2,
    PropertyTypeName: 'Appartamento',
    ImageUrl: '/media/10.jpg',
    ThumbnailUrl: '/media/10-t.jpg',
  },
  {
    Id: 11,
    Title: 'Casa in affitto in Via Roma a Monza',
    CityName: 'Monza',
    ProvinceCode: 'MB',
    SellType: 2,
    Price: 1250,
    SurfaceM2: 60,
    Rooms: 1,
    Bathrooms: 1,
    PropertyTypeName: 'Bilocale',
    ImageUrl: null,
    ThumbnailUrl: null,
  },
];

function answerApi({ listingsStatus = 200 } = {}) {
  fakeApi(fetchMock, {
    'GET /api/Home/Cities': [200, CITIES],
    'GET /api/Home/Listings': ({ query }) =>
      listingsStatus !== 200
        ? [listingsStatus, { ExceptionType: 0, ExceptionTypeString: 'Error' }]
        : [200, LISTINGS.filter((listing) => listing.SellType === Number(query.get('SellType')))],
  });
}

async function renderLanding(mode: LandingMode, typeSlug?: string) {
  const { router } = await renderPage(() => <LandingPage mode={mode} typeSlug={typeSlug} />, {
    i18n,
    path: '/',
    otherRoutes: { $: () => <p>destination</p> },
  });
  return router;
}

describe('LandingPage', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    answerApi();
  });

  it('shows the latest sale listings with a formatted price, surface, rooms and photo alt text', async () => {
    await renderLanding('comprocasa');
    const card = (await screen.findByRole('heading', { name: 'Casa in vendita in Via Solferino a Milano' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(card).getByText('€ 385.000')).toBeTruthy();
    expect(within(card).getByText('92 m²')).toBeTruthy();
    expect(within(card).getByText('3 locali')).toBeTruthy();
    expect(within(card).getByText('2 bagni')).toBeTruthy();
    expect(within(card).getByText('Milano (MI)')).toBeTruthy();
    expect(within(card).getByRole('img').getAttribute('alt')).toBe(
      "Foto dell'immobile: Casa in vendita in Via Solferino a Milano",
    );
    expect(
      within(card).getByRole('link', { name: 'Casa in vendita in Via Solferino a Milano' }).getAttribute('href'),
    ).toBe('/immobile/10');
  });

  it('shows rent prices per month to people looking for a rental', async () => {
    await renderLanding('trovocasa');
    const card = (await screen.findByRole('heading', { name: 'Casa in affitto in Via Roma a Monza' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(card).getByText('€ 1.250/mese')).toBeTruthy();
    expect(within(card).getByText('1 locale')).toBeTruthy();
    expect(within(card).getByText('Foto non disponibile')).toBeTruthy();
  });

  it('adapts the headline to the property type in the URL', async () => {
    await renderLanding('comprocasa', 'trilocali');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Trilocali in vendita, da privati e agenzie',
    );
  });

  it('leads a buyer from a city to the municipality list of its province', async () => {
    const router = await renderLanding('comprocasa', 'bilocali');
    const select = await screen.findByLabelText('Città in cui cerchi');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));

    fireEvent.click(screen.getByRole('button', { name: 'Vedi i comuni della provincia' }));
    expect(await screen.findByText("Scegli una città dall'elenco.")).toBeTruthy();
    expect(select.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vedi i comuni della provincia' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/comprocasa/bilocali/monza-e-della-brianza/comuni'),
    );
  });

  it('lists featured cities by their count for the mode, skipping cities without listings', async () => {
    await renderLanding('trovocasa');
    const section = (await screen.findByRole('heading', { name: 'Le città con più case in affitto' })).closest(
      'section',
    ) as HTMLElement;
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Milano12 annunci in affitto',
      "L'Aquila5 annunci in affitto",
    ]);
    expect(links[1].getAttribute('href')).toBe('/trovocasa/case/l-aquila/comuni');
  });

  it('gives sellers calls to action instead of a city picker', async () => {
    await renderLanding('vendocasa');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByLabelText('Città in cui cerchi')).toBeNull();
    expect(screen.getByRole('link', { name: "Pubblica l'annuncio" }).getAttribute('href')).toBe('/annuncio/vendocasa');
    expect(screen.getByRole('link', { name: 'Valuta gratis la tua casa' }).getAttribute('href')).toBe('/valutocasa');
  });

  it.each(['vendocasa', 'affittocasa'] as const)(
    'fills the right half of the %s hero with what Rexer does for owners',
    async (mode) => {
      await renderLanding(mode);
      const promise = await screen.findByTestId('landing-promise');
      expect(within(promise).getByRole('heading', { level: 2 }).textContent).toMatch(/^Con Rexer/);
      expect(within(promise).getAllByRole('listitem')).toHaveLength(3);
    },
  );

  it("gives seekers the city picker in that place, not the owners' promise", async () => {
    await renderLanding('comprocasa');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('landing-promise')).toBeNull();
  });

  it('keeps the page usable when the listings cannot be loaded', async () => {
    answerApi({ listingsStatus: 500 });
    await renderLanding('comprocasa');
    expect(await screen.findByText(/Non è stato possibile caricare questi contenuti/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });
});
