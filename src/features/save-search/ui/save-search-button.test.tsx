import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseSearchParams } from '@domain/search';
import {
  createSessionViewStore,
  provideSessionRuntime,
  SessionViewContext,
  type SessionRuntime,
  type StoredSessionRecord,
} from '@/entities/session';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/saved-searches.json';
import search from '../../../../locales/it/search.json';
import { suggestSearchName, validateSearchName } from '../model/search-name';
import { SaveSearchButton } from './save-search-button';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

// The button speaks the results page's namespace; the form its own.
const i18n = await testI18n({ 'saved-searches': translations, search });
const t = i18n.getFixedT('it', 'saved-searches');

const LOGGED_IN: StoredSessionRecord = {
  username: 'pia@example.it',
  isConfirmed: true,
  termsPrivacy: true,
  silent: false,
};
const PARAMS = parseSearchParams({
  SearchType: 'town',
  Town: '037006',
  Type: 'trilocali',
  PriceMax: '450000',
  Cursor: 'abc',
  Zoom: '12',
}).params;

function render(record: StoredSessionRecord | null) {
  let current = record;
  const store = createSessionViewStore(() => current);
  const login = () => {
    current = LOGGED_IN;
    store.refresh();
  };
  return {
    login,
    rendered: renderPage(
      () => (
        <SessionViewContext.Provider value={store}>
          <SaveSearchButton params={PARAMS} />
        </SessionViewContext.Provider>
      ),
      { i18n, path: '/ricerca', otherRoutes: { '/myrexer/ricerche': () => <p>ricerche</p> } },
    ),
  };
}

let api: ReturnType<typeof fakeApi>;
let saveAnswer: [number, unknown];

beforeEach(() => {
  fetchMock.mockReset();
  saveAnswer = [
    201,
    { Id: 9, Name: 'Trilocali a Bologna', Frequency: 'instant', Summary: 'Trilocali in vendita a Bologna' },
  ];
  api = fakeApi(fetchMock, {
    'GET /api/Search/Listings': [
      200,
      { Total: 3, Items: [], NextCursor: null, Area: { Kind: 'town', Name: 'Bologna' } },
    ],
    'POST /api/User/SavedSearches': () => saveAnswer,
  });
});
afterEach(() => {
  cleanup();
  provideSessionRuntime(undefined);
});

const nameField = () => screen.findByLabelText(/Nome della ricerca/);
const submit = () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Salva ricerca' }));

describe('SaveSearchButton', () => {
  it('suggests a name from the search and its place, saves the criteria without paging or map view', async () => {
    await render(LOGGED_IN).rendered;
    fireEvent.click(screen.getByRole('button', { name: 'Salva ricerca' }));
    // The form loads on first use, and the place's name with the search's answer: both given time on a loaded machine.
    const field = (await screen.findByLabelText(/Nome della ricerca/, {}, { timeout: 5_000 })) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('Trilocali a Bologna, fino a 450.000 €'), { timeout: 5_000 });
    fireEvent.click(screen.getByLabelText(/Subito/));
    submit();
    expect(
      await screen.findByText('Ricerca «Trilocali a Bologna» salvata. Ti avviseremo quando escono nuovi annunci.'),
    ).toBeTruthy();
    expect(api.sent('POST /api/User/SavedSearches').map((call) => call.body)).toEqual([
      {
        Name: 'Trilocali a Bologna, fino a 450.000 €',
        Frequency: 'instant',
        Criteria: { SearchType: 'town', Town: '037006', Type: 'trilocali', PriceMax: '450000' },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Vedi le tue ricerche salvate' }).getAttribute('href')).toBe(
      '/myrexer/ricerche',
    );
  });

  it('asks for a name, at most 200 characters, before saving', async () => {
    await render(LOGGED_IN).rendered;
    fireEvent.click(screen.getByRole('button', { name: 'Salva ricerca' }));
    const field = await nameField();
    fireEvent.change(field, { target: { value: '   ' } });
    submit();
    expect(await screen.findByText('Dai un nome alla ricerca.')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'x'.repeat(201) } });
    submit();
    expect(await screen.findByText('Il nome può avere al massimo 200 caratteri.')).toBeTruthy();
    expect(api.sent('POST /api/User/SavedSearches')).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'x'.repeat(200) } });
    submit();
    await screen.findByTestId('save-search-done');
    expect(api.sent('POST /api/User/SavedSearches')).toHaveLength(1);
  });

  it('says in Italian when the limit of saved searches is reached', async () => {
    saveAnswer = [409, { ExceptionType: 121, ExceptionTypeString: 'SavedSearchLimitReached' }];
    await render(LOGGED_IN).rendered;
    fireEvent.click(screen.getByRole('button', { name: 'Salva ricerca' }));
    await nameField();
    submit();
    expect(
      await screen.findByText('Hai già 50 ricerche salvate, il massimo. Eliminane una che non ti serve più e riprova.'),
    ).toBeTruthy();
  });

  it('opens the login for a visitor, and the form once the login has gone through', async () => {
    const openLogin = vi.fn<SessionRuntime['openLogin']>();
    provideSessionRuntime(async () => ({ openLogin }) as unknown as SessionRuntime);
    const { rendered, login } = render(null);
    await rendered;
    fireEvent.click(screen.getByRole('button', { name: 'Salva ricerca' }));
    await waitFor(() => expect(openLogin).toHaveBeenCalledTimes(1));
    // The login says why it opened.
    expect(openLogin).toHaveBeenCalledWith(expect.objectContaining({ notice: 'saveSearch' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => login());
    expect(await nameField()).toBeTruthy();
  });

  it('opens the form for a visitor who registered instead of logging in and came back to the results', async () => {
    const openLogin = vi.fn<SessionRuntime['openLogin']>();
    provideSessionRuntime(async () => ({ openLogin }) as unknown as SessionRuntime);
    const first = render(null);
    await first.rendered;
    fireEvent.click(screen.getByRole('button', { name: 'Salva ricerca' }));
    await waitFor(() => expect(openLogin).toHaveBeenCalledTimes(1));
    // The login modal leads to the registration page: this page is left, the login never calls back.
    cleanup();
    // Back on the same results with the registration's silent session.
    const back = render({ username: 'pia@example.it', isConfirmed: false, termsPrivacy: true, silent: true });
    await back.rendered;
    expect(await nameField()).toBeTruthy();
    submit();
    await waitFor(() => expect(api.sent('POST /api/User/SavedSearches')).toHaveLength(1));
    // Asked once: another visit to the page does not open it again.
    cleanup();
    const again = render(LOGGED_IN);
    await again.rendered;
    expect(screen.getByRole('button', { name: 'Salva ricerca' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('suggestSearchName', () => {
  const name = (raw: Record<string, string>, area: string | null) =>
    suggestSearchName(parseSearchParams(raw).params, area, t);

  it('reads like a person would call the search', () => {
    expect(name({ SearchType: 'town', Town: '037006', Type: 'trilocali' }, 'Bologna')).toBe('Trilocali a Bologna');
    expect(name({ SearchType: 'province', Province: 'torino', SellType: '2' }, 'Provincia di Torino')).toBe(
      'Case in affitto in provincia di Torino',
    );
    expect(name({ SearchType: 'town', Town: '037006', Type: 'bilocali', SellType: '2' }, null)).toBe(
      'Bilocali in affitto',
    );
    expect(name({}, null)).toBe('Case in vendita in tutta Italia');
  });

  it('names the filters a person would: rooms, price and surface', () => {
    expect(name({ SearchType: 'town', Town: '001272', RoomsMin: '3', PriceMax: '300000' }, 'Torino')).toBe(
      'Case in vendita a Torino, almeno 3 locali, fino a 300.000 €',
    );
    expect(
      name(
        {
          SearchType: 'town',
          Town: '037006',
          Type: 'trilocali',
          RoomsMin: '3',
          PriceMin: '1200',
          PriceMax: '250000',
          SurfaceMin: '70',
        },
        'Bologna',
      ),
    ).toBe('Trilocali a Bologna, da 1.200 a 250.000 €, almeno 70 m²');
  });

  it('refuses an empty or overlong name', () => {
    expect(validateSearchName('  ')).toBe('nameRequired');
    expect(validateSearchName('a'.repeat(201))).toBe('nameTooLong');
    expect(validateSearchName(' Casa al mare ')).toBeNull();
  });
});
