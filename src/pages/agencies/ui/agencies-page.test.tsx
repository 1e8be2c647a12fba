import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import translations from '../../../../locales/it/agencies.json';
import { AgenciesPage } from './agencies-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'it',
  ns: ['agencies'],
  resources: { it: { agencies: translations } },
  interpolation: { escapeValue: false },
});

const agency = (Id: number, Name: string, CityName: string, ProvinceCode: string) => ({
  Id,
  Name,
  Slug: Name.toLowerCase().replace(/\s+/g, '-'),
  CityName,
  ProvinceCode,
  Address: `Via Garibaldi ${Id}, ${CityName}`,
  Phone: '+39 02 1234567',
  Email: `info${Id}@example.it`,
  Description: 'Agenzia di quartiere.',
  LogoUrl: null,
  Partner: true,
});

const AGENCIES = [
  agency(1, 'Casa Navigli', 'Milano', 'MI'),
  agency(2, 'Immobiliare Duomo', 'Milano', 'MI'),
  agency(3, 'Studio Santo Stefano', 'Bologna', 'BO'),
];

function urlOf(input: Parameters<typeof fetch>[0]): URL {
  return new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
}

function renderPage(mode: 'comprocasa' | 'vendocasa') {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => (
      <Suspense fallback={<p>loading</p>}>
        <AgenciesPage mode={mode} />
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

describe('AgenciesPage', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) => {
      const url = urlOf(input);
      const city = url.searchParams.get('City');
      const body = city ? AGENCIES.filter((a) => a.CityName === city) : AGENCIES;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
  });

  it('lists the partner agencies with their contacts', async () => {
    renderPage('vendocasa');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Agenzie partner per chi vende casa');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain('Casa Navigli');
    expect(screen.getByText('3 agenzie')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'info3@example.it' }).getAttribute('href')).toBe('mailto:info3@example.it');
  });

  it('filters by city through the API', async () => {
    renderPage('comprocasa');
    const select = await screen.findByLabelText('Filtra per città');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Tutte le città',
      'Bologna',
      'Milano',
    ]);

    fireEvent.change(select, { target: { value: 'Bologna' } });
    expect(await screen.findByText('1 agenzia a Bologna')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Casa Navigli')).toBeNull());
    expect(screen.getByText('Studio Santo Stefano')).toBeTruthy();
    const cityCall = fetchMock.mock.calls.map(([input]) => urlOf(input)).find((url) => url.searchParams.has('City'));
    expect(cityCall?.pathname).toBe('/api/Agency/List');
    expect(cityCall?.searchParams.get('City')).toBe('Bologna');
  });
});
