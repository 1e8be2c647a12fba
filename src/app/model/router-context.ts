import type { QueryClient } from '@tanstack/react-query';
import type { RouterSession } from './session';

/** What every route's beforeLoad and loader receive (STYLE.md: `{ queryClient; session }`). */
export interface RouterContext {
  queryClient: QueryClient;
  session: RouterSession;
}
