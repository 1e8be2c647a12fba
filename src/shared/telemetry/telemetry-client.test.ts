import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TelemetryEnvelope } from './envelope';
import { SANITIZE_LIMITS, SEVERITY, TELEMETRY_LIMITS, retryDelay } from './limits';
import {
  INTERNAL_MESSAGE_PREFIX,
  STORAGE_KEYS,
  createTelemetryClient,
  type AjaxCall,
  type TelemetryClientOptions,
  type TelemetryStorage,
} from './telemetry-client';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36';
const URL_ = 'https://telemetry.example/v2/track';

function memoryStorage(): TelemetryStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

type Answer = Response | (() => Response | Promise<Response>);

function fakeIngestion(...answers: Answer[]) {
  const batches: TelemetryEnvelope[][] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    batches.push(JSON.parse(String(init?.body)) as TelemetryEnvelope[]);
    const answer = answers.length > 1 ? answers.shift()! : (answers[0] ?? new Response(null, { status: 200 }));
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, batches, calls: fetch };
}

function client(overrides: Partial<TelemetryClientOptions> = {}) {
  return createTelemetryClient({
    url: URL_,
    enabled: true,
    userAgent: CHROME,
    storage: memoryStorage(),
    currentPage: () => ({ name: document.title, uri: 'https://www.rexer.it/comprocasa' }),
    random: () => 0.5,
    newId: () => 'session-1',
    ...overrides,
  });
}

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-01-01T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('telemetry switch', () => {
  it('is off without a URL, when disabled, and for crawlers', async () => {
    const ingestion = fakeIngestion();
    for (const options of [
      { url: null },
      { enabled: false },
      { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    ]) {
      const telemetry = client({ fetch: ingestion.fetch, ...options });
      expect(telemetry.active).toBe(false);
      telemetry.trackEvent('x');
      telemetry.trackException(new Error('boom'));
      await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs * 2);
    }
    expect(ingestion.calls).not.toHaveBeenCalled();
  });

  it('drops everything when the session is outside the sampling percentage', async () => {
    const ingestion = fakeIngestion();
    const telemetry = client({ fetch: ingestion.fetch, samplingPercentage: 10, random: () => 0.5 });
    telemetry.trackEvent('x');
    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs);
    expect(ingestion.calls).not.toHaveBeenCalled();
  });
});

describe('batching', () => {
  it('sends the queued items as one JSON array 15 s after the first', async () => {
    const ingestion = fakeIngestion();
    const telemetry = client({ fetch: ingestion.fetch });
    telemetry.trackEvent('search', { city: 'Milano' });
    await vi.advanceTimersByTimeAsync(5_000);
    telemetry.trackEvent('favourite');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(ingestion.calls).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ingestion.calls).toHaveBeenCalledTimes(1);
    expect(ingestion.calls.mock.calls[0][0]).toBe(URL_);
    expect(ingestion.batches[0].map((item) => item.data.baseData)).toEqual([
      { name: 'search', properties: { city: 'Milano' } },
      { name: 'favourite' },
    ]);
    expect(ingestion.batches[0][0].tags['session.id']).toBe('session-1');
    expect(telemetry.pending()).toBe(0);
  });

  it('sends at once, in batches of at most 102400 bytes, when the queue grows past that', async () => {
    const ingestion = fakeIngestion();
    const telemetry = client({ fetch: ingestion.fetch });
    const big = 'x'.repeat(8000);
    for (let i = 0; i < 30; i++) telemetry.trackEvent(`e${i}`, { big });
    await vi.advanceTimersByTimeAsync(0);
    expect(ingestion.batches.length).toBeGreaterThanOrEqual(1);
    for (const batch of ingestion.batches) {
      expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThanOrEqual(
        TELEMETRY_LIMITS.maxBatchBytes,
      );
    }
    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs);
    expect(ingestion.batches.flat()).toHaveLength(30);
  });

  it('keeps at most 10000 items in memory', () => {
    const telemetry = client({ fetch: fakeIngestion(() => new Promise(() => {})).fetch });
    for (let i = 0; i < TELEMETRY_LIMITS.maxMemoryItems + 50; i++) telemetry.trackTrace('t');
    expect(telemetry.pending()).toBe(10_000);
  });

  it('stores at most 2000 unsent items in session storage, and sends them after a reload', async () => {
    const storage = memoryStorage();
    const first = client({ fetch: fakeIngestion().fetch, storage });
    for (let i = 0; i < 2500; i++) first.trackTrace(`t${i}`);
    await Promise.resolve(); // the buffer is written once per burst
    const stored = JSON.parse(storage.data.get(STORAGE_KEYS.buffer)!) as TelemetryEnvelope[];
    expect(stored).toHaveLength(2000);
    first.dispose();

    const ingestion = fakeIngestion();
    const reloaded = client({ fetch: ingestion.fetch, storage });
    expect(reloaded.pending()).toBe(2000);
    await reloaded.flush();
    while (reloaded.pending() > 0) await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs);
    expect(ingestion.batches.flat()).toHaveLength(2000);
    expect(storage.data.has(STORAGE_KEYS.buffer)).toBe(false);
  });
});

describe('retries', () => {
  it('backs off from 10 s, doubling, up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(retryDelay(20)).toBe(3_600_000);
  });

  it.each([401, 403, 408, 429, 500, 502, 503, 504])('sends again later after a %i', async (status) => {
    const ingestion = fakeIngestion(new Response(null, { status }), new Response(null, { status: 200 }));
    const telemetry = client({ fetch: ingestion.fetch });
    telemetry.trackEvent('x');
    await telemetry.flush();
    expect(telemetry.pending()).toBe(1);
    // The first back-off (10 s) is shorter than the batch interval: the next batch resends it.
    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs - 1);
    expect(ingestion.calls).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ingestion.calls).toHaveBeenCalledTimes(2);
    expect(ingestion.batches[1]).toEqual(ingestion.batches[0]);
    expect(telemetry.pending()).toBe(0);
  });

  it('waits longer after each consecutive failure', async () => {
    const ingestion = fakeIngestion(new Response(null, { status: 503 }));
    const telemetry = client({ fetch: ingestion.fetch });
    telemetry.trackEvent('x');
    await telemetry.flush(); // failure 1: not before 10 s
    await vi.advanceTimersByTimeAsync(15_000); // failure 2: not before 20 s
    expect(ingestion.calls).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(ingestion.calls).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(ingestion.calls).toHaveBeenCalledTimes(3); // failure 3: not before 40 s
    await vi.advanceTimersByTimeAsync(39_999);
    expect(ingestion.calls).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(ingestion.calls).toHaveBeenCalledTimes(4);
  });

  it('retries after a network failure', async () => {
    const ingestion = fakeIngestion(
      () => Promise.reject(new TypeError('Failed to fetch')),
      new Response(null, { status: 200 }),
    );
    const telemetry = client({ fetch: ingestion.fetch });
    telemetry.trackEvent('x');
    await telemetry.flush();
    expect(telemetry.pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs);
    expect(telemetry.pending()).toBe(0);
  });

  it('drops the batch on any other failure', async () => {
    const ingestion = fakeIngestion(new Response(null, { status: 400 }));
    const telemetry = client({ fetch: ingestion.fetch });
    telemetry.trackEvent('x');
    await telemetry.flush();
    expect(telemetry.pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.retryMaxMs);
    expect(ingestion.calls).toHaveBeenCalledTimes(1);
  });

  it('on a 206 sends again only the refused items whose status is retryable', async () => {
    const partial = json(
      {
        itemsReceived: 4,
        itemsAccepted: 1,
        errors: [
          { index: 1, statusCode: 500 },
          { index: 2, statusCode: 400 },
          { index: 3, statusCode: 429 },
        ],
      },
      206,
    );
    const ingestion = fakeIngestion(partial, new Response(null, { status: 200 }));
    const telemetry = client({ fetch: ingestion.fetch });
    for (const name of ['a', 'b', 'c', 'd']) telemetry.trackEvent(name);
    await telemetry.flush();
    expect(telemetry.pending()).toBe(2);
    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs);
    expect(ingestion.batches[1].map((item) => (item.data.baseData as { name: string }).name)).toEqual(['b', 'd']);
  });
});

describe('items', () => {
  it('reports an exception with severity Error (3) by default', async () => {
    const ingestion = fakeIngestion();
    const telemetry = client({ fetch: ingestion.fetch });
    const error = new TypeError('x is undefined');
    telemetry.trackException(error);
    telemetry.trackException('plain', SEVERITY.Critical);
    await telemetry.flush();
    const [first, second] = ingestion.batches[0];
    expect(first.name).toBe('Exception');
    expect(first.data).toMatchObject({
      baseType: 'ExceptionData',
      baseData: {
        severityLevel: 3,
        exceptions: [{ typeName: 'TypeError', message: 'x is undefined', hasFullStack: true }],
      },
    });
    expect(second.data).toMatchObject({
      baseData: { severityLevel: 4, exceptions: [{ message: 'plain', hasFullStack: false }] },
    });
  });

  it('cuts names, property values, urls, messages and exceptions to the limits', async () => {
    const ingestion = fakeIngestion();
    const telemetry = client({ fetch: ingestion.fetch });
    telemetry.trackEvent('n'.repeat(400), { ['k'.repeat(300)]: 'v'.repeat(10_000), n: 5 });
    telemetry.trackPageView({ name: 'p', uri: `https://x.it/${'u'.repeat(3000)}` });
    telemetry.trackTrace('m'.repeat(40_000));
    telemetry.trackException(new Error('e'.repeat(40_000)));
    while (telemetry.pending() > 0) await telemetry.flush();
    const [event, page, trace, exception] = ingestion.batches
      .flat()
      .map((item) => item.data.baseData as Record<string, unknown>);
    expect((event.name as string).length).toBe(SANITIZE_LIMITS.name);
    const properties = event.properties as Record<string, string>;
    expect(Object.keys(properties)[0]).toHaveLength(150);
    expect(Object.values(properties)[0]).toHaveLength(8192);
    expect(properties.n).toBe('5');
    expect((page.url as string).length).toBe(2048);
    expect((trace.message as string).length).toBe(32_768);
    expect((exception.exceptions as { message: string }[])[0].message.length).toBe(32_768);
    expect(ingestion.batches[0][0].tags['session.id'].length).toBeLessThanOrEqual(SANITIZE_LIMITS.id);
  });

  it('sends a page view 500 ms after the last route change, with the new title', async () => {
    const ingestion = fakeIngestion();
    const telemetry = client({ fetch: ingestion.fetch });
    document.title = 'Old';
    telemetry.trackRouteChange();
    await vi.advanceTimersByTimeAsync(300);
    telemetry.trackRouteChange();
    document.title = 'Compro casa';
    await vi.advanceTimersByTimeAsync(499);
    expect(telemetry.pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(telemetry.pending()).toBe(1);
    await telemetry.flush();
    expect(ingestion.batches[0][0]).toMatchObject({
      name: 'PageView',
      data: { baseType: 'PageviewData', baseData: { name: 'Compro casa', url: 'https://www.rexer.it/comprocasa' } },
    });
  });

  it('renews the session after 30 idle minutes and after 24 hours', async () => {
    let n = 0;
    const ingestion = fakeIngestion();
    const telemetry = client({ fetch: ingestion.fetch, newId: () => `s${++n}` });
    const sessionOf = async () => {
      await telemetry.flush();
      return ingestion.batches.at(-1)!.at(-1)!.tags['session.id'];
    };
    telemetry.trackEvent('a');
    expect(await sessionOf()).toBe('s1');
    vi.advanceTimersByTime(29 * 60_000);
    telemetry.trackEvent('b');
    expect(await sessionOf()).toBe('s1');
    vi.advanceTimersByTime(30 * 60_000 + 1);
    telemetry.trackEvent('c');
    expect(await sessionOf()).toBe('s2');
    // active every 20 minutes for a day: still expires at 24 h
    for (let minutes = 0; minutes <= 24 * 60; minutes += 20) {
      vi.advanceTimersByTime(20 * 60_000);
      telemetry.trackEvent('tick');
    }
    await telemetry.flush();
    expect(await sessionOf()).toBe('s3');
  });

  it('on page hide sends with sendBeacon in chunks under 65000 bytes', () => {
    const beacons: string[] = [];
    const telemetry = client({ fetch: fakeIngestion().fetch, sendBeacon: (_url, body) => (beacons.push(body), true) });
    for (let i = 0; i < 12; i++) telemetry.trackEvent(`e${i}`, { big: 'x'.repeat(7000) });
    telemetry.flushOnUnload();
    expect(beacons.length).toBeGreaterThan(1);
    for (const body of beacons) expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(65_000);
    expect(beacons.flatMap((body) => JSON.parse(body))).toHaveLength(12);
    expect(telemetry.pending()).toBe(0);
  });
});

describe('limits per page view', () => {
  const call = (n: number): AjaxCall => ({
    name: `GET /api/Search/Listings`,
    target: 'www.rexer.it',
    durationMs: 120 + n,
    resultCode: 200,
    success: true,
  });
  /** Every item sent so far, in order. */
  const sent = async (telemetry: ReturnType<typeof client>, ingestion: ReturnType<typeof fakeIngestion>) => {
    while (telemetry.pending() > 0) await telemetry.flush();
    return ingestion.batches.flat();
  };
  const internalMessages = (items: TelemetryEnvelope[]) =>
    items
      .filter((item) => item.name === 'Trace')
      .map((item) => (item.data.baseData as { message: string }).message)
      .filter((message) => message.startsWith(INTERNAL_MESSAGE_PREFIX));

  it('reports at most 500 ajax calls per page view, says so once, and counts again from the next page view', async () => {
    const ingestion = fakeIngestion();
    const telemetry = client({ fetch: ingestion.fetch });
    telemetry.trackPageView({ name: 'Risultati' });
    for (let i = 0; i < TELEMETRY_LIMITS.maxAjaxCallsPerView + 20; i++) telemetry.trackDependency(call(i));
    let items = await sent(telemetry, ingestion);
    const dependencies = items.filter((item) => item.name === 'RemoteDependency');
    expect(dependencies).toHaveLength(500);
    expect(dependencies[0].data).toMatchObject({
      baseType: 'RemoteDependencyData',
      baseData: {
        name: 'GET /api/Search/Listings',
        type: 'Ajax',
        target: 'www.rexer.it',
        duration: '00:00:00.120',
        resultCode: '200',
        success: true,
      },
    });
    const notices = internalMessages(items);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('500 ajax calls per page view');
    // A new page view: its calls are reported again.
    telemetry.trackPageView({ name: 'Annuncio' });
    for (let i = 0; i < 3; i++) telemetry.trackDependency(call(i));
    items = await sent(telemetry, ingestion);
    expect(items.filter((item) => item.name === 'RemoteDependency')).toHaveLength(503);
  });

  it("sends the first page view's load duration, and leaves out one over an hour (the page-view performance limit)", async () => {
    let loadMs: number | undefined = 1234;
    const ingestion = fakeIngestion();
    const telemetry = client({ fetch: ingestion.fetch, pageLoadDuration: () => loadMs });
    telemetry.trackPageView({ name: 'Prima' });
    loadMs = 99_999; // only the first page view takes the document's load time
    telemetry.trackPageView({ name: 'Seconda' });
    telemetry.trackPageView({ name: 'Esattamente un’ora', durationMs: TELEMETRY_LIMITS.maxPageViewDurationMs });
    telemetry.trackPageView({ name: 'Oltre un’ora', durationMs: TELEMETRY_LIMITS.maxPageViewDurationMs + 1 });
    telemetry.trackPageView({ name: 'Negativa', durationMs: -5 });
    const items = await sent(telemetry, ingestion);
    const pages = items
      .filter((item) => item.name === 'PageView')
      .map((item) => item.data.baseData as { name: string; duration?: string });
    expect(pages).toEqual([
      expect.objectContaining({ name: 'Prima', duration: '00:00:01.234' }),
      expect.not.objectContaining({ duration: expect.anything() }),
      expect.objectContaining({ name: 'Esattamente un’ora', duration: '01:00:00.000' }),
      expect.not.objectContaining({ duration: expect.anything() }),
      expect.not.objectContaining({ duration: expect.anything() }),
    ]);
    expect(pages[3].name).toBe('Oltre un’ora');
    const notices = internalMessages(items);
    expect(notices).toHaveLength(2);
    expect(notices[0]).toContain('3600001 ms is not between 0 and 1 hour');
  });

  it('sends at most 25 internal messages per page view, the last saying the limit is reached', async () => {
    const ingestion = fakeIngestion();
    const telemetry = client({ fetch: ingestion.fetch });
    telemetry.trackPageView({ name: 'Risultati' });
    // Items too large for any batch are dropped, each with an internal message.
    const huge = 'x'.repeat(8000);
    const oversized = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`k${i}`, huge]));
    for (let i = 0; i < 40; i++) telemetry.trackEvent(`troppo-grande-${i}`, oversized);
    let items = await sent(telemetry, ingestion);
    let notices = internalMessages(items);
    expect(notices).toHaveLength(TELEMETRY_LIMITS.maxInternalMessagesPerView);
    expect(notices.slice(0, 24).every((message) => message.includes('larger than a batch'))).toBe(true);
    expect(notices[24]).toContain('limit of 25 internal messages per page view is reached');
    expect(items.every((item) => item.data.baseType !== 'EventData')).toBe(true);
    // The next page view may report again.
    telemetry.trackPageView({ name: 'Annuncio' });
    telemetry.trackEvent('ancora-troppo-grande', oversized);
    items = await sent(telemetry, ingestion);
    notices = internalMessages(items);
    expect(notices).toHaveLength(26);
    expect(notices[25]).toContain('larger than a batch');
  });
});
