import { useSyncExternalStore } from 'react';
import { isCrawlerAgent } from '@domain/device/crawler';

/** Under this width the app shows its mobile layout (docs/spec.md §9). */
export const MOBILE_BREAKPOINT = 992;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;
/** The longest user agent the client sends or records (docs/spec.md §9). */
export const USER_AGENT_MAX_LENGTH = 350;
/** The marker the product's mobile apps add to their web views' user agent. */
export const MOBILE_APP_MARKER = 'RexerApp';

const MOBILE_PATTERN = /android|iphone|ipad|ipod|iemobile|blackberry|opera mini|mobile|silk|kindle|tablet/i;

export function currentUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/** Crawlers and bots (search engines, link previews, audits) never get analytics. */
export function isCrawler(userAgent: string = currentUserAgent()): boolean {
  return isCrawlerAgent(userAgent);
}

export function isMobileApp(userAgent: string = currentUserAgent()): boolean {
  return userAgent.includes(MOBILE_APP_MARKER);
}

/** A phone or tablet, by user agent; the layout itself follows the width (useIsMobile). */
export function isMobileOrTabletDevice(userAgent: string = currentUserAgent()): boolean {
  return MOBILE_PATTERN.test(userAgent);
}

export function cutUserAgent(userAgent: string = currentUserAgent()): string {
  return userAgent.slice(0, USER_AGENT_MAX_LENGTH);
}

function mediaQueryList(): MediaQueryList | undefined {
  return typeof window === 'undefined' || typeof window.matchMedia !== 'function'
    ? undefined
    : window.matchMedia(MOBILE_MEDIA_QUERY);
}

function subscribe(onChange: () => void): () => void {
  const list = mediaQueryList();
  if (!list) return () => {};
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function isMobileViewport(): boolean {
  return mediaQueryList()?.matches ?? false;
}

/** True while the viewport is narrower than 992 px; follows resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileViewport, () => false);
}

/** The header keeps its entries on one line down to this width; narrower, it shows the menu button. */
export const COMPACT_HEADER_QUERY = '(max-width: 1199.98px)';

/** True while `query` matches; follows resizes (false on the server). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = typeof window === 'undefined' || !window.matchMedia ? undefined : window.matchMedia(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => (typeof window === 'undefined' || !window.matchMedia ? false : window.matchMedia(query).matches),
    () => false,
  );
}
