import type { QueryClient } from '@tanstack/react-query';
import { configQueryOptions } from '@/shared/api';
import { getTelemetryClient, loadTelemetryClient, setTelemetryClient, trackRouteChange } from '@/shared/telemetry';
import type { AppRouter } from '../router';

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // blocked storage (privacy settings)
  }
}

/**
 * Turns telemetry on when the config says so (Telemetry.Enabled with a Url), sends a page
 * view after every route change, and hands unsent items to sendBeacon when the page hides.
 */
export function startTelemetry(queryClient: QueryClient, router: AppRouter): () => void {
  const unsubscribe = router.subscribe('onResolved', () => trackRouteChange());
  // After the first page resolved: on a page rendered on the server, the config is then in
  // the hydrated cache and costs no request.
  const stopWaiting = router.subscribe('onResolved', () => {
    stopWaiting();
    startClient(queryClient);
  });

  const onHide = () => getTelemetryClient().flushOnUnload();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onHide();
  };
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    unsubscribe();
    stopWaiting();
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

function startClient(queryClient: QueryClient) {
  queryClient
    .fetchQuery(configQueryOptions())
    .then(async (config) => {
      if (!config.Telemetry.Enabled || !config.Telemetry.Url) return;
      const { createTelemetryClient } = await loadTelemetryClient();
      const client = createTelemetryClient({
        url: config.Telemetry.Url,
        enabled: config.Telemetry.Enabled,
        samplingPercentage: config.Telemetry.SamplingPercentage,
        storage: sessionStorageOrUndefined(),
        sendBeacon:
          typeof navigator.sendBeacon === 'function' ? (url, body) => navigator.sendBeacon(url, body) : undefined,
      });
      setTelemetryClient(client);
      // The first page resolved before the config arrived.
      client.trackRouteChange();
    })
    .catch(() => {
      // No config, no telemetry.
    });
}
