import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import type { ReactNode } from 'react';
import { SessionViewContext, sessionView, type SessionViewStore } from '@/entities/session';
import { shouldDehydrate } from '@/shared/api';
import { I18nProvider, type I18n } from '@/shared/i18n';
import type { CookieDocument } from '@/shared/lib/cookies';
import { SiteOriginContext } from '@/shared/lib/site-url';
import { NotFoundPage } from './lib/lazy-pages';
import { routerSessionOf } from './model/session';
import { routeTree } from './route-tree.gen';
import { RouteError } from './shell/error/route-error';
import { PagePending } from './shell/page-pending';

export interface AppRouterOptions {
  queryClient: QueryClient;
  i18n: I18n;
  /** Who is logged in, from the session's mirror cookie (the browser's store by default). */
  sessionStore?: SessionViewStore;
  cookies?: CookieDocument;
  host?: string;
  /** The public origin of canonical and shared links (the server's PUBLIC_URL). */
  siteOrigin: string;
  history?: RouterHistory;
  /** The nonce of the page's inline scripts (server rendering: the CSP allows only it). */
  nonce?: string;
}

/**
 * The app's router, the same in the browser and on the server: the query cache filled by the
 * loaders on the server travels with the page and hydrates the browser's
 * (@tanstack/react-router-ssr-query), and translations and the session view are provided
 * around every route.
 */
export function createAppRouter({
  queryClient,
  i18n,
  sessionStore = sessionView,
  cookies,
  host,
  siteOrigin,
  history,
  nonce,
}: AppRouterOptions) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, session: routerSessionOf(sessionStore), cookies, host, i18n },
    defaultPreload: 'intent',
    // Preloaded data lives in TanStack Query, which decides freshness (docs/conventions.md).
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    defaultPendingComponent: PagePending,
    scrollRestoration: true,
    ssr: nonce ? { nonce } : undefined,
    Wrap: ({ children }: { children: ReactNode }) => (
      <I18nProvider i18n={i18n}>
        <SiteOriginContext.Provider value={siteOrigin}>
          <SessionViewContext.Provider value={sessionStore}>{children}</SessionViewContext.Provider>
        </SiteOriginContext.Provider>
      </I18nProvider>
    ),
  });
  // The page's hydration data: every query the server rendered with, but those marked NOT_DEHYDRATED.
  setupRouterSsrQueryIntegration({ router, queryClient, dehydrateOptions: { shouldDehydrateQuery: shouldDehydrate } });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
