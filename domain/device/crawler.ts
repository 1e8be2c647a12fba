// Crawlers and bots by user agent (docs/spec.md §1: they skip analytics). Shared by the app
// (telemetry) and the server (listing views are counted for people only).

const CRAWLER_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|lighthouse|headlesschrome|facebookexternalhit|embedly|quora link preview|pinterest|whatsapp|telegrambot|bingpreview|yandex|baidu|duckduckgo|semrush|ahrefs|petalbot|applebot|google-inspectiontool|chrome-lighthouse|pagespeed|gtmetrix|prerender|phantomjs/i;

/** Search engines, link previews, audits and headless browsers. */
export function isCrawlerAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && CRAWLER_PATTERN.test(userAgent);
}
