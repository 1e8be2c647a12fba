import { HeadContent, Scripts, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { configQueryOptions, footerLinksQueryOptions } from '@/shared/api';
import { getHomeTypeCookie, setHomeTypeCookie } from '@/shared/lib/home-type';
import { NotFoundPage } from '../lib/lazy-pages';
import { ACCEPTS } from '../config/route-static-data';
import { DOCUMENT_HEAD } from '../config/document-head';
import { pageStaticData, switchHomeType } from '../model/home-type-switch';
import type { RouterContext } from '../model/router-context';
import { RouteError } from '../shell/error/route-error';
import { AppShell } from '../shell/app-shell';
import { AppErrorBoundary } from '../shell/error/app-error-boundary';
import { ShellErrorFallback } from '../shell/error/shell-error-fallback';
import { footerDocumentsQueryOptions } from '../shell/footer/footer-documents';
import '../styles/global.css';

export const Route = createRootRouteWithContext<RouterContext>()({
  staticData: { homeTypes: ACCEPTS.all },
  // Before any page loads, the visitor's home type is made one the page accepts
  // (docs/spec.md §2, conventions "Home mode"); the cookie is written when it changes (on the
  // server, as a Set-Cookie of the rendered page).
  beforeLoad: async ({ context, matches, preload }) => {
    const config = await context.queryClient.ensureQueryData(configQueryOptions()).catch(() => undefined);
    const cookieType = getHomeTypeCookie(context.cookies);
    const { homeType, writeCookie } = switchHomeType({
      staticData: pageStaticData(matches),
      cookieType,
      host: context.host,
      partnerHosts: config?.PartnerHosts,
    });
    // A preload (hover) must not change the visitor's type; only the real navigation does.
    if (writeCookie && !preload) setHomeTypeCookie(homeType, context.cookies);
    return { homeType };
  },
  loader: async ({ context }) => {
    // The footer's data: on the server the page waits for it (the footer is in the first
    // response); in the browser it is fetched alongside the page, never blocking it.
    const footer = Promise.all([
      context.queryClient.prefetchQuery(footerLinksQueryOptions()),
      context.queryClient.prefetchQuery(footerDocumentsQueryOptions()),
    ]);
    if (typeof window === 'undefined') await footer;
  },
  head: () => DOCUMENT_HEAD,
  shellComponent: RootDocument,
  component: RootComponent,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});

/** The whole document, on the server and when the browser hydrates it. */
function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="it">
      <head>
        <HeadContent />
      </head>
      <body>
        <div id="root">{children}</div>
        <Scripts />
      </body>
    </html>
  );
}

function RootComponent() {
  const { homeType } = Route.useRouteContext();
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  // The page the server sent now answers to the visitor (end-to-end tests wait for this mark).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <AppErrorBoundary fallback={() => <ShellErrorFallback />}>
      <AppShell homeType={homeType} searchStr={searchStr} />
    </AppErrorBoundary>
  );
}
