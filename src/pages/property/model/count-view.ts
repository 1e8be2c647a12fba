import { useEffect } from 'react';
import { isCrawler } from '@/shared/lib/device';

const KEY = 'rexer.viewed';

/** The listings this tab has already counted (sessionStorage: a reload or a return is not a new view). */
function countedInThisTab(storage: Storage | undefined): Set<number> {
  try {
    const raw = storage?.getItem(KEY);
    const ids: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : []);
  } catch {
    return new Set();
  }
}

/**
 * Counts a view of the listing once per browser tab, after the page has shown in a browser
 * (never while the server renders it, never for a crawler). Returns whether it reported one.
 */
export function countViewOnce(
  id: number,
  report: (id: number) => Promise<void>,
  storage: Storage | undefined = globalThis.sessionStorage,
  userAgent?: string,
): boolean {
  if (isCrawler(userAgent)) return false;
  const counted = countedInThisTab(storage);
  if (counted.has(id)) return false;
  counted.add(id);
  try {
    // The last 200 listings are enough to tell a return from a new view.
    storage?.setItem(KEY, JSON.stringify([...counted].slice(-200)));
  } catch {
    // Storage full or refused (private mode): the view still counts once for this page.
  }
  void report(id);
  return true;
}

export function useCountView(id: number, report: (id: number) => Promise<void>): void {
  useEffect(() => {
    countViewOnce(id, report);
  }, [id, report]);
}
