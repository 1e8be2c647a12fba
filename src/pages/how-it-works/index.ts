export { HowItWorksPage, type HowItWorksPageProps } from './ui/how-it-works-page';
export { HOW_IT_WORKS_VARIANTS, type HowItWorksVariant } from './model/how-it-works-content';
