import { DEFAULT_TYPE_SLUG, municipalityListPath } from '@domain/public-pages';

/**
 * The public URLs the SEO links point at (route table of the spec): province pages of
 * municipalities, and result pages of one municipality.
 */
const LANDING = { 1: '/comprocasa', 2: '/trovocasa' } as const;
const RESULTS = { 1: 'vendita', 2: 'affitto' } as const;

export function provinceUrl(sellType: 1 | 2, provinceSlug: string): string {
  return municipalityListPath(LANDING[sellType], DEFAULT_TYPE_SLUG, provinceSlug);
}

export function municipalityUrl(sellType: 1 | 2, provinceSlug: string, citySlug: string, istatCode: string): string {
  return `/${RESULTS[sellType]}/${DEFAULT_TYPE_SLUG}/${provinceSlug}/${citySlug}/${istatCode}`;
}

/** An agency's page (route /agenzie/$name): `/agenzie/immobiliare-rossi-milano`. */
export function agencyPagePath(slug: string): string {
  return `/agenzie/${encodeURIComponent(slug)}`;
}
