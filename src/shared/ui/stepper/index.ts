export { Stepper, type StepperProps } from './stepper';
