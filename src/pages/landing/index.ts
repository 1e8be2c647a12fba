export { LandingPage, type LandingPageProps } from './ui/landing-page';
export { LANDING_MODES, TYPE_SLUGS, isTypeSlug, type LandingMode, type TypeSlug } from './model/landing-mode';
export { prefetchLanding } from './api/prefetch-landing';
