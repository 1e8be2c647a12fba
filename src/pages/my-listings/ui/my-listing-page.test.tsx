import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/my-listings.json';
import availabilityTranslations from '../../../../locales/it/visit-availability.json';
import type { ActionsFor } from '../model/listing-actions';
import { MyListingPage } from './my-listing-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'my-listings': translations, 'visit-availability': availabilityTranslations });

const actionsFor: ActionsFor = (status) =>
  status === 2
    ? [
        { event: 'SUSPEND', status: 3 },
        { event: 'MARK_SOLD', status: 4 },
        { event: 'DELETE', status: 5 },
      ]
    : status === 3
      ? [
          { event: 'REACTIVATE', status: 2 },
          { event: 'MARK_SOLD', status: 4 },
          { event: 'DELETE', status: 5 },
        ]
      : [{ event: 'DELETE', status: 5 }];

// Only the fields the page reads; the API answers the whole MyProperty and ListingDraft.
const listing: { HighlightedUntil: string | null } & Record<string, unknown> = {
  Id: 10,
  Status: 2,
  SellType: 1,
  Title: 'Trilocale luminoso in via Saragozza',
  City: 'Bologna',
  Price: 320000,
  SurfaceM2: 85,
  Rooms: 3,
  MediaInfo: [],
  PublishedAt: '2026-10-02T10:00:00.000Z',
  UpdatedAt: '2026-11-02T10:00:00.000Z',
  HighlightedUntil: null,
  PremiumUntil: null,
};
let status: number;
let api: ReturnType<typeof fakeApi>;
const draft = () => ({
  Id: 10,
  Status: status,
  GeneratedTitle: null,
  Quality: { Score: 55, Next: ['addMorePhotos', 'addFloorPlan'] },
  UpdatedAt: '2026-11-02T10:00:00.000Z',
});

beforeEach(() => {
  fetchMock.mockReset();
  status = 2;
  api = fakeApi(fetchMock, {
    'GET /api/User/GetMyPropertyById/10': () => [200, { ...listing, Status: status }],
    'GET /api/Property/10/Draft': () => [200, draft()],
    'PUT /api/Property/10/Status': ({ body }) => {
      status = (body as { Status: number }).Status;
      return [200, draft()];
    },
  });
});
afterEach(cleanup);

const show = (id = 10) =>
  renderPage(() => <MyListingPage id={id} actionsFor={actionsFor} notFound={<h1>Pagina non trovata</h1>} />, {
    i18n,
    path: `/myrexer/annuncio/${id}`,
    otherRoutes: {
      '/myrexer/annunci': () => <p>elenco</p>,
      '/immobile/$id': () => <p>pubblico</p>,
      '/annuncio/vendocasa/$id': () => <p>procedura</p>,
      '/myrexer/annuncio/$id/$type': () => <p>servizi</p>,
    },
  });

describe('MyListingPage', () => {
  it('shows the status, the quality score with what to add next, and the public page of a published listing', async () => {
    await show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Trilocale luminoso in via Saragozza' })).toBeTruthy();
    expect(screen.getByTestId('listing-status').textContent).toBe('Pubblicato');
    expect(screen.getByText('55 su 100')).toBeTruthy();
    const quality = screen.getByTestId('quality');
    expect(
      within(quality)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Aggiungi altre foto, fino a 10: mostra ogni stanza.', 'Carica la planimetria.']);
    expect(screen.getByRole('link', { name: "Vedi l'annuncio come lo vedono gli altri" }).getAttribute('href')).toBe(
      '/immobile/10',
    );
  });

  it('leads to the wizard to edit it and to its services, and says how long its first-row period runs', async () => {
    listing.HighlightedUntil = '2099-06-30T10:00:00.000Z';
    try {
      await show();
      expect(
        (await screen.findByRole('link', { name: 'Modifica «Trilocale luminoso in via Saragozza»' })).getAttribute(
          'href',
        ),
      ).toBe('/annuncio/vendocasa/10');
      expect(
        screen
          .getByRole('link', { name: 'Acquista un servizio per «Trilocale luminoso in via Saragozza»' })
          .getAttribute('href'),
      ).toBe('/myrexer/annuncio/10/servizi');
      expect(screen.getByTestId('highlighted-until').textContent).toBe('In prima fila fino al 30 giugno 2099');
    } finally {
      listing.HighlightedUntil = null;
    }
  });

  it('offers no services and no edit once the listing is sold', async () => {
    status = 4;
    await show();
    expect(await screen.findByText('È concluso: non compare più nelle ricerche.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^(Modifica|Acquista)/ })).toBeNull();
  });

  it('suspends the listing, hides the public link and offers to reactivate it', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Sospendi «Trilocale luminoso in via Saragozza»' }));
    await waitFor(() => expect(screen.getByTestId('listing-status').textContent).toBe('Sospeso'));
    expect(screen.queryByRole('link', { name: "Vedi l'annuncio come lo vedono gli altri" })).toBeNull();
    expect(screen.getByRole('button', { name: 'Riattiva «Trilocale luminoso in via Saragozza»' })).toBeTruthy();
    expect(api.sent('PUT /api/Property/10/Status').map((call) => call.body)).toEqual([{ Status: 3 }]);
  });

  it('deletes the listing after a confirmation that says it cannot be undone', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina «Trilocale luminoso in via Saragozza»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminare «Trilocale luminoso in via Saragozza»?' });
    expect(within(dialog).getByText(/non potrai recuperarlo/)).toBeTruthy();
    fakeApi(fetchMock, {
      'PUT /api/Property/10/Status': [200, { ...draft(), Status: 5 }],
      'GET /api/User/GetMyPropertyById/10': [404, { ExceptionType: 160, ExceptionTypeString: 'ListingNotFound' }],
      'GET /api/Property/10/Draft': [404, { ExceptionType: 160, ExceptionTypeString: 'ListingNotFound' }],
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina definitivamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Annuncio eliminato' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Torna ai miei annunci' }).getAttribute('href')).toBe('/myrexer/annunci');
  });

  it('shows the visit requests waiting for an answer and edits the weekly visit windows', async () => {
    let windows = [{ Weekday: 2, From: '17:00', To: '19:00' }];
    const calls = fakeApi(fetchMock, {
      'GET /api/User/GetMyPropertyById/10': [200, listing],
      'GET /api/Property/10/Draft': [200, draft()],
      'GET /api/Appointment/List': [
        200,
        {
          Items: [
            { Id: 3, Property: { Id: 10 } },
            { Id: 2, Property: { Id: 10 } },
          ],
          NextAfterId: null,
        },
      ],
      'GET /api/User/MyProperties/10/Availability': () => [200, { Windows: windows }],
      'PUT /api/User/MyProperties/10/Availability': ({ body }) => {
        windows = (body as { Windows: typeof windows }).Windows;
        return [200, { Windows: windows }];
      },
      'GET /api/Property/10/VisitSlots': () => [
        200,
        {
          Slots:
            windows.length > 1 ? Array(12).fill('2026-12-07T09:00:00.000Z') : Array(8).fill('2026-12-07T09:00:00.000Z'),
          VisitMinutes: 30,
        },
      ],
    });
    await show();
    const requests = await screen.findByTestId('visit-requests');
    expect(await within(requests).findByText(/Hai 2 richieste di visita che aspettano la tua risposta/)).toBeTruthy();
    expect(within(requests).getByRole('link', { name: 'Vedi le richieste di visita' }).getAttribute('href')).toBe(
      '/myrexer/appuntamenti/0?ruolo=proprietario',
    );
    const editor = screen.getByTestId('visit-availability');
    expect(
      await within(editor).findByText('I visitatori potranno scegliere tra 8 orari nei prossimi 14 giorni.'),
    ).toBeTruthy();
    fireEvent.click(within(editor).getByRole('button', { name: 'Aggiungi una fascia a Giovedì' }));
    fireEvent.click(within(editor).getByRole('button', { name: 'Salva gli orari' }));
    expect(await within(editor).findByText('Orari salvati.')).toBeTruthy();
    expect(calls.sent('PUT /api/User/MyProperties/10/Availability').map((call) => call.body)).toEqual([
      {
        Windows: [
          { Weekday: 2, From: '17:00', To: '19:00' },
          { Weekday: 4, From: '09:00', To: '12:00' },
        ],
      },
    ]);
    expect(
      await within(editor).findByText('I visitatori potranno scegliere tra 12 orari nei prossimi 14 giorni.'),
    ).toBeTruthy();
  });

  it("shows the not-found page for another user's listing (the API answers 404)", async () => {
    await show(77);
    expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeTruthy();
  });
});
