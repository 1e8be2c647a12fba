import { deferredSection } from '@/shared/ui/deferred-section';
import { PROPERTY_DETAILS_ID, SIMILAR_LISTINGS_ID } from './deferred-ids';

/**
 * The property page's parts below the fold, rendered by the server; in the browser their code
 * loads when the reader comes near them (or at once after a navigation inside the app), so the
 * page's first screen does not carry it. Their props are ids: the listing read again does not
 * touch a part still waiting for its code.
 */

/** Characteristics, energy label, running costs, price history and the map. */
export const { Section: PropertyDetails, preload: preloadPropertyDetails } = deferredSection(PROPERTY_DETAILS_ID, () =>
  import('./property-details').then((module) => module.PropertyDetails),
);

/** Similar listings: the listing card, which no other part of the page needs. */
export const { Section: SimilarListings, preload: preloadSimilarListings } = deferredSection(SIMILAR_LISTINGS_ID, () =>
  import('./similar-listings').then((module) => module.SimilarListings),
);

/** Everything the page defers, for the route's loader. */
export const preloadPropertySections = () =>
  Promise.all([preloadPropertyDetails(), preloadSimilarListings()]).then(() => undefined);
