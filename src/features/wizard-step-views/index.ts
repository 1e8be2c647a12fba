export { WizardFrame, type WizardFrameProps } from './ui/wizard-frame';
export { InsertExitModal, type InsertExitModalProps } from './ui/insert-exit-modal';
export { LazyInsertExitModal } from './ui/lazy-insert-exit-modal';
export { StepViewHost, lazyStepViews, type StepViewHostProps, type LazyStepViews } from './ui/step-view-host';
export { SHARED_STEP_VIEWS } from './ui/shared-step-views';
export type { WizardProgress } from './model/progress';
export { useReferenceLabel, type ReferenceList } from './model/reference-labels';
export type { StepViewProps, StepView, StepViewRegistry, StepError } from './model/step-view';
export { useValuationDetails, valuationDetailsKey } from './api/valuation-details';
