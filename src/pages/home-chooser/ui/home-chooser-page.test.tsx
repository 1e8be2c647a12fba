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
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import homeChooserTranslations from '../../../../locales/it/home-chooser.json';
import { HomeChooserPage } from './home-chooser-page';

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'it',
  ns: ['home-chooser'],
  resources: { it: { 'home-chooser': homeChooserTranslations } },
  interpolation: { escapeValue: false },
});

function renderChooser() {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const landings = ['/comprocasa', '/vendocasa', '/affittocasa', '/trovocasa'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>landing {path}</p> }),
  );
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomeChooserPage });
  const router = createRouter({
    routeTree: rootRoute.addChildren([home, ...landings]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

function homeOptionCookie(): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith('rexer_home_option='))
    ?.split('=')[1];
}

// The router restores scroll on navigation; jsdom has no layout to scroll.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

describe('HomeChooserPage', () => {
  beforeEach(() => {
    document.cookie = 'rexer_home_option=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('offers the four choices as links with a heading and a line of text', async () => {
    renderChooser();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cosa vuoi fare con Rexer?' })).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/comprocasa',
      '/vendocasa',
      '/affittocasa',
      '/trovocasa',
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Compro casa',
      'Vendo casa',
      'Affitto casa',
      'Trovo casa in affitto',
    ]);
  });

  it.each([
    ['Compro casa', '/comprocasa', '2'],
    ['Vendo casa', '/vendocasa', '1'],
    ['Affitto casa', '/affittocasa', '3'],
    ['Trovo casa in affitto', '/trovocasa', '4'],
  ])('choosing "%s" opens %s and stores home type %s in the cookie', async (name, path, homeType) => {
    const router = renderChooser();
    const link = await screen.findByRole('link', { name: new RegExp(`^${name}`) });
    fireEvent.click(link);

    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(homeOptionCookie()).toBe(homeType);
    expect(await screen.findByText(`landing ${path}`)).toBeTruthy();
  });

  it('sets the page title', async () => {
    renderChooser();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe('Compra, vendi o affitta casa tra privati | Rexer'));
  });
});
