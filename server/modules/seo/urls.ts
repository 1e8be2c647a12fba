/**
 * The public URLs the SEO links point at (route table of the spec): province pages of
 * municipalities, and result pages of one municipality.
 */
const LANDING = { 1: 'comprocasa', 2: 'trovocasa' } as const;
const RESULTS = { 1: 'vendita', 2: 'affitto' } as const;

/** The type segment: 'case' searches every residential type. */
const TYPE_SLUG = 'case';

export function provinceUrl(sellType: 1 | 2, provinceSlug: string): string {
  return `/${LANDING[sellType]}/${TYPE_SLUG}/${provinceSlug}/comuni`;
}

export function municipalityUrl(sellType: 1 | 2, provinceSlug: string, citySlug: string, istatCode: string): string {
  return `/${RESULTS[sellType]}/${TYPE_SLUG}/${provinceSlug}/${citySlug}/${istatCode}`;
}
