import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/shared/api';
import { ensureSession, type SessionView } from '@/entities/session';
import type { SearchListing } from '@/entities/listing';
import { rememberFavoritesHolder } from '../model/favorites-holder';

// The favourites calls of docs/search.md. They are not in the generated schema yet (the
// server's routes are landing), so they go through the typed client's transport untyped;
// the answer's shape is the contract's.

/** One saved listing of `GET /api/User/Favorites`. */
export interface FavoriteItem {
  Property: SearchListing;
  SavedAt: string;
  PriceAtSave: number | null;
  PriceChange: number | null;
  Status: number;
}

export interface FavoritesAnswer {
  Items: FavoriteItem[];
}

type Answer = { data?: unknown; error?: unknown; response: Response };
interface UntypedClient {
  GET(path: string, init?: { signal?: AbortSignal }): Promise<Answer>;
  PUT(path: string, init?: { params?: { path: Record<string, number> } }): Promise<Answer>;
  DELETE(path: string, init?: { params?: { path: Record<string, number> } }): Promise<Answer>;
}
const client = apiClient as unknown as UntypedClient;

export type FavoritesSession = Pick<SessionView, 'isLoggedIn' | 'username'>;

/** The key of the visitor's favourites: another person's never shows after a login or a logout. */
export function favoritesQueryKey(session: FavoritesSession) {
  return ['favorites', session.isLoggedIn ? session.username : null] as const;
}

/**
 * The visitor's favourites, anonymous or logged in. An anonymous visitor's session is opened
 * (or the returning visitor's reused) before the call, so the call never meets a missing token.
 */
export const favoritesQueryOptions = (session: FavoritesSession) =>
  queryOptions({
    queryKey: favoritesQueryKey(session),
    queryFn: async ({ signal }): Promise<FavoritesAnswer> => {
      await ensureSession(session.isLoggedIn);
      return unwrap('GET /api/User/Favorites', await client.GET('/api/User/Favorites', { signal })) as FavoritesAnswer;
    },
    staleTime: 60_000,
  });

/** Saves (`PUT`, idempotent) or removes (`DELETE`) a favourite, opening the visitor's session first. */
export async function setFavorite(propertyId: number, saved: boolean, session: FavoritesSession): Promise<void> {
  if (!(await ensureSession(session.isLoggedIn))) throw new Error('No session for the favourite');
  const path = '/api/User/Favorites/{propertyId}';
  const init = { params: { path: { propertyId } } };
  unwrap(`${saved ? 'PUT' : 'DELETE'} ${path}`, saved ? await client.PUT(path, init) : await client.DELETE(path, init));
  if (saved) rememberFavoritesHolder();
}
