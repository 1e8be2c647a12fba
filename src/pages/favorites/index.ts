export { FavoritesPage } from './ui/favorites-page';
