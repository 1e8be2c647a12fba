import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorPage } from '@/pages/error';
import { SEVERITY, trackException } from '@/shared/telemetry';

/**
 * The router's error component: a route that throws while loading or rendering is reported
 * to telemetry with severity Error, and the ErrorPage fallback shows in the shell.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();

  useEffect(() => {
    trackException(error, SEVERITY.Error, { source: 'route' });
  }, [error]);

  return (
    <ErrorPage
      error={error}
      reset={() => {
        queryReset.reset();
        reset();
        void router.invalidate();
      }}
    />
  );
}
