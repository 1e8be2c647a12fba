export { ErrorPage, type ErrorPageProps } from './ui/error-page';
export { GenericErrorPage } from './ui/generic-error-page';
export { SearchUnavailablePage } from './ui/search-unavailable-page';
export { TooManyRequestsPage, type TooManyRequestsPageProps } from './ui/too-many-requests-page';
