import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, createStaticI18n, i18nOptions } from './i18n';
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
      defaultNS: 'common',
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    });
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
      .mockImplementation(async (url) =>
        url.endsWith('/common.json')
          ? jsonResponse({ saluto: 'Ciao' })
          : url.endsWith('/profile.json')
            ? new Response('', { status: 404 })
            : jsonResponse({}),
      );
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
    const fetch = vi.fn(async () =>
      failures-- > 0 ? new Response('', { status: 503 }) : jsonResponse({ saluto: 'Ciao' }),
    );
    const { i18n, init } = createI18n({ fetch });
    await init();
    await vi.waitFor(() => expect(i18n.t('saluto')).toBe('Ciao'), { timeout: 5000 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('loading a namespace', () => {
  const searchFile = (url: string) => url.endsWith('/search.json');

  it('retries a server error 5 times, 350 ms doubling, then counts the namespace as loaded and shows its keys', async () => {
    vi.useFakeTimers({ now: 0 });
    const readAt: number[] = [];
    const fetch = vi.fn(async (url: string) => {
      if (searchFile(url)) readAt.push(Date.now());
      return searchFile(url) ? new Response('', { status: 503 }) : jsonResponse({});
    });
    const { i18n } = createI18n({ fetch }, { common: {} });
    let settled = false;
    void i18n.loadNamespaces('search').then(() => (settled = true));
    expect(i18n.hasLoadedNamespace('search')).toBe(false);
    await vi.advanceTimersByTimeAsync(10_849);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(readAt).toEqual([0, 350, 1050, 2450, 5250, 10_850]);
    expect(settled).toBe(true);
    expect(i18n.hasLoadedNamespace('search')).toBe(true);
    expect(i18n.t('title', { ns: 'search' })).toBe('title');
    // As i18next: a namespace whose retries ran out is read again when asked for again.
    void i18n.loadNamespaces('search');
    await vi.advanceTimersByTimeAsync(0);
    expect(readAt).toHaveLength(7);
  });

  it('takes a 4xx as final: one read, never asked again', async () => {
    const fetch = vi.fn(async (url: string) =>
      searchFile(url) ? new Response('', { status: 404 }) : jsonResponse({}),
    );
    const { i18n } = createI18n({ fetch }, { common: {} });
    await i18n.loadNamespaces('search');
    await i18n.loadNamespaces(['search']);
    expect(fetch.mock.calls.filter(([url]) => searchFile(url))).toHaveLength(1);
    expect(i18n.hasLoadedNamespace('search')).toBe(true);
    expect(i18n.t('title', { ns: 'search' })).toBe('title');
  });

  it('reads a namespace asked for by several components once', async () => {
    const fetch = vi.fn(async () => jsonResponse({ title: 'Cerca casa' }));
    const { i18n } = createI18n({ fetch }, { common: {} });
    await Promise.all([
      i18n.loadNamespaces('search'),
      i18n.loadNamespaces('search'),
      i18n.loadNamespaces(['search', 'common']),
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(i18n.getFixedT(null, 'search')('title')).toBe('Cerca casa');
  });

  it('reads at most 10 files at once', async () => {
    const answers: ((response: Response) => void)[] = [];
    const fetch = vi.fn((_url: string) => new Promise<Response>((answer) => answers.push(answer)));
    const { i18n } = createI18n({ fetch }, { common: {} });
    const names = Array.from({ length: 12 }, (_, index) => `ns${index}`);
    const loaded = i18n.loadNamespaces(names);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(10));
    answers[0](jsonResponse({ a: 'uno' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(11));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(names.slice(0, 11).map((name) => `/locales/it/${name}.json`));
    answers.slice(1).forEach((answer) => answer(jsonResponse({})));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(12));
    answers[11](jsonResponse({}));
    await loaded;
    expect(names.every((name) => i18n.hasLoadedNamespace(name))).toBe(true);
    expect(i18n.t('ns0:a')).toBe('uno');
  });

  it('loads nothing without a backend: every namespace counts as there (the server, tests)', async () => {
    const i18n = createStaticI18n({ common: { a: 'A' } });
    expect(i18n.hasLoadedNamespace('anything')).toBe(true);
    await i18n.loadNamespaces('anything');
    expect(i18n.t('a')).toBe('A');
    expect(i18n.t('anything:b')).toBe('b');
  });
});
