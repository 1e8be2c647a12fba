export { PUBLIC_SITE_ORIGIN, currentOrigin } from './site';
