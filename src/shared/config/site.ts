/** The product's public site: the origin used when none can be determined (docs/spec.md §9). */
export const PUBLIC_SITE_ORIGIN = 'https://www.rexer.it';

/** The page's origin, or the public site outside a browser. */
export function currentOrigin(): string {
  if (typeof window === 'undefined' || !window.location?.origin || window.location.origin === 'null')
    return PUBLIC_SITE_ORIGIN;
  return window.location.origin;
}
