export { createNoopTelemetry } from './noop';
export type { AjaxCall, TelemetryClient, TelemetryClientOptions, TelemetryStorage } from './telemetry-client';

/** The real client loads only when the config turns telemetry on: no telemetry code ships otherwise. */
export const loadTelemetryClient = () => import('./telemetry-client');
export {
  setTelemetryClient,
  getTelemetryClient,
  trackDependency,
  trackException,
  trackEvent,
  trackRouteChange,
} from './telemetry';
export {
  TELEMETRY_LIMITS,
  RETRYABLE_STATUSES,
  SANITIZE_LIMITS,
  SEVERITY,
  retryDelay,
  type SeverityLevel,
} from './limits';
export type { TelemetryEnvelope, IngestionResponse } from './envelope';
