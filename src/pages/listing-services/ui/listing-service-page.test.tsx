import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CATALOGUE } from '@/features/buy-service';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import buyService from '../../../../locales/it/buy-service.json';
import translations from '../../../../locales/it/listing-services.json';
import { ListingServicePage } from './listing-service-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'listing-services': translations, 'buy-service': buyService });

const baseListing = {
  Id: 10,
  Status: 2,
  SellType: 1,
  PlanType: 1,
  Title: 'Trilocale luminoso in via Saragozza',
  HighlightedUntil: null,
  PremiumUntil: null,
};
let listing: Record<string, unknown>;
let orders: Record<number, object>;
let api: ReturnType<typeof fakeApi>;
let nextOrderId: number;

const order = (id: number, status: string, quantity = 1, extra: object = {}) => ({
  OrderId: id,
  Status: status,
  AmountCents: 3900 * quantity,
  Currency: 'EUR',
  PaymentUrl: status === 'pending' ? `/pagamento/off_${id}` : null,
  PropertyId: 10,
  PlanType: null,
  ServiceProducts: [{ Id: 1, Name: 'In prima fila', Quantity: quantity, UnitPriceCents: 3900 }],
  Origin: 'myrexer',
  CreatedAt: '2026-11-02T10:00:00.000Z',
  PaidAt: status === 'paid' ? '2026-11-03T10:00:00.000Z' : null,
  ...extra,
});

function answer() {
  return fakeApi(fetchMock, {
    'GET /api/User/GetMyPropertyById/10': () => [200, listing],
    'GET /api/Order/Catalogue': [200, TEST_CATALOGUE],
    'GET /api/Property/10/Orders': () => [200, { Items: Object.values(orders) }],
    'POST /api/Order': ({ body }) => {
      const quantity = (body as { ServiceProducts: { Quantity: number }[] }).ServiceProducts[0]!.Quantity;
      const created = order(nextOrderId++, 'pending', quantity);
      return [201, created];
    },
    ...Object.fromEntries(
      Object.entries(orders).map(([id]) => [`GET /api/Order/${id}`, () => [200, orders[Number(id)]]]),
    ),
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  sessionStorage.clear();
  listing = { ...baseListing };
  orders = {};
  nextOrderId = 50;
  api = answer();
});
afterEach(cleanup);

const show = (serviceId = 1, orderId?: number, openPaymentPage = vi.fn()) =>
  renderPage(
    () => (
      <ListingServicePage
        id={10}
        serviceId={serviceId}
        orderId={orderId}
        notFound={<h1>Pagina non trovata</h1>}
        openPaymentPage={openPaymentPage}
      />
    ),
    {
      i18n,
      path: `/myrexer/annuncio/10/servizi/${serviceId}`,
      otherRoutes: {
        '/myrexer/annuncio/$id/$type': () => <p>servizi</p>,
        '/vendutogarantito': () => <p>venduto garantito</p>,
        '/annuncio/vendocasa/$id': () => <p>procedura</p>,
      },
    },
  ).then(() => openPaymentPage);

/** The Idempotency-Key of each order created, in order. */
const keysSent = () =>
  fetchMock.mock.calls
    .map(([input]) => input)
    .filter(
      (input): input is Request =>
        input instanceof Request && input.method === 'POST' && new URL(input.url).pathname === '/api/Order',
    )
    .map((request) => request.headers.get('idempotency-key'));

/** The outcome region once the order has been read with this status. */
async function outcomeOf(status: string): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByTestId('order-outcome').getAttribute('data-status')).toBe(status));
  return screen.getByTestId('order-outcome');
}

describe('ListingServicePage', () => {
  it('shows what the service does and costs, and buys it: the order, then the payment page', async () => {
    const open = await show();
    expect(await screen.findByRole('heading', { level: 1, name: 'In prima fila' })).toBeTruthy();
    expect(screen.getByText('Per 30 giorni il tuo annuncio compare tra i primi risultati.')).toBeTruthy();
    const periods = screen.getByRole('combobox', { name: 'Per quanto tempo?' }) as HTMLSelectElement;
    expect([...periods.options].map((option) => option.textContent)).toEqual([
      '30 giorni',
      '2 periodi da 30 giorni',
      '3 periodi da 30 giorni',
      '4 periodi da 30 giorni',
      '5 periodi da 30 giorni',
      '6 periodi da 30 giorni',
    ]);
    fireEvent.change(periods, { target: { value: '2' } });
    expect(screen.getByTestId('buy-total').textContent).toBe('78,00\u00a0€');
    const buy = screen.getByRole('button', { name: 'Acquista e paga 78,00\u00a0€' });
    fireEvent.click(buy);
    fireEvent.click(buy);
    await waitFor(() => expect(open).toHaveBeenCalledWith('/pagamento/off_50'));
    // One order, whatever the clicks: the button waits while the payment page opens.
    expect(api.sent('POST /api/Order').map((call) => call.body)).toEqual([
      { PropertyId: 10, ServiceProducts: [{ Id: 1, Quantity: 2 }], Origin: 'myrexer' },
    ]);
    expect(screen.getByRole('button', { name: 'Apertura della pagina di pagamento…' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(keysSent()[0]).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });

  it('keeps the purchase key across a reload, so the server answers the same order', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Acquista e paga 39,00\u00a0€' }));
    await waitFor(() => expect(keysSent()).toHaveLength(1));
    cleanup();
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Acquista e paga 39,00\u00a0€' }));
    await waitFor(() => expect(keysSent()).toHaveLength(2));
    expect(keysSent()[1]).toBe(keysSent()[0]);
  });

  it('back from a paid payment: says so with the new end of the period, and reads the listing again', async () => {
    orders = { 61: order(61, 'paid') };
    api = answer();
    listing = { ...baseListing, HighlightedUntil: '2099-12-24T10:00:00.000Z' };
    await show(1, 61);
    const outcome = await outcomeOf('paid');
    expect(within(outcome).getByText('Pagamento riuscito')).toBeTruthy();
    expect(outcome.textContent).toContain('Grazie! Abbiamo ricevuto 39,00\u00a0€ per: In prima fila.');
    await waitFor(() => expect(outcome.textContent).toContain('In prima fila è attivo fino al 24 dicembre 2099.'));
    expect(document.activeElement).toBe(outcome);
    expect(screen.getByTestId('service-state').textContent).toBe('Attivo fino al 24 dicembre 2099');
    // The outcome only reads: nothing is bought again.
    expect(api.sent('POST /api/Order')).toHaveLength(0);
    await waitFor(() => expect(api.sent('GET /api/User/GetMyPropertyById/10').length).toBeGreaterThan(1));
  });

  it('back from a refused payment: says nothing was charged and retries the same purchase with a new key', async () => {
    sessionStorage.setItem('rexer.order-key.10.1x3', 'chiave-del-primo-tentativo');
    orders = { 62: order(62, 'failed', 3) };
    api = answer();
    const open = await show(1, 62);
    const outcome = await outcomeOf('failed');
    expect(within(outcome).getByText('Il pagamento non è andato a buon fine')).toBeTruthy();
    expect(outcome.textContent).toContain('Non ti è stato addebitato nulla.');
    fireEvent.click(within(outcome).getByRole('button', { name: 'Riprova il pagamento di 117,00\u00a0€' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/pagamento/off_50'));
    expect(api.sent('POST /api/Order').map((call) => call.body)).toEqual([
      { PropertyId: 10, ServiceProducts: [{ Id: 1, Quantity: 3 }], Origin: 'myrexer' },
    ]);
    expect(keysSent()[0]).not.toBe('chiave-del-primo-tentativo');
  });

  it('back from a cancelled payment: says so, and offers to try again', async () => {
    orders = { 63: order(63, 'cancelled') };
    api = answer();
    await show(1, 63);
    const outcome = await outcomeOf('cancelled');
    expect(within(outcome).getByText('Hai annullato il pagamento')).toBeTruthy();
    expect(within(outcome).getByRole('button', { name: 'Riprova il pagamento di 39,00\u00a0€' })).toBeTruthy();
  });

  it('says in Italian why the order could not be made', async () => {
    fakeApi(fetchMock, {
      'GET /api/User/GetMyPropertyById/10': [200, listing],
      'GET /api/Order/Catalogue': [200, TEST_CATALOGUE],
      'GET /api/Property/10/Orders': [200, { Items: [] }],
      'POST /api/Order': [503, { ExceptionType: 143, ExceptionTypeString: 'PaymentProviderUnavailable' }],
    });
    const open = await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Acquista e paga 39,00\u00a0€' }));
    expect(
      await screen.findByText(
        'Il pagamento non è disponibile in questo momento: non ti è stato addebitato nulla. Riprova tra qualche minuto.',
      ),
    ).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Acquista e paga 39,00\u00a0€' }).hasAttribute('disabled')).toBe(false);
  });

  it('does not sell again a service bought once, and leads from sold guaranteed to its page', async () => {
    orders = {
      64: {
        ...order(64, 'paid'),
        ServiceProducts: [{ Id: 3, Name: 'Venduto garantito', Quantity: 1, UnitPriceCents: 149000 }],
        AmountCents: 149000,
      },
    };
    api = answer();
    await show(3);
    expect(await screen.findByRole('heading', { level: 1, name: 'Venduto garantito' })).toBeTruthy();
    expect(screen.getByTestId('service-state').textContent).toBe('Acquistato il 3 novembre 2026');
    expect(screen.getByText('Hai già acquistato questo servizio per il tuo annuncio.')).toBeTruthy();
    expect(screen.queryByTestId('buy-service')).toBeNull();
    expect(screen.getByRole('link', { name: 'Come funziona il Venduto garantito' }).getAttribute('href')).toBe(
      '/vendutogarantito',
    );
  });

  it('answers not found for a service this listing cannot have', async () => {
    listing = { ...baseListing, SellType: 2 };
    await show(3);
    expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeTruthy();
    cleanup();
    await show(7);
    expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeTruthy();
  });

  it('sells nothing to a sold listing, and says why', async () => {
    listing = { ...baseListing, Status: 4 };
    await show();
    expect(await screen.findByText("L'annuncio è segnato come venduto")).toBeTruthy();
    expect(screen.queryByTestId('buy-service')).toBeNull();
  });
});
