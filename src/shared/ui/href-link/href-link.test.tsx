import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, testI18n } from '@/shared/lib/test-utils/render-page';
import { HrefLink } from './href-link';

async function setup(href: string) {
  const i18n = await testI18n({ common: {} });
  return renderPage(() => <HrefLink href={href}>Torino</HrefLink>, {
    i18n,
    path: '/comuni',
    otherRoutes: { '/vendita/case/torino': () => <h1>Risultati</h1> },
  });
}

describe('HrefLink', () => {
  it('is an ordinary link the router follows on a plain click, query string included', async () => {
    const { router } = await setup('/vendita/case/torino?RoomsMin=3');
    const link = screen.getByRole('link', { name: 'Torino' });
    expect(link.getAttribute('href')).toBe('/vendita/case/torino?RoomsMin=3');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Risultati' })).toBeTruthy();
    expect(router.state.location.href).toBe('/vendita/case/torino?RoomsMin=3');
  });

  it('leaves a click with a modifier (a new tab) and an address of another site to the browser', async () => {
    const { router } = await setup('/vendita/case/torino');
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    fireEvent(screen.getByRole('link', { name: 'Torino' }), modified);
    expect(modified.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/comuni');
  });

  it('does not follow another origin', async () => {
    const { router } = await setup('https://example.org/vendita');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(screen.getByRole('link', { name: 'Torino' }), click);
    expect(click.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/comuni');
  });
});
