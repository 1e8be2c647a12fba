import type { TelemetryClient } from './telemetry-client';

/** Telemetry that does nothing: until the config turns it on, and whenever it is off. */
export function createNoopTelemetry(): TelemetryClient {
  const noop = () => {};
  return {
    active: false,
    trackEvent: noop,
    trackPageView: noop,
    trackDependency: noop,
    trackException: noop,
    trackTrace: noop,
    trackRouteChange: noop,
    flush: async () => {},
    flushOnUnload: noop,
    pending: () => 0,
    dispose: noop,
  };
}
