import type { SearchListing } from '@/entities/listing';
import type { FavoriteItem, FavoritesAnswer } from '../api/favorites-api';

/** Whether the listing is among the favourites. */
export function isFavorite(favorites: FavoritesAnswer | undefined, propertyId: number): boolean {
  return favorites?.Items.some((item) => item.Property.Id === propertyId) ?? false;
}

/**
 * The favourites with the listing saved or removed, as the server will answer: a new one
 * goes first (the list is newest first). Without the listing's data (a toggle given only an
 * id) the item carries the id alone until the list is fetched again.
 */
export function withFavorite(
  favorites: FavoritesAnswer | undefined,
  propertyId: number,
  saved: boolean,
  listing?: SearchListing,
  now: Date = new Date(),
): FavoritesAnswer {
  const items = (favorites?.Items ?? []).filter((item) => item.Property.Id !== propertyId);
  if (!saved) return { ...favorites, Items: items };
  const property = listing ?? ({ Id: propertyId } as SearchListing);
  const item: FavoriteItem = {
    Property: property,
    SavedAt: now.toISOString(),
    PriceAtSave: property.Price ?? null,
    PriceChange: null,
    Status: 2,
  };
  return { ...favorites, Items: [item, ...items] };
}
