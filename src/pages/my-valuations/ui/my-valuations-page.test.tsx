import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ValuationSummary } from '@/entities/valuation';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import valuationTranslations from '../../../../locales/it/valuation.json';
import translations from '../../../../locales/it/my-valuations.json';
import { MyValuationsPage } from './my-valuations-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'my-valuations': translations, valuation: valuationTranslations });

const summary = (overrides: Partial<ValuationSummary>): ValuationSummary => ({
  Id: 30,
  CreatedAt: '2026-11-25T10:00:00.000Z',
  Address: 'Via Torino 40, Milano',
  SellType: 1,
  PropertyTypeId: 1,
  SurfaceM2: 80,
  Outcome: 'estimate',
  Low: 361000,
  Point: 390000,
  High: 460000,
  PricePerSqm: 4874,
  ...overrides,
});

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  fetchMock.mockReset();
  api = fakeApi(fetchMock, {
    'GET /api/User/Valuations': ({ query }) =>
      query.get('Before') === '29'
        ? [
            200,
            {
              Items: [
                summary({
                  Id: 12,
                  Address: 'Via Roma 1, Sorgono',
                  Outcome: 'noComparables',
                  Low: null,
                  Point: null,
                  High: null,
                  PricePerSqm: null,
                }),
              ],
              NextBefore: null,
            },
          ]
        : [
            200,
            {
              Items: [
                summary({}),
                summary({
                  Id: 29,
                  Address: null,
                  SellType: 2,
                  PropertyTypeId: 5,
                  SurfaceM2: 150,
                  Low: 1800,
                  Point: 2100,
                  High: 2400,
                  PricePerSqm: 14,
                }),
              ],
              NextBefore: 29,
            },
          ],
  });
});
afterEach(cleanup);

const show = () =>
  renderPage(() => <MyValuationsPage />, {
    i18n,
    path: '/myrexer/valutazioni',
    otherRoutes: { '/valutocasa': () => <p>valutocasa</p>, '/valutocasa/$id': () => <p>valutazione</p> },
  });
const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;

describe('MyValuationsPage', () => {
  it('lists each valuation with the home, the estimate, the date and the link to its result', async () => {
    await show();
    const milano = await card('Via Torino 40, Milano');
    expect(within(milano).getByText('Appartamento di 80 m², in vendita')).toBeTruthy();
    expect(within(milano).getByText('390.000 €')).toBeTruthy();
    expect(within(milano).getByText('da 361.000 € a 460.000 € · 4.874 €/m²')).toBeTruthy();
    expect(within(milano).getByText('Valutazione del 25 novembre 2026')).toBeTruthy();
    expect(
      within(milano).getByRole('link', { name: 'Vedi la valutazione di Via Torino 40, Milano' }).getAttribute('href'),
    ).toBe('/valutocasa/30');

    const villa = await card('Indirizzo non indicato');
    expect(within(villa).getByText('Villa di 150 m², in affitto')).toBeTruthy();
    expect(within(villa).getByText('Canone stimato')).toBeTruthy();
    expect(within(villa).getByText('2.100 €/mese')).toBeTruthy();
  });

  it('loads the older valuations on request (Before = NextBefore), and says when there is no estimate', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Mostra le valutazioni precedenti' }));
    const sorgono = await card('Via Roma 1, Sorgono');
    expect(within(sorgono).getByText('Nessun comparabile')).toBeTruthy();
    expect(
      within(sorgono).getByRole('link', { name: 'Vedi la valutazione di Via Roma 1, Sorgono' }).getAttribute('href'),
    ).toBe('/valutocasa/12');
    expect(api.sent('GET /api/User/Valuations').map((call) => call.query.get('Before'))).toEqual([null, '29']);
    expect(screen.queryByRole('button', { name: 'Mostra le valutazioni precedenti' })).toBeNull();
    expect(screen.getAllByTestId('valuation-item')).toHaveLength(3);
  });

  it('leads to the valuation when there is none yet', async () => {
    fakeApi(fetchMock, { 'GET /api/User/Valuations': [200, { Items: [], NextBefore: null }] });
    await show();
    expect(await screen.findByRole('heading', { name: 'Non hai ancora valutazioni' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Valuta la tua casa' }).getAttribute('href')).toBe('/valutocasa');
  });
});
