export { listingActionsFor, type ListingStatusAction, type OwnerStatusEvent } from './model/listing-actions';
