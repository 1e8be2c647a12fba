import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Valuation } from '@/entities/valuation';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import valuationTranslations from '../../../../locales/it/valuation.json';
import translations from '../../../../locales/it/valuation-result.json';
import { ValuationResultPage } from './valuation-result-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  // A signed-in visitor (the readable session cookie): the page asks for no anonymous session.
  const record = { username: 'venditore@rexer.example', isConfirmed: true, terms_privacy: true, stamp: '2026-11-25' };
  document.cookie = `rexer_user=${btoa(JSON.stringify(record)).replace(/=+$/, '')}; path=/`;
  return mock;
});

const i18n = await testI18n({ 'valuation-result': translations, valuation: valuationTranslations });
const NBSP = '\u00a0';

const comparable = (overrides: Partial<Valuation['Comparables'][number]>): Valuation['Comparables'][number] => ({
  Id: 18,
  Status: 'published',
  DistanceM: 220,
  SurfaceM2: 68,
  Price: 450000,
  PricePerSqm: 6618,
  ConditionFactor: 0.9524,
  FloorFactor: 0.9902,
  EnergyFactor: 1,
  Adjustment: 0.9431,
  AdjustedPricePerSqm: 6241,
  Weight: 0.88,
  Outlier: false,
  ...overrides,
});

const SUBJECT: Valuation['Subject'] = {
  SellType: 1,
  Latitude: 45.46,
  Longitude: 9.19,
  Address: 'Via Torino 40, Milano',
  PropertyTypeId: 1,
  SurfaceM2: 80,
  Rooms: 3,
  Bathrooms: 1,
  Floor: 2,
  BuildingFloors: 5,
  HasLift: true,
  ConditionId: 3,
  EnergyClassId: 6,
};

const ESTIMATE: Valuation = {
  Id: 7,
  CreatedAt: '2026-11-25T10:00:00.000Z',
  Outcome: 'estimate',
  NoComparablesReason: null,
  RadiusM: 5000,
  Estimate: {
    Low: 361000,
    Point: 390000,
    High: 460000,
    PricePerSqm: 4874,
    PricePerSqmLow: 4510,
    PricePerSqmHigh: 5752,
    Confidence: 'medium',
    Dispersion: 0.21,
    ComparableCount: 2,
  },
  Comparables: [
    comparable({}),
    comparable({
      Id: 9,
      Status: 'sold',
      DistanceM: 1560,
      SurfaceM2: 60,
      Price: 240000,
      PricePerSqm: 4000,
      ConditionFactor: 1.1765,
      FloorFactor: 1,
      EnergyFactor: 1,
      Adjustment: 1.1765,
      AdjustedPricePerSqm: 4706,
    }),
    comparable({
      Id: 40,
      DistanceM: 4550,
      SurfaceM2: 103,
      Price: 900000,
      PricePerSqm: 8738,
      ConditionFactor: 1,
      FloorFactor: 1,
      EnergyFactor: 1,
      Adjustment: 1,
      AdjustedPricePerSqm: 8738,
      Outlier: true,
    }),
  ],
  Subject: SUBJECT,
  MethodVersion: 1,
  Agency: null,
  MailSent: false,
};

const NONE: Valuation = {
  ...ESTIMATE,
  Id: 8,
  Outcome: 'noComparables',
  NoComparablesReason: 'tooFew',
  RadiusM: 10000,
  Estimate: null,
  Comparables: [],
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  fetchMock.mockReset();
  api = fakeApi(fetchMock, {
    'GET /api/Valuation/7': [200, ESTIMATE],
    'GET /api/Valuation/8': [200, NONE],
    'GET /api/Valuation/9': [404, { ExceptionType: 170, ExceptionTypeString: 'ValuationNotFound' }],
    'GET /api/Valuation/10': [
      200,
      { ...ESTIMATE, Id: 10, Agency: { Id: 1, Slug: 'navigli-case-immobiliare-milano', Name: 'Navigli Case' } },
    ],
  });
});
afterEach(cleanup);

const show = (id: number) =>
  renderPage(() => <ValuationResultPage id={id} />, {
    i18n,
    path: `/valutocasa/${id}`,
    otherRoutes: {
      '/immobile/$id': () => <p>annuncio</p>,
      '/contatti': () => <p>contatti</p>,
      '/myrexer/valutazioni': () => <p>valutazioni</p>,
      '/agenzie/$name': () => <p>agenzia</p>,
    },
  });

describe('ValuationResultPage', () => {
  it('shows the estimate, its range, the €/m² and the confidence in plain Italian, as an automatic estimate', async () => {
    await show(7);
    const estimate = await screen.findByTestId('valuation-estimate');
    expect(within(estimate).getByTestId('valuation-point').textContent).toBe(`390.000${NBSP}€`);
    expect(within(estimate).getByTestId('valuation-range').textContent).toBe(`da 361.000${NBSP}€ a 460.000${NBSP}€`);
    expect(within(estimate).getByText(`4.874 €/m²`)).toBeTruthy();
    expect(within(estimate).getByText('media')).toBeTruthy();
    expect(within(estimate).getByText('Calcolata da 2 annunci simili entro 5 km dal tuo immobile.')).toBeTruthy();
    expect(screen.getByText('Via Torino 40, Milano')).toBeTruthy();
    expect(screen.getByText(/Appartamento di 80 m², in vendita/)).toBeTruthy();
    expect(screen.getByText('Una stima automatica, non una perizia')).toBeTruthy();
    expect(api.sent('GET /api/Valuation/7')).toHaveLength(1);
  });

  it('lists every comparable with its figures and why it was adjusted, links the published ones, and marks the outlier as set aside', async () => {
    await show(7);
    const items = await screen.findAllByTestId('comparable');
    expect(items).toHaveLength(3);
    const [near, sold, outlier] = items;
    expect(within(near).getByText(`68 m²`)).toBeTruthy();
    expect(within(near).getByText(`450.000 €`)).toBeTruthy();
    expect(within(near).getByText(`6.618 €/m²`)).toBeTruthy();
    expect(within(near).getByText(`\u22126 %`)).toBeTruthy();
    expect(
      within(near).getByText(`\u22125 % per stato migliore del tuo; \u22121 % per piano o ascensore più favorevoli`),
    ).toBeTruthy();
    expect(
      within(near)
        .getByRole('link', { name: `Vedi l'annuncio a 220${NBSP}m, 68${NBSP}m², 450.000${NBSP}€` })
        .getAttribute('href'),
    ).toBe('/immobile/18');

    expect(within(sold).getByText('Venduto')).toBeTruthy();
    expect(within(sold).queryByRole('link')).toBeNull();
    expect(within(sold).getByText(`+18 % per stato peggiore del tuo`)).toBeTruthy();

    expect(outlier.getAttribute('data-outlier')).toBe('true');
    expect(within(outlier).getByText('Messo da parte')).toBeTruthy();
    expect(within(outlier).getByText(/non l'abbiamo usato per la stima/)).toBeTruthy();
    expect(within(outlier).getByText('Nessuna: è simile al tuo immobile')).toBeTruthy();
  });

  it('says the agency a valuation was asked through, linking its page, and nothing without one', async () => {
    await show(10);
    const through = await screen.findByTestId('valuation-through');
    expect(through.textContent).toBe('Richiesta tramite Navigli Case');
    expect(within(through).getByRole('link', { name: 'Navigli Case' }).getAttribute('href')).toBe(
      '/agenzie/navigli-case-immobiliare-milano',
    );
    cleanup();
    await show(7);
    await screen.findByTestId('valuation-estimate');
    expect(screen.queryByTestId('valuation-through')).toBeNull();
  });

  it('offers a consultant and the list of valuations next', async () => {
    await show(7);
    expect((await screen.findByRole('link', { name: 'Parla con un consulente' })).getAttribute('href')).toBe(
      '/contatti',
    );
    expect(screen.getByRole('link', { name: 'Le tue valutazioni' }).getAttribute('href')).toBe('/myrexer/valutazioni');
  });

  it('explains kindly when there were too few comparables, gives no number, and says what to do', async () => {
    await show(8);
    const none = await screen.findByTestId('valuation-none');
    expect(within(none).getByRole('heading', { name: 'Non abbiamo trovato abbastanza annunci simili' })).toBeTruthy();
    expect(within(none).getByText(/Entro 10 km dal tuo immobile ci sono meno di 3 annunci simili/)).toBeTruthy();
    expect(within(none).getByRole('link', { name: 'Contatta un consulente' }).getAttribute('href')).toBe('/contatti');
    expect(screen.queryByTestId('valuation-estimate')).toBeNull();
    expect(screen.getByText("Non c'è nessun annuncio simile entro 10 km dal tuo immobile.")).toBeTruthy();
  });

  it("is the not-found page for another's valuation or an unknown one", async () => {
    const { router } = await show(9);
    await vi.waitFor(() => expect(api.sent('GET /api/Valuation/9')).toHaveLength(1));
    // The route's not-found boundary takes over: no result, no error message.
    await vi.waitFor(() => expect(screen.queryByTestId('valuation-result')).toBeNull());
    expect(screen.queryByText(translations.loadError)).toBeNull();
    expect(router.state.location.pathname).toBe('/valutocasa/9');
  });

  it('says when the valuation cannot be loaded, and retries', async () => {
    fakeApi(fetchMock, { 'GET /api/Valuation/7': [500, { ExceptionType: 0, ExceptionTypeString: 'InternalError' }] });
    await show(7);
    expect(await screen.findByText(translations.loadError, {}, { timeout: 8000 })).toBeTruthy();
    fakeApi(fetchMock, { 'GET /api/Valuation/7': [200, ESTIMATE] });
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByTestId('valuation-estimate')).toBeTruthy();
  });
});
