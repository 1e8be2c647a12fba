export { PropertyPage } from './ui/property-page';
export { PropertyGonePage } from './ui/property-gone-page';
export {
  prefetchProperty,
  propertyQueryOptions,
  similarListingsQueryOptions,
  type PropertyLoad,
  type PropertyDetail,
} from './api/property-api';
export { preloadPropertySections } from './ui/deferred-sections';
