import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, i18nOptions } from './i18n';
import { TRANSLATION_CACHE_TTL_MS, createCachedRequest } from './ttl-cache-request';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status });
}

function read(request: ReturnType<typeof createCachedRequest>, url: string) {
  return new Promise<{ error: unknown; result: unknown }>((resolve) =>
    request({}, url, {}, (error, result) => resolve({ error, result })),
  );
}

afterEach(() => vi.useRealTimers());

describe('translation options', () => {
  it('are Italian only, from /locales/{{lng}}/{{ns}}.json, with the spec retries and parallel reads', () => {
    const options = i18nOptions(createCachedRequest());
    expect(options).toMatchObject({
      lng: 'it',
      supportedLngs: ['it'],
      defaultNS: 'common',
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      react: { useSuspense: true },
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    });
    expect(options).not.toHaveProperty('detection');
  });
});

describe('cached request', () => {
  it('keeps a file for 225 s, then reads it again', async () => {
    let clock = 0;
    const fetch = vi.fn(async () => jsonResponse({ hello: 'ciao' }));
    const request = createCachedRequest({ fetch, now: () => clock });
    expect(TRANSLATION_CACHE_TTL_MS).toBe(225_000);

    const first = await read(request, '/locales/it/common.json');
    expect(first).toEqual({ error: null, result: { status: 200, data: '{"hello":"ciao"}' } });
    clock = 224_999;
    await read(request, '/locales/it/common.json');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(request.size()).toBe(1);

    clock = 225_000;
    expect(request.size()).toBe(0);
    await read(request, '/locales/it/common.json');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shares one fetch between concurrent reads and caches per URL', async () => {
    const fetch = vi.fn(async () => jsonResponse({}));
    const request = createCachedRequest({ fetch });
    await Promise.all([read(request, '/a.json'), read(request, '/a.json'), read(request, '/b.json')]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not cache failures, and reports them so the backend can retry', async () => {
    const fetch = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse({ ok: 1 }));
    const request = createCachedRequest({ fetch });
    expect(await read(request, '/x.json')).toMatchObject({ result: { status: 503 } });
    const network = await read(request, '/x.json');
    expect(String((network.error as Error).message)).toMatch(/failed/);
    expect(await read(request, '/x.json')).toMatchObject({ error: null, result: { status: 200 } });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('i18n instance', () => {
  it('loads the common namespace through the cache and retries a failing read', async () => {
    vi.useFakeTimers();
    const fetch = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(new Response('', { status: 500 }))
      .mockResolvedValue(jsonResponse({ loader: { label: 'Caricamento' } }));
    const { i18n, init } = createI18n({ fetch });
    const ready = init();
    await vi.advanceTimersByTimeAsync(349);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await ready;
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0][0]).toBe('/locales/it/common.json');
    expect(i18n.t('loader.label')).toBe('Caricamento');
    expect(i18n.language).toBe('it');
  });
});

describe('translation backend', () => {
  it('loads a namespace from its file, and retries a server error but not a missing file', async () => {
    const fetch = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockImplementation(async (url) => (url.endsWith('/common.json') ? jsonResponse({ saluto: 'Ciao' }) : url.endsWith('/profile.json') ? new Response('', { status: 404 }) : jsonResponse({})));
    const { i18n, init } = createI18n({ fetch });
    await init();
    expect(i18n.t('saluto')).toBe('Ciao');
    expect(fetch).toHaveBeenCalledWith('/locales/it/common.json', expect.objectContaining({ method: 'GET' }));
    await i18n.loadNamespaces('profile');
    // A 404 is final: one request, no retries.
    expect(fetch.mock.calls.filter(([url]) => url.endsWith('/profile.json'))).toHaveLength(1);
  });

  it('retries a file that failed with a server error until it comes', async () => {
    let failures = 2;
    const fetch = vi.fn(async () => (failures-- > 0 ? new Response('', { status: 503 }) : jsonResponse({ saluto: 'Ciao' })));
    const { i18n, init } = createI18n({ fetch });
    await init();
    await vi.waitFor(() => expect(i18n.t('saluto')).toBe('Ciao'), { timeout: 5000 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
