import { Outlet, useMatches } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadSessionRuntime, useSessionView } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import type { HomeType } from '@/shared/lib/home-type';
import type { FooterSeoMode } from '../config/route-static-data';
import { pageStaticData } from '../model/home-type-switch';
import { Footer } from './footer/footer';
import { GlobalLoader } from './global-loader/global-loader';
import { Header } from './header/header';
import { ModalHost } from './modal-host/modal-host';
import styles from './app-shell.module.css';

const LiveUpdates = lazy(() =>
  import('./live-updates/live-updates').then((module) => ({ default: module.LiveUpdates })),
);

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
      <LiveUpdatesOnceLoggedIn />
    </>
  );
}

/**
 * The live updates load with the first login of the tab (a visitor who never logs in does not
 * carry them) and stay mounted after it, so a logout still closes the stream and drops what was read.
 */
function LiveUpdatesOnceLoggedIn() {
  const loggedIn = useSessionView().isLoggedIn;
  const [needed, setNeeded] = useState(loggedIn);
  if (loggedIn && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LiveUpdates />
    </Suspense>
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
    void loadSessionRuntime().then((runtime) =>
      runtime.openLogin({ redirectTo: redirect, notice: socialError ? 'socialError' : undefined }),
    );
  }, [login, redirect, socialError]);
}
