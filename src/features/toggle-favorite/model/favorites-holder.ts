import { useSyncExternalStore } from 'react';

// Whether this browser has saved a favourite: only then do pages ask for the favourites of a
// visitor who is not logged in. Asking every visitor would open an anonymous session (and
// load the session machine) on every listing page for people who never saved anything.

const KEY = 'rexer_favorites';
const listeners = new Set<() => void>();

export function rememberFavoritesHolder(): void {
  try {
    window.localStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode): the favourite is saved all the same, it shows after a login.
  }
  listeners.forEach((listener) => listener());
}

export function isFavoritesHolder(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False on the server and while the page hydrates (so both render alike), then the browser's answer. */
export function useFavoritesHolder(): boolean {
  return useSyncExternalStore(subscribe, isFavoritesHolder, () => false);
}
