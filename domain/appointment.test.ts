import { describe, expect, it } from 'vitest';
// The test pins domain/ to the database's ids; the module itself imports nothing.
import {
  APPOINTMENT_ACTORS,
  APPOINTMENT_REFUSAL_REASON,
  APPOINTMENT_STATUS,
  APPOINTMENT_TAB,
  areValidSlots,
  earliestSlot,
  isAppointmentActor,
  isAppointmentStatusId,
  isIsoInstant,
  isReasonAllowed,
  MAX_SLOTS,
  normalizeSlot,
  REASONS_BY_ACTOR,
  reasonsFor,
  sameInstant,
  tabOf,
  type AppointmentActor,
  type AppointmentStatusId,
} from './appointment';

const R = APPOINTMENT_REFUSAL_REASON;

describe('appointment constants', () => {
  it('numbers them as the spec lists them', () => {
    expect(Object.entries(APPOINTMENT_STATUS)).toEqual([
      ['not_set', 0],
      ['pending', 1],
      ['confirmed', 2],
      ['cancelled', 3],
      ['accepted_with_phone_number', 4],
      ['cancelled_post_confirmation', 5],
      ['expired', 6],
    ]);
    expect(Object.values(APPOINTMENT_REFUSAL_REASON)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(Object.keys(APPOINTMENT_REFUSAL_REASON)).toEqual([
      'none',
      'data_verification',
      'seller_not_owner',
      'removed_under_two_hours',
      'house_sold',
      'suspended_listing',
      'unforeseen_event',
      'found_another_property',
      'details_do_not_match',
      'request_change',
      'property_rented',
      'refused',
      'talked_to_owner',
    ]);
    expect(APPOINTMENT_TAB).toEqual({ waiting: 0, future: 1, cancelled: 2 });
    expect(MAX_SLOTS).toBe(3);
  });

  it('names the actors as the database column does', () => {
    expect([...APPOINTMENT_ACTORS]).toEqual(['none', 'owner', 'buyer', 'call_center', 'back_office']);
    expect(isAppointmentActor('owner')).toBe(true);
    expect(isAppointmentActor('agent')).toBe(false);
    expect(isAppointmentActor(1)).toBe(false);
  });

  it('recognises the stored statuses and nothing else', () => {
    for (const status of Object.values(APPOINTMENT_STATUS)) expect(isAppointmentStatusId(status)).toBe(true);
    for (const value of [-1, 7, 1.5, '1', null, undefined]) expect(isAppointmentStatusId(value)).toBe(false);
  });
});

describe('reasons by actor', () => {
  it("gives each actor Rexer's reasons", () => {
    expect(REASONS_BY_ACTOR).toEqual({
      none: [],
      owner: [4, 5, 6, 9, 10, 11],
      buyer: [6, 7, 8, 9, 12],
      call_center: [1, 2, 3, 8, 12],
      back_office: [1, 2, 3, 4, 5, 10],
    });
  });

  it('never gives reason 0, and every other reason is given by someone', () => {
    const given = new Set(Object.values(REASONS_BY_ACTOR).flat());
    expect(given.has(R.none)).toBe(false);
    expect([...given].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('keeps each side to what it can know: a buyer never says seller not owner, an owner never says found another property', () => {
    expect(isReasonAllowed('buyer', R.seller_not_owner)).toBe(false);
    expect(isReasonAllowed('owner', R.found_another_property)).toBe(false);
    expect(isReasonAllowed('owner', R.talked_to_owner)).toBe(false);
    expect(isReasonAllowed('buyer', R.refused)).toBe(false);
    expect(isReasonAllowed('owner', R.refused)).toBe(true);
    expect(isReasonAllowed('buyer', R.found_another_property)).toBe(true);
  });

  const pairs = APPOINTMENT_ACTORS.flatMap((actor) =>
    Object.values(APPOINTMENT_REFUSAL_REASON).map((reason) => [actor, reason] as const),
  );
  it.each(pairs)('%s with reason %i: allowed exactly when listed', (actor, reason) => {
    expect(isReasonAllowed(actor, reason)).toBe(REASONS_BY_ACTOR[actor].includes(reason));
    expect(reasonsFor(actor)).toBe(REASONS_BY_ACTOR[actor]);
  });

  it('refuses anything unknown', () => {
    expect(reasonsFor('agent' as AppointmentActor)).toEqual([]);
    expect(isReasonAllowed('agent' as AppointmentActor, R.refused)).toBe(false);
    expect(isReasonAllowed('__proto__' as AppointmentActor, R.refused)).toBe(false);
    expect(isReasonAllowed('owner', 4.5)).toBe(false);
    expect(isReasonAllowed('owner', 13)).toBe(false);
    expect(isReasonAllowed('owner', '4' as unknown as number)).toBe(false);
    expect(isReasonAllowed('none', R.none)).toBe(false);
  });
});

describe('tabs', () => {
  it.each([
    [APPOINTMENT_STATUS.not_set, APPOINTMENT_TAB.waiting],
    [APPOINTMENT_STATUS.pending, APPOINTMENT_TAB.waiting],
    [APPOINTMENT_STATUS.confirmed, APPOINTMENT_TAB.future],
    [APPOINTMENT_STATUS.accepted_with_phone_number, APPOINTMENT_TAB.future],
    [APPOINTMENT_STATUS.cancelled, APPOINTMENT_TAB.cancelled],
    [APPOINTMENT_STATUS.cancelled_post_confirmation, APPOINTMENT_TAB.cancelled],
    [APPOINTMENT_STATUS.expired, APPOINTMENT_TAB.cancelled],
  ] as Array<[AppointmentStatusId, number]>)('status %i is listed under tab %i', (status, tab) => {
    expect(tabOf(status)).toBe(tab);
  });
});

describe('slots', () => {
  it.each([
    '2026-06-01T10:30Z',
    '2026-06-01T10:30:00Z',
    '2026-06-01T10:30:00.000Z',
    '2026-06-01T10:30:00+02:00',
    '2026-06-01T10:30:15.123456-05:30',
    '2028-02-29T00:00:00Z',
    '2026-12-31T23:59:59Z',
  ])('accepts the instant %s', (value) => {
    expect(isIsoInstant(value)).toBe(true);
  });

  it.each([
    '2026-06-01',
    '2026-06-01T10:30:00',
    '2026-06-01 10:30:00Z',
    '2026-02-30T10:00:00Z',
    '2027-02-29T10:00:00Z',
    '2026-13-01T10:00:00Z',
    '2026-06-00T10:00:00Z',
    '2026-06-01T24:00:00Z',
    '2026-06-01T10:60:00Z',
    '2026-06-01T10:30:60Z',
    '2026-06-01T10:30:00+24:00',
    '2026-06-01T10:30:00+0200',
    'tomorrow',
    '',
    ' 2026-06-01T10:30:00Z',
  ])('refuses %j', (value) => {
    expect(isIsoInstant(value)).toBe(false);
  });

  it('refuses what is not a string', () => {
    for (const value of [null, undefined, 0, Date.now(), new Date(), {}]) expect(isIsoInstant(value)).toBe(false);
  });

  it('accepts 1 to 3 distinct instants, and nothing else', () => {
    const a = '2026-06-01T10:00:00Z';
    const b = '2026-06-02T10:00:00Z';
    const c = '2026-06-03T10:00:00Z';
    const d = '2026-06-04T10:00:00Z';
    expect(areValidSlots([a])).toBe(true);
    expect(areValidSlots([a, b, c])).toBe(true);
    expect(areValidSlots([])).toBe(false);
    expect(areValidSlots([a, b, c, d])).toBe(false);
    expect(areValidSlots([a, a])).toBe(false);
    // The same instant in another offset is the same slot.
    expect(areValidSlots([a, '2026-06-01T12:00:00+02:00'])).toBe(false);
    expect(areValidSlots([a, 'domani'])).toBe(false);
    expect(areValidSlots([a, 42])).toBe(false);
    expect(areValidSlots(a)).toBe(false);
    expect(areValidSlots(undefined)).toBe(false);
  });

  it('stores slots in UTC and compares them as instants', () => {
    expect(normalizeSlot('2026-06-01T12:00+02:00')).toBe('2026-06-01T10:00:00.000Z');
    expect(sameInstant('2026-06-01T10:00:00.000Z', '2026-06-01T12:00:00+02:00')).toBe(true);
    expect(sameInstant('2026-06-01T10:00:00Z', '2026-06-01T10:00:01Z')).toBe(false);
    expect(sameInstant('2026-06-01T10:00:00Z', 'nonsense')).toBe(false);
  });

  it('finds the earliest slot, whatever the offsets and the order', () => {
    expect(earliestSlot(['2026-06-02T10:00:00Z', '2026-06-01T11:00:00+02:00', '2026-06-01T10:00:00Z'])).toBe(
      '2026-06-01T11:00:00+02:00',
    );
    expect(earliestSlot([])).toBeNull();
    expect(earliestSlot(['nonsense'])).toBeNull();
  });
});
