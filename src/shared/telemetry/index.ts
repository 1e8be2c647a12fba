export {
  createTelemetryClient,
  createNoopTelemetry,
  STORAGE_KEYS,
  type TelemetryClient,
  type TelemetryClientOptions,
  type TelemetryStorage,
} from './telemetry-client';
export { setTelemetryClient, getTelemetryClient, trackException, trackEvent, trackRouteChange } from './telemetry';
export {
  TELEMETRY_LIMITS,
  RETRYABLE_STATUSES,
  SANITIZE_LIMITS,
  SEVERITY,
  retryDelay,
  type SeverityLevel,
} from './limits';
export type { TelemetryEnvelope, IngestionResponse } from './envelope';
