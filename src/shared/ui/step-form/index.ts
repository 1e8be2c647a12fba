export { StepForm, type StepFormProps } from './step-form';
export { StepHeading, StepFocusContext, type StepHeadingProps } from './step-heading';
