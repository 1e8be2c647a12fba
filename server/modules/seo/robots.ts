import { CRAWLER_ALLOWED_PATHS, CRAWLER_DISALLOWED_PATHS } from '@domain/public-pages';
import { absoluteUrl } from './sitemap';

/**
 * robots.txt (RFC 9309): every crawler may visit the site but the private areas and the
 * pages of mailed links (the longest matching rule wins, so the Allow lines inside a
 * disallowed prefix hold), and finds the sitemap index on the public origin.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...CRAWLER_ALLOWED_PATHS.map((path) => `Allow: ${path}`),
    ...CRAWLER_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
