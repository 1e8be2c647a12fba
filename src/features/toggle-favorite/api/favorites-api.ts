import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type components } from '@/shared/api';
import { ensureSession, type SessionView } from '@/entities/session';
import { rememberFavoritesHolder } from '../model/favorites-holder';

// The favourites calls of docs/search.md, typed by the generated schema (schema.gen.ts).

/** One saved listing of `GET /api/User/Favorites`. */
export type FavoriteItem = components['schemas']['FavoriteItem'];
export type FavoritesAnswer = components['schemas']['FavoriteList'];

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
      return unwrap('GET /api/User/Favorites', await apiClient.GET('/api/User/Favorites', { signal }));
    },
    staleTime: 60_000,
  });

/** Saves (`PUT`, idempotent) or removes (`DELETE`) a favourite, opening the visitor's session first. */
export async function setFavorite(propertyId: number, saved: boolean, session: FavoritesSession): Promise<void> {
  if (!(await ensureSession(session.isLoggedIn))) throw new Error('No session for the favourite');
  const init = { params: { path: { propertyId } } };
  if (saved) {
    unwrap('PUT /api/User/Favorites/{propertyId}', await apiClient.PUT('/api/User/Favorites/{propertyId}', init));
    rememberFavoritesHolder();
  } else {
    unwrap('DELETE /api/User/Favorites/{propertyId}', await apiClient.DELETE('/api/User/Favorites/{propertyId}', init));
  }
}
