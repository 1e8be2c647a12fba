export { NewDevelopmentPage } from './ui/new-development-page';
export { prefetchNewDevelopment, newDevelopmentQueryOptions } from './api/new-development-api';
