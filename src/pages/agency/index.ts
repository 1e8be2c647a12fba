export { AgencyPage } from './ui/agency-page';
export { prefetchAgencyPage } from './api/agency-page-api';
