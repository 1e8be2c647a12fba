import type { FastifyInstance } from 'fastify';

/** The sitemap protocol's namespace (https://www.sitemaps.org/protocol.html). */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * One sitemap file listed by the index at /sitemap.xml. The registry is `SITEMAP_PARTS`
 * (sitemap-parts.ts): a new part (the listings, when search pages exist) is one line there.
 */
export interface SitemapPart {
  /** The file at the site root, served at `/{file}`: `sitemap-pagine.xml`. */
  file: string;
  /**
   * How long a process keeps the file before building it again. Default: until the
   * process ends (parts built from the seed); a part built from listings sets one.
   */
  ttlMs?: number;
  /** The site-relative paths it lists (each starting with `/`), at most SITEMAP_MAX_URLS. */
  paths(fastify: FastifyInstance): Promise<string[]>;
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text escaped for XML element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char]);
}

/** A site-relative path on the public origin (PUBLIC_URL has no trailing slash). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** A sitemap index: the absolute URL of each sitemap file. */
export function sitemapIndexXml(locations: string[]): string {
  const entries = locations.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`, ...entries, '</sitemapindex>', ''].join('\n');
}

/** A sitemap: the absolute URL of each page. */
export function urlSetXml(locations: string[]): string {
  if (locations.length > SITEMAP_MAX_URLS)
    throw new Error(`a sitemap holds at most ${SITEMAP_MAX_URLS} URLs, not ${locations.length}: split the part`);
  const entries = locations.map((loc) => `  <url><loc>${escapeXml(loc)}</loc></url>`);
  return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NAMESPACE}">`, ...entries, '</urlset>', ''].join('\n');
}
