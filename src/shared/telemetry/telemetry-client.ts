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
  /** The page's load duration (ms) for the first page view; the browser's navigation timing by default. */
  pageLoadDuration?: () => number | undefined;
  now?: () => number;
  random?: () => number;
  newId?: () => string;
}

/** An ajax (API) call, as the app's API client reports it. */
export interface AjaxCall {
  /** The method and the route template (`GET /api/Search/Listings`): never a path's values (tokens, ids). */
  name: string;
  /** The host called. */
  target: string;
  durationMs: number;
  /** The HTTP status; 0 when no answer came. */
  resultCode: number;
  success: boolean;
}

export interface TelemetryClient {
  readonly active: boolean;
  trackEvent(name: string, properties?: Properties, measurements?: Record<string, number>): void;
  /**
   * A page view; it starts a new count of ajax calls and internal messages. `durationMs`: how long
   * the page took to load (the first page view takes the navigation timing's by itself); one that
   * is negative or over an hour is not believable and is left out.
   */
  trackPageView(page?: { name?: string; uri?: string; properties?: Properties; durationMs?: number }): void;
  /** An ajax call of the page view: at most 500 per page view are reported. */
  trackDependency(call: AjaxCall): void;
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

/** Internal messages (the client's own diagnostics, sent as traces) start with this. */
export const INTERNAL_MESSAGE_PREFIX = 'Rexer telemetry (internal): ';
const INTERNAL_LIMIT_NOTICE = `the limit of ${TELEMETRY_LIMITS.maxInternalMessagesPerView} internal messages per page view is reached: the next ones are dropped until the next page view`;

/** A duration as the ingestion's time span, `d.hh:mm:ss.fff` (the days only when there are some). */
export function timeSpan(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const days = Math.floor(total / 86_400_000);
  const clock = `${pad(Math.floor(total / 3_600_000) % 24)}:${pad(Math.floor(total / 60_000) % 60)}:${pad(Math.floor(total / 1000) % 60)}.${pad(total % 1000, 3)}`;
  return days > 0 ? `${days}.${clock}` : clock;
}

/** The load duration of the document from the browser's navigation timing; undefined before the load ends. */
function navigationDuration(): number | undefined {
  try {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry && entry.duration > 0 ? entry.duration : undefined;
  } catch {
    return undefined;
  }
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
 * partially re-queued on 206 and dropped on any other failure. Per page view, at most 500 ajax
 * calls and 25 internal messages are sent, and a load duration over an hour is left out.
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
  const pageLoadDuration = options.pageLoadDuration ?? navigationDuration;
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
  // Counted per page view (trackPageView starts them again).
  let ajaxCallsThisView = 0;
  let internalMessagesThisView = 0;
  let firstPageView = true;
  // Items too large for any batch, dropped by takeBatch and reported once it is safe to queue.
  let droppedOversize = 0;

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

  /**
   * One of the client's own diagnostics, sent as a Warning trace: at most 25 per page view, the
   * 25th saying the limit is reached.
   */
  function internal(message: string) {
    if (internalMessagesThisView >= TELEMETRY_LIMITS.maxInternalMessagesPerView) return;
    internalMessagesThisView += 1;
    const text =
      internalMessagesThisView === TELEMETRY_LIMITS.maxInternalMessagesPerView ? INTERNAL_LIMIT_NOTICE : message;
    track('Trace', {
      baseType: 'MessageData',
      baseData: { message: sanitizeMessage(`${INTERNAL_MESSAGE_PREFIX}${text}`), severityLevel: SEVERITY.Warning },
    });
  }

  /** Reports the items takeBatch dropped; called outside it, where queueing cannot start a flush inside a flush. */
  function reportOversize() {
    for (; droppedOversize > 0; droppedOversize -= 1)
      internal(`an item larger than a batch (${TELEMETRY_LIMITS.maxBatchBytes} bytes) was dropped`);
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
    droppedOversize += dropped;
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
      reportOversize();
      return Promise.resolve();
    }
    sending = sendBatch(inFlight).finally(() => {
      inFlight = [];
      sending = undefined;
      persist();
      if (queue.length > 0 && isFull()) void flush();
      else scheduleNext();
    });
    const current = sending;
    reportOversize();
    return current;
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
    reportOversize(); // stored with the rest, sent by the next page
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
      ajaxCallsThisView = 0;
      internalMessagesThisView = 0;
      const fallback = currentPage();
      const measured = page.durationMs ?? (firstPageView ? pageLoadDuration() : undefined);
      firstPageView = false;
      const believable =
        measured !== undefined &&
        Number.isFinite(measured) &&
        measured >= 0 &&
        measured <= TELEMETRY_LIMITS.maxPageViewDurationMs;
      track('PageView', {
        baseType: 'PageviewData',
        baseData: {
          name: sanitizeName(page.name ?? fallback.name),
          url: sanitizeUrl(page.uri ?? fallback.uri),
          duration: believable ? timeSpan(measured) : undefined,
          properties: sanitizeProperties(page.properties),
        },
      });
      if (measured !== undefined && !believable)
        internal(`a page view's duration of ${measured} ms is not between 0 and 1 hour: it was sent without it`);
    },
    trackDependency(call) {
      if (disposed) return;
      ajaxCallsThisView += 1;
      if (ajaxCallsThisView > TELEMETRY_LIMITS.maxAjaxCallsPerView) {
        if (ajaxCallsThisView === TELEMETRY_LIMITS.maxAjaxCallsPerView + 1)
          internal(
            `the limit of ${TELEMETRY_LIMITS.maxAjaxCallsPerView} ajax calls per page view is reached: no more are reported until the next page view`,
          );
        return;
      }
      track('RemoteDependency', {
        baseType: 'RemoteDependencyData',
        baseData: {
          id: sanitizeId(newId()),
          name: sanitizeName(call.name),
          type: 'Ajax',
          target: sanitizeName(call.target),
          duration: timeSpan(call.durationMs),
          resultCode: String(call.resultCode),
          success: call.success,
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
