import { deferredSection } from '@/shared/ui/deferred-section';

/** The id of the SEO links' section: where the browser watches for the reader coming near. */
export const FOOTER_SEO_ID = 'footer-seo';

/**
 * The SEO links of the footer (footer-seo-links.tsx), at the bottom of every page: rendered whole by
 * the server, hydrated in the browser when the reader comes near them (their links and `<details>`
 * work before: they are plain HTML). Their code is not part of a page's first screen.
 */
export const { Section: DeferredFooterSeoLinks, preload: preloadFooterSeoLinks } = deferredSection<{
  expanded: boolean;
}>(FOOTER_SEO_ID, () => import('./footer-seo-links').then((module) => module.FooterSeoLinks));

// The server renders every page with them: their code is loaded once, when the renderer starts.
if (import.meta.env.SSR) void preloadFooterSeoLinks();
