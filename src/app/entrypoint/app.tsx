import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { AppRouter } from '../router';
import { AppErrorBoundary } from '../shell/error/app-error-boundary';
import { ShellErrorFallback } from '../shell/error/shell-error-fallback';
import styles from './app.module.css';

export interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
  i18n: I18n;
}

/** Providers around the router: translations (Suspense while `common` loads), queries, boundary. */
export function App({ router, queryClient, i18n }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<div className={styles.booting} aria-busy="true" />}>
          <AppErrorBoundary fallback={() => <ShellErrorFallback />}>
            <RouterProvider router={router} />
          </AppErrorBoundary>
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
