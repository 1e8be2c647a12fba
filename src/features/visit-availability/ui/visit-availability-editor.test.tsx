import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import translations from '../../../../locales/it/visit-availability.json';
import { nextWindowFor, windowsProblem } from '../model/windows';
import { VisitAvailabilityEditor } from './visit-availability-editor';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'visit-availability': translations });

const slots = (count: number) =>
  Array.from({ length: count }, (_, i) => new Date(Date.UTC(2026, 11, 7, 9) + i * 30 * 60_000).toISOString());

let saved: unknown[];
let offered: number;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  fetchMock.mockReset();
  saved = [{ Weekday: 2, From: '17:00', To: '19:00' }];
  offered = 8;
  api = fakeApi(fetchMock, {
    'GET /api/User/MyProperties/10/Availability': () => [200, { Windows: saved }],
    'PUT /api/User/MyProperties/10/Availability': ({ body }) => {
      saved = (body as { Windows: unknown[] }).Windows;
      offered = 24;
      return [200, { Windows: saved }];
    },
    'GET /api/Property/10/VisitSlots': () => [200, { Slots: slots(offered), VisitMinutes: 30 }],
  });
});
afterEach(cleanup);

const show = (published = true) =>
  renderPage(() => <VisitAvailabilityEditor propertyId={10} published={published} />, {
    i18n,
    path: '/myrexer/annuncio/10',
  });
const day = (weekday: number) => screen.getByTestId(`weekday-${weekday}`);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salva gli orari' }));

describe('VisitAvailabilityEditor', () => {
  it('shows the saved windows per weekday and what buyers are offered', async () => {
    await show();
    expect(((await screen.findByLabelText('Martedì, fascia 1: dalle')) as HTMLSelectElement).value).toBe('17:00');
    expect((screen.getByLabelText('Martedì, fascia 1: alle') as HTMLSelectElement).value).toBe('19:00');
    expect(within(day(1)).getByText('Nessuna visita')).toBeTruthy();
    expect(await screen.findByText('I visitatori potranno scegliere tra 8 orari nei prossimi 14 giorni.')).toBeTruthy();
    expect(screen.getByText('1 fascia oraria su 14.')).toBeTruthy();
  });

  it('refuses overlapping windows of a day before saving', async () => {
    await show();
    await screen.findByLabelText('Martedì, fascia 1: dalle');
    fireEvent.click(within(day(1)).getByRole('button', { name: 'Aggiungi una fascia a Lunedì' }));
    fireEvent.click(within(day(1)).getByRole('button', { name: 'Aggiungi una fascia a Lunedì' }));
    // The second starts where the first ends (touching is fine); moved earlier, they overlap.
    expect((screen.getByLabelText('Lunedì, fascia 2: dalle') as HTMLSelectElement).value).toBe('12:00');
    expect(screen.queryByTestId('availability-problem')).toBeNull();
    fireEvent.change(screen.getByLabelText('Lunedì, fascia 2: dalle'), { target: { value: '11:00' } });
    expect(screen.getByTestId('availability-problem').textContent).toBe(
      'Lunedì: le fasce 09:00–12:00 e 11:00–15:00 si sovrappongono. Correggile o uniscile in una sola prima di salvare.',
    );
    save();
    expect(api.sent('PUT /api/User/MyProperties/10/Availability')).toHaveLength(0);
    // An end before its start is refused too.
    fireEvent.change(screen.getByLabelText('Lunedì, fascia 2: dalle'), { target: { value: '13:00' } });
    fireEvent.change(screen.getByLabelText('Lunedì, fascia 2: alle'), { target: { value: '12:30' } });
    expect(screen.getByTestId('availability-problem').textContent).toBe(
      "Lunedì: la fascia dalle 13:00 alle 12:30 deve finire dopo l'inizio.",
    );
    save();
    expect(api.sent('PUT /api/User/MyProperties/10/Availability')).toHaveLength(0);
  });

  it('sends Weekday, From and To, and shows the saved state with the new number of times', async () => {
    await show();
    await screen.findByText('I visitatori potranno scegliere tra 8 orari nei prossimi 14 giorni.');
    fireEvent.click(within(day(6)).getByRole('button', { name: 'Aggiungi una fascia a Sabato' }));
    fireEvent.change(screen.getByLabelText('Sabato, fascia 1: dalle'), { target: { value: '10:00' } });
    fireEvent.change(screen.getByLabelText('Sabato, fascia 1: alle'), { target: { value: '12:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi Martedì dalle 17:00 alle 19:00' }));
    expect(screen.getByText(/Hai modifiche non ancora salvate/)).toBeTruthy();
    save();
    expect(await screen.findByText('Orari salvati.')).toBeTruthy();
    expect(api.sent('PUT /api/User/MyProperties/10/Availability').map((call) => call.body)).toEqual([
      { Windows: [{ Weekday: 6, From: '10:00', To: '12:30' }] },
    ]);
    expect(
      await screen.findByText('I visitatori potranno scegliere tra 24 orari nei prossimi 14 giorni.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Hai modifiche non ancora salvate/)).toBeNull();
    expect((screen.getByLabelText('Sabato, fascia 1: dalle') as HTMLSelectElement).value).toBe('10:00');
    expect(within(day(2)).getByText('Nessuna visita')).toBeTruthy();
  });

  it('stops at 14 windows', async () => {
    saved = [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
      { Weekday: weekday, From: '09:00', To: '10:00' },
      { Weekday: weekday, From: '15:00', To: '16:00' },
    ]);
    await show();
    await screen.findByLabelText('Domenica, fascia 2: dalle');
    expect((screen.getByRole('button', { name: 'Aggiungi una fascia a Lunedì' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText(/14 fasce orarie su 14\. Hai raggiunto il massimo/)).toBeTruthy();
  });

  it('says a listing not yet published shows its times once published', async () => {
    await show(false);
    expect(
      await screen.findByText("I visitatori vedranno questi orari quando l'annuncio sarà pubblicato."),
    ).toBeTruthy();
    await waitFor(() => expect(api.sent('GET /api/User/MyProperties/10/Availability')).toHaveLength(1));
    expect(api.sent('GET /api/Property/10/VisitSlots')).toHaveLength(0);
  });
});

describe('the visit windows rule', () => {
  it("is the server's: half hours, start before end, touching allowed, no overlap, at most 14", () => {
    expect(
      windowsProblem([
        { Weekday: 1, From: '09:00', To: '12:00' },
        { Weekday: 1, From: '12:00', To: '13:00' },
      ]),
    ).toBeNull();
    expect(
      windowsProblem([
        { Weekday: 1, From: '09:00', To: '12:00' },
        { Weekday: 2, From: '10:00', To: '11:00' },
      ]),
    ).toBeNull();
    expect(
      windowsProblem([
        { Weekday: 3, From: '10:00', To: '11:00' },
        { Weekday: 3, From: '09:00', To: '10:30' },
      ]),
    ).toMatchObject({ kind: 'overlap', weekday: 3 });
    expect(windowsProblem([{ Weekday: 1, From: '22:00', To: '24:00' }])).toBeNull();
    expect(
      windowsProblem(
        Array.from({ length: 15 }, (_, i) => ({
          Weekday: (i % 7) + 1,
          From: `${String(i).padStart(2, '0')}:00`,
          To: `${String(i).padStart(2, '0')}:30`,
        })),
      ),
    ).toEqual({ kind: 'tooMany' });
    expect(nextWindowFor(1, [{ Weekday: 1, From: '20:00', To: '23:30' }])).toEqual({
      Weekday: 1,
      From: '09:00',
      To: '12:00',
    });
  });
});
