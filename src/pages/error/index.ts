export { ErrorPage, type ErrorPageProps } from './ui/error-page';
export { GenericErrorPage } from './ui/generic-error-page';
export { TooManyRequestsPage } from './ui/too-many-requests-page';
