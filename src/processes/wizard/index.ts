export { ListingWizard, type ListingWizardProps } from './ui/listing-wizard';
export { ValuationWizard, addressLabel, type ValuationWizardProps } from './ui/valuation-wizard';
