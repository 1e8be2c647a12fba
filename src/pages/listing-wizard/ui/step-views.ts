import { SHARED_STEP_VIEWS, lazyStepViews, type StepViewRegistry } from '@/features/wizard-step-views';
import { loadValueLadderStep } from '@/features/buy-service';
import { loadLocalityStep } from '@/features/pick-location';
import { loadDocumentsStep, loadPhotosStep } from '@/features/upload-media';

/**
 * The listing wizard's own step views, each its own chunk, loaded when its step shows (the first
 * step's page carries none of them).
 */
export const LISTING_STEP_VIEWS: StepViewRegistry = {
  split: () => import('./steps/split-step'),
  price: () => import('./steps/price-step'),
  title: () => import('./steps/title-step'),
  description: () => import('./steps/description-step'),
  amenities: () => import('./steps/amenities-step'),
  situation: () => import('./steps/situation-step'),
  endOfQuestions: () => import('./steps/end-of-questions-step'),
  summary: () => import('./steps/summary-step'),
  login: () => import('./steps/login-step'),
  publicationSuccess: () => import('./steps/publication-success-step'),
  upgradeSuccess: () => import('./steps/upgrade-success-step'),
  paymentSuccess: () => import('./steps/payment-success-step'),
  nextSteps: () => import('./steps/next-steps-step'),
  availability: () => import('./steps/availability-step'),
  furnishing: () => import('./steps/furnishing-step'),
  deposit: () => import('./steps/deposit-step'),
  agencySplit: () => import('./steps/agency-split-step'),
  agencyChoice: () => import('./steps/agency-choice-step'),
  exclusiveSuccess: () => import('./steps/exclusive-success-step'),
  partnerLead: () => import('./steps/partner-lead-step'),
};

/** The views of other features, under the step contract (the registry's type checks they fit). */
const FEATURE_STEP_VIEWS: StepViewRegistry = {
  locality: loadLocalityStep,
  photos: loadPhotosStep,
  documents: loadDocumentsStep,
  valueLadder: loadValueLadderStep,
};

/** Every view of the listing wizard: the shared ones, the features', and its own. */
export const LISTING_WIZARD_VIEWS = lazyStepViews({
  ...SHARED_STEP_VIEWS,
  ...FEATURE_STEP_VIEWS,
  ...LISTING_STEP_VIEWS,
});
