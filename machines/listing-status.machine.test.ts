import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  canChangeStatus,
  isListingStatusId,
  LISTING_STATUS,
  LISTING_STATUS_EVENTS,
  listingStatusMachine,
  nextStatus,
  statusEventFor,
  statusSnapshot,
  type ListingStatusEventType,
  type ListingStatusId,
} from './listing-status.machine';

const { incomplete, published, suspended, sold, deleted } = LISTING_STATUS;
const ALL: ListingStatusId[] = [incomplete, published, suspended, sold, deleted];

/** The changes the product allows, written out by hand so the machine is checked against them. */
const ALLOWED: Array<[ListingStatusId, ListingStatusEventType, ListingStatusId]> = [
  [incomplete, 'PUBLISH', published],
  [incomplete, 'DELETE', deleted],
  [published, 'SUSPEND', suspended],
  [published, 'MARK_SOLD', sold],
  [published, 'DELETE', deleted],
  [suspended, 'REACTIVATE', published],
  [suspended, 'MARK_SOLD', sold],
  [suspended, 'DELETE', deleted],
  [sold, 'DELETE', deleted],
];

describe('listing statuses', () => {
  it('numbers the statuses as the spec does', () => {
    expect(LISTING_STATUS).toEqual({ incomplete: 1, published: 2, suspended: 3, sold: 4, deleted: 5 });
    for (const status of ALL) expect(Object.values(statusSnapshot(status).getMeta())).toEqual([{ status }]);
    expect(isListingStatusId(3)).toBe(true);
    expect(isListingStatusId(6)).toBe(false);
    expect(isListingStatusId('2')).toBe(false);
  });

  it.each(ALLOWED)('allows %i --%s--> %i', (from, event, to) => {
    expect(nextStatus(from, event)).toBe(to);
    expect(canChangeStatus(from, to)).toBe(true);
    expect(statusEventFor(from, to)).toBe(event);
  });

  const refusedEvents = ALL.flatMap((from) =>
    LISTING_STATUS_EVENTS.filter((event) => !ALLOWED.some(([f, e]) => f === from && e === event)).map(
      (event) => [from, event] as const,
    ),
  );
  it.each(refusedEvents)('refuses %i --%s', (from, event) => {
    expect(nextStatus(from, event)).toBeNull();
  });

  const refusedChanges = ALL.flatMap((from) =>
    ALL.filter((to) => !ALLOWED.some(([f, , t]) => f === from && t === to)).map((to) => [from, to] as const),
  );
  it.each(refusedChanges)('refuses the change %i -> %i', (from, to) => {
    expect(canChangeStatus(from, to)).toBe(false);
    expect(statusEventFor(from, to)).toBeNull();
  });

  it('runs as an actor: published, suspended, reactivated, sold, deleted and then final', () => {
    const actor = createActor(listingStatusMachine).start();
    for (const event of ['PUBLISH', 'SUSPEND', 'REACTIVATE', 'MARK_SOLD'] as const) actor.send({ type: event });
    expect(actor.getSnapshot().value).toBe('sold');
    expect(actor.getSnapshot().can({ type: 'REACTIVATE' })).toBe(false);
    actor.send({ type: 'DELETE' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
