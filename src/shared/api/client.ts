import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.gen';

/** The portal id this web app sends on every call (spec section 9). */
export const PORTAL_ID = 5;
/** The client gives up on a call after 30 s (spec section 9). */
export const API_TIMEOUT_MS = 30_000;

/** The error body of every failed call (spec section 3). */
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

/** Where the transport sends the visitor on its own (spec section 8). */
export type TransportRedirect = '/toomanyrequest' | '/genericerror';

export type TokenProvider = () => string | null | undefined | Promise<string | null | undefined>;
export type TransportNavigate = (to: TransportRedirect) => void;

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** The bearer token of the current session, if any (the session release sets it). */
  getToken?: TokenProvider;
  /** Called on a 429 and on a 401 MissingToken; the app injects `router.navigate`. */
  navigate?: TransportNavigate;
}

function defaultBaseUrl(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
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

/** Adds the product's headers and reacts to the transport errors of spec section 8. */
export function createTransportMiddleware({ getToken, navigate }: Pick<ApiClientOptions, 'getToken' | 'navigate'>): Middleware {
  return {
    async onRequest({ request }) {
      request.headers.set('Portal', String(PORTAL_ID));
      request.headers.set('Cache-Control', 'no-cache');
      const token = await getToken?.();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ response }) {
      if (response.status === 429) {
        navigate?.('/toomanyrequest');
      } else if (response.status === 401) {
        const body: unknown = await response
          .clone()
          .json()
          .catch(() => undefined);
        if (isApiErrorBody(body) && body.ExceptionTypeString === 'MissingToken') navigate?.('/genericerror');
      }
      return response;
    },
  };
}

export type ApiClient = Client<paths>;

/** A typed client of the Rexer API. Tests build their own with a fake fetch. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? defaultBaseUrl(),
    fetch: fetchWithTimeout(baseFetch, options.timeoutMs ?? API_TIMEOUT_MS),
  });
  client.use(createTransportMiddleware(options));
  return client;
}

// The app's client; its token provider and navigation hook are set at start-up, so the
// module has no dependency on the router or the session.
let tokenProvider: TokenProvider | undefined;
let transportNavigate: TransportNavigate | undefined;

export function setTokenProvider(provider: TokenProvider | undefined): void {
  tokenProvider = provider;
}

export function setTransportNavigate(navigate: TransportNavigate | undefined): void {
  transportNavigate = navigate;
}

export const apiClient: ApiClient = createApiClient({
  getToken: () => tokenProvider?.(),
  navigate: (to) => transportNavigate?.(to),
});

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
