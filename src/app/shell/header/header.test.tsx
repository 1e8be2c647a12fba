import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_TYPE } from '@/shared/lib/home-type';
import common from '../../../../locales/it/common.json';
import { createLoaderStore } from '../../model/loader-store';
import { GLOBAL_LOADER_DELAY_MS, GlobalLoader } from '../global-loader/global-loader';
import { Header, type HeaderProps } from './header';

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ lng: 'it', ns: ['common'], defaultNS: 'common', resources: { it: { common } }, interpolation: { escapeValue: false } });

/** matchMedia answering the 992 px breakpoint for a given window width. */
function viewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Infinity);
      return { matches: width <= max, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn(), onchange: null } as unknown as MediaQueryList;
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
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
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

  it('shows the menu of the home type inline from 992 px', async () => {
    viewport(1280);
    await renderHeader({ homeType: HOME_TYPE.SELLER, accepted: [HOME_TYPE.SELLER] });
    const header = screen.getByTestId('site-header');
    expect(header.dataset.layout).toBe('desktop');
    expect(header.dataset.menuType).toBe('SELLER');
    expect(screen.getByRole('link', { name: "Pubblica l'annuncio" }).getAttribute('href')).toBe('/annuncio/vendocasa');
    expect(screen.queryByTestId('menu-button')).toBeNull();
  });

  it('puts the menu behind a burger under 992 px: it opens, and Escape closes it', async () => {
    viewport(991);
    await renderHeader({ homeType: HOME_TYPE.RENTER });
    expect(screen.getByTestId('site-header').dataset.layout).toBe('mobile');
    const burger = screen.getByTestId('menu-button');
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Domande frequenti' }).getAttribute('href')).toBe('/faq/trovocasa');
    fireEvent.keyDown(document, { key: 'Escape' });
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
