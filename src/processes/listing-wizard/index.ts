export { ListingWizard, type ListingWizardProps } from './ui/listing-wizard';
