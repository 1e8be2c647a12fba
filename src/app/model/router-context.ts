import type { QueryClient } from '@tanstack/react-query';
import type { I18n } from '@/shared/i18n';
import type { CookieDocument } from '@/shared/lib/cookies';
import type { RouterSession } from './session';

/**
 * What every route's beforeLoad, loader and head receive (docs/conventions.md: `{ queryClient; session }`),
 * plus what differs between the browser and a request rendered on the server: the visitor's
 * cookies and host, and the translations.
 */
export interface RouterContext {
  queryClient: QueryClient;
  session: RouterSession;
  /** The document's cookies in the browser; the request's on the server (writes become Set-Cookie). */
  cookies: CookieDocument | undefined;
  /** The host name the visitor asked for (partner hosts keep the visitor's home type). */
  host: string | undefined;
  i18n: I18n;
}
