import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AjaxCall } from '@/shared/telemetry';
import { API_TIMEOUT_MS, ApiError, createApiClient, createTelemetryMiddleware, unwrap } from './client';
import { configQueryOptions, footerLinksQueryOptions } from './queries';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function fakeFetch(answer: (request: Request) => Response | Promise<Response> = () => json({})) {
  const calls: { request: Request; init?: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input as Request;
    calls.push({ request, init });
    return answer(request);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('api client', () => {
  it('sends Portal 5 and Cache-Control no-cache to the same origin', async () => {
    const fake = fakeFetch(() => json({ Portal: 5 }));
    const client = createApiClient({ fetch: fake.fetch });
    const { data } = await client.GET('/api/config');
    expect(data).toEqual({ Portal: 5 });
    const { request } = fake.calls[0];
    expect(request.url).toBe(`${window.location.origin}/api/config`);
    expect(request.headers.get('Portal')).toBe('5');
    expect(request.headers.get('Cache-Control')).toBe('no-cache');
    expect(request.headers.has('Authorization')).toBe(false);
  });

  it('adds the bearer token when the provider returns one', async () => {
    const fake = fakeFetch();
    let token: string | undefined = undefined;
    const client = createApiClient({ fetch: fake.fetch, getToken: async () => token });
    await client.GET('/api/config');
    token = 'abc.def';
    await client.GET('/api/config');
    expect(fake.calls[0].request.headers.has('Authorization')).toBe(false);
    expect(fake.calls[1].request.headers.get('Authorization')).toBe('Bearer abc.def');
  });

  it('navigates to /toomanyrequest on a 429', async () => {
    const navigate = vi.fn();
    const fake = fakeFetch(() => json({ ExceptionType: 1, ExceptionTypeString: 'TooManyRequests' }, 429));
    const client = createApiClient({ fetch: fake.fetch, navigate });
    const { error, response } = await client.GET('/api/config');
    expect(response.status).toBe(429);
    expect(error).toEqual({ ExceptionType: 1, ExceptionTypeString: 'TooManyRequests' });
    expect(navigate).toHaveBeenCalledWith('/toomanyrequest');
  });

  it('leaves the message limit to the page that sent the message (no 429 page)', async () => {
    const navigate = vi.fn();
    const fake = fakeFetch(() => json({ ExceptionType: 202, ExceptionTypeString: 'MessageRateLimited' }, 429));
    const client = createApiClient({ fetch: fake.fetch, navigate });
    const { error, response } = await client.POST('/api/Message', { body: { ThreadId: 1, Text: 'Ciao' } });
    expect(response.status).toBe(429);
    expect(error).toEqual({ ExceptionType: 202, ExceptionTypeString: 'MessageRateLimited' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('navigates to /genericerror on a 401 MissingToken only', async () => {
    const navigate = vi.fn();
    let body: unknown = { ExceptionType: 2, ExceptionTypeString: 'MissingToken' };
    const fake = fakeFetch(() => json(body, 401));
    const client = createApiClient({ fetch: fake.fetch, navigate });
    const first = await client.GET('/api/config');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/genericerror');
    // The middleware reads a clone: the caller still gets the body.
    expect(first.error).toEqual(body);

    body = { ExceptionType: 3, ExceptionTypeString: 'ExpiredSessionToken' };
    await client.GET('/api/config');
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it("leaves a MissingToken of the session's own background calls to the session", async () => {
    const navigate = vi.fn();
    const fake = fakeFetch(() => json({ ExceptionType: 60, ExceptionTypeString: 'MissingToken' }, 401));
    const client = createApiClient({ fetch: fake.fetch, navigate });
    const { response } = await client.POST('/api/Account/Session', { body: { portal: 5 } });
    expect(response.status).toBe(401);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not navigate on other failures', async () => {
    const navigate = vi.fn();
    const fake = fakeFetch(() => json({ ExceptionType: 0, ExceptionTypeString: 'Unknown' }, 500));
    const client = createApiClient({ fetch: fake.fetch, navigate });
    await client.GET('/api/config');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports each call to telemetry by its route template, never the values of its path', async () => {
    const calls: AjaxCall[] = [];
    let clock = 1000;
    const fake = fakeFetch((request) => {
      clock += 42;
      return request.url.includes('/Confirm/') ? json({}, 400) : json({});
    });
    const client = createApiClient({ fetch: fake.fetch });
    client.use(
      createTelemetryMiddleware(
        (call) => calls.push(call),
        () => clock,
      ),
    );
    await client.GET('/api/config');
    await client.GET('/api/Account/Confirm/{token}', { params: { path: { token: 'segreto-della-mail' } } });
    expect(calls).toEqual([
      { name: 'GET /api/config', target: window.location.host, durationMs: 42, resultCode: 200, success: true },
      {
        name: 'GET /api/Account/Confirm/{token}',
        target: window.location.host,
        durationMs: 42,
        resultCode: 400,
        success: false,
      },
    ]);
    expect(JSON.stringify(calls)).not.toContain('segreto');

    // A call that gets no answer is reported with status 0.
    const offline = createApiClient({ fetch: (() => Promise.reject(new TypeError('offline'))) as typeof fetch });
    offline.use(
      createTelemetryMiddleware(
        (call) => calls.push(call),
        () => clock,
      ),
    );
    await expect(offline.GET('/api/config')).rejects.toThrow('offline');
    expect(calls.at(-1)).toMatchObject({ name: 'GET /api/config', resultCode: 0, success: false });
  });

  it('aborts a call that takes longer than 30 s', async () => {
    vi.useFakeTimers();
    const fake = fakeFetch();
    const neverAnswers = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const client = createApiClient({ fetch: neverAnswers as unknown as typeof fetch });
    const pending = client.GET('/api/config');
    const outcome = expect(pending).rejects.toMatchObject({ name: 'TimeoutError' });
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(neverAnswers).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(fake.calls).toHaveLength(0);
  });

  it('passes the caller signal on, so a cancelled query aborts its call', async () => {
    let seen: AbortSignal | undefined;
    const client = createApiClient({
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        seen = init?.signal ?? undefined;
        return json({});
      }) as typeof fetch,
    });
    const controller = new AbortController();
    await client.GET('/api/config', { signal: controller.signal });
    expect(seen?.aborted).toBe(false);
  });
});

describe('query options', () => {
  it('unwraps data and throws an ApiError with the body on failure', async () => {
    expect(unwrap('x', { data: 1, response: new Response() })).toBe(1);
    const failing = () =>
      unwrap('GET /x', {
        error: { ExceptionType: 4, ExceptionTypeString: 'NotFound' },
        response: new Response(null, { status: 404 }),
      });
    expect(failing).toThrow(ApiError);
    try {
      failing();
    } catch (error) {
      expect((error as ApiError).status).toBe(404);
      expect((error as ApiError).body?.ExceptionTypeString).toBe('NotFound');
    }
  });

  it('fetch config and footer links through the given client', async () => {
    const fake = fakeFetch((request) =>
      json(request.url.endsWith('/api/config') ? { Portal: 5, Language: 'it' } : { Sale: [], Rent: [] }),
    );
    const client = createApiClient({ fetch: fake.fetch });
    const config = configQueryOptions(client);
    const footer = footerLinksQueryOptions(client);
    expect(config.queryKey).toEqual(['config']);
    const signal = new AbortController().signal;
    const context = { signal, queryKey: config.queryKey, meta: undefined, client: undefined } as never;
    await expect(config.queryFn!(context)).resolves.toEqual({ Portal: 5, Language: 'it' });
    await expect(footer.queryFn!(context)).resolves.toEqual({ Sale: [], Rent: [] });
  });
});

describe('api client and the session', () => {
  it('asks for cookie transport when told to, and never sends it otherwise', async () => {
    const fake = fakeFetch();
    await createApiClient({ fetch: fake.fetch, cookieTransport: true }).GET('/api/config');
    await createApiClient({ fetch: fake.fetch }).GET('/api/config');
    expect(fake.calls[0].request.headers.get('X-Token-Transport')).toBe('cookie');
    expect(fake.calls[1].request.headers.has('X-Token-Transport')).toBe(false);
  });

  it('renews an expired session token once and sends the request again, body included', async () => {
    let expired = true;
    const bodies: string[] = [];
    const fake = fakeFetch(async (request) => {
      bodies.push(await request.clone().text());
      if (expired) return json({ ExceptionType: 61, ExceptionTypeString: 'ExpiredSessionToken' }, 401);
      return json({ Ok: true });
    });
    const renew = vi.fn(async () => {
      expired = false;
      return true;
    });
    const client = createApiClient({ fetch: fake.fetch, session: () => ({ renew, end: vi.fn() }) });
    const { data } = await client.POST('/api/user/updatePhone', { body: { phone: '+39 333 1234567' } });
    expect(data).toEqual({ Ok: true });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(bodies).toEqual([
      JSON.stringify({ phone: '+39 333 1234567' }),
      JSON.stringify({ phone: '+39 333 1234567' }),
    ]);
  });

  it('gives back the 401 when the renewal fails, and retries only once', async () => {
    const fake = fakeFetch(() => json({ ExceptionType: 61, ExceptionTypeString: 'ExpiredSessionToken' }, 401));
    const refused = createApiClient({ fetch: fake.fetch, session: () => ({ renew: async () => false, end: vi.fn() }) });
    expect((await refused.GET('/api/Account/Me')).response.status).toBe(401);
    expect(fake.calls).toHaveLength(1);
    const renewed = createApiClient({ fetch: fake.fetch, session: () => ({ renew: async () => true, end: vi.fn() }) });
    expect((await renewed.GET('/api/Account/Me')).response.status).toBe(401);
    expect(fake.calls).toHaveLength(3);
  });

  it('ends the session on an expired user token or a closed account, not on the session calls themselves', async () => {
    let name = 'ExpiredUserToken';
    const fake = fakeFetch(() => json({ ExceptionType: 60, ExceptionTypeString: name }, 401));
    const end = vi.fn();
    const renew = vi.fn(async () => true);
    const client = createApiClient({ fetch: fake.fetch, session: () => ({ renew, end }) });
    await client.GET('/api/Account/Me');
    name = 'UserIsSuspendedOrDeleted';
    await client.GET('/api/Account/Me');
    name = 'ExpiredSessionToken';
    await client.POST('/api/Account/Session', { body: { portal: 5 } });
    expect(end.mock.calls).toEqual([['ExpiredUserToken'], ['UserIsSuspendedOrDeleted']]);
    expect(renew).not.toHaveBeenCalled();
  });

  it('does not send the visitor to /toomanyrequest for the background session calls', async () => {
    const navigate = vi.fn();
    const fake = fakeFetch(() => json({ ExceptionType: 1, ExceptionTypeString: 'TooManyRequests' }, 429));
    const client = createApiClient({ fetch: fake.fetch, navigate });
    await client.POST('/api/Account/AnonymousLogin', { body: { AnonymousToken: crypto.randomUUID(), portal: 5 } });
    expect(navigate).not.toHaveBeenCalled();
  });
});
