// The public pages of the site as crawlers see them: which content pages exist (the
// sitemap lists them), how the paths built from data are shaped (type pages, municipality
// lists), and which areas crawlers are kept out of (robots.txt). Pure constants and
// functions, shared by the SPA (`@domain/public-pages`) and the server, so the sitemap
// cannot drift from the route table: `tests/lint/public-pages.test.ts` proves that every
// path here matches a route file under src/app/routes.

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

/** The type of the municipality lists the footer and the landings link to: every residential type. */
export const DEFAULT_TYPE_SLUG: TypeSlug = 'case';

/** The landing page of each home mode: buyer, seller, landlord, renter. */
export const LANDING_PATHS = ['/comprocasa', '/vendocasa', '/affittocasa', '/trovocasa'] as const;
export type LandingPath = (typeof LANDING_PATHS)[number];

/** The landings of the seekers, whose municipality lists exist per province: sale, rent. */
export const MUNICIPALITY_LIST_LANDINGS = ['/comprocasa', '/trovocasa'] as const satisfies readonly LandingPath[];
export type MunicipalityListLanding = (typeof MUNICIPALITY_LIST_LANDINGS)[number];

/**
 * The content pages with a fixed path: the home-type chooser, the landings, how it works,
 * the FAQ, the company pages, the legal texts, the agency lists and the guaranteed sale. Pages
 * that still show "not yet available" (valuation, search results, agency details) join when
 * they have content.
 */
export const CONTENT_PATHS = [
  '/',
  ...LANDING_PATHS,
  '/comefunziona',
  '/comefunziona/comprocasa',
  '/comefunziona/vendocasa',
  '/comefunziona/affittocasa',
  '/comefunziona/trovocasa',
  '/faq',
  '/faq/comprocasa',
  '/faq/vendocasa',
  '/faq/affittocasa',
  '/faq/trovocasa',
  '/chisiamo',
  '/contatti',
  '/diconodinoi',
  '/houseofmusic',
  '/privacy',
  '/terminiecondizioni',
  '/agenzie/comprocasa',
  '/agenzie/vendocasa',
  '/vendutogarantito',
] as const;

/** A landing narrowed to one property type: `/comprocasa/bilocali`. */
export function typePagePath(landing: LandingPath, typeSlug: TypeSlug): string {
  return `${landing}/${typeSlug}`;
}

/** The municipalities of one province: `/comprocasa/case/milano/comuni` (or the `/trovocasa` twin). */
export function municipalityListPath(
  landing: MunicipalityListLanding,
  typeSlug: TypeSlug,
  provinceSlug: string,
): string {
  return `${landing}/${typeSlug}/${encodeURIComponent(provinceSlug)}/comuni`;
}

/** Every public content page whose path does not depend on data: the fixed pages and every landing's type pages. */
export function publicContentPaths(): string[] {
  return [
    ...CONTENT_PATHS,
    ...LANDING_PATHS.flatMap((landing) => TYPE_SLUGS.map((slug) => typePagePath(landing, slug))),
  ];
}

/**
 * Path prefixes crawlers must not visit (robots.txt `Disallow`): the API, the account area,
 * the listing wizard, the local mail outbox, the pages of mailed links that carry a token,
 * and pages with no content of their own. robots.txt matches case-sensitively while the
 * site does not, so the token pages are listed in the case the mails use and in lower case.
 */
export const CRAWLER_DISALLOWED_PATHS = [
  '/api/',
  '/myrexer',
  '/annuncio/',
  '/visualizzamail',
  '/recuperaPassword',
  '/recuperapassword',
  '/inserisciPassword',
  '/inseriscipassword',
  '/mailconfermata',
  '/mailnonconfermata',
  '/login',
  '/registrazionetelefonosocial',
  '/eliminaricerca',
  '/valutocasa/',
  '/route/',
  '/error',
  '/genericerror',
  '/toomanyrequest',
  '/healthcheck',
] as const;

/** Exceptions inside a disallowed prefix (robots.txt `Allow`, the longer rule wins): a city's valuation page is public. */
export const CRAWLER_ALLOWED_PATHS = ['/valutocasa/citta/'] as const;
