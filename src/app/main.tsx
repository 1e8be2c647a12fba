import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installSession } from '@/processes/session';
import { setTransportNavigate } from '@/shared/api';
import { getHomeTypeCookie } from '@/shared/lib/home-type';
import { homePathOf } from './config/home-paths';
import { routerSessionOf } from './model/session';
import { i18n, initI18n } from '@/shared/i18n';
import { startTelemetry } from './lib/start-telemetry';
import { createQueryClient } from './model/query-client';
import { createAppRouter } from './router';
import { App } from './entrypoint/app';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient, session: routerSessionOf() });

installSession({
  navigate: (to) => void router.navigate({ href: to }),
  goHome: () => void router.navigate({ to: homePathOf(getHomeTypeCookie() ?? 0) }),
  sessionChanged: () => {
    queryClient.removeQueries({ queryKey: ['account'] });
    // Route guards read the session again: a protected page sends a logged-out visitor away.
    void router.invalidate();
  },
});

// The API client sends the visitor to /toomanyrequest or /genericerror through the router.
setTransportNavigate((to) => void router.navigate({ to }));
void initI18n();
startTelemetry(queryClient, router);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} i18n={i18n} />
  </StrictMode>,
);
