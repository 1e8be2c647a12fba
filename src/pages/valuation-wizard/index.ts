export { ValuationStartPage, type ValuationStartPageProps } from './ui/valuation-start-page';
export { ValuationWizardPage, type ValuationWizardPageProps } from './ui/valuation-wizard-page';
export { valuationCityQueryOptions } from './api/city-query';
export { valuationAgencyQueryOptions, AGENCY_SLUG, type ValuationAgency } from './api/agency-query';
