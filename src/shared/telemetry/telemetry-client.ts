import { isCrawler } from '@/shared/lib/device';
import { createNoopTelemetry } from './noop';
import type { EnvelopeData, EnvelopeKind, IngestionResponse, TelemetryEnvelope } from './envelope';
import {
  PARTIAL_SUCCESS_STATUS,
  RETRYABLE_STATUSES,
  SEVERITY,
  TELEMETRY_LIMITS,
  retryDelay,
  type SeverityLevel,
} from './limits';
import {
  sanitizeException,
  sanitizeId,
  sanitizeMeasurements,
  sanitizeMessage,
  sanitizeName,
  sanitizeProperties,
  sanitizeString,
  sanitizeUrl,
  type Properties,
} from './sanitize';

export interface TelemetryStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface TelemetryClientOptions {
  /** The ingestion endpoint; without one the client stays off. */
  url: string | null | undefined;
  enabled: boolean;
  samplingPercentage?: number;
  userAgent?: string;
  fetch?: typeof globalThis.fetch;
  /** Where unsent items survive a reload (sessionStorage in the app). */
  storage?: TelemetryStorage;
  sendBeacon?: (url: string, body: string) => boolean;
  /** The page view sent after a route change: its title and address. */
  currentPage?: () => { name: string; uri: string };
  now?: () => number;
  random?: () => number;
  newId?: () => string;
}

export interface TelemetryClient {
  readonly active: boolean;
  trackEvent(name: string, properties?: Properties, measurements?: Record<string, number>): void;
  trackPageView(page?: { name?: string; uri?: string; properties?: Properties }): void;
  trackException(error: unknown, severity?: SeverityLevel, properties?: Properties): void;
  trackTrace(message: string, severity?: SeverityLevel, properties?: Properties): void;
  /** Call on every route change; the page view goes out ~500 ms later, once the page has its title. */
  trackRouteChange(): void;
  /** Sends what is queued now (the 15 s timer calls it). */
  flush(): Promise<void>;
  /** On page hide: sends with sendBeacon in chunks under 65000 bytes; the rest stays stored. */
  flushOnUnload(): void;
  /** Items not yet accepted: queued in memory or in the batch on its way. */
  pending(): number;
  dispose(): void;
}

export { createNoopTelemetry };

export const STORAGE_KEYS = { buffer: 'rexer_telemetry_buffer', session: 'rexer_telemetry_session' } as const;

interface Session {
  id: string;
  acquired: number;
  renewed: number;
  sampled: boolean;
}

const encoder = new TextEncoder();

interface QueuedItem {
  envelope: TelemetryEnvelope;
  json: string;
  bytes: number;
}

function toQueued(envelope: TelemetryEnvelope): QueuedItem {
  const json = JSON.stringify(envelope);
  return { envelope, json, bytes: encoder.encode(json).length };
}

function toJsonArray(items: QueuedItem[]): string {
  return `[${items.map((item) => item.json).join(',')}]`;
}

function defaultId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID().replace(/-/g, '');
  return Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
}

function describeError(error: unknown) {
  if (error instanceof Error) {
    return {
      typeName: sanitizeName(error.name || 'Error'),
      message: sanitizeException(error.message || String(error)),
      stack: error.stack ? sanitizeException(error.stack) : undefined,
      hasFullStack: Boolean(error.stack),
    };
  }
  let message: string;
  try {
    message = typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  } catch {
    message = String(error);
  }
  return { typeName: 'Error', message: sanitizeException(message), hasFullStack: false };
}

/** A client that does nothing: telemetry off, or a crawler. */

/**
 * The usage telemetry of docs/spec.md §1, §8 and §9. Off unless enabled with a URL, and for
 * crawlers. Items are batched every 15 s (or at once past 102400 bytes), kept in memory
 * (10000) and in session storage (2000), retried with back-off on the retryable statuses,
 * partially re-queued on 206 and dropped on any other failure.
 */
export function createTelemetryClient(options: TelemetryClientOptions): TelemetryClient {
  const userAgent = options.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
  if (!options.enabled || !options.url || isCrawler(userAgent)) return createNoopTelemetry();

  const url = options.url;
  const fetchBatch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const storage = options.storage;
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const newId = options.newId ?? defaultId;
  const samplingPercentage = Math.min(
    100,
    Math.max(0, options.samplingPercentage ?? TELEMETRY_LIMITS.defaultSamplingPercentage),
  );
  const currentPage =
    options.currentPage ??
    (() => ({
      name: typeof document === 'undefined' ? '' : document.title,
      uri: typeof location === 'undefined' ? '' : location.href,
    }));

  // Each item is kept with its JSON and byte size, so batching and storing never re-serialise.
  let queue: QueuedItem[] = [];
  let queueBytes = 0;
  let inFlight: QueuedItem[] = [];
  let sending: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerDue = 0;
  let routeTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let retryNotBefore = 0;
  let disposed = false;
  let persistQueued = false;
  let session: Session | undefined;

  function setQueue(items: QueuedItem[]) {
    queue = items;
    queueBytes = items.reduce((total, item) => total + item.bytes, 0);
  }

  // Items a previous page left unsent come first.
  try {
    const stored = storage?.getItem(STORAGE_KEYS.buffer);
    if (stored)
      setQueue((JSON.parse(stored) as TelemetryEnvelope[]).slice(-TELEMETRY_LIMITS.maxStoredItems).map(toQueued));
  } catch {
    setQueue([]);
  }
  try {
    const stored = storage?.getItem(STORAGE_KEYS.session);
    if (stored) session = JSON.parse(stored) as Session;
  } catch {
    session = undefined;
  }

  function persistNow() {
    persistQueued = false;
    if (!storage) return;
    try {
      const items = [...inFlight, ...queue].slice(-TELEMETRY_LIMITS.maxStoredItems);
      if (items.length === 0) storage.removeItem(STORAGE_KEYS.buffer);
      else storage.setItem(STORAGE_KEYS.buffer, toJsonArray(items));
    } catch {
      // A full or blocked storage only costs the reload safety net.
    }
  }

  /** Writes the buffer once per burst of calls, not once per item. */
  function persist() {
    if (persistQueued || !storage) return;
    persistQueued = true;
    queueMicrotask(persistNow);
  }

  function currentSession(): Session {
    const time = now();
    const expired =
      !session ||
      time - session.renewed > TELEMETRY_LIMITS.sessionRenewalMs ||
      time - session.acquired > TELEMETRY_LIMITS.sessionExpiryMs;
    if (expired) {
      session = {
        id: sanitizeId(newId()),
        acquired: time,
        renewed: time,
        sampled: random() * 100 < samplingPercentage,
      };
    } else {
      session = { ...session!, renewed: time };
    }
    try {
      storage?.setItem(STORAGE_KEYS.session, JSON.stringify(session));
    } catch {
      // ignored, as above
    }
    return session;
  }

  function schedule(delay: number) {
    if (disposed) return;
    const due = now() + delay;
    if (timer !== undefined && timerDue <= due) return;
    if (timer !== undefined) clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delay);
  }

  function scheduleNext() {
    if (queue.length === 0) return;
    schedule(Math.max(TELEMETRY_LIMITS.batchIntervalMs, retryNotBefore - now()));
  }

  /** True when the queue no longer fits one batch and no back-off holds it. */
  function isFull() {
    return queueBytes + queue.length + 1 >= TELEMETRY_LIMITS.maxBatchBytes && now() >= retryNotBefore;
  }

  function track(kind: EnvelopeKind, data: EnvelopeData) {
    if (disposed) return;
    const active = currentSession();
    if (!active.sampled) return;
    if (queue.length + inFlight.length >= TELEMETRY_LIMITS.maxMemoryItems) return;
    const item = toQueued({
      name: kind,
      time: new Date(now()).toISOString(),
      sampleRate: samplingPercentage,
      tags: { 'session.id': active.id, 'device.userAgent': sanitizeString(userAgent) },
      data,
    });
    queue.push(item);
    queueBytes += item.bytes;
    persist();
    if (isFull()) void flush();
    else scheduleNext();
  }

  /** The first items of the queue whose JSON array fits in `maxBytes`. */
  function takeBatch(maxBytes: number): QueuedItem[] {
    let count = 0;
    let size = 2; // the brackets
    let dropped = 0;
    while (count + dropped < queue.length) {
      const item = queue[count + dropped];
      const itemBytes = item.bytes + (count > 0 ? 1 : 0);
      if (count === 0 && size + itemBytes > maxBytes) {
        dropped += 1; // one item over the limit on its own can never be sent
        continue;
      }
      if (size + itemBytes > maxBytes) break;
      size += itemBytes;
      count += 1;
    }
    const batch = queue.slice(dropped, dropped + count);
    setQueue(queue.slice(dropped + count));
    return batch;
  }

  function retryLater(items: QueuedItem[]) {
    failures += 1;
    retryNotBefore = now() + retryDelay(failures);
    setQueue([...items, ...queue].slice(0, TELEMETRY_LIMITS.maxMemoryItems));
  }

  async function sendBatch(batch: QueuedItem[]) {
    let response: Response;
    try {
      response = await fetchBatch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: toJsonArray(batch),
      });
    } catch {
      retryLater(batch); // offline or a network failure
      return;
    }
    if (response.status === PARTIAL_SUCCESS_STATUS) {
      const body = (await response.json().catch(() => ({}))) as IngestionResponse;
      const again = (body.errors ?? [])
        .filter((error) => RETRYABLE_STATUSES.includes(error.statusCode) && batch[error.index])
        .map((error) => batch[error.index]);
      if (again.length > 0) retryLater(again);
      else failures = 0;
      return;
    }
    if (response.ok) {
      failures = 0;
      retryNotBefore = 0;
      return;
    }
    if (RETRYABLE_STATUSES.includes(response.status)) retryLater(batch);
    // Any other status: the items are dropped.
  }

  function flush(): Promise<void> {
    if (sending) return sending;
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (queue.length === 0 || disposed) return Promise.resolve();
    inFlight = takeBatch(TELEMETRY_LIMITS.maxBatchBytes);
    if (inFlight.length === 0) {
      persist();
      return Promise.resolve();
    }
    sending = sendBatch(inFlight).finally(() => {
      inFlight = [];
      sending = undefined;
      persist();
      if (queue.length > 0 && isFull()) void flush();
      else scheduleNext();
    });
    return sending;
  }

  function flushOnUnload() {
    if (disposed) return;
    while (options.sendBeacon && queue.length > 0) {
      const batch = takeBatch(TELEMETRY_LIMITS.beaconMaxBytes);
      if (batch.length === 0) break;
      if (!options.sendBeacon(url, toJsonArray(batch))) {
        setQueue([...batch, ...queue]);
        break;
      }
    }
    persistNow(); // the page is going away: no microtask will run
  }

  const client: TelemetryClient = {
    active: true,
    trackEvent(name, properties, measurements) {
      track('Event', {
        baseType: 'EventData',
        baseData: {
          name: sanitizeName(name),
          properties: sanitizeProperties(properties),
          measurements: sanitizeMeasurements(measurements),
        },
      });
    },
    trackPageView(page = {}) {
      const fallback = currentPage();
      track('PageView', {
        baseType: 'PageviewData',
        baseData: {
          name: sanitizeName(page.name ?? fallback.name),
          url: sanitizeUrl(page.uri ?? fallback.uri),
          properties: sanitizeProperties(page.properties),
        },
      });
    },
    trackException(error, severity = SEVERITY.Error, properties) {
      track('Exception', {
        baseType: 'ExceptionData',
        baseData: {
          exceptions: [describeError(error)],
          severityLevel: severity,
          properties: sanitizeProperties(properties),
        },
      });
    },
    trackTrace(message, severity = SEVERITY.Information, properties) {
      track('Trace', {
        baseType: 'MessageData',
        baseData: {
          message: sanitizeMessage(message),
          severityLevel: severity,
          properties: sanitizeProperties(properties),
        },
      });
    },
    trackRouteChange() {
      if (routeTimer !== undefined) clearTimeout(routeTimer);
      routeTimer = setTimeout(() => {
        routeTimer = undefined;
        client.trackPageView();
      }, TELEMETRY_LIMITS.routeChangeDelayMs);
    },
    flush,
    flushOnUnload,
    pending: () => queue.length + inFlight.length,
    dispose() {
      disposed = true;
      if (timer !== undefined) clearTimeout(timer);
      if (routeTimer !== undefined) clearTimeout(routeTimer);
    },
  };
  return client;
}
