import type { CachedRequest } from './ttl-cache-request';

export interface TranslationBackendOptions {
  /** `/locales/{{lng}}/{{ns}}.json` */
  loadPath: string;
  request: CachedRequest;
}

/**
 * What a read answers: the namespace's JSON, or an error with `true` when the read may be
 * tried again (a network failure or a 5xx) and `false` when it is final (a 4xx, or a file
 * that is not JSON).
 */
export type ReadCallback = (error: string | null, data: Record<string, unknown> | boolean) => void;

/**
 * Reads one JSON file per language and namespace through the cached request. The instance
 * (i18n.ts) retries what this reports as retriable; fetch is all it needs (no XHR path).
 */
export function readTranslations(
  { loadPath, request }: TranslationBackendOptions,
  language: string,
  namespace: string,
  callback: ReadCallback,
): void {
  const url = loadPath
    .replace('{{lng}}', encodeURIComponent(language))
    .replace('{{ns}}', encodeURIComponent(namespace));
  request({}, url, undefined, (error, result) => {
    if (error) {
      const status = result?.status;
      return callback(
        `failed loading ${url}${status ? `: status ${status}` : ''}`,
        status === undefined || status >= 500,
      );
    }
    try {
      callback(null, JSON.parse(result!.data) as Record<string, unknown>);
    } catch {
      callback(`failed parsing ${url} to json`, false);
    }
  });
}
