import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CATALOGUE } from '@/features/buy-service';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/guaranteed-sale.json';
import { GuaranteedSalePage } from './guaranteed-sale-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'guaranteed-sale': translations });

beforeEach(() => {
  fetchMock.mockReset();
  fakeApi(fetchMock, { 'GET /api/Order/Catalogue': [200, TEST_CATALOGUE] });
});
afterEach(cleanup);

const show = () =>
  renderPage(() => <GuaranteedSalePage />, {
    i18n,
    path: '/vendutogarantito',
    otherRoutes: {
      '/annuncio/vendocasa': () => <p>procedura</p>,
      '/valutocasa': () => <p>valutazione</p>,
      '/faq/vendocasa': () => <p>faq</p>,
    },
  });

describe('GuaranteedSalePage', () => {
  it("explains the service with the catalogue's price and leads into the sale listing", async () => {
    await show();
    expect(screen.getByRole('heading', { level: 1, name: 'Venduto garantito' })).toBeTruthy();
    const price = screen.getByTestId('guaranteed-price');
    expect((await within(price).findByText(/1\.490,00/)).textContent).toBe('1.490,00\u00a0€');
    expect(price.textContent).toContain("Se la casa non è venduta entro 120 giorni, ti restituiamo l'intero importo.");
    const ctas = screen.getAllByRole('link', { name: /^(Metti in vendita la tua casa|Inizia ora)$/ });
    expect(ctas.map((link) => link.getAttribute('href'))).toEqual(['/annuncio/vendocasa', '/annuncio/vendocasa']);
    expect(document.title).toBe('Venduto garantito: vendi casa con un consulente e un prezzo concordato | Rexer');
  });

  it('says how it works in steps, in order', async () => {
    await show();
    const steps = screen.getByRole('heading', { level: 2, name: 'Come funziona' }).closest('section') as HTMLElement;
    expect(
      within(steps)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Pubblica il tuo annuncio',
      'Scegli il Venduto garantito',
      'Concordate il prezzo',
      'Vendi con il consulente al tuo fianco',
      'Se non vendi, ti rimborsiamo',
    ]);
  });

  it('answers the questions sellers ask, the cost first, each opening on a click', async () => {
    await show();
    const faq = screen.getByRole('heading', { level: 2, name: 'Domande frequenti' }).closest('section') as HTMLElement;
    await within(faq).findByText('Quanto costa il Venduto garantito?');
    const questions = faq.querySelectorAll('summary');
    expect(questions[0]?.textContent).toBe('Quanto costa il Venduto garantito?');
    expect(faq.textContent).toContain('1.490,00\u00a0€ IVA inclusa, una sola volta');
    expect([...questions].map((q) => q.textContent)).toContain('Vale anche per chi affitta?');
    const details = questions[1]!.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    fireEvent.click(questions[1]!);
    expect(details.open).toBe(true);
  });

  it('reads without a price when the catalogue does not answer', async () => {
    fakeApi(fetchMock, {
      'GET /api/Order/Catalogue': [500, { ExceptionType: 1, ExceptionTypeString: 'InternalError' }],
    });
    await show();
    expect(
      await screen.findByText(
        'Il prezzo non è disponibile in questo momento: lo vedi quando scegli il servizio, prima di pagare.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Quanto costa il Venduto garantito?')).toBeNull();
    expect(screen.getByText('Cosa succede se la casa non si vende entro 120 giorni?')).toBeTruthy();
  });
});
