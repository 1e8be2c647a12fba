export { ValuationWizard, addressLabel, type ValuationWizardProps } from './ui/valuation-wizard';
