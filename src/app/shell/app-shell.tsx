import { Outlet, useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { loadSessionRuntime } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import type { HomeType } from '@/shared/lib/home-type';
import type { FooterSeoMode } from '../config/route-static-data';
import { pageStaticData } from '../model/home-type-switch';
import { Footer } from './footer/footer';
import { GlobalLoader } from './global-loader/global-loader';
import { Header } from './header/header';
import { LiveUpdates } from './live-updates/live-updates';
import { ModalHost } from './modal-host/modal-host';
import styles from './app-shell.module.css';

/** Traffic from the new-builds partner ('costruzioni') never sees the SEO footer (docs/spec.md §2). */
export const NO_SEO_SOURCE = 'costruzioni';

export function footerSeoMode(mode: FooterSeoMode | undefined, source: string | null | undefined): FooterSeoMode {
  if (source?.toLowerCase() === NO_SEO_SOURCE) return 'hidden';
  return mode ?? 'default';
}

/** Header, page, footer, loader overlay and modal host around every route. */
export function AppShell({ homeType, searchStr }: { homeType: HomeType; searchStr: string }) {
  const { t } = useTranslation('common');
  const staticData = useMatches({ select: (matches) => pageStaticData(matches) });
  const source = new URLSearchParams(searchStr).get('source') ?? staticData.source;
  useLoginRequest(searchStr);

  return (
    <>
      <a href="#main" className={styles.skipLink}>
        {t('app.skipToContent')}
      </a>
      <Header homeType={homeType} accepted={staticData.homeTypes} mode={staticData.header} />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer homeType={homeType} seo={footerSeoMode(staticData.footerSeo, source)} />
      <GlobalLoader />
      <ModalHost />
      <LiveUpdates />
    </>
  );
}

/**
 * `?login=1&redirect=...` on any page asks for the login modal: a protected page sends a
 * visitor to the home of their mode with it, and a failed social login comes back with
 * `socialError=1`.
 */
function useLoginRequest(searchStr: string) {
  const search = new URLSearchParams(searchStr);
  const login = search.get('login') === '1';
  const redirect = search.get('redirect') ?? undefined;
  const socialError = search.get('socialError') === '1';
  useEffect(() => {
    if (!login) return;
    void loadSessionRuntime().then((runtime) => runtime.openLogin({ redirectTo: redirect, notice: socialError ? 'socialError' : undefined }));
  }, [login, redirect, socialError]);
}
