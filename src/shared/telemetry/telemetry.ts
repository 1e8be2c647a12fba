import type { SeverityLevel } from './limits';
import type { Properties } from './sanitize';
import { createNoopTelemetry } from './noop';
import type { AjaxCall, TelemetryClient } from './telemetry-client';

// The app's telemetry: a no-op until the app has read the config and installed a real client,
// so code anywhere can report without knowing whether telemetry is on.
let current: TelemetryClient = createNoopTelemetry();

export function setTelemetryClient(client: TelemetryClient): void {
  current.dispose();
  current = client;
}

export function getTelemetryClient(): TelemetryClient {
  return current;
}

export function trackException(error: unknown, severity?: SeverityLevel, properties?: Properties): void {
  current.trackException(error, severity, properties);
}

export function trackEvent(name: string, properties?: Properties, measurements?: Record<string, number>): void {
  current.trackEvent(name, properties, measurements);
}

export function trackRouteChange(): void {
  current.trackRouteChange();
}

/** An API call of the current page view (at most 500 per page view are reported). */
export function trackDependency(call: AjaxCall): void {
  current.trackDependency(call);
}
