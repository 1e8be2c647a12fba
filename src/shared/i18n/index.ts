export {
  i18n,
  initI18nWith,
  createServerI18n,
  createStaticI18n,
  usedNamespaces,
  createI18n,
  i18nOptions,
  LANGUAGE,
  DEFAULT_NAMESPACE,
  TRANSLATION_LOAD_PATH,
  type I18n,
  type I18nOptions,
} from './i18n';
export { I18nProvider, useTranslation, type UseTranslationOptions } from './react';
export { Trans } from './trans';
export type { TFunction, TOptions, Resources } from './translate';
export {
  createCachedRequest,
  TRANSLATION_CACHE_TTL_MS,
  type CachedRequest,
  type CachedRequestOptions,
} from './ttl-cache-request';
