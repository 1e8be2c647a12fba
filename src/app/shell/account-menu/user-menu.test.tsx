import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import { HOME_TYPE } from '@/shared/lib/home-type';
import common from '../../../../locales/it/common.json';
import { UserMenu } from './user-menu';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ common });
let unread: number;

beforeEach(() => {
  fetchMock.mockReset();
  unread = 3;
  fakeApi(fetchMock, {
    'GET /api/Account/Me': () => [200, { name: 'Giulia', surname: 'Bianchi', email: 'acquirente@rexer.example' }],
    'GET /api/Message/Unread': () => [200, { Count: unread }],
  });
});
afterEach(() => cleanup());

const show = (homeType: number = HOME_TYPE.BUYER) =>
  renderPage(() => <UserMenu homeType={homeType as 2} />, {
    i18n,
    path: '/',
    otherRoutes: { '/myrexer/messaggi': () => null, '/myrexer/appuntamenti': () => null },
  });

describe('the account menu', () => {
  it('shows the unread messages on the avatar, says them in its name, and beside «Messaggi»', async () => {
    await show();
    const button = await screen.findByRole('button', { name: 'Apri il menu del tuo account: 3 messaggi non letti' });
    expect(within(button).getByTestId('unread-badge').textContent).toBe('3');
    fireEvent.click(button);
    const menu = screen.getByTestId('account-menu');
    const messages = within(menu).getByRole('link', { name: 'Messaggi (3 non letti)' });
    expect(messages.getAttribute('href')).toBe('/myrexer/messaggi');
    expect(within(menu).getByRole('link', { name: 'Appuntamenti richiesti' }).getAttribute('href')).toBe(
      '/myrexer/appuntamenti',
    );
  });

  it('shows no badge when every message is read', async () => {
    unread = 0;
    await show();
    const button = await screen.findByRole('button', { name: 'Apri il menu del tuo account' });
    await screen.findByTestId('account-first-name');
    expect(within(button).queryByTestId('unread-badge')).toBeNull();
    fireEvent.click(button);
    expect(within(screen.getByTestId('account-menu')).getByRole('link', { name: 'Messaggi' })).toBeTruthy();
    expect(screen.queryByTestId('menu-unread')).toBeNull();
  });

  it('gives sellers and landlords their visits and messages too', async () => {
    await show(HOME_TYPE.SELLER);
    fireEvent.click(await screen.findByRole('button', { name: /3 messaggi non letti/ }));
    const menu = screen.getByTestId('account-menu');
    expect(within(menu).getByRole('link', { name: 'Appuntamenti' }).getAttribute('href')).toBe('/myrexer/appuntamenti');
    expect(within(menu).getByRole('link', { name: 'Messaggi (3 non letti)' })).toBeTruthy();
  });
});
