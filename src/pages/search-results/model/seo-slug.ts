import { TYPE_SLUGS, type TypeSlug } from '@/shared/config';

// /trovacase/{...slug}: the SEO search pages. A slug reads as contract, then optionally a
// property type, then optionally a place and a district of it:
//   vendita/case/milano, affitto/bilocali/roma/centro-storico, affitto/torino, vendita/ville?
// Anything else (an unknown contract, a type that is not one, more segments) is no page.

export interface SeoSlug {
  sellType: 1 | 2;
  type?: TypeSlug;
  /** A town, province or region, as a slug ("milano", "reggio-emilia"). */
  place?: string;
  /** A district of that place ("centro-storico"). */
  district?: string;
}

const SEGMENT = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const CONTRACTS: Record<string, 1 | 2> = { vendita: 1, affitto: 2 };

export function parseSeoSlug(splat: string | undefined): SeoSlug | null {
  if (!splat) return null;
  const segments = splat.split('/').filter(Boolean);
  if (segments.length < 1 || segments.length > 4) return null;
  if (!segments.every((segment) => segment.length <= 64 && SEGMENT.test(segment))) return null;
  const [contract, ...rest] = segments;
  const sellType = CONTRACTS[contract];
  if (!sellType) return null;
  let type: TypeSlug | undefined;
  if (rest.length > 0 && (TYPE_SLUGS as readonly string[]).includes(rest[0])) type = rest.shift() as TypeSlug;
  if (rest.length > 2) return null;
  // A second type slug where the place goes is nonsense ("vendita/case/bilocali").
  if (rest.some((segment) => (TYPE_SLUGS as readonly string[]).includes(segment) || segment in CONTRACTS)) return null;
  const [place, district] = rest;
  return { sellType, ...(type ? { type } : {}), ...(place ? { place } : {}), ...(district ? { district } : {}) };
}

/** The slug's words as a place search types them: "reggio-emilia" → "reggio emilia". */
export function slugWords(slug: string): string {
  return slug.replace(/-/g, ' ');
}
