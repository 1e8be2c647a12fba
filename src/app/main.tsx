import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setTransportNavigate } from '@/shared/api';
import { i18n, initI18n } from '@/shared/i18n';
import { startTelemetry } from './lib/start-telemetry';
import { createQueryClient } from './model/query-client';
import { createAppRouter } from './router';
import { App } from './entrypoint/app';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

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
