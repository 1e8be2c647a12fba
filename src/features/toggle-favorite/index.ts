export { FavoriteToggle, useFavorites, type FavoriteToggleProps } from './ui/favorite-toggle';
export {
  favoritesQueryOptions,
  favoritesQueryKey,
  setFavorite,
  type FavoriteItem,
  type FavoritesAnswer,
  type FavoritesSession,
} from './api/favorites-api';
export { isFavorite } from './model/toggle';
