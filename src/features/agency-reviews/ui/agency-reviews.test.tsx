import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSessionViewStore,
  provideSessionRuntime,
  SessionViewContext,
  type SessionRuntime,
  type StoredSessionRecord,
} from '@/entities/session';
import { fakeApi, renderPage, testI18n, type FakeAnswer } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/agency-reviews.json';
import type { AgencyMyReview, AgencyReviewsPage } from '../api/agency-reviews-api';
import { AgencyReviews } from './agency-reviews';

// The reviews on an agency's page: the average and count of the approved ones, the reader's
// own review and where it stands, the form with the ads' rules, reports and the agency's answers.

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'agency-reviews': translations });

const PAGE: AgencyReviewsPage = {
  Rating: 4.5,
  Count: 2,
  Page: 1,
  PageSize: 10,
  Reviews: [
    {
      Id: 11,
      Rating: 5,
      Text: 'Visita puntuale, agente preparato.\nConsigliata.',
      Basis: 'visit',
      AuthorName: 'Giulia B.',
      CreatedAt: '2026-11-02T10:00:00.000Z',
      Edited: false,
      Answer: { Text: 'Grazie Giulia, a presto!', AnsweredAt: '2026-11-03T10:00:00.000Z' },
    },
    {
      Id: 12,
      Rating: 4,
      Text: 'Valutazione chiara e ben spiegata.',
      Basis: 'valuation',
      AuthorName: 'Marco R.',
      CreatedAt: '2026-10-20T10:00:00.000Z',
      Edited: true,
      Answer: null,
    },
  ],
};

const CAN_WRITE: AgencyMyReview = {
  CanReview: true,
  Basis: 'visit',
  IsAgencyMember: false,
  WorksForAgency: false,
  Review: null,
};
const LOGGED_IN: StoredSessionRecord = {
  username: 'acquirente@rexer.example',
  isConfirmed: true,
  termsPrivacy: true,
  silent: false,
};

let mine: AgencyMyReview;
let writeAnswer: FakeAnswer;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  fetchMock.mockReset();
  mine = CAN_WRITE;
  writeAnswer = [201, { Id: 30, Status: 'pending', Basis: 'visit' }];
  api = fakeApi(fetchMock, {
    'GET /api/Agency/navigli-case/Reviews': () => [200, PAGE],
    'GET /api/Agency/navigli-case/Reviews/Mine': () => [200, mine],
    'POST /api/Agency/navigli-case/Reviews': () => writeAnswer,
    'POST /api/Agency/Reviews/12/Report': () => [200, { Hidden: true }],
    'PUT /api/Agency/Reviews/12/Answer': () => new Response(null, { status: 204 }),
  });
});

afterEach(() => {
  cleanup();
  provideSessionRuntime(undefined);
});

async function renderAs(record: StoredSessionRecord | null) {
  const store = createSessionViewStore(() => record);
  await renderPage(
    () => (
      <SessionViewContext.Provider value={store}>
        <AgencyReviews slug="navigli-case" name="Navigli Case" />
      </SessionViewContext.Provider>
    ),
    { i18n, path: '/agenzie/navigli-case' },
  );
  await screen.findByTestId('agency-reviews-summary');
}

describe("An agency's reviews", () => {
  it('shows the average and count of the approved reviews, each with its basis and the agency’s answer', async () => {
    await renderAs(null);
    expect(screen.getByTestId('agency-reviews-summary').textContent).toContain('4,5 su 5');
    expect(screen.getByText('2 recensioni verificate')).toBeTruthy();
    const reviews = await screen.findAllByTestId('agency-review');
    expect(reviews).toHaveLength(2);
    expect(within(reviews[0]!).getByRole('heading', { name: 'Giulia B.' })).toBeTruthy();
    expect(within(reviews[0]!).getByText(/Ha visitato un immobile/)).toBeTruthy();
    expect(within(reviews[0]!).getByText('Grazie Giulia, a presto!')).toBeTruthy();
    expect(within(reviews[1]!).getByText(/modificata · Ha chiesto una valutazione/)).toBeTruthy();
    expect(within(reviews[1]!).getByRole('img', { name: '4 stelle su 5' })).toBeTruthy();
  });

  it('asks a visitor to log in to write one', async () => {
    const openLogin = vi.fn<SessionRuntime['openLogin']>();
    provideSessionRuntime(async () => ({ openLogin }) as unknown as SessionRuntime);
    await renderAs(null);
    fireEvent.click(screen.getByRole('button', { name: 'Accedi per scrivere una recensione' }));
    await waitFor(() => expect(openLogin).toHaveBeenCalledTimes(1));
    expect(api.sent('GET /api/Agency/navigli-case/Reviews/Mine')).toHaveLength(0);
  });

  it('says the rules before sending, then sends the stars and the text', async () => {
    await renderAs(LOGGED_IN);
    fireEvent.click(await screen.findByRole('button', { name: 'Scrivi una recensione' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recensisci Navigli Case' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia la recensione' }));
    expect(within(dialog).getByText('Scegli da 1 a 5 stelle.')).toBeTruthy();
    expect(within(dialog).getByText('Scrivi almeno 20 caratteri.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stelle: Buono' }));
    const text = within(dialog).getByLabelText('La tua esperienza');
    fireEvent.change(text, { target: { value: 'Agenzia seria, chiamatemi al 347 123 4567' } });
    expect(within(dialog).getByText(/Togli il numero di telefono/)).toBeTruthy();
    expect(api.sent('POST /api/Agency/navigli-case/Reviews')).toHaveLength(0);

    fireEvent.change(text, { target: { value: 'Agenzia seria, visita puntuale e ben organizzata.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia la recensione' }));
    expect(await screen.findByText(/sarà pubblicata dopo l'approvazione di un moderatore/)).toBeTruthy();
    expect(api.sent('POST /api/Agency/navigli-case/Reviews').map((call) => call.body)).toEqual([
      { Rating: 4, Text: 'Agenzia seria, visita puntuale e ben organizzata.' },
    ]);
  });

  it('says in Italian why the server refused it, and keeps what was written', async () => {
    writeAnswer = [403, { ExceptionType: 230, ExceptionTypeString: 'ReviewNotAllowed' }];
    await renderAs(LOGGED_IN);
    fireEvent.click(await screen.findByRole('button', { name: 'Scrivi una recensione' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: '5 stelle: Eccellente' }));
    fireEvent.change(within(dialog).getByLabelText('La tua esperienza'), {
      target: { value: 'Agenzia seria, visita puntuale e ben organizzata.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia la recensione' }));
    expect(await within(dialog).findByText(/Non risulta una visita, una valutazione o un incarico/)).toBeTruthy();
    expect((within(dialog).getByLabelText('La tua esperienza') as HTMLTextAreaElement).value).toContain(
      'Agenzia seria',
    );
  });

  it('shows the author where their review stands, with the reason of a rejection', async () => {
    mine = {
      CanReview: false,
      Basis: 'visit',
      IsAgencyMember: false,
      WorksForAgency: false,
      Review: {
        Id: 40,
        Rating: 2,
        Text: 'Non mi hanno mai richiamato dopo la visita.',
        Basis: 'visit',
        Status: 'rejected',
        RejectionReason: 'Parla di un’altra agenzia.',
        CreatedAt: '2026-11-01T10:00:00.000Z',
        UpdatedAt: '2026-11-01T10:00:00.000Z',
      },
    };
    await renderAs(LOGGED_IN);
    const box = await screen.findByTestId('my-review');
    expect(within(box).getByText('Non pubblicata. Motivo: Parla di un’altra agenzia.')).toBeTruthy();
    fireEvent.click(within(box).getByRole('button', { name: 'Modifica la recensione' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica la recensione di Navigli Case' });
    expect((within(dialog).getByLabelText('La tua esperienza') as HTMLTextAreaElement).value).toBe(
      'Non mi hanno mai richiamato dopo la visita.',
    );
  });

  it('tells a reader without an interaction when they may review', async () => {
    mine = { CanReview: false, Basis: null, IsAgencyMember: false, WorksForAgency: false, Review: null };
    await renderAs(LOGGED_IN);
    expect(await screen.findByText(/Potrai recensire questa agenzia dopo aver visitato/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scrivi una recensione' })).toBeNull();
  });

  it('reports a review, which leaves the page until a moderator looks at it', async () => {
    await renderAs(LOGGED_IN);
    const [, second] = await screen.findAllByTestId('agency-review');
    fireEvent.click(within(second!).getByRole('button', { name: 'Segnala' }));
    const dialog = await screen.findByRole('dialog', { name: 'Segnala la recensione' });
    fireEvent.change(within(dialog).getByLabelText('Motivo (facoltativo)'), { target: { value: 'Recensione falsa' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Segnala' }));
    expect(await screen.findByText(/resta nascosta finché un moderatore/)).toBeTruthy();
    expect(api.sent('POST /api/Agency/Reviews/12/Report').map((call) => call.body)).toEqual([
      { Reason: 'Recensione falsa' },
    ]);
  });

  it("lets the agency's account answer, and not report", async () => {
    mine = { CanReview: false, Basis: null, IsAgencyMember: true, WorksForAgency: true, Review: null };
    await renderAs(LOGGED_IN);
    expect(await screen.findByText(/Lavori per questa agenzia/)).toBeTruthy();
    const [first, second] = await screen.findAllByTestId('agency-review');
    expect(within(first!).getByRole('button', { name: 'Modifica la risposta' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Segnala' })).toBeNull();
    fireEvent.click(within(second!).getByRole('button', { name: 'Rispondi' }));
    const form = within(second!).getByTestId('answer-form');
    fireEvent.change(within(form).getByLabelText("La risposta dell'agenzia"), { target: { value: 'Grazie Marco!' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pubblica la risposta' }));
    expect(await screen.findByText(/Risposta inviata: sarà pubblicata dopo l'approvazione/)).toBeTruthy();
    expect(api.sent('PUT /api/Agency/Reviews/12/Answer').map((call) => call.body)).toEqual([{ Text: 'Grazie Marco!' }]);
  });
});
