import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage as renderAt, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/agencies.json';
import { AgenciesPage } from './agencies-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ agencies: translations });

const agency = (Id: number, Name: string, CityName: string, ProvinceCode: string) => ({
  Id,
  Name,
  Slug: Name.toLowerCase().replace(/\s+/g, '-'),
  CityName,
  ProvinceCode,
  Address: `Via Garibaldi ${Id}, ${CityName}`,
  Description: 'Agenzia di quartiere.',
  LogoUrl: null,
  Partner: true,
});

const AGENCIES = [
  agency(1, 'Casa Navigli', 'Milano', 'MI'),
  agency(2, 'Immobiliare Duomo', 'Milano', 'MI'),
  agency(3, 'Studio Santo Stefano', 'Bologna', 'BO'),
];

const renderPage = (mode: 'comprocasa' | 'vendocasa') =>
  renderAt(() => <AgenciesPage mode={mode} />, { i18n, path: `/agenzie/${mode}` });

describe('AgenciesPage', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    fetchMock.mockReset();
    api = fakeApi(fetchMock, {
      'GET /api/Agency/List': ({ query }) => [
        200,
        query.get('City') ? AGENCIES.filter((a) => a.CityName === query.get('City')) : AGENCIES,
      ],
    });
  });

  it('lists the partner agencies, their contacts left to their own pages', async () => {
    await renderPage('vendocasa');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Agenzie partner per chi vende casa');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain('Casa Navigli');
    expect(screen.getByText('3 agenzie')).toBeTruthy();
    // No phone and no e-mail in the list: the agency's page shows its phone on request.
    expect(document.querySelector('a[href^="tel:"], a[href^="mailto:"]')).toBeNull();
  });

  it("links each agency's name to its own page", async () => {
    await renderPage('vendocasa');
    expect((await screen.findByRole('link', { name: 'Studio Santo Stefano' })).getAttribute('href')).toBe(
      '/agenzie/studio-santo-stefano',
    );
  });

  it('filters by city through the API', async () => {
    await renderPage('comprocasa');
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
    const cityCall = api.sent('GET /api/Agency/List').find((call) => call.query.has('City'));
    expect(cityCall?.query.get('City')).toBe('Bologna');
  });
});
