import type { StepViewRegistry } from '../model/step-view';

/**
 * The step views both wizards share, each its own chunk. A page merges them with its own:
 * `{ ...SHARED_STEP_VIEWS, ...LISTING_STEP_VIEWS }`.
 */
export const SHARED_STEP_VIEWS: StepViewRegistry = {
  propertyType: () => import('./steps/property-type-step'),
  surface: () => import('./steps/surface-step'),
};
