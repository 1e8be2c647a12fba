import { readTranslations, type TranslationBackendOptions } from './translation-backend';
import { resolve, translate, type Resources, type TFunction, type TOptions } from './translate';
import { createCachedRequest, type CachedRequest, type CachedRequestOptions } from './ttl-cache-request';

export const LANGUAGE = 'it';
export const DEFAULT_NAMESPACE = 'common';
export const TRANSLATION_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

/**
 * How the app's translations load (docs/spec.md §1 and §9): Italian only, files from
 * `/locales/it/{ns}.json`, up to 5 retries from 350 ms doubling, at most 10 files read at
 * once; a component suspends while its namespace loads.
 */
export interface I18nOptions {
  lng: string;
  defaultNS: string;
  maxRetries: number;
  retryTimeout: number;
  maxParallelReads: number;
  /** Without one, nothing loads: every namespace counts as loaded (the server, tests). */
  backend?: TranslationBackendOptions;
}

export function i18nOptions(request: CachedRequest): I18nOptions {
  return {
    lng: LANGUAGE,
    defaultNS: DEFAULT_NAMESPACE,
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    backend: { loadPath: TRANSLATION_LOAD_PATH, request },
  };
}

/** The translator: what the app calls, the namespaces it holds, and their loading. */
export interface I18n {
  readonly language: string;
  readonly defaultNS: string;
  /** Translates in the default namespace (or the `ns` option, or the key's `ns:` prefix). */
  t: TFunction;
  /** `t` of one namespace (the language is always Italian: `lng` is there for i18next's signature). */
  getFixedT(lng: string | null, ns?: string): TFunction;
  exists(key: string, options?: TOptions): boolean;
  /** Loads the namespaces not yet there; settles when each has loaded or failed (never rejects). */
  loadNamespaces(namespaces: string | string[]): Promise<void>;
  /** Loaded, or failed for good, or there is nothing to load it with. */
  hasLoadedNamespace(ns: string): boolean;
  addResourceBundle(ns: string, data: Record<string, unknown>): void;
  /** Loads the default namespace. */
  init(): Promise<void>;
  /** The namespaces components asked for (useTranslation), in order. */
  readonly reportedNamespaces: Set<string>;
}

/** Loading states of a namespace, as i18next's: 1 loading, 2 loaded, -1 failed for good, 0 retries exhausted. */
type LoadState = -1 | 0 | 1 | 2;

/** A translator with `resources` already there; with a backend, other namespaces load from their files. */
export function createI18nInstance(options: I18nOptions, resources: Resources = {}): I18n {
  const { lng, defaultNS, backend, maxRetries, retryTimeout, maxParallelReads } = options;
  const state: Record<string, LoadState> = {};
  const pending: Record<string, Promise<void>> = {};
  const waiting: (() => void)[] = [];
  let reading = 0;

  /** One read, queued beyond `maxParallelReads`, retried `maxRetries` times from `retryTimeout` doubling. */
  const read = (
    ns: string,
    done: (error: string | null, data: Record<string, unknown> | boolean) => void,
    tried = 0,
    wait = retryTimeout,
  ): void => {
    if (reading >= maxParallelReads) {
      waiting.push(() => read(ns, done, tried, wait));
      return;
    }
    reading++;
    readTranslations(backend!, lng, ns, (error, data) => {
      reading--;
      waiting.shift()?.();
      if (error && data && tried < maxRetries) setTimeout(() => read(ns, done, tried + 1, wait * 2), wait);
      else done(error, data);
    });
  };

  const load = (ns: string): Promise<void> => {
    if (resources[ns]) state[ns] = 2;
    // Failed for good (a 4xx, a file that is not JSON): not asked again, as i18next.
    if (!backend || state[ns] === 2 || state[ns] === -1) return Promise.resolve();
    if (state[ns] !== 1) {
      state[ns] = 1;
      pending[ns] = new Promise((settle) =>
        read(ns, (error, data) => {
          if (!error && typeof data === 'object') resources[ns] = data;
          state[ns] = error ? (data ? 0 : -1) : 2;
          settle();
        }),
      );
    }
    return pending[ns];
  };

  const getFixedT = (_lng: string | null, ns = defaultNS): TFunction =>
    ((key: string, opts?: TOptions) =>
      translate(resources, lng, key, { ...opts, ns: opts?.ns || ns }, defaultNS)) as TFunction;

  return {
    language: lng,
    defaultNS,
    t: ((key: string, opts?: TOptions) => translate(resources, lng, key, opts ?? {}, defaultNS)) as TFunction,
    getFixedT,
    exists: (key, opts = {}) => resolve(resources, lng, key, opts, defaultNS).value !== undefined,
    loadNamespaces: (namespaces) => Promise.all([namespaces].flat().map(load)).then(() => undefined),
    hasLoadedNamespace: (ns) => !backend || !!resources[ns] || (ns in state && state[ns] !== 1),
    addResourceBundle: (ns, data) => {
      resources[ns] = data;
    },
    init: () => load(defaultNS),
    reportedNamespaces: new Set(),
  };
}

/** A ready-to-init instance that loads through the cached request; the app inits it once, tests build their own. */
export function createI18n(
  cache: CachedRequestOptions = {},
  resources?: Resources,
): { i18n: I18n; request: CachedRequest; init: () => Promise<void> } {
  const request = createCachedRequest(cache);
  const instance = createI18nInstance(i18nOptions(request), resources);
  return { i18n: instance, request, init: instance.init };
}

const app = createI18n();
/** The browser's instance; `initI18nWith()` starts it with the translations of the page. */
export const i18n = app.i18n;
let started: Promise<void> | undefined;

/**
 * An instance with every namespace it will use already given, loading nothing (what a page
 * rendered on the server uses, and tests): a namespace that is not there renders its keys.
 */
export function createStaticI18n(translations: Resources, defaultNS = DEFAULT_NAMESPACE): I18n {
  const { backend: _backend, ...options } = i18nOptions(createCachedRequest());
  return createI18nInstance({ ...options, defaultNS }, { ...translations });
}

/**
 * An instance for one page rendered on the server: every namespace is already there (the
 * server reads the files once), so nothing suspends; `usedNamespaces` then says which ones the
 * page used, for the browser to hydrate with.
 */
export function createServerI18n(translations: Resources): I18n {
  return createStaticI18n(translations);
}

/** The namespaces the components rendered with this instance asked for, the default one first. */
export function usedNamespaces(instance: I18n): string[] {
  return [...new Set([DEFAULT_NAMESPACE, ...instance.reportedNamespaces])];
}

/**
 * Starts the browser's instance with the translations the server rendered the page with
 * (no request before the first paint); other namespaces load from their files when needed.
 */
export function initI18nWith(translations: Resources): Promise<void> {
  if (!started) {
    for (const [ns, data] of Object.entries(translations)) app.i18n.addResourceBundle(ns, data);
    started = app.i18n.init();
  }
  return started;
}
