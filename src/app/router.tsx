import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from './lib/lazy-pages';
import { anonymousSession, type RouterSession } from './model/session';
import { routeTree } from './route-tree.gen';
import { RouteError } from './shell/error/route-error';
import { PagePending } from './shell/page-pending';

export interface AppRouterOptions {
  queryClient: QueryClient;
  session?: RouterSession;
  history?: RouterHistory;
}

export function createAppRouter({ queryClient, session = anonymousSession, history }: AppRouterOptions) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, session },
    defaultPreload: 'intent',
    // Preloaded data lives in TanStack Query, which decides freshness (STYLE.md).
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    defaultPendingComponent: PagePending,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
