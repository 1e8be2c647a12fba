import { useLocation } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REASONS_BY_ACTOR } from '@domain/appointment';
import { LOGIN_SOURCE } from '@domain/session';
import type { AppointmentDetail, AppointmentItem } from '@/entities/appointment';
import {
  createSessionViewStore,
  provideSessionRuntime,
  SessionViewContext,
  type SessionRuntime,
  type StoredSessionRecord,
} from '@/entities/session';
import { appointmentAnswersFor } from '@/processes/appointment-answers';
import { fakeApi, renderPage, testI18n, type FakeCall } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/appointments.json';
import { AppointmentsPage } from './appointments-page';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ appointments: translations });

// Thursday 3 and Friday 4 December 2026, 10:30 and 16:00 in Rome.
const SLOTS = ['2026-12-03T09:30:00.000Z', '2026-12-04T15:00:00.000Z'];

const visit = (
  id: number,
  role: 'buyer' | 'owner',
  status: AppointmentItem['Status'],
  extra: Partial<AppointmentItem> = {},
): AppointmentItem => ({
  Id: id,
  Role: role,
  Status: status,
  Tab: status === 1 || status === 0 ? 0 : status === 2 || status === 4 ? 1 : 2,
  Done: false,
  Property: { Id: 500 + id, Title: `Casa ${id}`, ImageUrl: `/media/casa-${id}.jpg`, Town: 'Milano' },
  Slots: SLOTS,
  ScheduledAt: status === 2 || status === 5 ? SLOTS[0] : null,
  ExpiresAt: status === 1 ? SLOTS[0] : null,
  OtherPartyName: role === 'owner' ? 'Marco' : 'Giulia',
  Reason: null,
  LastActor: 'buyer',
  CreatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const detailOf = (item: AppointmentItem, extra: Partial<AppointmentDetail> = {}): AppointmentDetail => ({
  ...item,
  Message: 'Buongiorno, vorrei vedere la casa con mia moglie.',
  BuyerPhone: null,
  OwnerPhone: null,
  History: [{ Status: 1, Actor: 'buyer', Reason: null, At: '2026-11-20T10:00:00.000Z' }],
  ...extra,
});

type Lists = Record<'buyer' | 'owner', Record<0 | 1 | 2, AppointmentItem[]>>;
let lists: Lists;
let details: Record<number, AppointmentDetail>;
let api: ReturnType<typeof fakeApi>;
let hasListings: boolean;
let answer: ((call: FakeCall) => [number, unknown]) | null;

const listOf = (call: FakeCall): [number, unknown] => {
  const role = call.query.get('Role') as 'buyer' | 'owner';
  const tab = Number(call.query.get('Tab')) as 0 | 1 | 2;
  const limit = Number(call.query.get('Limit') ?? 20);
  return [200, { Items: lists[role][tab].slice(0, limit), NextAfterId: null }];
};

const change =
  (id: number, next: Partial<AppointmentItem>) =>
  (call: FakeCall): [number, unknown] => {
    if (answer) return answer(call);
    for (const role of ['buyer', 'owner'] as const) {
      for (const tab of [0, 1, 2] as const) {
        const found = lists[role][tab].find((item) => item.Id === id);
        if (!found) continue;
        const moved = { ...found, ...next };
        lists[role][tab] = lists[role][tab].filter((item) => item.Id !== id);
        lists[role][moved.Tab].unshift(moved);
        return [200, detailOf(moved)];
      }
    }
    return [404, { ExceptionType: 180, ExceptionTypeString: 'AppointmentNotFound' }];
  };

beforeEach(() => {
  fetchMock.mockReset();
  hasListings = true;
  answer = null;
  lists = {
    buyer: {
      0: [visit(1, 'buyer', 1)],
      1: [visit(2, 'buyer', 2), visit(3, 'buyer', 4), visit(4, 'buyer', 2, { Done: true })],
      2: [visit(5, 'buyer', 3, { Reason: 4, LastActor: 'owner' })],
    },
    owner: {
      0: [visit(11, 'owner', 1)],
      1: [visit(12, 'owner', 2)],
      2: [],
    },
  };
  details = {
    2: detailOf(lists.buyer[1][0], {
      History: [
        { Status: 1, Actor: 'buyer', Reason: null, At: '2026-11-20T10:00:00.000Z' },
        { Status: 2, Actor: 'owner', Reason: null, At: '2026-11-21T08:15:00.000Z' },
      ],
    }),
    3: detailOf(lists.buyer[1][1], { OwnerPhone: '+39 333 1234567' }),
    5: detailOf(lists.buyer[2][0], {
      History: [
        { Status: 1, Actor: 'buyer', Reason: null, At: '2026-11-20T10:00:00.000Z' },
        { Status: 3, Actor: 'owner', Reason: 4, At: '2026-11-22T17:40:00.000Z' },
      ],
    }),
  };
  api = fakeApi(fetchMock, {
    'GET /api/Appointment/List': listOf,
    'GET /api/User/MyProperties': () => [200, { Items: hasListings ? [{ Id: 900 }] : [], NextAfterId: null }],
    'GET /api/Appointment/2': () => [200, details[2]],
    'GET /api/Appointment/3': () => [200, details[3]],
    'GET /api/Appointment/5': () => [200, details[5]],
    'PUT /api/Appointment/11/Confirm': (call) =>
      change(11, { Status: 2, Tab: 1, ScheduledAt: (call.body as { Slot: string }).Slot, LastActor: 'owner' })(call),
    'PUT /api/Appointment/11/AcceptWithPhone': change(11, { Status: 4, Tab: 1, LastActor: 'owner' }),
    'PUT /api/Appointment/1/Cancel': (call) =>
      change(1, { Status: 3, Tab: 2, Reason: (call.body as { Reason: number }).Reason, LastActor: 'buyer' })(call),
  });
});
afterEach(() => {
  cleanup();
  provideSessionRuntime(undefined);
});

const LOGGED_IN: StoredSessionRecord = {
  username: 'giulia@example.it',
  isConfirmed: true,
  termsPrivacy: true,
  silent: false,
};

/** The page as its routes show it: the tab from the path (none on the index). */
function RoutedPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const match = /\/myrexer\/appuntamenti\/([012])$/.exec(pathname);
  return (
    <AppointmentsPage tab={match ? (Number(match[1]) as 0 | 1 | 2) : undefined} answersFor={appointmentAnswersFor} />
  );
}

const show = (path: string, record: StoredSessionRecord | null = LOGGED_IN) =>
  renderPage(
    () => (
      <SessionViewContext.Provider value={createSessionViewStore(() => record)}>
        <RoutedPage />
      </SessionViewContext.Provider>
    ),
    {
      i18n,
      path,
      otherPaths: [
        '/myrexer/appuntamenti',
        '/myrexer/appuntamenti/0',
        '/myrexer/appuntamenti/1',
        '/myrexer/appuntamenti/2',
      ],
      otherRoutes: {
        '/ricerca': () => <p>ricerca</p>,
        '/myrexer/annunci': () => <p>annunci</p>,
        '/immobile/$id': () => <p>immobile</p>,
        '/myrexer/profilo': () => <p>profilo</p>,
        '/annuncio/vendocasa': () => <p>vendocasa</p>,
        '/annuncio/affittocasa': () => <p>affittocasa</p>,
      },
    },
  );

const card = async (title: string) =>
  (await screen.findByRole('link', { name: title })).closest('[data-testid="appointment"]') as HTMLElement;
const listCalls = () => api.sent('GET /api/Appointment/List').filter((call) => call.query.get('Limit') !== '1');

describe('AppointmentsPage', () => {
  it('shows the tab of the URL and moves between the tabs, marking the one shown', async () => {
    const { router } = await show('/myrexer/appuntamenti/0');
    expect(await card('Casa 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'In attesa' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('link', { name: 'Casa 2' })).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'In programma' }));
    expect(await card('Casa 2')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/myrexer/appuntamenti/1');
    expect(screen.getByRole('link', { name: 'In programma' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'In attesa' }).getAttribute('aria-current')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Casa 1' })).toBeNull();
    expect(listCalls().map((call) => `${call.query.get('Role')}:${call.query.get('Tab')}`)).toEqual([
      'buyer:0',
      'buyer:1',
    ]);

    fireEvent.click(screen.getByRole('link', { name: 'Annullati' }));
    const cancelled = await card('Casa 5');
    expect(within(cancelled).getByTestId('appointment-status').textContent).toBe('Annullata');
    expect(within(cancelled).getByTestId('appointment-reason').textContent).toBe(
      'Annullata da Giulia. Motivo: la casa è stata venduta',
    );
  });

  it('switches to the requests received and keeps the side in the URL across tabs', async () => {
    const { router } = await show('/myrexer/appuntamenti/0');
    await card('Casa 1');
    fireEvent.click(screen.getByRole('link', { name: 'Le richieste ricevute' }));
    const request = await card('Casa 11');
    expect(router.state.location.search).toEqual({ ruolo: 'proprietario' });
    expect(screen.getByRole('link', { name: 'Le richieste ricevute' }).getAttribute('aria-current')).toBe('page');
    expect(within(request).getByTestId('appointment-party').textContent).toBe('Richiesta di Marco');
    expect(within(request).getByTestId('appointment-status').textContent).toBe('Da confermare');

    fireEvent.click(screen.getByRole('link', { name: 'In programma' }));
    expect(await card('Casa 12')).toBeTruthy();
    expect(router.state.location.search).toEqual({ ruolo: 'proprietario' });
  });

  it('opens the requests received from the URL (a reload keeps the side)', async () => {
    await show('/myrexer/appuntamenti/0?ruolo=proprietario');
    expect(await card('Casa 11')).toBeTruthy();
    expect(listCalls()[0].query.get('Role')).toBe('owner');
  });

  it("shows the requested slots in Rome's time, in Italian", async () => {
    await show('/myrexer/appuntamenti/0?ruolo=proprietario');
    const slots = within(await card('Casa 11')).getByTestId('appointment-slots');
    expect(
      within(slots)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(
      ['giovedì 3 dicembre 2026, 10:30', 'venerdì 4 dicembre 2026, 16:00'].map((text) =>
        new Date().getFullYear() === 2026 ? text.replace(' 2026', '') : text,
      ),
    );
  });

  it('offers the owner Conferma on a pending request, and the modal sends the slot chosen', async () => {
    await show('/myrexer/appuntamenti/0?ruolo=proprietario');
    const request = await card('Casa 11');
    fireEvent.click(within(request).getByRole('button', { name: 'Conferma la visita a Casa 11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conferma la visita' });
    // A slot must be chosen first.
    fireEvent.click(within(dialog).getByRole('button', { name: "Conferma l'orario" }));
    expect(within(dialog).getByText('Scegli uno degli orari.')).toBeTruthy();
    expect(api.sent('PUT /api/Appointment/11/Confirm')).toHaveLength(0);

    const radios = within(dialog).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    fireEvent.click(radios[1]);
    fireEvent.click(within(dialog).getByRole('button', { name: "Conferma l'orario" }));
    await waitFor(() => expect(api.sent('PUT /api/Appointment/11/Confirm')).toHaveLength(1));
    expect(api.sent('PUT /api/Appointment/11/Confirm')[0].body).toEqual({ Slot: SLOTS[1] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The request leaves the waiting tab; the page says where it went.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Casa 11' })).toBeNull());
    expect(screen.getByTestId('appointments-notice').textContent).toContain('Visita a «Casa 11» confermata.');
    expect(screen.getByRole('link', { name: 'Vai alle visite in programma' })).toBeTruthy();
  });

  it('lets the owner accept and share the phone number instead, saying the buyer will see it', async () => {
    await show('/myrexer/appuntamenti/0?ruolo=proprietario');
    fireEvent.click(within(await card('Casa 11')).getByRole('button', { name: 'Conferma la visita a Casa 11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conferma la visita' });
    expect(within(dialog).getByText(/Marco vedrà il tuo numero di telefono/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accetta e condividi il tuo numero' }));
    await waitFor(() => expect(api.sent('PUT /api/Appointment/11/AcceptWithPhone')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('explains a slot taken meanwhile and a missing phone number in Italian', async () => {
    await show('/myrexer/appuntamenti/0?ruolo=proprietario');
    fireEvent.click(within(await card('Casa 11')).getByRole('button', { name: 'Conferma la visita a Casa 11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conferma la visita' });
    answer = () => [409, { ExceptionType: 182, ExceptionTypeString: 'AppointmentSlotTaken' }];
    fireEvent.click(within(dialog).getAllByRole('radio')[0]);
    fireEvent.click(within(dialog).getByRole('button', { name: "Conferma l'orario" }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      "Questo orario è già stato confermato per un'altra visita",
    );

    answer = () => [409, { ExceptionType: 188, ExceptionTypeString: 'AppointmentOwnerPhoneMissing' }];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accetta e condividi il tuo numero' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(
        'Per condividere il tuo numero devi prima aggiungerlo al tuo profilo.',
      ),
    );
    expect(within(dialog).getByRole('link', { name: 'Aggiungi il numero nel tuo profilo' }).getAttribute('href')).toBe(
      '/myrexer/profilo',
    );
  });

  it('does not offer the buyer Conferma on their own pending request', async () => {
    await show('/myrexer/appuntamenti/0');
    const request = await card('Casa 1');
    expect(within(request).queryByRole('button', { name: /Conferma/ })).toBeNull();
    expect(within(request).getByRole('button', { name: 'Ritira la richiesta di visita a Casa 1' })).toBeTruthy();
    expect(within(request).getByTestId('appointment-status').textContent).toBe('In attesa di risposta');
  });

  it("lists only the buyer's reasons to cancel, requires one, sends it, and moves the visit to the cancelled tab", async () => {
    await show('/myrexer/appuntamenti/0');
    fireEvent.click(
      within(await card('Casa 1')).getByRole('button', { name: 'Ritira la richiesta di visita a Casa 1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ritira la richiesta di visita' });
    const labels = within(dialog)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);
    expect(labels).toEqual(
      REASONS_BY_ACTOR.buyer.map((reason) => (translations.reason.choice as Record<string, string>)[reason]),
    );
    expect(labels).not.toContain('La casa è stata venduta');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Ritira la richiesta' }));
    expect(within(dialog).getByText('Scegli un motivo.')).toBeTruthy();
    expect(api.sent('PUT /api/Appointment/1/Cancel')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('radio', { name: "Ho trovato un'altra casa" }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ritira la richiesta' }));
    await waitFor(() => expect(api.sent('PUT /api/Appointment/1/Cancel')).toHaveLength(1));
    expect(api.sent('PUT /api/Appointment/1/Cancel')[0].body).toEqual({ Reason: 7 });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Casa 1' })).toBeNull());

    fireEvent.click(screen.getByRole('link', { name: 'Vai agli annullati' }));
    const cancelled = await card('Casa 1');
    expect(within(cancelled).getByTestId('appointment-reason').textContent).toBe(
      "Annullata da te. Motivo: trovata un'altra casa",
    );
  });

  it("lists the owner's reasons only to the owner", async () => {
    await show('/myrexer/appuntamenti/0?ruolo=proprietario');
    fireEvent.click(
      within(await card('Casa 11')).getByRole('button', { name: 'Rifiuta la richiesta di visita a Casa 11' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rifiuta la richiesta di visita' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(REASONS_BY_ACTOR.owner.length);
    expect(within(dialog).queryByRole('radio', { name: "Ho trovato un'altra casa" })).toBeNull();
    expect(within(dialog).getByRole('radio', { name: 'La casa è stata venduta' })).toBeTruthy();
  });

  it('shows the history of a visit when its card opens', async () => {
    await show('/myrexer/appuntamenti/2');
    const cancelled = await card('Casa 5');
    const toggle = within(cancelled).getByRole('button', { name: 'Dettagli e cronologia' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const history = await within(cancelled).findByTestId('appointment-history');
    const events = within(history).getAllByRole('listitem');
    expect(events).toHaveLength(2);
    expect(events[0].textContent).toContain('Richiesta di visita inviata');
    expect(events[0].textContent).toContain('Tu');
    expect(events[0].textContent).toContain('20 novembre 2026, 11:00');
    expect(events[1].textContent).toContain('Visita annullata');
    expect(events[1].textContent).toContain('Giulia, il proprietario');
    expect(events[1].textContent).toContain('Motivo: la casa è stata venduta');
    expect(within(cancelled).getByText('Buongiorno, vorrei vedere la casa con mia moglie.')).toBeTruthy();
    expect(within(cancelled).queryByTestId('owner-phone')).toBeNull();
    expect(api.sent('GET /api/Appointment/5')).toHaveLength(1);
  });

  it("shows the owner's phone number only when the server gives it", async () => {
    await show('/myrexer/appuntamenti/1');
    const withPhone = await card('Casa 3');
    fireEvent.click(within(withPhone).getByRole('button', { name: 'Dettagli e cronologia' }));
    expect((await within(withPhone).findByTestId('owner-phone')).getAttribute('href')).toBe('tel:+393331234567');
    const confirmed = await card('Casa 2');
    fireEvent.click(within(confirmed).getByRole('button', { name: 'Dettagli e cronologia' }));
    await within(confirmed).findByTestId('appointment-history');
    expect(within(confirmed).queryByTestId('owner-phone')).toBeNull();
  });

  it('offers the calendar file for a confirmed visit ahead only, and shows a past one as done', async () => {
    await show('/myrexer/appuntamenti/1');
    const confirmed = await card('Casa 2');
    const link = within(confirmed).getByRole('link', { name: 'Aggiungi al calendario la visita a Casa 2' });
    expect(link.getAttribute('href')).toBe('/api/Appointment/2/Calendar');
    expect(link.hasAttribute('download')).toBe(true);
    expect(within(confirmed).getByTestId('appointment-time').textContent).toMatch(
      /^Visita fissata per giovedì 3 dicembre/,
    );

    const byPhone = await card('Casa 3');
    expect(within(byPhone).getByTestId('appointment-status').textContent).toBe('Accettata: chiama il proprietario');
    expect(within(byPhone).queryByTestId('calendar-link')).toBeNull();

    const done = await card('Casa 4');
    expect(within(done).getByTestId('appointment-status').textContent).toBe('Visita effettuata');
    expect(within(done).queryByTestId('calendar-link')).toBeNull();
    expect(within(done).queryByRole('button', { name: /Annulla/ })).toBeNull();
    expect(screen.getAllByTestId('calendar-link')).toHaveLength(1);
  });

  it('gives each empty tab its way forward: search for the buyer, my listings for the owner', async () => {
    lists.buyer[0] = [];
    lists.owner[2] = [];
    await show('/myrexer/appuntamenti/0');
    expect(await screen.findByRole('heading', { name: 'Nessuna richiesta in attesa' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cerca casa' }).getAttribute('href')).toBe('/ricerca');
    cleanup();
    await show('/myrexer/appuntamenti/2?ruolo=proprietario');
    expect(await screen.findByRole('heading', { name: 'Nessuna visita annullata' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vai ai miei annunci' }).getAttribute('href')).toBe('/myrexer/annunci');
  });

  it('opens on the visits ahead when nothing waits, on the index', async () => {
    lists.buyer[0] = [];
    await show('/myrexer/appuntamenti');
    expect(await card('Casa 2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'In programma' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens on the waiting requests when there are some, on the index', async () => {
    await show('/myrexer/appuntamenti');
    expect(await card('Casa 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'In attesa' }).getAttribute('aria-current')).toBe('page');
  });

  it('hides the side switch from someone with no listing and no request received', async () => {
    hasListings = false;
    lists.owner = { 0: [], 1: [], 2: [] };
    await show('/myrexer/appuntamenti/0');
    await card('Casa 1');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Le richieste ricevute' })).toBeNull());
    expect(screen.getByTestId('sell-banner')).toBeTruthy();
  });

  it('says when the list cannot be loaded and loads it again on request', async () => {
    let fail = true;
    api = fakeApi(fetchMock, {
      'GET /api/Appointment/List': (call) =>
        fail ? [500, { ExceptionType: 500, ExceptionTypeString: 'InternalError' }] : listOf(call),
      'GET /api/User/MyProperties': () => [200, { Items: [], NextAfterId: null }],
    });
    await show('/myrexer/appuntamenti/0');
    expect(await screen.findByText('Non siamo riusciti a caricare le visite.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await card('Casa 1')).toBeTruthy();
  });

  it('loads the next page with «Mostra altre»', async () => {
    api = fakeApi(fetchMock, {
      'GET /api/Appointment/List': (call) =>
        call.query.get('AfterId') === '40'
          ? [200, { Items: [visit(39, 'buyer', 1)], NextAfterId: null }]
          : [200, { Items: [visit(40, 'buyer', 1)], NextAfterId: call.query.get('Limit') === '1' ? null : 40 }],
      'GET /api/User/MyProperties': () => [200, { Items: [], NextAfterId: null }],
    });
    await show('/myrexer/appuntamenti/0');
    await card('Casa 40');
    fireEvent.click(screen.getByRole('button', { name: 'Mostra altre' }));
    expect(await card('Casa 39')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mostra altre' })).toBeNull();
  });

  it('starts the listing wizard from the buyer side for a logged-in user', async () => {
    const { router } = await show('/myrexer/appuntamenti/0');
    await card('Casa 1');
    fireEvent.click(screen.getByRole('button', { name: 'Pubblica il tuo annuncio' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/annuncio/vendocasa'));
  });

  it('asks for the login with source 6 (create listing from appointment) when the session has ended', async () => {
    const openLogin = vi.fn<SessionRuntime['openLogin']>();
    provideSessionRuntime(async () => ({ openLogin }) as unknown as SessionRuntime);
    await show('/myrexer/appuntamenti/0', null);
    await card('Casa 1');
    fireEvent.click(screen.getByRole('button', { name: 'Vuoi affittarla? Inizia da qui' }));
    await waitFor(() =>
      expect(openLogin).toHaveBeenCalledWith({
        source: LOGIN_SOURCE.createListingFromAppointment,
        redirectTo: '/annuncio/affittocasa',
      }),
    );
    expect(LOGIN_SOURCE.createListingFromAppointment).toBe(6);
  });

  it('does not show the listing banner on the owner side', async () => {
    await show('/myrexer/appuntamenti/0?ruolo=proprietario');
    await card('Casa 11');
    expect(screen.queryByTestId('sell-banner')).toBeNull();
  });
});
