import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModerationSiteReview } from '@/entities/site-review';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/site-review-moderation.json';
import { SiteReviewModerationPage } from './site-review-moderation-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'site-review-moderation': translations });

const pending = (overrides: Partial<ModerationSiteReview>): ModerationSiteReview => ({
  Id: 3,
  Rating: 4,
  Title: 'Venduto senza agenzia',
  Text: 'Le visite si prenotavano da sole.',
  Role: 'seller',
  DisplayName: 'Pia',
  Town: 'Milano',
  Status: 'pending',
  RejectionReason: null,
  CreatedAt: '2026-11-29T10:00:00.000Z',
  UpdatedAt: '2026-11-29T10:00:00.000Z',
  ...overrides,
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
});

const show = () => renderPage(() => <SiteReviewModerationPage />, { i18n, path: '/myrexer/moderazione/rexer' });

describe('SiteReviewModerationPage', () => {
  it('approves one review and rejects another with a reason', async () => {
    const api = fakeApi(fetchMock, {
      'GET /api/Review/Rexer/Pending': [200, { Items: [pending({}), pending({ Id: 4, Title: 'Link nascosto' })] }],
      'PUT /api/Review/Rexer/3/Approve': [200, pending({ Status: 'approved' })],
      'PUT /api/Review/Rexer/4/Reject': [
        200,
        pending({ Id: 4, Status: 'rejected', RejectionReason: 'Contiene pubblicità' }),
      ],
    });
    await show();
    const first = (await screen.findByRole('heading', { name: 'Venduto senza agenzia' })).closest('article')!;
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Approva' }));
    expect(await screen.findByText('Recensione approvata: ora è in «Dicono di noi».')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Venduto senza agenzia' })).toBeNull();
    // The decision names the version read.
    expect(api.sent('PUT /api/Review/Rexer/3/Approve')[0]!.body).toEqual({ Version: '2026-11-29T10:00:00.000Z' });

    const second = screen.getByRole('heading', { name: 'Link nascosto' }).closest('article') as HTMLElement;
    fireEvent.click(within(second).getByRole('button', { name: 'Rifiuta' }));
    fireEvent.click(within(second).getByRole('button', { name: 'Rifiuta la recensione' }));
    expect(await within(second).findByText('Scrivi il motivo del rifiuto.')).toBeTruthy();
    expect(api.sent('PUT /api/Review/Rexer/4/Reject')).toHaveLength(0);
    fireEvent.change(within(second).getByLabelText(/^Motivo del rifiuto/), {
      target: { value: 'Contiene pubblicità' },
    });
    fireEvent.click(within(second).getByRole('button', { name: 'Rifiuta la recensione' }));
    expect(await screen.findByText("Recensione rifiutata: l'autore vedrà il motivo.")).toBeTruthy();
    expect(api.sent('PUT /api/Review/Rexer/4/Reject')[0]!.body).toEqual({
      Reason: 'Contiene pubblicità',
      Version: '2026-11-29T10:00:00.000Z',
    });
    expect(await screen.findByRole('heading', { name: 'Nessuna recensione da moderare' })).toBeTruthy();
  });

  it('never approves a text edited since it was read: it says so and shows the new text to decide on', async () => {
    const edited = pending({
      Title: 'Testo cambiato',
      Text: 'Un testo nuovo, scritto mentre lo leggevi.',
      UpdatedAt: '2026-11-29T11:30:00.000Z',
    });
    let queue = [pending({})];
    const api = fakeApi(fetchMock, {
      'GET /api/Review/Rexer/Pending': () => [200, { Items: queue }],
      'PUT /api/Review/Rexer/3/Approve': (call) =>
        (call.body as { Version: string }).Version === edited.UpdatedAt
          ? [200, { ...edited, Status: 'approved' }]
          : [409, { ExceptionType: 257, ExceptionTypeString: 'SiteReviewChanged' }],
    });
    await show();
    const card = (await screen.findByRole('heading', { name: 'Venduto senza agenzia' })).closest('article')!;
    queue = [edited];
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Approva' }));
    expect(await screen.findByText(translations.errors.changed)).toBeTruthy();
    // The queue is loaded again: the card shows the new text, nothing was announced as approved.
    expect(await screen.findByRole('heading', { name: 'Testo cambiato' })).toBeTruthy();
    expect(screen.getByText('Un testo nuovo, scritto mentre lo leggevi.')).toBeTruthy();
    expect(screen.queryByText('Venduto senza agenzia')).toBeNull();
    expect(screen.queryByText(translations.approved)).toBeNull();
    expect(api.sent('GET /api/Review/Rexer/Pending')).toHaveLength(2);

    // Read again, the new version is approved.
    const reread = screen.getByRole('heading', { name: 'Testo cambiato' }).closest('article') as HTMLElement;
    queue = [];
    fireEvent.click(within(reread).getByRole('button', { name: 'Approva' }));
    expect(await screen.findByText(translations.approved)).toBeTruthy();
    expect(api.sent('PUT /api/Review/Rexer/3/Approve').map((call) => call.body)).toEqual([
      { Version: '2026-11-29T10:00:00.000Z' },
      { Version: '2026-11-29T11:30:00.000Z' },
    ]);
  });

  it('sends a rejection of a stale version back too, and drops a review another moderator decided', async () => {
    let queue = [pending({}), pending({ Id: 4, Title: 'Già decisa' })];
    const api = fakeApi(fetchMock, {
      'GET /api/Review/Rexer/Pending': () => [200, { Items: queue }],
      'PUT /api/Review/Rexer/3/Reject': [409, { ExceptionType: 257, ExceptionTypeString: 'SiteReviewChanged' }],
      'PUT /api/Review/Rexer/4/Approve': [409, { ExceptionType: 256, ExceptionTypeString: 'SiteReviewNotPending' }],
    });
    await show();
    const decided = (await screen.findByRole('heading', { name: 'Già decisa' })).closest('article') as HTMLElement;
    queue = [pending({})];
    fireEvent.click(within(decided).getByRole('button', { name: 'Approva' }));
    expect(await screen.findByText(translations.errors.notPending)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Già decisa' })).toBeNull());

    const card = screen.getByRole('heading', { name: 'Venduto senza agenzia' }).closest('article') as HTMLElement;
    queue = [pending({ Text: 'Testo riscritto dopo la lettura.', UpdatedAt: '2026-11-29T12:00:00.000Z' })];
    fireEvent.click(within(card).getByRole('button', { name: 'Rifiuta' }));
    fireEvent.change(within(card).getByLabelText(/^Motivo del rifiuto/), { target: { value: 'Pubblicità' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Rifiuta la recensione' }));
    expect(await within(card).findByText(translations.errors.changed)).toBeTruthy();
    expect(screen.queryByText(translations.rejected)).toBeNull();
    // The version the moderator read went with it, and the decision can be taken again on the new one.
    expect(api.sent('PUT /api/Review/Rexer/3/Reject')[0]!.body).toEqual({
      Reason: 'Pubblicità',
      Version: '2026-11-29T10:00:00.000Z',
    });
    expect(await within(card).findByText('Testo riscritto dopo la lettura.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Approva' })).toBeTruthy();
  });

  it('tells a user who is not a moderator that the page is not theirs', async () => {
    fakeApi(fetchMock, {
      'GET /api/Review/Rexer/Pending': [403, { ExceptionType: 13, ExceptionTypeString: 'Forbidden' }],
    });
    await show();
    expect(await screen.findByText('Questa pagina è riservata ai moderatori di Rexer.')).toBeTruthy();
  });
});
