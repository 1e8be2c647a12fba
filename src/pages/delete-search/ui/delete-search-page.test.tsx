import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/saved-searches.json';
import { DeleteSearchPage } from './delete-search-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'saved-searches': translations });
let answer: [number, unknown];
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  fetchMock.mockReset();
  answer = [200, { Name: 'Trilocali a Bologna' }];
  api = fakeApi(fetchMock, { 'POST /api/SavedSearch/DeleteByLink': () => answer });
});
afterEach(cleanup);

const show = (token: string | null = 'c2lnbmVk') =>
  renderPage(() => <DeleteSearchPage id={42} token={token ?? undefined} />, {
    i18n,
    path: '/eliminaricerca/42',
    otherRoutes: { '/ricerca': () => <p>ricerca</p>, '/myrexer/ricerche': () => <p>ricerche</p> },
  });
const confirm = async () => fireEvent.click(await screen.findByRole('button', { name: 'Sì, elimina la ricerca' }));

describe('DeleteSearchPage', () => {
  it('deletes nothing on opening: the visitor confirms, then the search is gone', async () => {
    await show();
    expect(await screen.findByText('Vuoi eliminare la ricerca salvata e smettere di ricevere avvisi?')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    await confirm();
    expect(await screen.findByText('Ricerca «Trilocali a Bologna» eliminata. Non riceverai più avvisi.')).toBeTruthy();
    expect(api.sent('POST /api/SavedSearch/DeleteByLink').map((call) => call.body)).toEqual([
      { Id: 42, Token: 'c2lnbmVk' },
    ]);
  });

  it('says the search is already gone', async () => {
    answer = [404, { ExceptionType: 120, ExceptionTypeString: 'SavedSearchNotFound' }];
    await show();
    await confirm();
    expect(
      await screen.findByText('Questa ricerca non esiste più: è già stata eliminata e non riceverai altri avvisi.'),
    ).toBeTruthy();
  });

  it('says a link that is not signed for this search is not valid', async () => {
    answer = [400, { ExceptionType: 122, ExceptionTypeString: 'InvalidDeleteLink' }];
    await show();
    await confirm();
    expect((await screen.findByTestId('delete-search-problem')).dataset.kind).toBe('invalid');
  });

  it('says a link without its token is not valid, without asking the server', async () => {
    await show(null);
    expect((await screen.findByTestId('delete-search-problem')).textContent).toMatch(/Questo link non è più valido/);
    expect(api.calls).toHaveLength(0);
  });

  it('offers to try again when the server fails', async () => {
    answer = [500, { ExceptionType: 0, ExceptionTypeString: 'InternalError' }];
    await show();
    await confirm();
    expect(
      await screen.findByText('Non è stato possibile eliminare la ricerca. Riprova tra qualche istante.'),
    ).toBeTruthy();
    answer = [200, { Name: 'Trilocali a Bologna' }];
    await confirm();
    expect(await screen.findByTestId('delete-search-done')).toBeTruthy();
  });

  it('keeps the search when the visitor changes their mind', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'No, tienila' }));
    expect(await screen.findByText(/la ricerca resta salvata/)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
