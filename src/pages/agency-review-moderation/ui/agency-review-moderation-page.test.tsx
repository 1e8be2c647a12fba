import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/agency-review-moderation.json';
import { AgencyReviewModerationPage } from './agency-review-moderation-page';

// MyRexer's moderation of the agencies' reviews: each waiting review with its reports, approved
// or rejected with the reason its author reads.

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'agency-review-moderation': translations });

const ITEM = {
  Id: 5,
  Agency: { Id: 1, Slug: 'navigli-case', Name: 'Navigli Case' },
  Rating: 2,
  Text: 'Non mi hanno mai richiamato.',
  Basis: 'visit',
  AuthorName: 'Giulia B.',
  Status: 'approved',
  Version: '2026-11-02T10:00:00.000Z',
  CreatedAt: '2026-11-02T10:00:00.000Z',
  EditedAt: null,
  Answer: null,
  AnswerPending: null,
  AuthorSince: '2025-03-01T10:00:00.000Z',
  Reports: [{ Reason: 'Recensione falsa', CreatedAt: '2026-11-03T10:00:00.000Z', FromAgency: 'reviewed', New: true }],
};

let queue: [number, unknown];
let approveAnswer: Response | [number, unknown];
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  fetchMock.mockReset();
  queue = [
    200,
    { Items: [ITEM, { ...ITEM, Id: 6, Status: 'pending', Reports: [], AuthorName: 'Marco R.' }], More: false },
  ];
  approveAnswer = new Response(null, { status: 204 });
  api = fakeApi(fetchMock, {
    'GET /api/Moderation/AgencyReviews': () => queue,
    'POST /api/Moderation/AgencyReviews/5/Approve': () => approveAnswer,
    'POST /api/Moderation/AgencyReviews/6/Reject': () => new Response(null, { status: 204 }),
    'POST /api/Moderation/AgencyReviews/7/Answer/Approve': () => new Response(null, { status: 204 }),
  });
});
afterEach(cleanup);

const render = () =>
  renderPage(() => <AgencyReviewModerationPage />, {
    i18n,
    path: '/myrexer/moderazione',
    otherPaths: ['/agenzie/$slug'],
  });

describe('Moderation of the agencies’ reviews', () => {
  it('approves a reported review, which leaves the queue', async () => {
    await render();
    const [first] = await screen.findAllByTestId('pending-agency-review');
    expect(within(first!).getByText('Segnalata 1 volta')).toBeTruthy();
    expect(within(first!).getByText("Recensione falsa — dall'agenzia recensita")).toBeTruthy();
    expect(within(first!).getByText(/Pubblicata e segnalata dopo l'ultima decisione/)).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'Navigli Case' }).getAttribute('href')).toBe(
      '/agenzie/navigli-case',
    );
    fireEvent.click(within(first!).getByRole('button', { name: 'Approva' }));
    expect(await screen.findByText(/Recensione approvata/)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('pending-agency-review')).toHaveLength(1));
    expect(api.sent('POST /api/Moderation/AgencyReviews/5/Approve').map((call) => call.body)).toEqual([
      { Version: '2026-11-02T10:00:00.000Z' },
    ]);
  });

  it('asks for the reason before a rejection', async () => {
    await render();
    const [, second] = await screen.findAllByTestId('pending-agency-review');
    fireEvent.click(within(second!).getByRole('button', { name: 'Rifiuta' }));
    fireEvent.click(within(second!).getByRole('button', { name: 'Rifiuta la recensione' }));
    expect(within(second!).getByText(/Scrivi il motivo del rifiuto/)).toBeTruthy();
    expect(api.sent('POST /api/Moderation/AgencyReviews/6/Reject')).toHaveLength(0);
    fireEvent.change(within(second!).getByLabelText(/Motivo del rifiuto/), {
      target: { value: 'Parla di un altro immobile' },
    });
    fireEvent.click(within(second!).getByRole('button', { name: 'Rifiuta la recensione' }));
    expect(await screen.findByText(/Recensione rifiutata/)).toBeTruthy();
    expect(api.sent('POST /api/Moderation/AgencyReviews/6/Reject').map((call) => call.body)).toEqual([
      { Version: '2026-11-02T10:00:00.000Z', Reason: 'Parla di un altro immobile' },
    ]);
  });

  it('decides nothing on a review its author edited meanwhile, and reads the queue again', async () => {
    approveAnswer = [409, { ExceptionType: 235, ExceptionTypeString: 'ReviewChanged' }];
    await render();
    const [first] = await screen.findAllByTestId('pending-agency-review');
    const reads = api.sent('GET /api/Moderation/AgencyReviews').length;
    fireEvent.click(within(first!).getByRole('button', { name: 'Approva' }));
    expect(await screen.findByText(/L'autore ha modificato la recensione mentre la leggevi/)).toBeTruthy();
    await waitFor(() => expect(api.sent('GET /api/Moderation/AgencyReviews').length).toBeGreaterThan(reads));
    expect(screen.queryByText(/Recensione approvata/)).toBeNull();
  });

  it("lets the agency's answer show, on the version read", async () => {
    queue = [
      200,
      {
        Items: [
          {
            ...ITEM,
            Id: 7,
            Reports: [],
            Answer: 'Grazie Giulia!',
            AnswerPending: { Version: '2026-11-04T10:00:00.000Z' },
          },
        ],
        More: false,
      },
    ];
    await render();
    const answer = await screen.findByTestId('pending-answer');
    expect(within(answer).getByText('Grazie Giulia!')).toBeTruthy();
    expect(screen.getByText(/account creato il 1 marzo 2025/)).toBeTruthy();
    fireEvent.click(within(answer).getByRole('button', { name: 'Pubblica la risposta' }));
    expect(await screen.findByText('Risposta pubblicata sotto la recensione.')).toBeTruthy();
    expect(api.sent('POST /api/Moderation/AgencyReviews/7/Answer/Approve').map((call) => call.body)).toEqual([
      { Version: '2026-11-04T10:00:00.000Z' },
    ]);
  });

  it('tells anyone else the page is for moderators', async () => {
    queue = [403, { ExceptionType: 13, ExceptionTypeString: 'Forbidden' }];
    await render();
    expect(await screen.findByText('Questa pagina è riservata ai moderatori di Rexer.')).toBeTruthy();
  });
});
