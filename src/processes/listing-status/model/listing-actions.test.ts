import { describe, expect, it } from 'vitest';
import { listingActionsFor } from './listing-actions';

const events = (status: number) => listingActionsFor(status).map((action) => action.event);

describe('listingActionsFor', () => {
  it('offers the owner the changes the status machine allows, never the publication', () => {
    expect(events(1)).toEqual(['DELETE']);
    expect(events(2)).toEqual(['SUSPEND', 'MARK_SOLD', 'DELETE']);
    expect(events(3)).toEqual(['REACTIVATE', 'MARK_SOLD', 'DELETE']);
    expect(events(4)).toEqual(['DELETE']);
    expect(events(5)).toEqual([]);
    expect(events(42)).toEqual([]);
  });

  it('asks the API for the status each event leads to', () => {
    expect(listingActionsFor(2).map((action) => action.status)).toEqual([3, 4, 5]);
    expect(listingActionsFor(3).map((action) => action.status)).toEqual([2, 4, 5]);
  });
});
