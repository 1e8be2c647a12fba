import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MOBILE_MEDIA_QUERY,
  cutUserAgent,
  isCrawler,
  isMobileApp,
  isMobileOrTabletDevice,
  useIsMobile,
} from './device';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function fakeMatchMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return matches;
    },
    media: MOBILE_MEDIA_QUERY,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  const matchMedia = vi.fn(() => list);
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    matchMedia,
    set(value: boolean) {
      matches = value;
      listeners.forEach((listener) => listener());
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('device', () => {
  it('recognises crawlers by user agent', () => {
    expect(isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
    expect(isCrawler('facebookexternalhit/1.1')).toBe(true);
    expect(isCrawler(CHROME)).toBe(false);
  });

  it('recognises the mobile app and mobile devices', () => {
    expect(isMobileApp(`${CHROME} RexerApp/3.2`)).toBe(true);
    expect(isMobileApp(CHROME)).toBe(false);
    expect(isMobileOrTabletDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isMobileOrTabletDevice(CHROME)).toBe(false);
  });

  it('cuts the user agent at 350 characters', () => {
    expect(cutUserAgent('x'.repeat(500))).toHaveLength(350);
    expect(cutUserAgent(CHROME)).toBe(CHROME);
  });

  it('follows the 992 px breakpoint', () => {
    const media = fakeMatchMedia(false);
    const { result } = renderHook(() => useIsMobile());
    expect(media.matchMedia).toHaveBeenCalledWith('(max-width: 991.98px)');
    expect(result.current).toBe(false);
    act(() => media.set(true));
    expect(result.current).toBe(true);
  });
});
