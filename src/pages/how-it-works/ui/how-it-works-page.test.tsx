import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage as renderAt, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/how-it-works.json';
import type { HowItWorksVariant } from '../model/how-it-works-content';
import { HowItWorksPage } from './how-it-works-page';

const i18n = await testI18n({ 'how-it-works': translations });

async function renderPage(variant?: HowItWorksVariant) {
  await renderAt(() => <HowItWorksPage variant={variant} />, {
    i18n,
    path: variant ? `/comefunziona/${variant}` : '/comefunziona',
  });
  await screen.findByRole('heading', { level: 1 });
}

const paidSection = () =>
  screen.getByRole('heading', { name: 'Servizi facoltativi a pagamento' }).closest('section') as HTMLElement;

describe('HowItWorksPage', () => {
  it('shows sellers the steps, what is free and every optional paid service', async () => {
    await renderPage('vendocasa');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Come funziona per chi vende casa');
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(5);
    const names = within(paidSection())
      .getAllByRole('term')
      .map((term) => term.textContent);
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
    expect(
      within(paths)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/comefunziona/comprocasa',
      '/comefunziona/vendocasa',
      '/comefunziona/affittocasa',
      '/comefunziona/trovocasa',
    ]);
  });
});
