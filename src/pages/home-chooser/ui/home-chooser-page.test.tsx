import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, testI18n } from '@/shared/lib/test-utils';
import homeChooserTranslations from '../../../../locales/it/home-chooser.json';
import { HomeChooserPage } from './home-chooser-page';

const i18n = await testI18n({ 'home-chooser': homeChooserTranslations });

async function renderChooser() {
  const { router } = await renderPage(() => <HomeChooserPage />, {
    i18n,
    path: '/',
    otherRoutes: Object.fromEntries(
      ['/comprocasa', '/vendocasa', '/affittocasa', '/trovocasa'].map((path) => [path, () => <p>landing {path}</p>]),
    ),
  });
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
    await renderChooser();
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
    const router = await renderChooser();
    const link = await screen.findByRole('link', { name: new RegExp(`^${name}`) });
    fireEvent.click(link);

    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(homeOptionCookie()).toBe(homeType);
    expect(await screen.findByText(`landing ${path}`)).toBeTruthy();
  });

  it('sets the page title', async () => {
    await renderChooser();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe('Compra, vendi o affitta casa tra privati | Rexer'));
  });
});
