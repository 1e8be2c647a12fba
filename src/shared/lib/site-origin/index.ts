export { SiteOriginContext, useSiteOrigin } from './site-origin';
