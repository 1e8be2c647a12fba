import { TYPE_SLUGS, type TypeSlug } from '@domain/public-pages';

// The property-type slugs are defined once, with the public pages the sitemap lists.
export { TYPE_SLUGS, type TypeSlug };

export function isTypeSlug(value: string | undefined): value is TypeSlug {
  return value !== undefined && (TYPE_SLUGS as readonly string[]).includes(value);
}
