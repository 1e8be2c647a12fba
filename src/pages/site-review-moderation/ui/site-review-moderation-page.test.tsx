import { cleanup, fireEvent, screen, within } from '@testing-library/react';
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
    expect(api.sent('PUT /api/Review/Rexer/3/Approve')).toHaveLength(1);

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
    expect(api.sent('PUT /api/Review/Rexer/4/Reject')[0]!.body).toEqual({ Reason: 'Contiene pubblicità' });
    expect(await screen.findByRole('heading', { name: 'Nessuna recensione da moderare' })).toBeTruthy();
  });

  it('tells a user who is not a moderator that the page is not theirs', async () => {
    fakeApi(fetchMock, {
      'GET /api/Review/Rexer/Pending': [403, { ExceptionType: 13, ExceptionTypeString: 'Forbidden' }],
    });
    await show();
    expect(await screen.findByText('Questa pagina è riservata ai moderatori di Rexer.')).toBeTruthy();
  });
});
