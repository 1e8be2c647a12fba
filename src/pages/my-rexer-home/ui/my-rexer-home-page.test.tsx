import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/my-rexer-home.json';
import type { MyRexerOverview } from '../api/overview-api';
import { MyRexerHomePage } from './my-rexer-home-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'my-rexer-home': translations });

const NOTHING: MyRexerOverview = {
  VisitRequests: 0,
  UpcomingVisits: 0,
  UnreadMessages: 0,
  DraftCount: 0,
  Drafts: [],
  SearchNews: [],
  SearchesWithNews: 0,
  SearchNewsDays: 7,
};

let answer: [number, unknown];
beforeEach(() => {
  fetchMock.mockReset();
  answer = [200, NOTHING];
  fakeApi(fetchMock, { 'GET /api/User/Overview': () => answer });
});
afterEach(cleanup);

const ROUTES = [
  '/myrexer/appuntamenti/$type',
  '/myrexer/messaggi',
  '/myrexer/ricerche',
  '/myrexer/annunci/$type',
  '/annuncio/vendocasa/$id',
  '/annuncio/affittocasa/$id',
  '/annuncio/vendocasa',
  '/ricerca',
];
const show = (unknownAddress = false) =>
  renderPage(() => <MyRexerHomePage unknownAddress={unknownAddress} />, {
    i18n,
    path: unknownAddress ? '/myrexer/qualcosa' : '/myrexer',
    otherPaths: ROUTES,
  });
const href = (scope: HTMLElement, name: string) => within(scope).getByRole('link', { name }).getAttribute('href');

describe('MyRexerHomePage', () => {
  it('shows what waits, each with the way to it', async () => {
    answer = [
      200,
      {
        ...NOTHING,
        VisitRequests: 2,
        UpcomingVisits: 1,
        UnreadMessages: 5,
        DraftCount: 4,
        Drafts: [
          {
            Id: 41,
            SellType: 1,
            Title: 'Trilocale in Via Mazzini 12, Bologna',
            CurrentStep: 9,
            UpdatedAt: '2026-11-28T10:00:00Z',
          },
          { Id: 42, SellType: 2, Title: null, CurrentStep: 2, UpdatedAt: '2026-11-20T10:00:00Z' },
        ],
        SearchNews: [{ Id: 3, Name: 'Bilocali a Bologna', NewListings: 2 }],
        SearchesWithNews: 1,
      },
    ];
    await show();
    const requests = await screen.findByTestId('overview-visit-requests');
    expect(requests.textContent).toContain('2 richieste di visita da confermare');
    expect(href(requests, 'Rispondi alle richieste')).toBe('/myrexer/appuntamenti/0?ruolo=proprietario');
    const visits = screen.getByTestId('overview-upcoming-visits');
    expect(visits.textContent).toContain('1 visita in programma');
    expect(href(visits, 'Vedi gli appuntamenti')).toBe('/myrexer/appuntamenti/1');
    expect(screen.getByTestId('overview-unread-messages').textContent).toContain('5 messaggi da leggere');
    const news = screen.getByTestId('overview-search-news');
    expect(news.textContent).toContain('1 ricerca salvata con nuovi annunci negli ultimi 7 giorni');
    expect(news.textContent).toContain('Bilocali a Bologna +2 annunci');

    const drafts = screen.getByTestId('overview-drafts');
    expect(within(drafts).getByRole('heading', { name: '4 annunci da completare' })).toBeTruthy();
    expect(within(drafts).getByText('Trilocale in Via Mazzini 12, Bologna')).toBeTruthy();
    expect(within(drafts).getByText('Annuncio di affitto senza indirizzo')).toBeTruthy();
    expect(
      within(drafts)
        .getAllByRole('link', { name: 'Riprendi' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/annuncio/vendocasa/41', '/annuncio/affittocasa/42']);
    expect(href(drafts, 'Vedi tutte le 4 bozze')).toBe('/myrexer/annunci/bozze');
    expect(screen.queryByTestId('overview-empty')).toBeNull();
  });

  it('says all is in order when nothing waits, with a search and a listing to start', async () => {
    await show();
    const empty = await screen.findByTestId('overview-empty');
    expect(within(empty).getByRole('heading', { name: 'Tutto in ordine' })).toBeTruthy();
    expect(href(empty, 'Cerca casa')).toBe('/ricerca');
    expect(href(empty, 'Pubblica un annuncio')).toBe('/annuncio/vendocasa');
    expect(screen.queryByTestId('overview')).toBeNull();
  });

  it('says an unknown MyRexer address does not exist, above the overview', async () => {
    await show(true);
    expect(await screen.findByText('Questa pagina di MyRexer non esiste')).toBeTruthy();
    expect(await screen.findByTestId('overview-empty')).toBeTruthy();
  });

  it('offers to try again when the overview cannot be loaded', async () => {
    answer = [503, { ExceptionTypeString: 'ServiceUnavailable', Message: '' }];
    await show();
    expect(await screen.findByText(/Non siamo riusciti a caricare la tua area/)).toBeTruthy();
    answer = [200, { ...NOTHING, UnreadMessages: 1 }];
    screen.getByRole('button', { name: 'Riprova' }).click();
    expect((await screen.findByTestId('overview-unread-messages')).textContent).toContain('1 messaggio da leggere');
  });
});
