import { describe, expect, it } from 'vitest';
import { REASONS_BY_ACTOR } from '@domain/appointment';
import { appointmentAnswersFor } from './appointment-answers';

const SLOTS = ['2026-12-03T09:30:00.000Z', '2026-12-04T15:00:00.000Z'];
const visit = (Status: 0 | 1 | 2 | 3 | 4 | 5 | 6, Role: 'buyer' | 'owner', ScheduledAt: string | null = null) => ({
  Status,
  Role,
  Slots: SLOTS,
  ScheduledAt,
  Reason: null,
  LastActor: 'buyer' as const,
});

describe('appointmentAnswersFor', () => {
  it("offers the owner a pending request's slots, the call and the owner's reasons", () => {
    const answers = appointmentAnswersFor(visit(1, 'owner'));
    expect(answers.events).toEqual(['CONFIRM', 'ACCEPT_WITH_PHONE', 'CANCEL']);
    expect(answers.confirm).toEqual(SLOTS);
    expect(answers.acceptWithPhone).toBe(true);
    expect(answers.cancel).toEqual(REASONS_BY_ACTOR.owner);
  });

  it("offers the buyer of a pending request only a cancellation, with the buyer's reasons", () => {
    const answers = appointmentAnswersFor(visit(1, 'buyer'));
    expect(answers.events).toEqual(['CANCEL']);
    expect(answers.confirm).toEqual([]);
    expect(answers.cancel).toEqual(REASONS_BY_ACTOR.buyer);
  });

  it('lets the owner still fix a slot after accepting with the phone, but not accept twice', () => {
    const answers = appointmentAnswersFor(visit(4, 'owner'));
    expect(answers.events).toEqual(['CONFIRM', 'CANCEL']);
  });

  it('offers only a cancellation on a confirmed visit, and nothing on a closed one', () => {
    expect(appointmentAnswersFor(visit(2, 'buyer', SLOTS[0])).events).toEqual(['CANCEL']);
    for (const closed of [3, 5, 6] as const) expect(appointmentAnswersFor(visit(closed, 'owner')).events).toEqual([]);
  });
});
