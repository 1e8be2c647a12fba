import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import translations from '../../../../locales/it/municipality-list.json';
import { MunicipalityListPage, type MunicipalityListPageProps } from './municipality-list-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'it',
  ns: ['municipality-list'],
  resources: { it: { 'municipality-list': translations } },
  interpolation: { escapeValue: false },
});

const municipality = (Id: number, Name: string, ListingCount: number) => ({
  Id,
  Name,
  Slug: Name.toLowerCase(),
  ListingCount,
  Url: `/vendita/case/mb/${Name.toLowerCase()}/${Id}`,
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function urlOf(input: Parameters<typeof fetch>[0]): URL {
  return new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
}

function answerApi(municipalitiesStatus = 200) {
  fetchMock.mockImplementation(async (input) => {
    const url = urlOf(input);
    if (url.pathname.startsWith('/api/Seo/Municipalities/')) {
      if (municipalitiesStatus !== 200) {
        return json({ ExceptionType: 0, ExceptionTypeString: 'NotFound' }, municipalitiesStatus);
      }
      return json({
        ProvinceCode: 'MB',
        ProvinceName: 'Monza e della Brianza',
        SellType: Number(url.searchParams.get('SellType')),
        Municipalities: [
          municipality(1, 'Monza', 25),
          municipality(2, 'Arcore', 1),
          municipality(3, 'Lissone', 4),
          municipality(4, 'Agrate Brianza', 2),
        ],
      });
    }
    if (url.pathname === '/api/Home/Cities') return json([]);
    return json({});
  });
}

function renderPage(props: MunicipalityListPageProps) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => (
      <Suspense fallback={<p>loading</p>}>
        <MunicipalityListPage {...props} />
      </Suspense>
    ),
  });
  const router = createRouter({ routeTree: rootRoute.addChildren([page]), history: createMemoryHistory() });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('MunicipalityListPage', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    answerApi();
  });

  it('lists the municipalities alphabetically under letter headings, with their counts', async () => {
    renderPage({ mode: 'comprocasa', typeSlug: 'case', province: 'monza-e-della-brianza' });

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
    renderPage({ mode: 'trovocasa', typeSlug: 'bilocali', province: 'monza-e-della-brianza' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Bilocali in affitto in provincia di Monza e della Brianza',
    );
    const call = fetchMock.mock.calls.map(([input]) => urlOf(input)).find((url) => url.pathname.includes('/Seo/'));
    expect(call?.pathname).toBe('/api/Seo/Municipalities/monza-e-della-brianza');
    expect(call?.searchParams.get('SellType')).toBe('2');
  });

  it('says so when the province is unknown', async () => {
    answerApi(404);
    renderPage({ mode: 'comprocasa', typeSlug: 'case', province: 'atlantide' });
    expect(await screen.findByText('Non abbiamo trovato la provincia richiesta.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Case in vendita in provincia di Atlantide');
  });
});
