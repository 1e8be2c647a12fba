import type { BackendModule, ReadCallback, Services } from 'i18next';
import type { CachedRequest } from './ttl-cache-request';

export interface TranslationBackendOptions {
  /** `/locales/{{lng}}/{{ns}}.json` */
  loadPath: string;
  request: CachedRequest;
}

/**
 * The i18next backend of the app: one JSON file per language and namespace, read through the
 * cached request. i18next's core retries what this reports as retriable (network failures
 * and 5xx: `maxRetries`, `retryTimeout`); a 4xx or a file that is not JSON is final. Written
 * here instead of i18next-http-backend, whose XHR and polyfill paths cost the first screen
 * 4 KB for what fetch does.
 */
export class TranslationBackend implements BackendModule<TranslationBackendOptions> {
  static type = 'backend' as const;
  type = 'backend' as const;
  private options: TranslationBackendOptions | undefined;

  init(_services: Services, options: TranslationBackendOptions): void {
    this.options = options;
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    if (!this.options) return callback(new Error('translation backend not initialised'), false);
    const url = this.options.loadPath.replace('{{lng}}', encodeURIComponent(language)).replace('{{ns}}', encodeURIComponent(namespace));
    this.options.request({}, url, undefined, (error, result) => {
      if (error) {
        const status = typeof result === 'object' && result ? result.status : undefined;
        const retry = status === undefined || status >= 500;
        return callback(`failed loading ${url}${status ? `: status ${status}` : ''}`, retry);
      }
      try {
        callback(null, JSON.parse(result!.data) as Record<string, unknown>);
      } catch {
        callback(`failed parsing ${url} to json`, false);
      }
    });
  }
}
