import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_SOURCE } from '@domain/session';
import {
  createSessionViewStore,
  provideSessionRuntime,
  SessionViewContext,
  type SessionRuntime,
  type StoredSessionRecord,
} from '@/entities/session';
import { fakeApi, renderPage, testI18n, type FakeAnswer } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/agency-page.json';
import listingTranslations from '../../../../locales/it/listing.json';
import writeTranslations from '../../../../locales/it/write-to-owner.json';
import type { AgencyPage as Agency } from '../api/agency-page-api';
import { AgencyPage } from './agency-page';

// «Contatta l'agenzia» on the agency's page: the message dialog of a listing's owner, written to
// the agency (POST /api/Message with AgencySlug), through the login for a visitor.

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({
  'agency-page': translations,
  listing: listingTranslations,
  'write-to-owner': writeTranslations,
});

const AGENCY: Agency = {
  Id: 7,
  Slug: 'navigli-case',
  Name: 'Navigli Case Immobiliare',
  LogoUrl: null,
  Description: null,
  Address: {
    Street: null,
    StreetNumber: null,
    PostalCode: null,
    Town: 'Milano',
    Province: 'MI',
    Latitude: null,
    Longitude: null,
  },
  IsPartner: true,
  Rating: null,
  ReviewsCount: 0,
  AcceptsMessages: true,
  PublishedListings: { Sale: 0, Rent: 0 },
  Search: { SearchType: 'agency', Agency: 7 },
};

const LOGGED_IN: StoredSessionRecord = {
  username: 'acquirente@rexer.example',
  isConfirmed: true,
  termsPrivacy: true,
  silent: false,
};

let agency: Agency;
let sendAnswer: FakeAnswer;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  fetchMock.mockReset();
  agency = AGENCY;
  sendAnswer = [201, { ThreadId: 9, Id: 70 }];
  api = fakeApi(fetchMock, {
    'GET /api/Agency/navigli-case': () => [200, agency],
    'POST /api/Message': () => sendAnswer,
  });
});

afterEach(() => {
  cleanup();
  provideSessionRuntime(undefined);
  window.sessionStorage.clear();
});

async function renderAs(record: StoredSessionRecord | null) {
  let current = record;
  const store = createSessionViewStore(() => current);
  const rendered = await renderPage(
    () => (
      <SessionViewContext.Provider value={store}>
        <AgencyPage slug="navigli-case" />
      </SessionViewContext.Provider>
    ),
    {
      i18n,
      path: '/agenzie/navigli-case',
      otherPaths: ['/immobile/$id', '/ricerca', '/valutocasa'],
      otherRoutes: { '/myrexer/messaggi': () => <p>messaggi</p> },
    },
  );
  await screen.findByRole('heading', { level: 1 });
  return {
    ...rendered,
    login: () => {
      current = LOGGED_IN;
      store.refresh();
    },
  };
}

const openDialog = async () => {
  fireEvent.click(screen.getByRole('button', { name: "Contatta l'agenzia" }));
  return screen.findByRole('dialog', { name: "Contatta l'agenzia" });
};

const write = (dialog: HTMLElement, text: string) => {
  fireEvent.change(within(dialog).getByLabelText('Il tuo messaggio'), { target: { value: text } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Invia messaggio' }));
};

describe("«Contatta l'agenzia»", () => {
  it('sends the message to the agency and opens the conversation in Messages', async () => {
    const { router } = await renderAs(LOGGED_IN);
    const dialog = await openDialog();
    expect(within(dialog).getByText(/Scrivi a Navigli Case Immobiliare/)).toBeTruthy();
    write(dialog, '  Vorrei vendere il mio bilocale.\nQuando possiamo sentirci?  ');
    expect(await screen.findByText('messaggi')).toBeTruthy();
    expect(api.sent('POST /api/Message').map((call) => call.body)).toEqual([
      { AgencySlug: 'navigli-case', Text: 'Vorrei vendere il mio bilocale.\nQuando possiamo sentirci?' },
    ]);
    expect(router.state.location.pathname).toBe('/myrexer/messaggi');
    expect(router.state.location.search).toEqual({ thread: 9 });
    expect(window.sessionStorage.getItem('rexer.owner-message.agency-navigli-case')).toBeNull();
  });

  it('asks a visitor to log in first, keeps the text meanwhile and sends it once logged in', async () => {
    const openLogin = vi.fn<SessionRuntime['openLogin']>();
    provideSessionRuntime(async () => ({ openLogin }) as unknown as SessionRuntime);
    const { login, router } = await renderAs(null);
    const dialog = await openDialog();
    expect(within(dialog).getByText(/Per scrivere all'agenzia ti chiediamo di accedere/)).toBeTruthy();
    write(dialog, 'Seguite anche affitti?');
    await waitFor(() => expect(openLogin).toHaveBeenCalledTimes(1));
    expect(openLogin.mock.calls[0]![0]).toMatchObject({ source: LOGIN_SOURCE.callbackOnly });
    expect(api.sent('POST /api/Message')).toHaveLength(0);
    expect(JSON.parse(window.sessionStorage.getItem('rexer.owner-message.agency-navigli-case') ?? 'null')).toEqual({
      text: 'Seguite anche affitti?',
      sendAfterLogin: true,
      sendNow: false,
    });
    act(() => login());
    expect(await screen.findByText('messaggi')).toBeTruthy();
    expect(api.sent('POST /api/Message').map((call) => call.body)).toEqual([
      { AgencySlug: 'navigli-case', Text: 'Seguite anche affitti?' },
    ]);
    expect(router.state.location.search).toEqual({ thread: 9 });
  });

  it.each([
    [
      409,
      'AgencyNotReachable',
      'Al momento questa agenzia non riceve messaggi su Rexer. Prova a chiamarla con «Mostra il numero».',
    ],
    [400, 'MessageToOwnAgency', 'Questa è la tua agenzia: rispondi ai messaggi dei clienti dalla pagina Messaggi.'],
    [404, 'AgencyNotFound', 'Questa agenzia non è più su Rexer: non le si può scrivere.'],
  ])('says in Italian why the message did not go (%i %s) and keeps the text', async (status, code, message) => {
    sendAnswer = [status, { ExceptionType: 222, ExceptionTypeString: code }];
    await renderAs(LOGGED_IN);
    const dialog = await openDialog();
    write(dialog, 'Buongiorno');
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect((within(dialog).getByLabelText('Il tuo messaggio') as HTMLTextAreaElement).value).toBe('Buongiorno');
  });

  it('refuses an empty message before sending', async () => {
    await renderAs(LOGGED_IN);
    const dialog = await openDialog();
    write(dialog, '   ');
    expect(await within(dialog).findByText('Scrivi il messaggio prima di inviarlo.')).toBeTruthy();
    expect(api.sent('POST /api/Message')).toHaveLength(0);
  });

  it('offers no message form for an agency nobody answers for on Rexer', async () => {
    agency = { ...AGENCY, AcceptsMessages: false };
    await renderAs(LOGGED_IN);
    expect(screen.queryByRole('button', { name: "Contatta l'agenzia" })).toBeNull();
    expect(screen.getByText(/Al momento questa agenzia non riceve messaggi su Rexer/)).toBeTruthy();
  });
});
