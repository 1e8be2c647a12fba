import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { PAGE_BOOT_ELEMENT_ID, type PageBoot } from '@domain/page-rendering';
import { installSession } from '@/processes/session';
import { setTransportNavigate } from '@/shared/api';
import { PUBLIC_SITE_ORIGIN } from '@/shared/config';
import { i18n, initI18nWith } from '@/shared/i18n';
import { getHomeTypeCookie } from '@/shared/lib/home-type';
import { homePathOf } from './config/home-paths';
import { startTelemetry } from './lib/start-telemetry';
import { createQueryClient } from './model/query-client';
import { createAppRouter } from './router';

/** What the server rendered the page with (entry-server.tsx): its translations and the site origin. */
function readBoot(): PageBoot {
  const text = document.getElementById(PAGE_BOOT_ELEMENT_ID)?.textContent;
  try {
    if (text) return JSON.parse(text) as PageBoot;
  } catch {
    // A damaged page still starts: translations then load from their files.
  }
  return { siteOrigin: PUBLIC_SITE_ORIGIN, translations: {} };
}

const boot = readBoot();
void initI18nWith(boot.translations);
const queryClient = createQueryClient();
const router = createAppRouter({
  queryClient,
  i18n,
  cookies: document,
  host: window.location.hostname,
  siteOrigin: boot.siteOrigin,
});

installSession({
  navigate: (to) => void router.navigate({ href: to }),
  goHome: () => void router.navigate({ to: homePathOf(getHomeTypeCookie() ?? 0) }),
  sessionChanged: () => {
    queryClient.removeQueries({ queryKey: ['account'] });
    // Route guards read the session again: a protected page sends a logged-out visitor away.
    void router.invalidate();
  },
});

// The API client sends the visitor to /toomanyrequest or /genericerror through the router.
setTransportNavigate((to) => void router.navigate({ to }));
startTelemetry(queryClient, router);

hydrateRoot(
  document,
  <StrictMode>
    <RouterClient router={router} />
  </StrictMode>,
);
