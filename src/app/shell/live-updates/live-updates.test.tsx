import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionViewStore, SessionViewContext, type StoredSessionRecord } from '@/entities/session';
import { createLiveEventsClient, type EventSourceLike } from '@/shared/api';
import { testQueryClient } from '@/shared/lib/test-utils';
import { LiveUpdates } from './live-updates';

/** The browser's EventSource as the test drives it. */
class FakeStream implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, (event: MessageEvent<string>) => void>();
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const BUYER: StoredSessionRecord = {
  username: 'acquirente@rexer.example',
  isConfirmed: true,
  termsPrivacy: true,
  silent: false,
};

function setup(initial: StoredSessionRecord | null) {
  const streams: FakeStream[] = [];
  const client = createLiveEventsClient({
    createEventSource: () => {
      const stream = new FakeStream();
      streams.push(stream);
      return stream;
    },
  });
  let record = initial;
  const store = createSessionViewStore(() => record);
  const queryClient = testQueryClient();
  const invalidated: unknown[] = [];
  const invalidate = queryClient.invalidateQueries.bind(queryClient);
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters, options) => {
    invalidated.push(filters?.queryKey);
    return invalidate(filters, options);
  });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionViewContext.Provider value={store}>
        <LiveUpdates client={client} />
      </SessionViewContext.Provider>
    </QueryClientProvider>,
  );
  const become = (next: StoredSessionRecord | null) =>
    act(() => {
      record = next;
      store.refresh();
    });
  return { streams, client, queryClient, invalidated, become };
}

afterEach(() => cleanup());

describe('LiveUpdates', () => {
  it('opens no stream for a visitor who is not logged in', () => {
    const { streams } = setup(null);
    expect(streams).toHaveLength(0);
  });

  it('refreshes the messages on a message event and the visits on an appointment event', () => {
    const { streams, invalidated } = setup(BUYER);
    expect(streams).toHaveLength(1);
    act(() => streams[0]!.open());
    // Opening reads everything again: nothing was kept while the stream was closed.
    expect(invalidated).toEqual([['messages'], ['appointments']]);
    invalidated.length = 0;
    act(() => streams[0]!.emit('message', { ThreadId: 3, Id: 17 }));
    expect(invalidated).toEqual([['messages']]);
    act(() => streams[0]!.emit('appointment', { AppointmentId: 8, Status: 1 }));
    expect(invalidated).toEqual([['messages'], ['appointments']]);
  });

  it('closes the stream at the logout and forgets what the user read', async () => {
    const { streams, client, queryClient, become } = setup(BUYER);
    act(() => streams[0]!.open());
    expect(client.connected()).toBe(true);
    queryClient.setQueryData(['messages', 'unread'], 4);
    queryClient.setQueryData(['appointments', 'list'], []);
    await become(null);
    expect(streams[0]!.closed).toBe(true);
    expect(client.connected()).toBe(false);
    expect(queryClient.getQueryData(['messages', 'unread'])).toBeUndefined();
    expect(queryClient.getQueryData(['appointments', 'list'])).toBeUndefined();
    // The next login opens a new stream.
    await become(BUYER);
    expect(streams).toHaveLength(2);
  });
});
