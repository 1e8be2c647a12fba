export { sameSitePath } from './same-site-path';
export { SiteOriginContext, useSiteOrigin } from './site-origin';
