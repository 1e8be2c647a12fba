import type { PlaceTarget } from './place-href';

// The places a visitor chose lately, kept on the device (localStorage): the newest first, a
// place once, at most RECENT_MAX. Only what leads back to the place is kept: its kind, ids,
// slugs, names and search, never what was typed.

export interface RecentPlace extends PlaceTarget {
  Name: string;
  Detail: string | null;
}

export const RECENT_KEY = 'rexer.search-place.recent';
export const RECENT_MAX = 5;

const KINDS: ReadonlySet<string> = new Set(['town', 'district', 'province', 'region', 'address']);

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

const nullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** One stored entry, or null when it is not one (an older format, a hand-edited value). */
function asRecent(value: unknown): RecentPlace | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.Kind !== 'string' || !KINDS.has(v.Kind) || typeof v.Id !== 'string' || typeof v.Name !== 'string')
    return null;
  if (
    !nullableString(v.Detail) ||
    !nullableString(v.Slug) ||
    !nullableString(v.ProvinceSlug) ||
    !isStringRecord(v.Params)
  )
    return null;
  return {
    Kind: v.Kind as RecentPlace['Kind'],
    Id: v.Id,
    Name: v.Name,
    Detail: v.Detail,
    Slug: v.Slug,
    ProvinceSlug: v.ProvinceSlug,
    Params: v.Params,
  };
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage switched off (a private window of some browsers): nothing is remembered.
    return null;
  }
}

const EMPTY: readonly RecentPlace[] = [];
let cache: { raw: string | null; places: readonly RecentPlace[] } | undefined;
const listeners = new Set<() => void>();

/** The remembered places, newest first; the same array while nothing changed (useSyncExternalStore). */
export function readRecentPlaces(): readonly RecentPlace[] {
  let raw: string | null;
  try {
    raw = storage()?.getItem(RECENT_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (cache && cache.raw === raw) return cache.places;
  let places: readonly RecentPlace[] = EMPTY;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed))
        places = parsed
          .map(asRecent)
          .filter((p): p is RecentPlace => p !== null)
          .slice(0, RECENT_MAX);
    } catch {
      places = EMPTY;
    }
  }
  cache = { raw, places };
  return places;
}

function write(places: readonly RecentPlace[]): void {
  try {
    const store = storage();
    if (!store) return;
    if (places.length === 0) store.removeItem(RECENT_KEY);
    else store.setItem(RECENT_KEY, JSON.stringify(places));
  } catch {
    // A full or refused storage: the choice still leads to its page.
  }
  for (const listener of listeners) listener();
}

const samePlace = (a: RecentPlace, b: RecentPlace) => a.Kind === b.Kind && a.Id === b.Id;

/** Puts a chosen place first (moving it there when it was already remembered). */
export function rememberPlace(place: RecentPlace): void {
  const entry: RecentPlace = {
    Kind: place.Kind,
    Id: place.Id,
    Name: place.Name,
    Detail: place.Detail,
    Slug: place.Slug,
    ProvinceSlug: place.ProvinceSlug,
    Params: place.Params,
  };
  write([entry, ...readRecentPlaces().filter((p) => !samePlace(p, entry))].slice(0, RECENT_MAX));
}

export function clearRecentPlaces(): void {
  write(EMPTY);
}

/** For useSyncExternalStore: this tab's changes, and another tab's through the storage event. */
export function subscribeRecentPlaces(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === RECENT_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The server, and the browser while hydrating, know of no recent place. */
export function serverRecentPlaces(): readonly RecentPlace[] {
  return EMPTY;
}
