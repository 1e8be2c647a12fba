/** What the owner can open from a listing: the wizard to edit it, and the services to buy. */
export interface ListingLinkable {
  Status: number;
  SellType: number | null;
}

/**
 * The wizard of a listing (`/annuncio/{vendocasa|affittocasa}/{id}`: a draft resumes at its
 * step, a published or suspended listing at its summary), or null when it cannot change: sold
 * listings' answers are final, and a valuation not yet carried into a listing has no wizard.
 */
export function editRouteOf(listing: ListingLinkable): '/annuncio/vendocasa/$id' | '/annuncio/affittocasa/$id' | null {
  if (listing.Status !== 1 && listing.Status !== 2 && listing.Status !== 3) return null;
  if (listing.SellType === 1) return '/annuncio/vendocasa/$id';
  if (listing.SellType === 2) return '/annuncio/affittocasa/$id';
  return null;
}

/** Services are bought for a listing that is online or paused: published or suspended. */
export function sellsServices(listing: ListingLinkable): boolean {
  return (listing.Status === 2 || listing.Status === 3) && listing.SellType !== null;
}

/** A period bought for the listing that is still running (first row, Premium). */
export function isRunning(until: string | null | undefined, now: Date = new Date()): until is string {
  return typeof until === 'string' && new Date(until).getTime() > now.getTime();
}
