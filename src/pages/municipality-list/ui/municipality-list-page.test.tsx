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

const municipality = (Id: number, Name: string, ListingCount: number) => ({
  Id,
  Name,
  Slug: Name.toLowerCase(),
  ListingCount,
  Url: `/vendita/case/mb/${Name.toLowerCase()}/${Id}`,
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
            Municipalities: [municipality(1, 'Monza', 25), municipality(2, 'Arcore', 1), municipality(3, 'Lissone', 4), municipality(4, 'Agrate Brianza', 2)],
          },
        ];
  api = fakeApi(fetchMock, {
    'GET /api/Seo/Municipalities/monza-e-della-brianza': municipalities,
    'GET /api/Seo/Municipalities/atlantide': municipalities,
    'GET /api/Home/Cities': [200, []],
  });
}

const renderPage = (props: MunicipalityListPageProps) => renderAt(() => <MunicipalityListPage {...props} />, { i18n, path: `/${props.mode}/${props.typeSlug}/${props.province}/comuni` });

describe('MunicipalityListPage', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    answerApi();
  });

  it('lists the municipalities alphabetically under letter headings, with their counts', async () => {
    await renderPage({ mode: 'comprocasa', typeSlug: 'case', province: 'monza-e-della-brianza' });

    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Case in vendita in provincia di Monza e della Brianza',
    );
    const letters = screen.getByRole('navigation', { name: 'Comuni per iniziale' });
    expect(within(letters).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '#letter-A',
      '#letter-L',
      '#letter-M',
    ]);

    const groupA = screen.getByRole('region', { name: 'Comuni che iniziano con A' });
    expect(within(groupA).getAllByRole('link').map((link) => link.textContent)).toEqual(['Agrate Brianza', 'Arcore']);
    expect(within(groupA).getByText('1 annuncio')).toBeTruthy();
    expect(within(groupA).getByText('2 annunci')).toBeTruthy();
    expect(screen.getByText('4 comuni in elenco')).toBeTruthy();
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
