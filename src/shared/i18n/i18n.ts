import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { TranslationBackend, type TranslationBackendOptions } from './translation-backend';
import { createCachedRequest, type CachedRequest, type CachedRequestOptions } from './ttl-cache-request';

export const LANGUAGE = 'it';
export const DEFAULT_NAMESPACE = 'common';
export const TRANSLATION_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

/**
 * The i18next options of the app (spec sections 1 and 9): Italian only, no detection,
 * files from `/locales/it/{ns}.json`, up to 5 retries from 350 ms doubling, at most
 * 10 files read at once, Suspense while a namespace loads.
 */
export function i18nOptions(request: CachedRequest): InitOptions<TranslationBackendOptions> {
  return {
    lng: LANGUAGE,
    supportedLngs: [LANGUAGE],
    fallbackLng: LANGUAGE,
    load: 'currentOnly',
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    fallbackNS: false,
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
    backend: { loadPath: TRANSLATION_LOAD_PATH, request },
  };
}

/** A ready-to-init i18next instance; the app inits it once, tests build their own. */
export function createI18n(cache: CachedRequestOptions = {}): { i18n: I18n; request: CachedRequest; init: () => Promise<unknown> } {
  const instance = i18next.createInstance();
  const request = createCachedRequest(cache);
  instance.use(TranslationBackend).use(initReactI18next);
  return { i18n: instance, request, init: () => instance.init(i18nOptions(request)) };
}

const app = createI18n();
/** The browser's instance; `initI18nWith()` starts it with the translations of the page. */
export const i18n = app.i18n;
let started: Promise<unknown> | undefined;

/** The app's options without the backend: on the server every namespace is given at init. */
const SERVER_OPTIONS = i18nOptions(createCachedRequest());

/**
 * An instance for one page rendered on the server: every namespace is already there (the
 * server reads the files once), so nothing suspends; `usedNamespaces` then says which ones the
 * page used, for the browser to hydrate with.
 */
export function createServerI18n(translations: Record<string, Record<string, unknown>>): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  const { backend: _backend, ...options } = SERVER_OPTIONS;
  void instance.init({ ...options, ns: Object.keys(translations), resources: { [LANGUAGE]: translations }, initAsync: false });
  return instance;
}

/** The namespaces the components rendered with this instance asked for. */
export function usedNamespaces(instance: I18n): string[] {
  const reported = (instance as I18n & { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces;
  return [...new Set([DEFAULT_NAMESPACE, ...(reported?.getUsedNamespaces() ?? [])])];
}

/**
 * Starts the browser's instance with the translations the server rendered the page with
 * (no request before the first paint); other namespaces load from their files when needed.
 */
export function initI18nWith(translations: Record<string, Record<string, unknown>>): Promise<unknown> {
  started ??= app.i18n.init({ ...i18nOptions(app.request), resources: { [LANGUAGE]: translations }, partialBundledLanguages: true });
  return started;
}
