import { useSyncExternalStore } from 'react';

// The logged-in user's live updates (GET /api/Events, Server-Sent Events): one EventSource for
// the whole tab, opened by the app shell while someone is logged in and closed at the logout.
// The server keeps no event: whoever was away reads the state again when the stream opens (the
// `open` handler), and pages poll while the stream is closed (`useLiveRefetchInterval`).

/** The stream's path (same origin: the session cookie goes with it by itself). */
export const LIVE_EVENTS_URL = '/api/Events';

/** How often a page reads its data again while the stream is closed. */
export const LIVE_FALLBACK_INTERVAL_MS = 30_000;

/** The first wait before opening a stream the server ended or refused; it doubles up to the most. */
export const LIVE_REOPEN_FIRST_MS = 1_000;
export const LIVE_REOPEN_MOST_MS = 60_000;

/** The events of the stream (server/lib/user-events.ts). */
export type LiveEvent =
  | { type: 'message'; data: { ThreadId: number; Id: number } }
  | { type: 'appointment'; data: { AppointmentId: number; Status: number } };

export interface LiveEventHandlers {
  /** An event arrived. */
  event(event: LiveEvent): void;
  /** The stream opened (the first time and after every reconnection): read the state again. */
  open(): void;
  /**
   * Before opening again a stream the server ended or refused (an expired session token, too
   * many tabs): renew what needs renewing (an API call renews the session token).
   */
  beforeReopen?(): Promise<unknown>;
}

/** The part of the browser's EventSource the client uses (tests give a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

/** EventSource.CLOSED: the browser will not reconnect by itself (a refusal, not a network cut). */
const CLOSED = 2;

export interface LiveEventsClient {
  /** Opens the stream (when not open yet) and sends what comes to `handlers`. */
  start(handlers: LiveEventHandlers): void;
  /** Closes the stream and forgets the handlers (the logout). */
  stop(): void;
  /** Whether the stream is open now. */
  connected(): boolean;
  subscribe(listener: () => void): () => void;
}

export interface LiveEventsOptions {
  createEventSource?: EventSourceFactory;
  url?: string;
  /** Timers (tests give fake ones). */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

function parse(type: LiveEvent['type'], text: string): LiveEvent | undefined {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return undefined;
    return { type, data } as LiveEvent;
  } catch {
    return undefined;
  }
}

/** The browser's EventSource, where there is one (not on the server, nor in an old browser). */
function browserEventSource(): EventSourceFactory | undefined {
  return typeof EventSource === 'function' ? (url) => new EventSource(url) : undefined;
}

export function createLiveEventsClient({
  createEventSource,
  url = LIVE_EVENTS_URL,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: LiveEventsOptions = {}): LiveEventsClient {
  let source: EventSourceLike | undefined;
  let handlers: LiveEventHandlers | undefined;
  let isConnected = false;
  let reopenTimer: unknown;
  let reopenWait = LIVE_REOPEN_FIRST_MS;
  // Bumped at every stop: a reopening that was waiting belongs to a session that has ended.
  let generation = 0;
  const listeners = new Set<() => void>();

  const setConnected = (value: boolean) => {
    if (isConnected === value) return;
    isConnected = value;
    listeners.forEach((listener) => listener());
  };

  const open = () => {
    const factory = createEventSource ?? browserEventSource();
    // Without EventSource the pages keep polling (useLiveRefetchInterval).
    if (!factory) return;
    const own = generation;
    const stream = factory(url);
    source = stream;
    stream.onopen = () => {
      if (source !== stream) return;
      reopenWait = LIVE_REOPEN_FIRST_MS;
      setConnected(true);
      handlers?.open();
    };
    stream.onerror = () => {
      if (source !== stream) return;
      setConnected(false);
      // CONNECTING: the browser reconnects by itself after the server's `retry:`. CLOSED: the
      // server answered with an error (the session token expired, too many streams): open a
      // new one later, once the session is renewed.
      if (stream.readyState !== CLOSED) return;
      stream.close();
      source = undefined;
      const wait = reopenWait;
      reopenWait = Math.min(reopenWait * 2, LIVE_REOPEN_MOST_MS);
      reopenTimer = setTimer(() => {
        reopenTimer = undefined;
        void Promise.resolve(handlers?.beforeReopen?.())
          .catch(() => undefined)
          .then(() => {
            if (own === generation && handlers && !source) open();
          });
      }, wait);
    };
    // The server ends the stream at the session token's expiry and says so first: renew the
    // session and open a new stream at once (events in between are read again at the open).
    stream.addEventListener('expired', () => {
      if (source !== stream) return;
      stream.close();
      source = undefined;
      setConnected(false);
      void Promise.resolve(handlers?.beforeReopen?.())
        .catch(() => undefined)
        .then(() => {
          if (own === generation && handlers && !source && reopenTimer === undefined) open();
        });
    });
    for (const type of ['message', 'appointment'] as const) {
      stream.addEventListener(type, (message) => {
        if (source !== stream) return;
        const event = parse(type, message.data);
        if (event) handlers?.event(event);
      });
    }
  };

  return {
    start(next) {
      handlers = next;
      if (source || reopenTimer !== undefined) return;
      open();
    },
    stop() {
      generation += 1;
      handlers = undefined;
      if (reopenTimer !== undefined) clearTimer(reopenTimer);
      reopenTimer = undefined;
      reopenWait = LIVE_REOPEN_FIRST_MS;
      source?.close();
      source = undefined;
      setConnected(false);
    },
    connected: () => isConnected,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The tab's one client (the app shell starts and stops it). Pure: a first screen that uses none
 * of it (a visitor not logged in) does not carry it.
 */
export const liveEvents: LiveEventsClient = /* @__PURE__ */ createLiveEventsClient();

const notConnected = () => false;

/** True while the live stream is open; false on the server and while it is closed. */
export function useLiveEventsConnected(client: LiveEventsClient = liveEvents): boolean {
  return useSyncExternalStore(client.subscribe, client.connected, notConnected);
}

/** A query's `refetchInterval`: none while the stream is open, every 30 s while it is closed. */
export function useLiveRefetchInterval(client: LiveEventsClient = liveEvents): number | false {
  return useLiveEventsConnected(client) ? false : LIVE_FALLBACK_INTERVAL_MS;
}
