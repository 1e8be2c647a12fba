import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/api';

/** Client errors (4xx) are answers, not hiccups: only network and server failures are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's query client. On the server (`rendering`) a failed call fails the page at once:
 * the visitor waits for no retry, and the browser retries when it loads the data itself.
 */
export function createQueryClient({ rendering = false }: { rendering?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: rendering ? false : shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
