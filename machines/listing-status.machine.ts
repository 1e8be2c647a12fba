import { setup, transition } from 'xstate';

// The statuses of a listing (docs/spec.md §4: 1 incomplete, 2 published, 3 suspended, 4 sold,
// 5 deleted) and the changes between them. The server imports this machine: it resolves the
// stored status, asks `nextStatus(from, event)` (or `canChangeStatus(from, to)`), and refuses
// anything else with the error body. Both helpers are read off the machine below, so there
// is no second table to drift from it.
//
//   incomplete --PUBLISH--> published --SUSPEND--> suspended --REACTIVATE--> published
//   published | suspended --MARK_SOLD--> sold
//   incomplete | published | suspended | sold --DELETE--> deleted (final)
//
// Choices (the spec lists the statuses, not the changes):
//   - PUBLISH is the wizard's publication (listing-wizard.machine.ts, `publishListing`); the
//     server sends it only for a draft whose path is complete up to the publication
//     (wizard-steps.ts, `isReadyToPublish`). A published listing is edited in place: it
//     never goes back to incomplete.
//   - A suspended listing can be sold (sold through another channel while paused).
//   - Sold is final except for DELETE: the owner may clear a sold listing from My listings.
//     A sale that falls through is listed again as a new listing (started from the old one's
//     answers), so the sold one keeps its date, views and visits as they were.
//   - Deleted is final: it is a soft delete (orders, visits and messages keep pointing at the
//     row); bringing one back is a back-office repair, not a transition of the product.

export const LISTING_STATUS = { incomplete: 1, published: 2, suspended: 3, sold: 4, deleted: 5 } as const;
export type ListingStatusName = keyof typeof LISTING_STATUS;
export type ListingStatusId = (typeof LISTING_STATUS)[ListingStatusName];

export type ListingStatusEvent =
  { type: 'PUBLISH' } | { type: 'SUSPEND' } | { type: 'REACTIVATE' } | { type: 'MARK_SOLD' } | { type: 'DELETE' };
export type ListingStatusEventType = ListingStatusEvent['type'];
export const LISTING_STATUS_EVENTS: readonly ListingStatusEventType[] = [
  'PUBLISH',
  'SUSPEND',
  'REACTIVATE',
  'MARK_SOLD',
  'DELETE',
];

export const listingStatusMachine = setup({
  types: {
    events: {} as ListingStatusEvent,
    meta: {} as { status: ListingStatusId },
  },
}).createMachine({
  id: 'listingStatus',
  description: 'The status of one listing (docs/spec.md §4).',
  initial: 'incomplete',
  states: {
    incomplete: {
      description: '1: a draft of the wizard.',
      meta: { status: LISTING_STATUS.incomplete },
      on: { PUBLISH: 'published', DELETE: 'deleted' },
    },
    published: {
      description: '2: shown in search and on its page.',
      meta: { status: LISTING_STATUS.published },
      on: { SUSPEND: 'suspended', MARK_SOLD: 'sold', DELETE: 'deleted' },
    },
    suspended: {
      description: '3: paused by its owner; hidden until reactivated.',
      meta: { status: LISTING_STATUS.suspended },
      on: { REACTIVATE: 'published', MARK_SOLD: 'sold', DELETE: 'deleted' },
    },
    sold: {
      description: '4: sold (or let); kept for its owner, hidden from search.',
      meta: { status: LISTING_STATUS.sold },
      on: { DELETE: 'deleted' },
    },
    deleted: {
      description: '5: deleted by its owner (a soft delete).',
      meta: { status: LISTING_STATUS.deleted },
      type: 'final',
    },
  },
});

const NAME_BY_ID = new Map<number, ListingStatusName>(
  Object.entries(LISTING_STATUS).map(([name, id]) => [id, name as ListingStatusName]),
);

export function isListingStatusId(value: unknown): value is ListingStatusId {
  return typeof value === 'number' && NAME_BY_ID.has(value);
}

/** The machine's snapshot for a stored status. */
export function statusSnapshot(status: ListingStatusId) {
  return listingStatusMachine.resolveState({ value: NAME_BY_ID.get(status) as ListingStatusName });
}

/** The status an event leads to from `from`, or null when the machine refuses it. */
export function nextStatus(from: ListingStatusId, event: ListingStatusEventType): ListingStatusId | null {
  const snapshot = statusSnapshot(from);
  if (!snapshot.can({ type: event })) return null;
  const [next] = transition(listingStatusMachine, snapshot, { type: event });
  return LISTING_STATUS[next.value as ListingStatusName];
}

/** The event that changes `from` into `to`, or null when no transition of the machine does. */
export function statusEventFor(from: ListingStatusId, to: ListingStatusId): ListingStatusEventType | null {
  return LISTING_STATUS_EVENTS.find((event) => nextStatus(from, event) === to) ?? null;
}

/** Whether the machine allows the change (a status never "changes" into itself). */
export function canChangeStatus(from: ListingStatusId, to: ListingStatusId): boolean {
  return statusEventFor(from, to) !== null;
}
