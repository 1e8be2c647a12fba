export { PUBLIC_SITE_ORIGIN, currentOrigin } from './site';
export { TYPE_SLUGS, isTypeSlug, type TypeSlug } from './search-slugs';
