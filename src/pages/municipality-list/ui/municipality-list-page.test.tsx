import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage as renderAt, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/municipality-list.json';
import { MunicipalityListPage, type MunicipalityListPageProps } from './municipality-list-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'municipality-list': translations });

const municipality = (Id: number, Name: string, ListingCount: number, IsMainTown = false) => ({
  Id,
  Name,
  Slug: Name.toLowerCase(),
  ListingCount,
  Url: `/vendita/case/mb/${Name.toLowerCase()}/${Id}`,
  IsMainTown,
});

let api: ReturnType<typeof fakeApi>;

function answerApi(municipalitiesStatus = 200) {
  const municipalities = ({ query }: { query: URLSearchParams }): [number, unknown] =>
    municipalitiesStatus !== 200
      ? [municipalitiesStatus, { ExceptionType: 0, ExceptionTypeString: 'NotFound' }]
      : [
          200,
          {
            ProvinceCode: 'MB',
            ProvinceName: 'Monza e della Brianza',
            SellType: Number(query.get('SellType')),
            Municipalities: [
              municipality(2, 'Arcore', 1),
              municipality(5, 'Aicurzio', 0),
              municipality(3, 'Lissone', 40),
              municipality(1, 'Monza', 25, true),
              municipality(6, 'Lazzate', 0),
              municipality(4, 'Agrate Brianza', 2),
            ],
          },
        ];
  api = fakeApi(fetchMock, {
    'GET /api/Seo/Municipalities/monza-e-della-brianza': municipalities,
    'GET /api/Seo/Municipalities/atlantide': municipalities,
    'GET /api/Home/Cities': [200, []],
  });
}

const renderPage = (props: MunicipalityListPageProps) =>
  renderAt(() => <MunicipalityListPage {...props} />, {
    i18n,
    path: `/${props.mode}/${props.typeSlug}/${props.province}/comuni`,
  });

describe('MunicipalityListPage', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    answerApi();
  });

  it('puts the main town first, then the towns with listings by how many, and lists the towns without any apart', async () => {
    await renderPage({ mode: 'comprocasa', typeSlug: 'case', province: 'monza-e-della-brianza' });

    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Case in vendita in provincia di Monza e della Brianza',
    );
    expect(screen.getByText('6 comuni in elenco')).toBeTruthy();
    const withListings = screen.getByRole('region', { name: '4 comuni con annunci' });
    const rows = within(withListings).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Monza',
      'Lissone',
      'Agrate Brianza',
      'Arcore',
    ]);
    expect(within(rows[0]!).getByText('comune principale')).toBeTruthy();
    expect(within(rows[0]!).getByText('25 annunci')).toBeTruthy();
    expect(within(rows[3]!).getByText('1 annuncio')).toBeTruthy();

    // The towns without listings: apart, by initial, with no "0 annunci" beside them.
    const without = screen.getByRole('region', { name: '2 comuni senza annunci al momento' });
    const letters = within(without).getByRole('navigation', { name: 'Comuni per iniziale' });
    expect(
      within(letters)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#letter-A', '#letter-L']);
    expect(
      within(screen.getByRole('region', { name: 'Comuni che iniziano con A' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Aicurzio']);
    expect(within(without).queryByText(/annunci?$/)).toBeNull();
  });

  it('asks the API for rentals on the renter list', async () => {
    await renderPage({ mode: 'trovocasa', typeSlug: 'bilocali', province: 'monza-e-della-brianza' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Bilocali in affitto in provincia di Monza e della Brianza',
    );
    const [call] = api.calls.filter((request) => request.path.includes('/Seo/'));
    expect(call?.path).toBe('/api/Seo/Municipalities/monza-e-della-brianza');
    expect(call?.query.get('SellType')).toBe('2');
  });

  it('says so when the province is unknown', async () => {
    answerApi(404);
    await renderPage({ mode: 'comprocasa', typeSlug: 'case', province: 'atlantide' });
    expect(await screen.findByText('Non abbiamo trovato la provincia richiesta.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Case in vendita in provincia di Atlantide');
  });
});
