/** The property-type slugs of the search and municipality URLs ("/comprocasa/bilocali"). */
export const TYPE_SLUGS = [
  'appartamenti',
  'case',
  'monolocali',
  'bilocali',
  'trilocali',
  'quadrilocali',
  'case-e-appartamenti',
  'locali-commerciali',
] as const;
export type TypeSlug = (typeof TYPE_SLUGS)[number];

export function isTypeSlug(value: string | undefined): value is TypeSlug {
  return value !== undefined && (TYPE_SLUGS as readonly string[]).includes(value);
}
