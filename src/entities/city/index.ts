export { provinceSlugOf, slugify } from './model/province-slug';
export type { HomeCity } from './model/city';
