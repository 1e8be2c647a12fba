import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CATALOGUE } from '@/features/buy-service';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import buyService from '../../../../locales/it/buy-service.json';
import translations from '../../../../locales/it/listing-services.json';
import { ListingServicesPage } from './listing-services-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'listing-services': translations, 'buy-service': buyService });

// Only the fields the page reads; the API answers the whole MyProperty.
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
let orders: object[];

const order = (id: number, status: string, lines: Array<[number, string, number]>, extra: object = {}) => ({
  OrderId: id,
  Status: status,
  AmountCents: lines.reduce((sum, [, , cents]) => sum + cents, 0),
  Currency: 'EUR',
  PaymentUrl: status === 'pending' ? `/pagamento/off_${id}` : null,
  PropertyId: 10,
  PlanType: null,
  ServiceProducts: lines.map(([Id, Name, UnitPriceCents]) => ({ Id, Name, Quantity: 1, UnitPriceCents })),
  Origin: 'myrexer',
  CreatedAt: '2026-11-02T10:00:00.000Z',
  PaidAt: status === 'paid' ? '2026-11-03T10:00:00.000Z' : null,
  ...extra,
});

beforeEach(() => {
  fetchMock.mockReset();
  listing = { ...baseListing };
  orders = [];
  fakeApi(fetchMock, {
    'GET /api/User/GetMyPropertyById/10': () => [200, listing],
    'GET /api/Order/Catalogue': [200, TEST_CATALOGUE],
    'GET /api/Property/10/Orders': () => [200, { Items: orders }],
    'GET /api/User/GetMyPropertyById/77': [404, { ExceptionType: 160, ExceptionTypeString: 'ListingNotFound' }],
    'GET /api/Property/77/Orders': [404, { ExceptionType: 160, ExceptionTypeString: 'ListingNotFound' }],
  });
});
afterEach(cleanup);

const show = (id = 10, orderId?: number) =>
  renderPage(() => <ListingServicesPage id={id} orderId={orderId} notFound={<h1>Pagina non trovata</h1>} />, {
    i18n,
    path: `/myrexer/annuncio/${id}/servizi`,
    otherRoutes: {
      '/myrexer/annuncio/$id': () => <p>annuncio</p>,
      '/myrexer/annuncio/$id/$type/$serviceid': () => <p>servizio</p>,
      '/annuncio/vendocasa/$id': () => <p>procedura</p>,
    },
  });

const card = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('article') as HTMLElement;

describe('ListingServicesPage', () => {
  it('lists the services a published sale can buy, with their Italian prices and a way to each', async () => {
    await show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Servizi per il tuo annuncio' })).toBeTruthy();
    expect(screen.getByText(/Fai notare di più «Trilocale luminoso in via Saragozza»/)).toBeTruthy();
    const names = within(await screen.findByTestId('services'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    // Publishing (free, done) is not sold here; the flexible plan is, to a listing on the basic plan.
    expect(names).toEqual([
      'In prima fila',
      'Servizio fotografico',
      'Annuncio Premium',
      'Venduto garantito',
      'Cartello «Vendesi» o «Affittasi»',
      'Preventivo di ristrutturazione',
      'Piano Flessibile',
    ]);
    const firstRow = await card('In prima fila');
    expect(firstRow.querySelector('p')?.textContent).toBe('39,00\u00a0€ ogni 30 giorni');
    const link = within(firstRow).getByRole('link', { name: 'Scopri e acquista: In prima fila' });
    expect(link.getAttribute('href')).toBe('/myrexer/annuncio/10/servizi/1');
    expect((await card('Venduto garantito')).querySelector('p')?.textContent).toBe('1.490,00\u00a0€');
    expect(screen.getByRole('link', { name: "← Torna all'annuncio" }).getAttribute('href')).toBe(
      '/myrexer/annuncio/10',
    );
  });

  it('says where each service stands: a running period, a service bought once, a plan already chosen, a payment waiting', async () => {
    listing = {
      ...baseListing,
      PlanType: 2,
      HighlightedUntil: '2099-12-24T10:00:00.000Z',
      PremiumUntil: '2020-01-01T00:00:00.000Z',
    };
    orders = [
      order(5, 'pending', [[6, 'Cartello «Vendesi» o «Affittasi»', 2490]]),
      order(4, 'paid', [[4, 'Servizio fotografico', 14900]]),
      order(3, 'failed', [[5, 'Preventivo di ristrutturazione', 9900]]),
    ];
    await show();
    expect(within(await card('In prima fila')).getByTestId('service-state').textContent).toBe(
      'Attivo fino al 24 dicembre 2099',
    );
    expect(within(await card('Annuncio Premium')).queryByTestId('service-state')).toBeNull();
    const photos = await card('Servizio fotografico');
    expect(within(photos).getByTestId('service-state').textContent).toBe('Acquistato il 3 novembre 2026');
    expect(within(photos).getByRole('link', { name: 'Vedi i dettagli: Servizio fotografico' })).toBeTruthy();
    expect(within(await card('Piano Flessibile')).getByTestId('service-state').textContent).toBe(
      'È già il piano del tuo annuncio',
    );
    expect(within(await card('Cartello «Vendesi» o «Affittasi»')).getByTestId('service-state').textContent).toBe(
      'Pagamento in attesa',
    );
    // A refused payment bought nothing.
    expect(within(await card('Preventivo di ristrutturazione')).queryByTestId('service-state')).toBeNull();
    const pending = screen.getByText('Hai un pagamento in sospeso').closest('[role="status"]') as HTMLElement;
    expect(pending.textContent).toContain(
      'Non abbiamo ancora ricevuto il pagamento di 24,90\u00a0€ per: Cartello «Vendesi» o «Affittasi».',
    );
    expect(within(pending).getByRole('link', { name: 'Completa il pagamento' }).getAttribute('href')).toBe(
      '/pagamento/off_5',
    );
  });

  it('does not sell sold guaranteed to a rent, nor the flexible plan to an exclusive listing', async () => {
    listing = { ...baseListing, SellType: 2, PlanType: 3 };
    await show();
    const names = within(await screen.findByTestId('services'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(names).not.toContain('Venduto garantito');
    expect(names).not.toContain('Piano Flessibile');
    expect(names).toContain('In prima fila');
  });

  it('sends a draft to the wizard first: its services are chosen when it is published', async () => {
    listing = { ...baseListing, Status: 1 };
    await show();
    expect(await screen.findByText("L'annuncio è ancora una bozza")).toBeTruthy();
    expect(screen.getByRole('link', { name: "Completa l'annuncio" }).getAttribute('href')).toBe(
      '/annuncio/vendocasa/10',
    );
    expect(
      within(await card('In prima fila')).getByRole('link', { name: 'Vedi i dettagli: In prima fila' }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Scopri e acquista/ })).toBeNull();
  });

  it("shows the not-found page for another user's listing", async () => {
    await show(77);
    expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeTruthy();
  });

  it('says when the services cannot be loaded', async () => {
    fakeApi(fetchMock, {
      'GET /api/User/GetMyPropertyById/10': [500, { ExceptionType: 1, ExceptionTypeString: 'InternalError' }],
      'GET /api/Order/Catalogue': [200, TEST_CATALOGUE],
      'GET /api/Property/10/Orders': [200, { Items: [] }],
    });
    await show();
    expect(
      await screen.findByText(
        'Non è stato possibile caricare i servizi del tuo annuncio. Riprova tra qualche istante.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeTruthy();
  });
});
