import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { i18n as appI18n, type I18n } from './i18n';
import type { TFunction } from './translate';

const I18nContext = createContext<I18n | undefined>(undefined);

/** Gives the components below it their translator (the browser's instance when there is none). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export interface UseTranslationOptions {
  /** true (default): suspends while the namespace loads; false: renders at once with `ready` false. */
  useSuspense?: boolean;
}

/**
 * `t` of one namespace (the default one without `ns`), as react-i18next's hook with
 * `useSuspense` on: the component suspends until its namespace has loaded (or failed for
 * good). Every namespace asked for is reported to the instance (the server hands those to
 * the browser).
 */
export function useTranslation(
  ns?: string,
  { useSuspense = true }: UseTranslationOptions = {},
): { t: TFunction; i18n: I18n; ready: boolean } {
  const i18n = useContext(I18nContext) ?? appI18n;
  const namespace = ns ?? i18n.defaultNS;
  i18n.reportedNamespaces.add(namespace);
  const ready = i18n.hasLoadedNamespace(namespace);
  const [, loaded] = useState(0);
  useEffect(() => {
    if (ready || useSuspense) return;
    let mounted = true;
    void i18n.loadNamespaces(namespace).then(() => mounted && loaded((n) => n + 1));
    return () => {
      mounted = false;
    };
  }, [i18n, namespace, ready, useSuspense]);
  // A new `t` once the namespace is there, as react-i18next's, for effects that depend on it.
  const t = useMemo(() => i18n.getFixedT(null, namespace), [i18n, namespace, ready]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!ready && useSuspense) throw i18n.loadNamespaces(namespace);
  return { t, i18n, ready };
}
