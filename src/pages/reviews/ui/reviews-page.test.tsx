import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicSiteReview } from '@/entities/site-review';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/reviews.json';
import { ReviewsPage } from './reviews-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ reviews: translations });

const review = (overrides: Partial<PublicSiteReview>): PublicSiteReview => ({
  Id: 1,
  Rating: 5,
  Title: 'Venduto in un mese',
  Text: 'La valutazione era giusta e le visite si prenotavano da sole.',
  Role: 'seller',
  DisplayName: 'Pia',
  Town: 'Milano',
  IsExample: false,
  PublishedAt: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
});

const show = () =>
  renderPage(() => <ReviewsPage />, {
    i18n,
    path: '/diconodinoi',
    otherRoutes: { '/myrexer/recensione': () => <p>recensione</p> },
  });

describe('ReviewsPage', () => {
  it('shows the approved reviews with their average and count, examples marked, and leads to writing one', async () => {
    fakeApi(fetchMock, {
      'GET /api/Review/Rexer': [
        200,
        {
          Items: [
            review({}),
            review({
              Id: 2,
              Rating: 3,
              Title: 'Pochi annunci',
              Role: 'buyer',
              IsExample: true,
              DisplayName: 'Marco R.',
            }),
          ],
          Count: 2,
          Average: 4,
          Page: 1,
          PageSize: 12,
          TotalPages: 1,
        },
      ],
    });
    await show();
    const list = await screen.findByRole('list', { name: 'Recensioni di Rexer' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Venduto in un mese' })).toBeTruthy();
    expect(within(cards[0]!).getByRole('img', { name: 'Valutazione: 5 su 5' })).toBeTruthy();
    expect(within(cards[0]!).queryByText('Esempio')).toBeNull();
    expect(within(cards[0]!).getByText('Ha venduto casa', { exact: false })).toBeTruthy();
    expect(within(cards[0]!).getByText('Pubblicata il 25 novembre 2026')).toBeTruthy();
    expect(within(cards[1]!).getByText('Esempio')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Valutazione media: 4,0 su 5' })).toBeTruthy();
    expect(screen.getByText('Basata su 2 recensioni')).toBeTruthy();
    expect(screen.queryByText(/Recensioni di esempio/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Scrivi una recensione' }).getAttribute('href')).toBe(
      '/myrexer/recensione',
    );
    expect(screen.queryByRole('button', { name: 'Mostra altre recensioni' })).toBeNull();
  });

  it('loads the next page on request', async () => {
    const api = fakeApi(fetchMock, {
      'GET /api/Review/Rexer': ({ query }) =>
        query.get('Page') === '2'
          ? [
              200,
              {
                Items: [review({ Id: 13, Title: 'Tredicesima' })],
                Count: 13,
                Average: 4.5,
                Page: 2,
                PageSize: 12,
                TotalPages: 2,
              },
            ]
          : [
              200,
              {
                Items: Array.from({ length: 12 }, (_, i) => review({ Id: i + 1, Title: `Recensione ${i + 1}` })),
                Count: 13,
                Average: 4.5,
                Page: 1,
                PageSize: 12,
                TotalPages: 2,
              },
            ],
    });
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Mostra altre recensioni' }));
    expect(await screen.findByRole('heading', { name: 'Tredicesima' })).toBeTruthy();
    expect(screen.getAllByTestId('site-review')).toHaveLength(13);
    expect(api.sent('GET /api/Review/Rexer').map((call) => call.query.get('Page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Mostra altre recensioni' })).toBeNull();
  });

  it('says there is no review yet when none is approved', async () => {
    fakeApi(fetchMock, {
      'GET /api/Review/Rexer': [200, { Items: [], Count: 0, Average: null, Page: 1, PageSize: 12, TotalPages: 0 }],
    });
    await show();
    expect(await screen.findByText('Ancora nessuna recensione pubblicata: scrivi la prima.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recensioni di Rexer' })).toBeNull();
  });
});
