import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import propertyTranslations from '../../../../locales/it/property.json';
import favoritesTranslations from '../../../../locales/it/favorites.json';
import listingTranslations from '../../../../locales/it/listing.json';
import { NewDevelopmentPage } from './new-development-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({
  property: propertyTranslations,
  favorites: favoritesTranslations,
  listing: listingTranslations,
});

const unit = (id: number, price: number) => ({
  Id: id,
  Title: `Bilocale ${id} in Residenza Parco`,
  SellType: 1,
  Price: price,
  PricePerM2: 4000,
  PreviousPrice: null,
  PriceReducedAt: null,
  SurfaceM2: 65,
  Rooms: 2,
  Bathrooms: 1,
  Floor: 1,
  PropertyTypeId: 1,
  PropertyTypeName: 'Appartamento',
  CityName: 'Torino',
  ProvinceCode: 'TO',
  DistrictName: null,
  Address: 'Via Nizza 10',
  Latitude: 45.05,
  Longitude: 7.67,
  ImageUrl: null,
  ThumbnailUrl: null,
  PhotoCount: 0,
  EnergyClass: 'A2',
  IsNewBuild: true,
  DevelopmentId: 9,
  PublishedAt: null,
  AgencyName: null,
  Highlighted: false,
});

beforeEach(() => {
  fetchMock.mockReset();
  fakeApi(fetchMock, {
    'GET /api/NewDevelopment/9': [
      200,
      {
        Id: 9,
        Name: 'Residenza Parco',
        BuilderName: 'Costruzioni Sabauda',
        Description: 'Dodici appartamenti in classe A2 affacciati sul parco.',
        Completion: 'Dicembre 2027',
        CityName: 'Torino',
        ProvinceCode: 'TO',
        City: { Name: 'Torino', Slug: 'torino', Istat: '001272', ProvinceCode: 'TO', ProvinceSlug: 'torino' },
        Address: 'Via Nizza 10',
        Latitude: 45.05,
        Longitude: 7.67,
        EnergyClass: { Id: 3, Code: 'A2', Name: 'A2' },
        AgencyName: null,
        PriceFrom: 210_000,
        Photos: [{ Url: '/media/d1.jpg', ThumbnailUrl: null, Width: 1200, Height: 800, Caption: null }],
        Units: [unit(101, 210_000), unit(102, 245_000)],
      },
    ],
    'GET /api/config': [200, { TileUrl: null }],
  });
});

describe('NewDevelopmentPage', () => {
  it('shows the project, its builder, completion, energy class, starting price and units linking to their listings', async () => {
    await renderPage(() => <NewDevelopmentPage id={9} />, {
      i18n,
      path: '/nuovecostruzioni/9',
      otherRoutes: { '/immobile/$id': () => null },
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Residenza Parco');
    expect(screen.getByText('Costruzioni Sabauda')).toBeTruthy();
    expect(screen.getByText('Dicembre 2027')).toBeTruthy();
    expect(screen.getByTestId('price-from').textContent).toBe('Prezzi da 210.000\u00a0€');
    expect(screen.getByText('A2', { selector: 'span' })).toBeTruthy();
    const units = screen.getByTestId('development-units');
    expect(units.querySelectorAll(':scope > li')).toHaveLength(2);
    expect(
      within(units)
        .getByRole('link', { name: /Bilocale 101/ })
        .getAttribute('href'),
    ).toBe('/immobile/101');
    expect(screen.getByRole('heading', { name: '2 unità in vendita' })).toBeTruthy();
  });
});
