import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.gen';
import { PORTAL } from '@domain/session';
import { trackDependency, type AjaxCall } from '@/shared/telemetry';

/** The portal id this web app sends on every call (docs/spec.md §9). */
export const PORTAL_ID = PORTAL;
/** The client gives up on a call after 30 s (docs/spec.md §9). */
export const API_TIMEOUT_MS = 30_000;

/** The error body of every failed call (docs/spec.md §3). */
export interface ApiErrorBody {
  ExceptionType: number;
  ExceptionTypeString: string;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).ExceptionType === 'number' &&
    typeof (value as ApiErrorBody).ExceptionTypeString === 'string'
  );
}

/** Where the transport sends the visitor on its own (docs/spec.md §8). */
export type TransportRedirect = '/toomanyrequest' | '/genericerror';

export type TokenProvider = () => string | null | undefined | Promise<string | null | undefined>;
export type TransportNavigate = (to: TransportRedirect) => void;

/** The session's answers to an expired or refused token (the session process provides them). */
export interface SessionHooks {
  /** The session token expired: renew it once; true when the request may be sent again. */
  renew(requestId: string): Promise<boolean>;
  /** The user token expired, or the account is suspended or deleted: log out and go home. */
  end(reason: 'ExpiredUserToken' | 'UserIsSuspendedOrDeleted' | 'InvalidSessionToken'): void;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** A bearer token to send (scripts and tests); the web app's bearer is an HttpOnly cookie instead. */
  getToken?: TokenProvider;
  /** Called on a 429 and on a 401 MissingToken; the app injects `router.navigate`. */
  navigate?: TransportNavigate;
  /** Ask the API for its tokens in HttpOnly cookies (the web app), never in answers. */
  cookieTransport?: boolean;
  session?: () => SessionHooks | undefined;
}

/** Calls the app makes on its own in the background: their 429 sends nobody to /toomanyrequest. */
const BACKGROUND_CALLS = /\/api\/Account\/(AnonymousLogin|Session)$/i;
/** Limits a page answers itself (the composer says when to write again): no 429 page for them. */
const PAGE_ANSWERED_LIMITS = new Set(['MessageRateLimited']);
/** Calls whose 401 is an answer to show (wrong password ...), not a session to end. */
const SESSION_CALLS = /\/api\/Account\/(AnonymousLogin|Session|Login|Logout|Register)$/i;

let requestCounter = 0;

/**
 * Sends a request; when the session token has expired, asks the session to renew it once and
 * sends the request again (docs/spec.md §8: "obtains a new one and retries the request once").
 */
export function fetchWithSessionRenewal(
  baseFetch: typeof globalThis.fetch,
  session: () => SessionHooks | undefined,
): typeof globalThis.fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const hooks = session();
    if (!hooks || SESSION_CALLS.test(new URL(request.url).pathname)) return baseFetch(request);
    const copy = request.clone();
    const response = await baseFetch(request);
    if (response.status !== 401) return response;
    const body = await errorBodyOf(response);
    if (body?.ExceptionTypeString === 'ExpiredSessionToken') {
      const renewed = await hooks.renew(`request-${++requestCounter}`);
      return renewed ? baseFetch(copy) : response;
    }
    if (
      body?.ExceptionTypeString === 'ExpiredUserToken' ||
      body?.ExceptionTypeString === 'UserIsSuspendedOrDeleted' ||
      body?.ExceptionTypeString === 'InvalidSessionToken'
    ) {
      hooks.end(body.ExceptionTypeString);
    }
    return response;
  };
}

async function errorBodyOf(response: Response): Promise<ApiErrorBody | undefined> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return isApiErrorBody(body) ? body : undefined;
}

/** The origin of the calls made while a page renders on the server (they never leave the process). */
export const SERVER_RENDER_ORIGIN = 'http://rexer.internal';

function defaultBaseUrl(): string {
  return typeof window === 'undefined' ? SERVER_RENDER_ORIGIN : window.location.origin;
}

let serverFetch: typeof globalThis.fetch | undefined;

/**
 * On the server, the calls of the loaders go to the API of the same process (set once when
 * the page renderer starts); in the browser this is never set.
 */
export function setServerFetch(fetch: (request: Request) => Promise<Response>): void {
  serverFetch = (input, init) => fetch(input instanceof Request && !init ? input : new Request(input, init));
}

/** Wraps fetch so a call is aborted after `timeoutMs`, keeping the caller's own signal. */
export function fetchWithTimeout(baseFetch: typeof globalThis.fetch, timeoutMs: number): typeof globalThis.fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const controller = new AbortController();
    const abortFromCaller = () => controller.abort(request.signal.reason);
    if (request.signal.aborted) abortFromCaller();
    else request.signal.addEventListener('abort', abortFromCaller, { once: true });
    const timer = setTimeout(
      () => controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    );
    try {
      return await baseFetch(request, { signal: controller.signal });
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', abortFromCaller);
    }
  };
}

/** Adds the product's headers and reacts to the transport errors of docs/spec.md §8. */
export function createTransportMiddleware({
  getToken,
  navigate,
  cookieTransport,
}: Pick<ApiClientOptions, 'getToken' | 'navigate' | 'cookieTransport'>): Middleware {
  return {
    async onRequest({ request }) {
      request.headers.set('Portal', String(PORTAL_ID));
      request.headers.set('Cache-Control', 'no-cache');
      if (cookieTransport) request.headers.set('X-Token-Transport', 'cookie');
      const token = await getToken?.();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ request, response }) {
      const background = BACKGROUND_CALLS.test(new URL(request.url).pathname);
      if (response.status === 429 && !background) {
        if (!PAGE_ANSWERED_LIMITS.has((await errorBodyOf(response))?.ExceptionTypeString ?? ''))
          navigate?.('/toomanyrequest');
      } else if (
        response.status === 401 &&
        !background &&
        (await errorBodyOf(response))?.ExceptionTypeString === 'MissingToken'
      ) {
        // A background call's missing token is the session's answer, not a failure to show: a
        // new visitor's session call (trying to reuse a session it does not have) meets one.
        navigate?.('/genericerror');
      }
      return response;
    },
  };
}

/**
 * Reports every call to telemetry as an ajax call of the page view (nothing while telemetry is
 * off; at most 500 per page view, docs/spec.md §9). A call is named by its method and route
 * template (`GET /api/Account/Confirm/{token}`), so no token or id of a path leaves the app.
 */
export function createTelemetryMiddleware(
  report: (call: AjaxCall) => void = trackDependency,
  now: () => number = () => performance.now(),
): Middleware {
  const started = new Map<string, number>();
  const end = (id: string, request: Request, schemaPath: string, resultCode: number) => {
    const start = started.get(id);
    started.delete(id);
    if (start === undefined) return;
    report({
      name: `${request.method} ${schemaPath}`,
      target: new URL(request.url).host,
      durationMs: now() - start,
      resultCode,
      success: resultCode >= 200 && resultCode < 400,
    });
  };
  return {
    onRequest({ id }) {
      started.set(id, now());
    },
    onResponse({ id, request, schemaPath, response }) {
      end(id, request, schemaPath, response.status);
    },
    onError({ id, request, schemaPath }) {
      end(id, request, schemaPath, 0);
    },
  };
}

export type ApiClient = Client<paths>;

/** A typed client of the Rexer API. Tests build their own with a fake fetch. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseFetch = options.fetch ?? ((input, init) => (serverFetch ?? globalThis.fetch)(input, init));
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? defaultBaseUrl(),
    fetch: fetchWithSessionRenewal(
      fetchWithTimeout(baseFetch, options.timeoutMs ?? API_TIMEOUT_MS),
      options.session ?? (() => undefined),
    ),
  });
  client.use(createTransportMiddleware(options));
  return client;
}

// The app's client; its navigation hook and session hooks are set at start-up, so the
// module has no dependency on the router or the session.
let transportNavigate: TransportNavigate | undefined;
let sessionHooks: SessionHooks | undefined;

/** The session process answers expired tokens (set once it is installed). */
export function setSessionHooks(hooks: SessionHooks | undefined): void {
  sessionHooks = hooks;
}

export function setTransportNavigate(navigate: TransportNavigate | undefined): void {
  transportNavigate = navigate;
}

export const apiClient: ApiClient = createApiClient({
  navigate: (to) => transportNavigate?.(to),
  cookieTransport: true,
  session: () => sessionHooks,
});
// The browser's calls only: a page rendered on the server reports nothing.
if (typeof window !== 'undefined') apiClient.use(createTelemetryMiddleware());

/** Thrown by query functions when a call fails, with the status and the error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | undefined;

  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = isApiErrorBody(body) ? body : undefined;
  }
}

/** The data of a call, or an ApiError naming the call. */
export function unwrap<T>(call: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || result.data === undefined) {
    throw new ApiError(`${call} failed with status ${result.response.status}`, result.response.status, result.error);
  }
  return result.data;
}
