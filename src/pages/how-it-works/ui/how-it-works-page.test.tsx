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
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import translations from '../../../../locales/it/how-it-works.json';
import type { HowItWorksVariant } from '../model/how-it-works-content';
import { HowItWorksPage } from './how-it-works-page';

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'it',
  ns: ['how-it-works'],
  resources: { it: { 'how-it-works': translations } },
  interpolation: { escapeValue: false },
});

async function renderPage(variant?: HowItWorksVariant) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <HowItWorksPage variant={variant} />,
  });
  const router = createRouter({ routeTree: rootRoute.addChildren([page]), history: createMemoryHistory() });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
}

const paidSection = () =>
  screen.getByRole('heading', { name: 'Servizi facoltativi a pagamento' }).closest('section') as HTMLElement;

describe('HowItWorksPage', () => {
  it('shows sellers the steps, what is free and every optional paid service', async () => {
    await renderPage('vendocasa');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Come funziona per chi vende casa');
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(5);
    const names = within(paidSection()).getAllByRole('term').map((term) => term.textContent);
    expect(names).toEqual([
      'In prima fila',
      'Servizio fotografico',
      'Cartello vendesi',
      'Passa a un piano superiore',
      'Venduto garantito',
      'Ristrutturazione',
      'Flessibile',
    ]);
    expect(screen.getByRole('link', { name: "Pubblica l'annuncio" }).getAttribute('href')).toBe('/annuncio/vendocasa');
  });

  it('does not offer guaranteed sale to landlords', async () => {
    await renderPage('affittocasa');
    expect(within(paidSection()).queryByText('Venduto garantito')).toBeNull();
    expect(within(paidSection()).queryByText('Cartello vendesi')).toBeNull();
    expect(within(paidSection()).getByText('In prima fila')).toBeTruthy();
  });

  it('tells buyers that nothing is paid for them', async () => {
    await renderPage('comprocasa');
    expect(within(paidSection()).getByText(/completamente gratuito/)).toBeTruthy();
    expect(within(paidSection()).queryByRole('term')).toBeNull();
  });

  it('links the overview to the four paths', async () => {
    await renderPage();
    const paths = screen.getByRole('heading', { name: 'Scegli il tuo percorso' }).closest('section') as HTMLElement;
    expect(within(paths).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/comefunziona/comprocasa',
      '/comefunziona/vendocasa',
      '/comefunziona/affittocasa',
      '/comefunziona/trovocasa',
    ]);
  });
});
