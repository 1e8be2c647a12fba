import type { StepViewRegistry } from '../model/step-view';

/**
 * The step views both wizards share, each its own chunk. A page merges them with its own:
 * `lazyStepViews({ ...SHARED_STEP_VIEWS, ...MY_VIEWS })`.
 */
export const SHARED_STEP_VIEWS: StepViewRegistry = {
  personalData: () => import('./steps/personal-data-step'),
  email: () => import('./steps/email-step'),
  propertyType: () => import('./steps/property-type-step'),
  specialDescription: () => import('./steps/special-description-step'),
  surface: () => import('./steps/surface-step'),
  composition: () => import('./steps/composition-step'),
  floors: () => import('./steps/floors-step'),
  renovation: () => import('./steps/renovation-step'),
  energyClass: () => import('./steps/energy-class-step'),
  heating: () => import('./steps/heating-step'),
  condoFees: () => import('./steps/condo-fees-step'),
  characteristicsSaved: () => import('./steps/characteristics-saved-step'),
  loader: () => import('./steps/loader-step'),
  comparables: () => import('./steps/comparables-step'),
  noComparables: () => import('./steps/no-comparables-step'),
  estimate: () => import('./steps/estimate-step'),
};
