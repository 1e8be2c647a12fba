import { createContext, useContext } from 'react';
import { PUBLIC_SITE_ORIGIN } from '@/shared/config';

/**
 * The public origin of the site (PUBLIC_URL on the server), for canonical and shared links.
 * The server renders with its configured origin and hands it to the browser with the page, so
 * both write the same links whatever host name the visitor typed.
 */
export const SiteOriginContext = createContext<string>(PUBLIC_SITE_ORIGIN);

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext);
}
