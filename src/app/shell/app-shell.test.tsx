import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStaticI18n } from '@/shared/i18n';
import { configQueryOptions, footerLinksQueryOptions, type AppConfig, type FooterLinks } from '@/shared/api';
import { footerDocumentsQueryOptions } from './footer/footer-documents';
import common from '../../../locales/it/common.json';
import { createAppRouter } from '../router';
import { footerSeoMode } from './app-shell';

describe('footerSeoMode', () => {
  it('hides the SEO links for the source "costruzioni", in any case', () => {
    expect(footerSeoMode('default', 'costruzioni')).toBe('hidden');
    expect(footerSeoMode('expanded', 'Costruzioni')).toBe('hidden');
    expect(footerSeoMode(undefined, 'COSTRUZIONI')).toBe('hidden');
  });

  it("keeps the page's mode for any other source or none", () => {
    expect(footerSeoMode('expanded', 'newsletter')).toBe('expanded');
    expect(footerSeoMode('expanded', null)).toBe('expanded');
    expect(footerSeoMode('default', undefined)).toBe('default');
    expect(footerSeoMode('hidden', 'newsletter')).toBe('hidden');
    // Only the exact source: a longer name is another source.
    expect(footerSeoMode('expanded', 'nuovecostruzioni')).toBe('expanded');
  });

  it('collapses the links when the page says nothing', () => {
    expect(footerSeoMode(undefined, null)).toBe('default');
  });
});

// The shell around real routes: the app's router and providers, with the shell's data
// already in the query cache, so nothing reaches the network.
const i18n = createStaticI18n({ common });

const footerLinks = {
  Sale: [{ ProvinceCode: 'MI', ProvinceName: 'Milano', ListingCount: 12, Url: '/case/milano', Cities: [] }],
  Rent: [],
} as unknown as FooterLinks;

async function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(configQueryOptions().queryKey, {
    PartnerHosts: [],
    BlogUrl: 'https://blog.rexer.test',
  } as unknown as AppConfig);
  queryClient.setQueryData(footerLinksQueryOptions().queryKey, footerLinks);
  queryClient.setQueryData(footerDocumentsQueryOptions().queryKey, []);
  const router = createAppRouter({
    queryClient,
    i18n,
    siteOrigin: 'https://www.rexer.test',
    cookies: document,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  // The root route renders the whole document: React takes the document itself as its container.
  render(<RouterProvider router={router} />, {
    container: document as unknown as HTMLElement,
    baseElement: document.body,
  });
  await screen.findByTestId('site-footer');
  return router;
}

const setCookie = (type: number) => (document.cookie = `rexer_home_option=${type}; path=/`);

describe('AppShell', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } })),
    );
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    document.cookie = 'rexer_home_option=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens the SEO footer on a map-search page, with the header of the visitor type', async () => {
    setCookie(4);
    await renderApp('/ricerca');
    expect((await screen.findByTestId('footer-seo')).dataset.expanded).toBe('true');
    expect(screen.getByTestId('site-header').dataset.menuType).toBe('RENTER');
    expect(screen.getByTestId('site-footer').dataset.homeType).toBe('4');
  });

  it('hides the SEO footer for the source "costruzioni" in the address, in any case', async () => {
    await renderApp('/ricerca?source=COSTRUZIONI');
    expect(screen.queryByTestId('footer-seo')).toBeNull();
    expect(screen.getByTestId('site-footer')).toBeTruthy();
  });

  it('hides the SEO footer on the new-build pages, whose source is always "costruzioni"', async () => {
    await renderApp('/nuovecostruzioni/3');
    expect(screen.queryByTestId('footer-seo')).toBeNull();
  });

  it('keeps the SEO footer collapsed on other pages', async () => {
    await renderApp('/visualizzamail');
    expect((await screen.findByTestId('footer-seo')).dataset.expanded).toBe('false');
  });

  it('renders no header where the page hides it all', async () => {
    await renderApp('/visualizzamail');
    expect(screen.queryByTestId('site-header')).toBeNull();
  });

  it('shows the type the root switched to: no cookie on the rent wizard makes a landlord', async () => {
    await renderApp('/annuncio/affittocasa');
    expect(screen.getByTestId('site-header').dataset.homeType).toBe('3');
    expect(screen.getByTestId('site-header').dataset.menuType).toBe('LANDLORD');
    expect(screen.getByTestId('site-footer').dataset.homeType).toBe('3');
  });

  it('leads a visitor without an account to the favourites from the header of a seeker, not of an owner', async () => {
    setCookie(4);
    await renderApp('/ricerca');
    const heart = screen.getByRole('link', { name: 'I tuoi preferiti' });
    expect(heart.getAttribute('href')).toBe('/myrexer/preferiti');
    expect(screen.getByTestId('login-button')).toBeTruthy();
    cleanup();
    await renderApp('/annuncio/affittocasa');
    expect(screen.queryByRole('link', { name: 'I tuoi preferiti' })).toBeNull();
  });

  it("gives a seller on the sale wizard's edit-by-id page both create-listing entries", async () => {
    setCookie(1);
    await renderApp('/annuncio/vendocasa/5');
    const header = screen.getByTestId('site-header');
    expect(header.dataset.menuType).toBe('SELLER_LANDLORD');
    expect(screen.getByRole('link', { name: 'Annuncio di vendita' }).getAttribute('href')).toBe('/annuncio/vendocasa');
    expect(screen.getByRole('link', { name: 'Annuncio di affitto' }).getAttribute('href')).toBe(
      '/annuncio/affittocasa',
    );
  });
});
