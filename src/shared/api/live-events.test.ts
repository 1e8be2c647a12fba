import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  createLiveEventsClient,
  LIVE_FALLBACK_INTERVAL_MS,
  LIVE_REOPEN_FIRST_MS,
  useLiveEventsConnected,
  useLiveRefetchInterval,
  type EventSourceLike,
  type LiveEventHandlers,
} from './live-events';

/** A stand-in for the browser's EventSource: the test opens it, sends events and errors. */
class FakeEventSource implements EventSourceLike {
  static all: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  /** The server answered 200: the stream is open. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  emit(type: string, data: unknown) {
    const event = new MessageEvent<string>(type, { data: typeof data === 'string' ? data : JSON.stringify(data) });
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }

  /** The connection broke: the browser will reconnect by itself. */
  drop() {
    this.readyState = 0;
    this.onerror?.(new Event('error'));
  }

  /** The server refused the stream (an expired session token): the browser gives up. */
  refuse() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}

function setup() {
  FakeEventSource.all = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const client = createLiveEventsClient({
    createEventSource: (url) => new FakeEventSource(url),
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  });
  const handlers = {
    event: vi.fn<LiveEventHandlers['event']>(),
    open: vi.fn(),
    beforeReopen: vi.fn(async () => undefined),
  };
  return { client, handlers, timers, stream: () => FakeEventSource.all.at(-1)! };
}

describe('the live events client', () => {
  it('opens one stream on /api/Events and hands over its message and appointment events', () => {
    const { client, handlers, stream } = setup();
    client.start(handlers);
    client.start(handlers);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(stream().url).toBe('/api/Events');
    stream().open();
    stream().emit('message', { ThreadId: 4, Id: 31 });
    stream().emit('appointment', { AppointmentId: 9, Status: 2 });
    stream().emit('message', 'not json');
    expect(handlers.event.mock.calls.map(([event]) => event)).toEqual([
      { type: 'message', data: { ThreadId: 4, Id: 31 } },
      { type: 'appointment', data: { AppointmentId: 9, Status: 2 } },
    ]);
  });

  it('is connected while the stream is open, and asks to read again at every opening', () => {
    const { client, handlers, stream } = setup();
    const { result } = renderHook(() => ({
      connected: useLiveEventsConnected(client),
      interval: useLiveRefetchInterval(client),
    }));
    expect(result.current).toEqual({ connected: false, interval: LIVE_FALLBACK_INTERVAL_MS });
    client.start(handlers);
    act(() => stream().open());
    expect(result.current).toEqual({ connected: true, interval: false });
    expect(handlers.open).toHaveBeenCalledTimes(1);
    // The connection breaks: pages poll until the browser's own reconnection opens it again.
    act(() => stream().drop());
    expect(result.current).toEqual({ connected: false, interval: LIVE_FALLBACK_INTERVAL_MS });
    act(() => stream().open());
    expect(result.current.connected).toBe(true);
    // Nothing was kept for the time away: the state is read again.
    expect(handlers.open).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('opens a new stream after a refusal, once the session is renewed, waiting longer each time', async () => {
    const { client, handlers, timers, stream } = setup();
    client.start(handlers);
    stream().open();
    stream().refuse();
    expect(client.connected()).toBe(false);
    expect(stream().closed).toBe(true);
    expect(timers.map((timer) => timer.ms)).toEqual([LIVE_REOPEN_FIRST_MS]);
    timers[0]!.run();
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(2));
    expect(handlers.beforeReopen).toHaveBeenCalledTimes(1);
    stream().refuse();
    expect(timers.map((timer) => timer.ms)).toEqual([LIVE_REOPEN_FIRST_MS, LIVE_REOPEN_FIRST_MS * 2]);
    timers[1]!.run();
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(3));
    stream().open();
    expect(client.connected()).toBe(true);
  });

  it('renews the session and opens a new stream at once when the server says the session expired', async () => {
    const { client, handlers, timers, stream } = setup();
    client.start(handlers);
    stream().open();
    const first = stream();
    first.emit('expired', {});
    expect(first.closed).toBe(true);
    expect(client.connected()).toBe(false);
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(2));
    expect(handlers.beforeReopen).toHaveBeenCalledTimes(1);
    // No waiting: no timer was set.
    expect(timers).toEqual([]);
    stream().open();
    expect(client.connected()).toBe(true);
    // The state is read again at the new open.
    expect(handlers.open).toHaveBeenCalledTimes(2);
  });

  it('closes the stream at stop and opens none that was waiting', async () => {
    const { client, handlers, timers, stream } = setup();
    client.start(handlers);
    stream().open();
    const first = stream();
    client.stop();
    expect(first.closed).toBe(true);
    expect(client.connected()).toBe(false);
    // An event of the closed stream reaches nobody.
    first.emit('message', { ThreadId: 1, Id: 1 });
    expect(handlers.event).not.toHaveBeenCalled();

    client.start(handlers);
    stream().refuse();
    client.stop();
    expect(timers.at(-1)!.cleared).toBe(true);
    timers.at(-1)!.run();
    await Promise.resolve();
    expect(FakeEventSource.all).toHaveLength(2);
  });
});
