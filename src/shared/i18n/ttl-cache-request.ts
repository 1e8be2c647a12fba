/** Translations are kept for 225 s before the file store is asked again (docs/spec.md §9). */
export const TRANSLATION_CACHE_TTL_MS = 225_000;

/** What a read answers: the file's text, or the failure (with the HTTP status when there was one). */
type RequestCallback = (error: unknown, result: { status: number; data: string } | null) => void;
type RequestFn = (
  options: { requestOptions?: RequestInit | (() => RequestInit) },
  url: string,
  payload: unknown,
  callback: RequestCallback,
) => void;

export interface CachedRequestOptions {
  ttlMs?: number;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  now?: () => number;
}

export interface CachedRequest extends RequestFn {
  /** Forgets every cached file (tests, or a forced reload). */
  clear(): void;
  /** How many files are cached and still fresh. */
  size(): number;
}

interface Entry {
  expiresAt: number;
  text: Promise<{ status: number; data: string }>;
}

/**
 * The request of the translation backend: keeps each translation file for `ttlMs`.
 * Concurrent reads of one file share a single fetch; failures are not cached, so
 * the instance's retries (i18n.ts: 5, from 350 ms doubling) reach the network again.
 */
export function createCachedRequest({
  ttlMs = TRANSLATION_CACHE_TTL_MS,
  fetch: fetchFile = (url, init) => globalThis.fetch(url, init),
  now = () => Date.now(),
}: CachedRequestOptions = {}): CachedRequest {
  const cache = new Map<string, Entry>();

  const request = ((options, url, _payload, callback) => {
    const cached = cache.get(url);
    let entry = cached && cached.expiresAt > now() ? cached : undefined;
    if (!entry) {
      const init: RequestInit = {
        ...(typeof options.requestOptions === 'function' ? {} : options.requestOptions),
        method: 'GET',
      };
      const text = fetchFile(url, init).then(async (response) => {
        if (!response.ok) throw Object.assign(new Error(`status ${response.status}`), { status: response.status });
        return { status: response.status, data: await response.text() };
      });
      entry = { expiresAt: now() + ttlMs, text };
      cache.set(url, entry);
      const stored = entry;
      text.catch(() => {
        if (cache.get(url) === stored) cache.delete(url);
      });
    }
    entry.text.then(
      (result) => callback(null, result),
      (error: Error & { status?: number }) =>
        // With a status the backend decides (5xx retried, 4xx not); without one it is a
        // network failure, which the backend retries when the message says "failed".
        error.status
          ? callback(error.message, { status: error.status, data: '' })
          : callback(new Error(`failed: ${error.message}`), null),
    );
  }) as CachedRequest;

  request.clear = () => cache.clear();
  request.size = () => [...cache.values()].filter((entry) => entry.expiresAt > now()).length;
  return request;
}
