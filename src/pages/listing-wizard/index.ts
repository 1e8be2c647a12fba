export { ListingWizardPage } from './ui/listing-wizard-page';
export type {
  ListingWizardPageProps,
  ListingWizardPageState,
  WizardPageView,
  WizardPageActions,
  FirstPasswordOutcome,
  PageDraftFacts,
  PageOrder,
} from './model/page-types';
