import { createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { configQueryOptions, downloadsQueryOptions, footerLinksQueryOptions } from '@/shared/api';
import { getHomeTypeCookie, setHomeTypeCookie } from '@/shared/lib/home-type';
import { NotFoundPage } from '../lib/lazy-pages';
import { ACCEPTS } from '../config/route-static-data';
import { pageStaticData, switchHomeType } from '../model/home-type-switch';
import type { RouterContext } from '../model/router-context';
import { RouteError } from '../shell/error/route-error';
import { AppShell } from '../shell/app-shell';

export const Route = createRootRouteWithContext<RouterContext>()({
  staticData: { homeTypes: ACCEPTS.all },
  // Before any page loads, the visitor's home type is made one the page accepts
  // (spec section 2, conventions "Home mode"); the cookie is written when it changes.
  beforeLoad: async ({ context, matches, preload }) => {
    const config = await context.queryClient.ensureQueryData(configQueryOptions()).catch(() => undefined);
    const cookieType = getHomeTypeCookie();
    const { homeType, writeCookie } = switchHomeType({
      staticData: pageStaticData(matches),
      cookieType,
      host: typeof window === 'undefined' ? undefined : window.location.hostname,
      partnerHosts: config?.PartnerHosts,
    });
    // A preload (hover) must not change the visitor's type; only the real navigation does.
    if (writeCookie && !preload) setHomeTypeCookie(homeType);
    return { homeType };
  },
  loader: ({ context }) => {
    // The footer's data: fetched alongside the first page, never blocking it.
    void context.queryClient.prefetchQuery(footerLinksQueryOptions());
    void context.queryClient.prefetchQuery(downloadsQueryOptions());
  },
  component: RootComponent,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});

function RootComponent() {
  const { homeType } = Route.useRouteContext();
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  return <AppShell homeType={homeType} searchStr={searchStr} />;
}
