export { MyListingsPage, type MyListingsPageProps } from './ui/my-listings-page';
export { MyListingPage, type MyListingPageProps } from './ui/my-listing-page';
export { STATUS_FILTER_SLUGS, isStatusFilterSlug, type StatusFilterSlug } from './model/status-filter';
export type { ActionsFor, StatusAction, StatusEvent } from './model/listing-actions';
