// The contract between the server and the app's server entry (src/app/entry-server.tsx): the
// server loads the built entry (or Vite's, in development) and renders every public page
// through it. Pure types, so the server never imports src/.

/** One script or stylesheet set of the page, from the client build's manifest. */
export interface PageAssets {
  /** The entry module the browser runs to hydrate the page. */
  entry: string;
  /** Modules the entry imports, fetched alongside it (modulepreload). */
  preloads: string[];
  stylesheets: string[];
  /** Development only: inline module scripts Vite needs before the entry (HMR preamble). */
  inlineModules?: string[];
}

/** What the server hands the entry once, at start. */
export interface PageRendererSetup {
  /** Every translation namespace, `{ ns: resources }`: rendering never waits for a file. */
  translations: Record<string, Record<string, unknown>>;
  /** The API in the same process: the calls the loaders make while rendering. */
  apiFetch: (request: Request) => Promise<Response>;
  assets: PageAssets;
  /** The public origin of canonical and shared links (PUBLIC_URL). */
  siteOrigin: string;
  /** Whether cookies the page writes carry Secure. */
  secureCookies: boolean;
}

export interface PageRenderRequest {
  request: Request;
  /** The nonce the page's inline scripts carry; the answer's CSP allows only it. */
  nonce: string;
}

/** The rendered page: status, headers (Set-Cookie, Location) and the streamed HTML. */
export type PageRenderer = (input: PageRenderRequest) => Promise<Response>;

/** The id of the JSON the page carries for the browser: the translations it rendered with and the site origin. */
export const PAGE_BOOT_ELEMENT_ID = 'rexer-boot';

export interface PageBoot {
  siteOrigin: string;
  translations: Record<string, Record<string, unknown>>;
}

/**
 * A route that renders a page with another status than 200 (a listing removed by its owner:
 * 410 Gone, with its similar listings; results that could not be searched: 429 when the
 * visitor's searches are over the limit, 503 when the search took too long) says so with this
 * header, from its `headers` option; the renderer answers with that status and drops the
 * header. Only these statuses are taken.
 */
export const PAGE_STATUS_HEADER = 'x-rexer-page-status';
export const PAGE_STATUSES = [410, 429, 503] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

/** The headers a route returns to ask for a status. */
export function pageStatusHeaders(status: PageStatus): Record<string, string> {
  return { [PAGE_STATUS_HEADER]: String(status) };
}

/**
 * When a client may try again after a 503 (the database restarting takes seconds): the API's
 * `Retry-After`, and a page's whose data the API could not serve.
 */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
