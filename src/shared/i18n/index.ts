export { i18n, initI18nWith, createServerI18n, usedNamespaces, createI18n, i18nOptions, LANGUAGE, DEFAULT_NAMESPACE, TRANSLATION_LOAD_PATH } from './i18n';
export { createCachedRequest, TRANSLATION_CACHE_TTL_MS, type CachedRequest, type CachedRequestOptions } from './ttl-cache-request';
