import {
  LISTING_STATUS,
  isListingStatusId,
  statusEventFor,
  type ListingStatusEventType,
} from '../../../../machines/listing-status.machine';

/** What an owner can do to a listing from MyRexer; publishing belongs to the wizard. */
export type OwnerStatusEvent = Exclude<ListingStatusEventType, 'PUBLISH'>;

/** One action offered on a listing: the machine's event and the status it asks the API for. */
export interface ListingStatusAction {
  event: OwnerStatusEvent;
  status: 2 | 3 | 4 | 5;
}

// The order the buttons read in: the everyday change first, the final ones last.
const OFFERED: readonly ListingStatusAction[] = [
  { event: 'SUSPEND', status: LISTING_STATUS.suspended },
  { event: 'REACTIVATE', status: LISTING_STATUS.published },
  { event: 'MARK_SOLD', status: LISTING_STATUS.sold },
  { event: 'DELETE', status: LISTING_STATUS.deleted },
];

/**
 * The status changes the listing status machine allows from `status`, each with the event
 * that makes it (`statusEventFor`): the server asks the same machine, so a button shown is
 * a change the API accepts. A status the machine does not know offers nothing.
 */
export function listingActionsFor(status: number): readonly ListingStatusAction[] {
  if (!isListingStatusId(status)) return [];
  return OFFERED.filter((action) => statusEventFor(status, action.status) === action.event);
}
