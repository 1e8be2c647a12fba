import { describe, expect, it } from 'vitest';
import { checkWindows, romeInstant, visitSlots } from './slots';

describe('visit slots in Rome time', () => {
  it('reads a wall-clock time in Rome in winter and in summer, and skips the hour the clocks jump', () => {
    expect(romeInstant(2026, 12, 1, 10 * 60)?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(romeInstant(2026, 7, 1, 10 * 60)?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(romeInstant(2026, 3, 29, 2 * 60 + 30)).toBeNull();
    // The repeated hour in October: the first of the two.
    expect(romeInstant(2026, 10, 25, 2 * 60 + 30)?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('offers the half hours of the windows from tomorrow for 14 days, without the confirmed ones', () => {
    const now = new Date('2026-11-29T06:00:00Z'); // a Sunday in Rome
    const monday = { weekday: 1, startsMinute: 9 * 60, endsMinute: 10 * 60 };
    const slots = visitSlots([monday], [new Date('2026-11-30T08:30:00Z')], now).map((d) => d.toISOString());
    expect(slots).toEqual(['2026-11-30T08:00:00.000Z', '2026-12-07T08:00:00.000Z', '2026-12-07T08:30:00.000Z']);
    // Today's own windows are never offered, late on a Sunday either.
    const sunday = visitSlots(
      [{ weekday: 7, startsMinute: 22 * 60, endsMinute: 24 * 60 }],
      [],
      new Date('2026-11-29T20:00:00Z'),
    ).map((d) => d.toISOString());
    // (the 14 days from tomorrow hold two Sundays: 6 and 13 December)
    expect(sunday).toEqual(
      ['06', '13'].flatMap((day) => ['21:00', '21:30', '22:00', '22:30'].map((t) => `2026-12-${day}T${t}:00.000Z`)),
    );
  });

  it('checks windows: order, half hours, overlaps, count', () => {
    expect(
      checkWindows([
        { Weekday: 2, From: '12:00', To: '13:00' },
        { Weekday: 2, From: '09:00', To: '12:00' },
      ]),
    ).toEqual([
      { weekday: 2, startsMinute: 540, endsMinute: 720 },
      { weekday: 2, startsMinute: 720, endsMinute: 780 },
    ]);
    expect(checkWindows([{ Weekday: 2, From: '09:00', To: '24:00' }])).not.toBeNull();
    expect(
      checkWindows([
        { Weekday: 2, From: '09:00', To: '12:30' },
        { Weekday: 2, From: '12:00', To: '13:00' },
      ]),
    ).toBeNull();
    expect(checkWindows([{ Weekday: 2, From: '09:45', To: '10:30' }])).toBeNull();
    expect(checkWindows([{ Weekday: 2, From: '25:00', To: '26:00' }])).toBeNull();
    expect(
      checkWindows(Array.from({ length: 15 }, (_, i) => ({ Weekday: 1, From: `0${i % 10}:00`, To: `0${i % 10}:30` }))),
    ).toBeNull();
  });
});
