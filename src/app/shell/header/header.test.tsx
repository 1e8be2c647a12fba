import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, createStaticI18n } from '@/shared/i18n';
import { HOME_TYPE, type HomeType } from '@/shared/lib/home-type';
import { HEADER_MENUS, type HeaderMenuType } from '../../config/menus';
import common from '../../../../locales/it/common.json';
import { createLoaderStore } from '../../model/loader-store';
import { GLOBAL_LOADER_DELAY_MS, GlobalLoader } from '../global-loader/global-loader';
import { Header, type HeaderProps } from './header';

const i18n = createStaticI18n({ common });

/** A window `width` px wide: matchMedia answers any max-width query for it. */
function viewport(width: number) {
  vi.stubGlobal('innerWidth', width);
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Infinity);
      return {
        matches: width <= max,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        onchange: null,
      } as unknown as MediaQueryList;
    }),
  );
}

async function renderInRouter(node: () => ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: node }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  await act(() => router.load());
}

const renderHeader = (props: HeaderProps) => renderInRouter(() => <Header {...props} />);

describe('Header', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it.each([
    [HOME_TYPE.UNDEFINED, 'BUYER_RENTER'],
    [HOME_TYPE.BUYER, 'BUYER'],
    [HOME_TYPE.RENTER, 'RENTER'],
    [HOME_TYPE.SELLER, 'SELLER'],
    [HOME_TYPE.LANDLORD, 'LANDLORD'],
  ] as [HomeType, HeaderMenuType][])(
    'shows every entry of the menu of type %i (%s) inline on a desktop',
    async (homeType, menuType) => {
      viewport(1280);
      await renderHeader({ homeType });
      const header = screen.getByTestId('site-header');
      expect(header.dataset.menuType).toBe(menuType);
      const nav = within(header).getByRole('navigation', { name: 'Menu principale' });
      const shown = Array.from(nav.querySelectorAll<HTMLElement>('[data-menu-item]')).map(
        (entry) => entry.dataset.menuItem,
      );
      expect(shown).toEqual(HEADER_MENUS[menuType].map((item) => item.id));
      for (const item of HEADER_MENUS[menuType]) {
        if (item.kind === 'link')
          expect(
            within(nav)
              .getByRole('link', { name: i18n.t(item.label) })
              .getAttribute('href'),
          ).toBe(item.to);
        else expect(within(nav).getByRole('button', { name: i18n.t(item.label) })).toBeTruthy();
      }
    },
  );

  it("shows the menu of the home type inline from 1200 px, the seller's publishing as the filled button", async () => {
    viewport(1200);
    await renderHeader({ homeType: HOME_TYPE.SELLER, accepted: [HOME_TYPE.SELLER] });
    const header = screen.getByTestId('site-header');
    expect(header.dataset.layout).toBe('desktop');
    expect(header.dataset.menuType).toBe('SELLER');
    const publish = screen.getByRole('link', { name: "Pubblica l'annuncio" });
    expect(publish.getAttribute('href')).toBe('/annuncio/vendocasa');
    // The seller's main action is the filled button; the valuation is an ordinary entry.
    const valuation = screen.getByRole('button', { name: 'Valutazione gratuita' });
    expect(publish.className).not.toBe(valuation.className);
    expect(publish.className).toMatch(/action/);
    expect(valuation.className).not.toMatch(/action/);
  });

  it('puts the menu behind a burger under 1200 px (the entries would not fit on one line): it opens, and Escape closes it', async () => {
    viewport(1199);
    await renderHeader({ homeType: HOME_TYPE.RENTER });
    expect(screen.getByTestId('site-header').dataset.layout).toBe('mobile');
    const burger = screen.getByTestId('menu-button');
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(burger.getAttribute('aria-label')).toBe('Apri il menu');
    const panel = document.getElementById(burger.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(burger.getAttribute('aria-label')).toBe('Chiudi il menu');
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByRole('link', { name: 'Domande frequenti' }).getAttribute('href')).toBe('/faq/trovocasa');
    // The focus moves into the menu, and comes back to the burger on Escape.
    expect(document.activeElement).toBe(within(panel).getAllByRole('link')[0]);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(burger);
  });

  it('closes the mobile menu when the burger is pressed again', async () => {
    viewport(375);
    await renderHeader({ homeType: HOME_TYPE.SELLER });
    const burger = screen.getByTestId('menu-button');
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  });

  it('renders nothing in the "hide all" mode, and is not sticky in the "hide sticky" mode', async () => {
    viewport(1280);
    await renderHeader({ homeType: HOME_TYPE.BUYER, mode: 'hideAll' });
    expect(screen.queryByTestId('site-header')).toBeNull();
    await renderHeader({ homeType: HOME_TYPE.BUYER, mode: 'hideSticky' });
    const notSticky = screen.getByTestId('site-header').className;
    await renderHeader({ homeType: HOME_TYPE.BUYER, mode: 'show' });
    const sticky = screen.getAllByTestId('site-header')[1].className;
    expect(sticky).not.toBe(notSticky);
    expect(sticky).toMatch(/sticky/);
    expect(notSticky).not.toMatch(/sticky/);
  });
});

describe('GlobalLoader', () => {
  it('shows the overlay only when a task lasts longer than the delay, and hides it when done', async () => {
    const store = createLoaderStore();
    await renderInRouter(() => <GlobalLoader store={store} />);
    vi.useFakeTimers();
    let hide = () => {};
    act(() => {
      hide = store.show();
    });
    act(() => vi.advanceTimersByTime(GLOBAL_LOADER_DELAY_MS - 50));
    expect(screen.queryByTestId('global-loader')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByTestId('global-loader')).toBeTruthy();
    act(() => hide());
    expect(screen.queryByTestId('global-loader')).toBeNull();
    vi.useRealTimers();
  });
});
