export { Stack, type StackProps, type StackGap } from './stack';
