/**
 * Listing images uploaded by owners are stored in several renditions, and their `media.url`
 * is a template (spec, MediaInfo): `/media/media/listings/{propertyId}/{name}-{dim}.{ext}`.
 * `{dim}` names a size and `{ext}` a format; every size exists in every format. Images of
 * the demo seed carry a plain URL (no placeholders): filling a template in is a no-op there.
 *
 * The sizes are the ones the pages use (src/entities/listing, src/shared/ui/photo-gallery):
 * - PING: the card and the gallery's strip (cards are 4:3, about 400 px wide): at least
 *   400 × 300, the picture's own shape (the card crops with object-fit: cover);
 * - BIG: the listing page's gallery (4:3 on a phone, 16:9 up to 540 px high on a desktop):
 *   at least 1200 × 900;
 * - FULL: the full-screen view: at most 2048 px on its longer side.
 * None is ever enlarged beyond the uploaded picture.
 */
export const LISTING_IMAGE_SIZES = {
  PING: { width: 400, height: 300, fit: 'outside' },
  BIG: { width: 1200, height: 900, fit: 'outside' },
  FULL: { width: 2048, height: 2048, fit: 'inside' },
} as const satisfies Record<string, { width: number; height: number; fit: 'outside' | 'inside' }>;

export type ListingImageDim = keyof typeof LISTING_IMAGE_SIZES;

export const LISTING_IMAGE_DIMS = Object.keys(LISTING_IMAGE_SIZES) as ListingImageDim[];

/** The formats, best first: a `<picture>` offers avif, then webp, with jpg as the `<img>` fallback. */
export const LISTING_IMAGE_FORMATS = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
} as const;

export type ListingImageExt = keyof typeof LISTING_IMAGE_FORMATS;

export const LISTING_IMAGE_EXTS = Object.keys(LISTING_IMAGE_FORMATS) as ListingImageExt[];

/** The rendition a plain `<img src>` gets: the gallery size in JPEG. */
export const DEFAULT_LISTING_IMAGE = { dim: 'BIG', ext: 'jpg' } as const satisfies {
  dim: ListingImageDim;
  ext: ListingImageExt;
};

/** True when the URL is a template with `{dim}` and `{ext}`. */
export function isMediaUrlTemplate(url: string): boolean {
  return url.includes('{dim}') && url.includes('{ext}');
}

/** A media URL as a browser can load it: a template filled with one size and format; a plain URL unchanged. */
export function resolveMediaUrl(
  url: string,
  dim: string = DEFAULT_LISTING_IMAGE.dim,
  ext: string = DEFAULT_LISTING_IMAGE.ext,
): string {
  return url.replaceAll('{dim}', dim).replaceAll('{ext}', ext);
}

/** `resolveMediaUrl` for a nullable URL (a listing without photos). */
export function resolveMediaUrlOrNull(url: string | null): string | null {
  return url === null ? null : resolveMediaUrl(url);
}
