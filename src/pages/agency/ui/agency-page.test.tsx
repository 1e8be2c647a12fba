import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSearchListing } from '@/entities/listing';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/agency-page.json';
import listingTranslations from '../../../../locales/it/listing.json';
import type { AgencyPage as Agency } from '../api/agency-page-api';
import { AgencyPage } from './agency-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'agency-page': translations, listing: listingTranslations });

const NAVIGLI: Agency = {
  Id: 7,
  Slug: 'navigli-case',
  Name: 'Navigli Case Immobiliare',
  LogoUrl: '/media/agency-7.png',
  Description: 'Dal 2009 vendiamo e affittiamo case tra i Navigli e Porta Genova.',
  Address: {
    Street: 'Alzaia Naviglio Grande',
    StreetNumber: '42',
    PostalCode: '20144',
    Town: 'Milano',
    Province: 'MI',
    Latitude: 45.45,
    Longitude: 9.17,
  },
  IsPartner: true,
  Rating: 4.8,
  ReviewsCount: 212,
  AcceptsMessages: true,
  PublishedListings: { Sale: 2, Rent: 1 },
  Search: { SearchType: 'agency', Agency: 7 },
};

let agency: Agency;
let phone: [number, unknown];
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  fetchMock.mockReset();
  agency = NAVIGLI;
  phone = [200, { Phone: '02 1234 5678' }];
  api = fakeApi(fetchMock, {
    'GET /api/Agency/navigli-case': () => [200, agency],
    'GET /api/Search/Listings': ({ query }) => [
      200,
      {
        Total: query.get('SellType') === '2' ? 1 : 2,
        Items:
          query.get('SellType') === '2'
            ? [makeSearchListing({ Id: 3, SellType: 2, Price: 1200, Title: 'Monolocale in affitto a Porta Genova' })]
            : [
                makeSearchListing({ Id: 1, Title: 'Bilocale sul Naviglio' }),
                makeSearchListing({ Id: 2, Title: 'Trilocale in Via Vigevano' }),
              ],
        NextCursor: null,
        Markers: { Zoom: 12, Points: [] },
        Area: null,
      },
    ],
    'POST /api/Agency/navigli-case/Phone': () => phone,
  });
});
afterEach(cleanup);

const show = (type?: 'bilocali') =>
  renderPage(() => <AgencyPage slug="navigli-case" type={type} />, {
    i18n,
    path: type ? `/agenzie/navigli-case/${type}` : '/agenzie/navigli-case',
    otherPaths: ['/immobile/$id', '/ricerca', '/valutocasa'],
  });

describe('AgencyPage', () => {
  it('shows the agency: name, logo, partner badge, rating, description, address and its listings', async () => {
    await show();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Navigli Case Immobiliare');
    expect(screen.getByRole('img', { name: 'Logo di Navigli Case Immobiliare' }).getAttribute('src')).toBe(
      '/media/agency-7.png',
    );
    expect(screen.getByText('Agenzia partner')).toBeTruthy();
    expect(screen.getByText('4,8 su 5 · 212 recensioni')).toBeTruthy();
    expect(screen.getByText(/Dal 2009 vendiamo/)).toBeTruthy();
    expect(screen.getByText('Alzaia Naviglio Grande 42, 20144 Milano (MI)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Richiedi una valutazione' }).getAttribute('href')).toBe(
      '/valutocasa?agenzia=navigli-case',
    );

    const sale = await screen.findByTestId('agency-listings-sale');
    expect(await within(sale).findByText('Bilocale sul Naviglio')).toBeTruthy();
    expect(within(sale).getByText('Trilocale in Via Vigevano')).toBeTruthy();
    expect(
      within(sale)
        .getByRole('link', { name: /Vedi tutti gli annunci in vendita/ })
        .getAttribute('href'),
    ).toBe('/ricerca?SearchType=agency&Agency=7');
    const rent = await screen.findByTestId('agency-listings-rent');
    expect(await within(rent).findByText('Monolocale in affitto a Porta Genova')).toBeTruthy();
    expect(
      within(rent)
        .getByRole('link', { name: /Vedi tutti gli annunci in affitto/ })
        .getAttribute('href'),
    ).toBe('/ricerca?SearchType=agency&SellType=2&Agency=7');
    // The first page of each contract's search of the agency (sale is the default SellType).
    const searches = api.calls.filter((call) => call.path === '/api/Search/Listings');
    expect(
      searches.map((call) => [call.query.get('SearchType'), call.query.get('Agency'), call.query.get('SellType')]),
    ).toEqual([
      ['agency', '7', null],
      ['agency', '7', '2'],
    ]);
    // The phone is never on the page before it is asked for.
    expect(screen.queryByText('02 1234 5678')).toBeNull();
  });

  it('reveals the phone on request as a tel: link', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Mostra il numero' }));
    const link = await screen.findByRole('link', { name: '02 1234 5678' });
    expect(link.getAttribute('href')).toBe('tel:0212345678');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/Agency/navigli-case/Phone',
    ]);
  });

  it.each([
    [429, 'TooManyRequests', 'Hai chiesto troppi numeri in poco tempo. Riprova tra qualche minuto.'],
    [404, 'AgencyPhoneMissing', 'Questa agenzia non ha indicato un numero di telefono.'],
  ])('says in Italian why the phone is not shown (%i)', async (status, code, message) => {
    phone = [status, { ExceptionType: status, ExceptionTypeString: code }];
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Mostra il numero' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('link', { name: /^tel:/ })).toBeNull();
  });

  it('says when there are no reviews yet, and when there is no listing', async () => {
    agency = {
      ...NAVIGLI,
      Description: null,
      IsPartner: false,
      Rating: null,
      ReviewsCount: 0,
      LogoUrl: null,
      PublishedListings: { Sale: 0, Rent: 0 },
    };
    await show();
    expect(await screen.findByText('Ancora nessuna recensione')).toBeTruthy();
    expect(screen.queryByText(/su 5/)).toBeNull();
    expect(screen.queryByText('Agenzia partner')).toBeNull();
    expect(screen.getByText("Al momento l'agenzia non ha annunci pubblicati.")).toBeTruthy();
    expect(api.calls.some((call) => call.path === '/api/Search/Listings')).toBe(false);
  });

  it('shows only the listings of the type of /agenzie/{name}/{type}', async () => {
    agency = { ...NAVIGLI, PublishedListings: { Sale: 2, Rent: 0 } };
    await show('bilocali');
    const sale = await screen.findByTestId('agency-listings-sale');
    expect(await within(sale).findByText('Bilocale sul Naviglio')).toBeTruthy();
    expect(
      within(sale)
        .getByRole('link', { name: /Vedi tutti gli annunci/ })
        .getAttribute('href'),
    ).toContain('Type=bilocali');
    const search = api.calls.find((call) => call.path === '/api/Search/Listings');
    expect(search?.query.get('Type')).toBe('bilocali');
  });
});
