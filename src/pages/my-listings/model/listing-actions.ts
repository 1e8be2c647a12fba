import type { RequestedStatus } from '../api/my-listings-api';

/** The owner's status changes, named as the listing status machine names its events. */
export type StatusEvent = 'SUSPEND' | 'REACTIVATE' | 'MARK_SOLD' | 'DELETE';

export interface StatusAction {
  event: StatusEvent;
  status: RequestedStatus;
}

/**
 * The changes allowed from a status. Pages do not read the machine: the app passes the
 * answer of the listing-status process (`listingActionsFor`) down to them.
 */
export type ActionsFor = (status: number) => readonly StatusAction[];

/** Changes that cannot be undone from here: they ask first. */
export const CONFIRMED: ReadonlySet<StatusEvent> = new Set(['MARK_SOLD', 'DELETE']);
