import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import common from '../../../../locales/it/common.json';
import pickLocation from '../../../../locales/it/pick-location.json';
import translations from '../../../../locales/it/valuation-wizard.json';
import { ValuationStartPage, type ValuationStartPageProps } from './valuation-start-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'valuation-wizard': translations, 'pick-location': pickLocation, common });
const BOLOGNA = { Kind: 'town', Id: '037006', Name: 'Bologna', Detail: 'BO', Latitude: 44.4938, Longitude: 11.3387 };

beforeEach(() => {
  fetchMock.mockReset();
  fakeApi(fetchMock, {
    'GET /api/config': [200, { CaptchaProvider: 'off', RecaptchaSiteKey: null, TileUrl: null }],
    'GET /api/Search/Places': [200, { Items: [BOLOGNA] }],
  });
});

function render(props: Partial<ValuationStartPageProps> = {}) {
  const handlers = { onStart: vi.fn(), onResume: vi.fn(), onRestart: vi.fn() };
  return {
    handlers,
    rendered: renderPage(() => <ValuationStartPage inProgress={null} {...handlers} {...props} />, {
      i18n,
      path: '/valutocasa',
    }),
  };
}

describe('ValuationStartPage', () => {
  it('asks where the home is and refuses to start without the address', async () => {
    const { handlers, rendered } = render();
    await rendered;
    expect(screen.getByRole('heading', { level: 1, name: 'Quanto vale la tua casa?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Inizia la valutazione' }));
    expect(await screen.findByText("Scegli il comune dall'elenco.", { exact: true })).toBeTruthy();
    expect(screen.getByText('Scrivi la via o la piazza.')).toBeTruthy();
    expect(handlers.onStart).not.toHaveBeenCalled();
  });

  it('says the agency the valuation is asked through, from its page, and nothing without one', async () => {
    await render({ agencyName: 'Navigli Case Immobiliare' }).rendered;
    expect(screen.getByTestId('valuation-through').textContent).toBe('Richiesta tramite Navigli Case Immobiliare');
    await render().rendered;
    expect(screen.getAllByTestId('valuation-through')).toHaveLength(1);
  });

  it('names and chooses the town of /valutocasa/citta/{city}', async () => {
    await render({ citySlug: 'bologna' }).rendered;
    expect(await screen.findByRole('heading', { level: 1, name: 'Quanto vale la tua casa a Bologna?' })).toBeTruthy();
    expect((screen.getByLabelText(/Comune/) as HTMLInputElement).value).toMatch(/Bologna/);
  });

  it('offers to resume a valuation left midway, or to start again', async () => {
    const { handlers, rendered } = render({ inProgress: { address: 'Via Torino 40, Milano' } });
    await rendered;
    expect(screen.getByText('Per la casa in Via Torino 40, Milano: riprendi da dove eri rimasto.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Riprendi la valutazione' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ricomincia da capo' }));
    expect(handlers.onResume).toHaveBeenCalledOnce();
    expect(handlers.onRestart).toHaveBeenCalledOnce();
  });
});
