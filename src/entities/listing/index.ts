export { ListingCard, ListingCardSkeleton, LISTING_IMAGE_SIZE, type ListingCardProps } from './ui/listing-card';
export {
  SELL_TYPE,
  PRICE_REDUCTION_SHOWN_DAYS,
  isPriceRecentlyReduced,
  listingPath,
  type SearchListing,
  type ListingSellType,
} from './model/search-listing';
export { formatPrice, formatPricePerM2, formatSurface } from './lib/format';
export { makeSearchListing } from './model/test-listing';
export { listingJsonLd, type ListingJsonLd } from './lib/json-ld';
